/**
 * Writing a match's event log: append events, refresh the cached columns of the `matches` row,
 * report a finished tournament game to its pairing, queue a finished game's analysis
 * (server/services/analysis/on-end.ts) and announce the new version on the live bus
 * — all inside the caller's transaction, which holds the match row lock (`lockMatch`).
 *
 * Nothing is kept in memory between requests: the next request re-reads the row and the events
 * (or the state cache checked against the version), so a restart loses nothing.
 */
import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matchEvents, matches, matchSnapshots, type Match, type MatchResult } from "@/db/schema/matches";
import { nextDueEvent, type GameEvent, type GameState } from "@/engine";
import { DomainError } from "@/server/errors";
import { noticeArgs, publish } from "@/server/live/bus";
import { SNAPSHOT_EVERY } from "./snapshots";
import { step, type Folded, type StoredEvent } from "./state";
import { reportPairingResult } from "./tournament";
import { applyRatedGame } from "@/server/services/ratings/apply";
import { queueOnGameEnd } from "@/server/services/analysis/on-end";

export const topicOf = (matchId: string) => `match:${matchId}`;

export interface Appended {
  seq: number;
  event: GameEvent;
  actorId: string | null;
  clientId: string | null;
}

/** `SELECT … FOR UPDATE` on the match row: every writer of a match queues here. */
export async function lockMatch(tx: DbOrTx, matchId: string): Promise<Match> {
  const [m] = await tx.select().from(matches).where(eq(matches.id, matchId)).for("update");
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  return m;
}

/** Step 2 of every write: the seq of an event this clientId already wrote (idempotent retry), if any. */
export async function findApplied(tx: DbOrTx, matchId: string, clientId: string): Promise<number | null> {
  const [dup] = await tx
    .select({ seq: matchEvents.seq })
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, matchId), eq(matchEvents.clientId, clientId)))
    .limit(1);
  return dup ? dup.seq : null;
}

/** Step 3 of every write: refuse a request made against an older version (no blind overwrite). */
export function assertFresh(m: Match, expectedSeq: number): void {
  if (expectedSeq !== m.version) throw new DomainError("STALE", "The game moved on: refresh to see the latest position, then try again.");
}

/** Apply every event the server owes at `now` (forfeit pass, timeout, closing time events, end). */
export function settle(f: Folded, now: number, out: Appended[]): Folded {
  for (let guard = 0; guard < 32; guard++) {
    const e = nextDueEvent(f.state, now);
    if (!e) return f;
    const r = step(f, f.version + 1, e);
    if (!r.ok) throw new Error(`server event refused by the engine: ${r.error.code} ${r.error.message}`);
    f = r.value;
    out.push({ seq: f.version, event: e, actorId: null, clientId: null });
  }
  return f;
}

/** The cached result of a finished game. */
export function resultOf(s: GameState): MatchResult | null {
  if (s.phase !== "over" || !s.end) return null;
  const scores: Record<string, number> = {};
  s.players.forEach((p, i) => (scores[p.id] = s.scores[i]));
  return { reason: s.end.reason, winners: (s.end.winners ?? []).map((i) => s.players[i].id), scores };
}

/** Persist appended events and the row's cached fields; report and publish. */
export async function persist(tx: DbOrTx, m: Match, f: Folded, appended: readonly Appended[], now: number): Promise<void> {
  if (appended.length === 0) return;
  await tx.insert(matchEvents).values(
    appended.map((a) => ({
      matchId: m.id,
      seq: a.seq,
      type: a.event.type,
      payload: a.event as unknown as Record<string, unknown>,
      at: new Date(a.event.at),
      actorId: a.actorId,
      clientId: a.clientId,
    })),
  );
  const s = f.state;
  const result = resultOf(s);
  const finished = result !== null;
  await tx
    .update(matches)
    .set({
      version: f.version,
      status: finished ? "finished" : "active",
      turn: s.phase === "playing" ? s.turn : null,
      scores: s.scores.slice(),
      result,
      finishedAt: finished ? new Date(now) : null,
      updatedAt: new Date(now),
    })
    .where(eq(matches.id, m.id));
  if (result) {
    await reportResult(tx, m, s, result, now);
    // its analysis is queued in the same transaction; the caller starts it after the commit
    await queueOnGameEnd(tx, m);
  }
  await publish(tx, topicOf(m.id), f.version);
}

/**
 * A finished game's consequences, in the caller's transaction: the tournament pairing's result
 * and the rating. A game a director's result ended is left alone: that caller writes the board
 * and rates it (director-end.ts).
 */
