/**
 * The one writer of a match (issue 24; docs/matches.md, "The write path"): the only module that
 * inserts, updates or deletes `matches`, `match_events` and `match_snapshots`
 * (tests/unit/match-writer.test.ts scans the source and fails on any other).
 *
 * - Every event of every kind of game goes through ONE statement, `writeEvents`: an online move
 *   (the move path's second round trip, no BEGIN/COMMIT), a scorekeeper's move and clock, the
 *   start event, a flag claimed, a director's end, an imported record. `appendEvents` wraps it
 *   with what a game's end owes (`gameEnded`: the tournament pairing's result, the rating, the
 *   queued analysis), in a transaction when there is something to report.
 * - The row's other changes are small named functions: a new row (`createMatchRow`), a withdrawn
 *   challenge (`cancelMatch`), a used join code (`clearJoinCode`), a game decided before it began
 *   (`finishUnplayed`: a no-show, a director's result), a result changed (`setResult`).
 * - A club's records moved from another instance (ops/transfer.ts) are restored as they were
 *   exported, rows verbatim (`restoreRows`): their events were folded where they were played.
 * - Each write counts itself by kind (`writesByKind`), so a test can prove a path goes through here.
 *
 * Everything runs in the caller's transaction when given one (which then holds the row lock,
 * ./reads.ts `lockMatch`); nothing is kept in memory but the state cache (./state.ts), which the
 * next request checks against the row's version.
 */
import { eq, sql } from "drizzle-orm";
import { executePrepared, type Db, type DbOrTx } from "@/db/client";
import { matchEvents, matches, matchSnapshots, type Match, type MatchResult } from "@/db/schema/matches";
import { resultOf, type GameState } from "@/engine";
import { publish, statementNotice } from "@/server/live/bus";
import { applyRatedGame } from "@/server/services/ratings/apply";
import { catchUpOf } from "./catch-up";
import { notifyTurnIfCorrespondence } from "./turn-notice";
import { queueOnGameEnd, startAfterEnd } from "@/server/services/analysis/on-end";
import { snapshotDue, snapshotOf } from "./snapshots";
import { cachePut, type Appended, type Folded } from "./state";
import { reportPairingResult } from "./tournament";

export type { Appended };

export const topicOf = (matchId: string) => `match:${matchId}`;

/** What wrote to a match: every kind of game and every change of its row. */
export const WRITE_KINDS = ["move", "scorekeeper", "clock", "start", "settle", "director-end", "import", "create", "cancel", "join-code", "unplayed", "result", "restore"] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

const written = new Map<WriteKind, number>();
const count = (kind: WriteKind) => written.set(kind, (written.get(kind) ?? 0) + 1);

/** How many writes of each kind this process made (tests prove a path goes through the writer). */
export function writesByKind(): Record<WriteKind, number> {
  return Object.fromEntries(WRITE_KINDS.map((k) => [k, written.get(k) ?? 0])) as Record<WriteKind, number>;
}

/** One write of events: the row as read, the state after the events, the events. */
export interface EventWrite {
  kind: WriteKind;
  /** the row as read: the statement writes only if it is still at this version and status */
  m: Match;
  folded: Folded;
  appended: readonly Appended[];
  now: number;
  /** the request's idempotency key (a move, a clock tap): written at most once */
  clientId?: string | null;
  /** the start event: the row's started_at */
  startedAt?: number;
  /** an imported record: when its game ended (else `now`) */
  finishedAt?: number;
}

/**
 * A finished game's consequences, in the caller's transaction: the tournament pairing's result
 * and the rating. A game a director's result ended is left alone: that caller writes the board
 * and rates it (director-end.ts).
 */
