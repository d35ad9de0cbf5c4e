/**
 * The reads every writer of a match makes first (docs/matches.md, "The write path"): the row lock
 * of a transactional write (`lockMatch`), the idempotency key (`findApplied`), the freshness check
 * (`assertFresh`), and the move path's one read statement (`readForMove`: the row, this clientId's
 * earlier event and what the in-process cache lacks). They only read; writes are ./writer.ts's.
 *
 * The move path costs two round trips on a cache hit — this read, then the writer's one statement —
 * and one more on a cache miss (the events after the snapshot); no BEGIN or COMMIT.
 */
import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matchEvents, matches, matchSnapshots, type Match } from "@/db/schema/matches";
import type { GameEvent, PlayVerdict } from "@/engine";
import { DomainError } from "@/server/errors";
import { SNAPSHOT_EVERY } from "./snapshots";
import type { StoredEvent } from "./state";

/** `SELECT … FOR UPDATE` on the match row: every writer of a match queues here. */
export async function lockMatch(tx: DbOrTx, matchId: string): Promise<Match> {
  const [m] = await tx.select().from(matches).where(eq(matches.id, matchId)).for("update");
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  return m;
}

/** Step 2 of every write: the seq of an event this clientId already wrote (idempotent retry), if any. */
export async function findApplied(tx: DbOrTx, input: { matchId: string; clientId: string }): Promise<number | null> {
  const { matchId, clientId } = input;
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
  tail: sql<{ seq: number; event: GameEvent; actorId: string | null; verdict: PlayVerdict | null }[] | null>`(select json_agg(json_build_object('seq', ${matchEvents.seq}, 'event', ${matchEvents.payload}, 'actorId', ${matchEvents.actorId}, 'verdict', ${matchEvents.verdict}) order by ${matchEvents.seq}) from ${matchEvents} where ${shortTail} and ${matchEvents.matchId} = ${matches.id} and ${matchEvents.seq} > ${cached}::int and ${matchEvents.seq} <= ${matches.version})`,
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
export async function readForMove(db: DbOrTx, input: { matchId: string; clientId: string; cachedVersion: number }): Promise<MoveRead> {
  const { matchId, clientId, cachedVersion } = input;
  const session = (db as unknown as { session: object }).session;
  let read = preparedReads.get(session);
  if (!read) preparedReads.set(session, (read = buildRead(db)));
  const [row] = await read.execute({ matchId, clientId, cachedVersion });
  if (!row) throw new DomainError("NOT_FOUND", "That game does not exist.");
  const { appliedSeq, snapVersion, snapState, tail, ...m } = row;
  return { m, appliedSeq: appliedSeq === null ? null : Number(appliedSeq), snapshot: snapVersion === null ? null : { version: snapVersion, state: snapState }, tail: tail ?? null };
}