export async function reportResult(tx: DbOrTx, m: Match, s: GameState, result: MatchResult, now: number): Promise<void> {
  if (result.reason === "director") return;
  if (m.pairingId) {
    // A resignation or a loss on time is a loss whatever the scores: reported as a forfeit by the
    // loser, so standings cannot count it as a win for a player who was ahead (docs/matches.md).
    const loser = (result.reason === "timeout" || result.reason === "resign") && s.end?.player != null ? s.players[s.end.player].id : null;
    await reportPairingResult(tx, { pairingId: m.pairingId, scores: result.scores, source: "match", actorId: null, matchId: m.id, forfeit: loser });
  }
  if (m.rated) {
    // Ratings, in this transaction; a resignation or a loss on time is rated as a loss (`lost`).
    const lostSeat = (result.reason === "timeout" || result.reason === "resign") && s.end?.player != null ? s.end.player : -1;
    await applyRatedGame(tx, { ruleset: m.ruleset, source: "match", sourceId: m.id, pairingId: m.pairingId ?? undefined, playedAt: new Date(now), players: s.players.map((p, i) => ({ userId: p.id, score: s.scores[i]!, ...(i === lostSeat ? { lost: true } : {}) })) });
  }
}

// ---------------------------------------------------------------------------------------------
// The move path's two statements (docs/matches.md, "The write path"). A move costs two round trips
// on a cache hit — read the row, write — and one more on a cache miss (the events after the
// snapshot); no transaction, so no BEGIN or COMMIT: the write is one statement, atomic on its own.

/** What the move path reads in one statement: the row, this clientId's earlier event, and what
 * the caller's cached state lacks: nothing when it is at the row's version; the events after it
 * when it is fewer than SNAPSHOT_EVERY behind (another instance took the last moves: moves
 * alternating between two instances); else the latest snapshot. */
export interface MoveRead {
  m: Match;
  /** seq of the event this clientId already wrote (an idempotent retry), or null */
  appliedSeq: number | null;
  /** the latest snapshot (null: none, the cache is current, or `tail` is given instead) */
  snapshot: { version: number; state: unknown } | null;
  /** the events after `cachedVersion` up to the row's version, when the cache is a few behind */
  tail: StoredEvent[] | null;
}

const cached = sql.placeholder("cachedVersion");
/** the cached state is behind the row by fewer than SNAPSHOT_EVERY events: read those, not the snapshot */
const shortTail = sql`(${cached}::int >= 0 and ${matches.version} > ${cached}::int and ${matches.version} - ${cached}::int < ${SNAPSHOT_EVERY}::int)`;

const readColumns = {
  ...getTableColumns(matches),
  appliedSeq: sql<number | null>`(select ${matchEvents.seq} from ${matchEvents} where ${matchEvents.matchId} = ${matches.id} and ${matchEvents.clientId} = ${sql.placeholder("clientId")})`,
  snapVersion: matchSnapshots.version,
  snapState: matchSnapshots.state,
  tail: sql<{ seq: number; event: GameEvent; actorId: string | null }[] | null>`(select json_agg(json_build_object('seq', ${matchEvents.seq}, 'event', ${matchEvents.payload}, 'actorId', ${matchEvents.actorId}) order by ${matchEvents.seq}) from ${matchEvents} where ${shortTail} and ${matchEvents.matchId} = ${matches.id} and ${matchEvents.seq} > ${cached}::int and ${matchEvents.seq} <= ${matches.version})`,
};

/** drizzle builds the read once per session (a pool; db/client.ts may replace it) and postgres.js
 * prepares it once per connection, so a move spends no time composing SQL. */
const preparedReads = new WeakMap<object, ReturnType<typeof buildRead>>();

function buildRead(db: DbOrTx) {
  return db
    .select(readColumns)
    .from(matches)
    .leftJoin(matchSnapshots, and(eq(matchSnapshots.matchId, matches.id), ne(matches.version, cached), sql`not ${shortTail}`))
    .where(eq(matches.id, sql.placeholder("matchId")))
    .prepare("equalis_move_read");
}

/** Round trip 1: the match row (no lock: the write statement takes it), whether `clientId` is in
 * the log already, and what a cached state at `cachedVersion` lacks (see `MoveRead`). */