async function reportResult(tx: DbOrTx, m: Match, s: GameState, result: MatchResult, now: number): Promise<void> {
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

/** A finished game's consequences, in one place: the pairing's result and the rating
 * (`reportResult`), and its analysis queued (started after the commit: `afterCommit`). */
export async function gameEnded(tx: DbOrTx, m: Match, s: GameState, result: MatchResult, now: number): Promise<void> {
  await reportResult(tx, m, s, result, now);
  await queueOnGameEnd(tx, m);
}

/**
 * Append events with what a game's end owes. `locked`: the caller's transaction holds the row
 * lock (it read the row with `lockMatch`), so the write cannot miss; it then calls `afterCommit`.
 * Otherwise the one statement runs on its own — in a transaction with the pairing report and the
 * rating when the events end a tournament or rated game (same lock, same commit) — and the
 * cache and the analysis follow here. Returns false when another writer committed first (then
 * nothing was written). An imported record's end owes nothing: it is never rated, reported or
 * analysed on import.
 */
export async function appendEvents(db: DbOrTx, w: EventWrite, opts: { locked?: boolean } = {}): Promise<boolean> {
  const result = resultOf(w.folded.state);
  const ends = result !== null && w.kind !== "import";
  if (opts.locked) {
    if (!(await writeEvents(db, w))) throw new Error(`write of match ${w.m.id} under its row lock wrote nothing`);
    if (ends) await gameEnded(db, w.m, w.folded.state, result, w.now);
    else if (w.kind !== "import") await notifyTurnIfCorrespondence(db, w.m, w.folded.state, w.now); // in the caller's transaction
    return true;
  }
  const reports = ends && (w.m.pairingId !== null || w.m.rated);
  const wrote = reports
    ? await (db as Db).transaction(async (tx) => {
        if (!(await writeEvents(tx, w))) return false;
        await gameEnded(tx, w.m, w.folded.state, result, w.now);
        return true;
      })
    : await writeEvents(db, w);
  if (!wrote) return false;
  // the move is committed: a failure to queue the analysis must not make it look refused (the
  // replay page still offers "Analyse this game")
  if (ends && !reports) await queueOnGameEnd(db, w.m).catch((err: unknown) => console.error(`Could not queue the analysis of game ${w.m.id}:`, err));
  if (w.kind !== "import") afterCommit(db as Db, w);
  // a correspondence game: the player now to move hears it (after the commit; never undoes the move)
  if (!ends && w.kind !== "import")
    await notifyTurnIfCorrespondence(db, w.m, w.folded.state, w.now).catch((err: unknown) => console.error(`Could not tell the player to move in game ${w.m.id}:`, err));
  return true;
}

/** After the commit of a write: cache the new state; a game that ended starts its queued analysis. */
export function afterCommit(db: Db, w: Pick<EventWrite, "m" | "folded">): void {
  cachePut(w.m.id, w.folded);
  if (w.folded.state.phase === "over") startAfterEnd(db, w.m.id);
}

/**
 * Round trip 2: ONE statement that (a) takes the match row lock (`SELECT … FOR UPDATE`) only if
 * the row is still at `m.version` and `m.status` (active; open for the start event) and `clientId` is not in the log — so a racing
 * writer that committed first makes it write nothing (the caller then answers STALE or the
 * earlier result); (b) appends the events (`INSERT … ON CONFLICT (match_id, client_id) DO
 * NOTHING`: the unique key is the last guard of exactly-once); (c) writes the snapshot when one is
 * due; (d) bumps the version and the row's cached fields; (e) announces the new version on the live bus (`pg_notify`, or a broker publish after the commit),
 * delivered when the statement commits, with the catch-up for other instances (./catch-up.ts). Returns false when the row had moved on (nothing written).
 *
 * A game-ending write that reports to a tournament or rates the game runs this inside the
 * caller's transaction (the lock is then held until those writes commit too).
 */
export async function writeEvents(db: DbOrTx, w: EventWrite): Promise<boolean> {
  const { m, folded: f, appended, now } = w;
  const opts = { clientId: w.clientId ?? null, snapshot: snapshotDue(m.version, f.version) ? snapshotOf(f) : null };
  const s = f.state;
  const result = resultOf(s);
  const finished = result !== null;
  const events = appended.map((a) => ({ seq: a.seq, type: a.event.type, payload: a.event, at: new Date(a.event.at).toISOString(), actor_id: a.actorId, client_id: a.clientId, verdict: a.verdict ?? null }));
  // with the events and row fields another instance folds into its caches (./catch-up.ts)
  const notice = statementNotice(topicOf(m.id), f.version, catchUpOf(w));
  // prepared: the same text on every move, parsed and planned once per connection (db/client.ts)
  const res = await executePrepared(db, sql`
    with cur as (
      select ${matches.id} from ${matches}
      where ${matches.id} = ${m.id} and ${matches.version} = ${m.version} and ${matches.status} = ${m.status}::text
        and not exists (select 1 from ${matchEvents} where ${matchEvents.matchId} = ${m.id} and ${matchEvents.clientId} = ${opts.clientId})
      for update
    ), ins as (
      insert into ${matchEvents} (match_id, seq, type, payload, at, actor_id, client_id, verdict)
      select cur.id, e.seq, e.type, e.payload, e.at, e.actor_id, e.client_id, e.verdict
      from cur, jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(seq int, type text, payload jsonb, at timestamptz, actor_id uuid, client_id text, verdict jsonb)
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
        finished_at = ${finished ? new Date(w.finishedAt ?? now).toISOString() : null}::timestamptz,
        started_at = coalesce(${w.startedAt === undefined ? null : new Date(w.startedAt).toISOString()}::timestamptz, ${matches.startedAt}), updated_at = ${new Date(now).toISOString()}::timestamptz
      where ${matches.id} = (select id from cur) and (select count(*) from ins) = ${events.length}::int
      returning ${matches.id}
    )
    select (select count(*) from cur)::int as locked, (select count(*) from ins)::int as inserted,
      (select count(*) from (select ${notice.expr} from upd) n)::int as notified,
      -- cannot happen (the lock passed: the key was free and no event after m.version existed); if it
      -- did, this cast fails and takes the whole statement back with it, so no half-written move stays
      (select case when count(*) = ${events.length}::int or not exists (select 1 from cur) then 0
        else ('equalis: move write inserted ' || count(*) || ' events, not ' || ${events.length}::int)::int end from ins) as complete`);
  const [row] = (Array.isArray(res) ? res : (res as unknown as { rows: unknown[] }).rows) as { locked: number; inserted: number; notified: number }[];
  if (!row || row.locked === 0) return false;
  count(w.kind);
  if (row.inserted !== events.length || row.notified !== 1) throw new Error(`move write of match ${m.id}: ${row.inserted} of ${events.length} events, ${row.notified} notices`);
  await notice.written(db); // a broker's publish, after the commit (NOTIFY: nothing, the statement notified)
  return true;
}

// ---------------------------------------------------------------------------------------------
// The row's other changes

type NewMatch = typeof matches.$inferInsert;

/** A new match row (a challenge, a pairing's board, a station, an import). `onPairingConflict`:
 * a pairing's board already has its game (two racing clicks) → null, nothing written. */
export async function createMatchRow(tx: DbOrTx, values: NewMatch, opts: { onPairingConflict?: "skip" } = {}): Promise<Match | null> {
  const insert = tx.insert(matches).values(values);
  const [m] = await (opts.onPairingConflict === "skip" ? insert.onConflictDoNothing({ target: matches.pairingId }) : insert).returning();
  if (m) count("create");
  return m ?? null;
}

/** A challenge withdrawn or declined before it started (caller holds the row lock). */
export async function cancelMatch(tx: DbOrTx, m: Match): Promise<void> {
  await tx.update(matches).set({ status: "cancelled", joinCode: null, updatedAt: new Date() }).where(eq(matches.id, m.id));
  count("cancel");
  await publish(tx, topicOf(m.id), m.version);
}

/** The last open seat was taken: the link stops working. */
export async function clearJoinCode(tx: DbOrTx, matchId: string): Promise<void> {
  await tx.update(matches).set({ joinCode: null }).where(eq(matches.id, matchId));
  count("join-code");
}

/**
 * A game decided before it began (caller holds the row lock; no event: it never started): a
 * no-show forfeit (`forfeit`: the absent player, reported to the pairing as a forfeit, never
 * rated) or a director's result on a board still waiting (its caller writes the board).
 */
export async function finishUnplayed(tx: DbOrTx, m: Match, input: { result: MatchResult; at: Date; forfeit?: string }): Promise<void> {
  await tx.update(matches).set({ status: "finished", result: input.result, finishedAt: input.at, updatedAt: input.at }).where(eq(matches.id, m.id));
  count("unplayed");
  // Boards are two-player: one absent player forfeits (Woogles and NASPA: a forfeit is a loss by the spread).
  if (input.forfeit && m.pairingId) {
    await reportPairingResult(tx, { pairingId: m.pairingId, scores: input.result.scores, source: "match", actorId: null, matchId: m.id, forfeit: input.forfeit });
  }
  await publish(tx, topicOf(m.id), m.version);
}

/** Replace a finished game's cached result (caller holds the row lock): a director's result
 * after `director-end`, or an adjustment (`updatedAt` then marks the change and it is announced). */
export async function setResult(tx: DbOrTx, m: Match, result: MatchResult, opts: { updatedAt?: Date } = {}): Promise<void> {
  await tx.update(matches).set(opts.updatedAt ? { result, updatedAt: opts.updatedAt } : { result }).where(eq(matches.id, m.id));
  count("result");
  if (opts.updatedAt) await publish(tx, topicOf(m.id), m.version);
}

const RESTORED = { matches, matchEvents, matchSnapshots } as const;
export type RestoredTable = keyof typeof RESTORED;
export const RESTORED_TABLES = Object.keys(RESTORED) as RestoredTable[];

/** Rows of a club's export restored verbatim (ids already remapped by the caller, in its
 * transaction): a game played elsewhere, not a new event, so nothing is folded or announced. */
export async function restoreRows(tx: DbOrTx, table: RestoredTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  // a file's verdicts are not this server's rulings: its plays are folded by the adjudicator again
  const restored = table === "matchEvents" ? rows.map((r) => ({ ...r, verdict: null })) : rows;
  await tx.insert(RESTORED[table]).values(restored as never);
  count("restore");
}