export async function readForMove(db: DbOrTx, matchId: string, clientId: string, cachedVersion: number): Promise<MoveRead> {
  const session = (db as unknown as { session: object }).session;
  let read = preparedReads.get(session);
  if (!read) preparedReads.set(session, (read = buildRead(db)));
  const [row] = await read.execute({ matchId, clientId, cachedVersion });
  if (!row) throw new DomainError("NOT_FOUND", "That game does not exist.");
  const { appliedSeq, snapVersion, snapState, tail, ...m } = row;
  return { m, appliedSeq: appliedSeq === null ? null : Number(appliedSeq), snapshot: snapVersion === null ? null : { version: snapVersion, state: snapState }, tail: tail ?? null };
}

/**
 * Round trip 2: ONE statement that (a) takes the match row lock (`SELECT … FOR UPDATE`) only if
 * the row is still at `m.version`, still active and `clientId` is not in the log — so a racing
 * writer that committed first makes it write nothing (the caller then answers STALE or the
 * earlier result); (b) appends the events (`INSERT … ON CONFLICT (match_id, client_id) DO
 * NOTHING`: the unique key is the last guard of exactly-once); (c) writes the snapshot when one is
 * due; (d) bumps the version and the row's cached fields; (e) `pg_notify`s the new version,
 * delivered when the statement commits. Returns false when the row had moved on (nothing written).
 *
 * A game-ending write that reports to a tournament or rates the game runs this inside the
 * caller's transaction (the lock is then held until those writes commit too).
 */
export async function writeEvents(
  db: DbOrTx,
  m: Match,
  f: Folded,
  appended: readonly Appended[],
  now: number,
  opts: { clientId: string | null; snapshot: Record<string, unknown> | null },
): Promise<boolean> {
  const s = f.state;
  const result = resultOf(s);
  const finished = result !== null;
  const events = appended.map((a) => ({ seq: a.seq, type: a.event.type, payload: a.event, at: new Date(a.event.at).toISOString(), actor_id: a.actorId, client_id: a.clientId }));
  const notice = noticeArgs(topicOf(m.id), f.version);
  const res = await db.execute(sql`
    with cur as (
      select ${matches.id} from ${matches}
      where ${matches.id} = ${m.id} and ${matches.version} = ${m.version} and ${matches.status} = 'active'
        and not exists (select 1 from ${matchEvents} where ${matchEvents.matchId} = ${m.id} and ${matchEvents.clientId} = ${opts.clientId})
      for update
    ), ins as (
      insert into ${matchEvents} (match_id, seq, type, payload, at, actor_id, client_id)
      select cur.id, e.seq, e.type, e.payload, e.at, e.actor_id, e.client_id
      from cur, jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(seq int, type text, payload jsonb, at timestamptz, actor_id uuid, client_id text)
      on conflict (match_id, client_id) do nothing
      returning seq
    ), snap as (
      insert into ${matchSnapshots} (match_id, version, state)
      select cur.id, ${f.version}::int, ${opts.snapshot === null ? null : JSON.stringify(opts.snapshot)}::jsonb from cur
      where ${opts.snapshot === null ? null : 1}::int is not null
      on conflict (match_id) do update set version = excluded.version, state = excluded.state
      returning 1
    ), upd as (
      update ${matches} set version = ${f.version}::int, status = ${finished ? "finished" : "active"}::text,
        turn = ${s.phase === "playing" ? s.turn : null}::int, scores = ${JSON.stringify(s.scores)}::jsonb,
        result = ${result === null ? null : JSON.stringify(result)}::jsonb,
        finished_at = ${finished ? new Date(now).toISOString() : null}::timestamptz, updated_at = ${new Date(now).toISOString()}::timestamptz
      where ${matches.id} = (select id from cur) and (select count(*) from ins) = ${events.length}::int
      returning ${matches.id}
    )
    select (select count(*) from cur)::int as locked, (select count(*) from ins)::int as inserted,
      (select count(*) from (select pg_notify(${notice.channel}, ${notice.payload}) from upd) n)::int as notified,
      -- cannot happen (the lock passed: the key was free and no event after m.version existed); if it
      -- did, this cast fails and takes the whole statement back with it, so no half-written move stays
      (select case when count(*) = ${events.length}::int or not exists (select 1 from cur) then 0
        else ('equalis: move write inserted ' || count(*) || ' events, not ' || ${events.length}::int)::int end from ins) as complete`);
  const [row] = (Array.isArray(res) ? res : (res as unknown as { rows: unknown[] }).rows) as { locked: number; inserted: number; notified: number }[];
  if (!row || row.locked === 0) return false;
  if (row.inserted !== events.length || row.notified !== 1) throw new Error(`move write of match ${m.id}: ${row.inserted} of ${events.length} events, ${row.notified} notices`);
  return true;
}
