/**
 * Moves. `submitMove` is the one write path of a running game, in two database round trips on a
 * cache hit, one when this process made the game's last move (`moveWithoutRead`: step 6 alone,
 * with the row as that move left it; docs/matches.md, "The write path"):
 *   0. the move's time is taken when it arrives (`opts.now`: the request's arrival; else the call),
 *      before any wait for a connection or the row lock, so a queue is never charged to the mover;
 *   1. ONE read (`readForMove`): the match row, whether this `clientId` is in the log already
 *      (→ the earlier result, applied once: an idempotent retry), and the state snapshot when
 *      the in-process cache is not at the row's version;
 *   2. `expectedSeq` ≠ the row's version → STALE ("The game moved on…"): no blind overwrite;
 *   3. the state: the cache, else the snapshot and the events after it (one more round trip);
 *   4-5. the engine folds the action (`act`, engine/game/act.ts): the events the server owes at
 *      `now` first (forfeit pass past the move limit, timeout past max overtime), the move, then
 *      the closing time events and `end`; or a refusal, whose sentence and code (refusals.ts)
 *      the player gets;
 *   6. ONE write (writer.ts `writeEvents`, through `appendEvents`): locks the row (`SELECT … FOR UPDATE`) only if it is still at
 *      the version read and the key is still free, appends the events (`ON CONFLICT (match_id,
 *      client_id) DO NOTHING`), writes a snapshot every SNAPSHOT_EVERY events, bumps the version
 *      and `pg_notify`s it — atomic as one statement. A writer that committed in between makes
 *      it write nothing; one more read then tells an idempotent retry (the earlier result) from
 *      a stale request (STALE), exactly what the old lock-then-read order answered.
 *      A game-ending move of a tournament or rated game runs that statement in a transaction
 *      with the pairing report and the rating (same lock, same commit).
 * If step 3 changed the game (say the mover's flag fell) and the move then fails, those server
 * events are still written and the error is raised afterwards. What follows a committed move
 * (the bot's answer) is not this module's business: the `move` procedure announces it to its
 * subscribers (server/services/matches/after-move.ts), with the bot's seat read in step 1.
 *
 * `claimTimeout` writes what the clock owes alone. Views never write: they show the game as the
 * owed events would leave it (state.ts `settledAt`), and the next write records them.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matchPlayers, matches as matchesTable, type Match, type MatchStatus } from "@/db/schema/matches";
import { act, resultOf, settleDue, type GameAction, type GameEvent, type GameState } from "@/engine";
import { DomainError } from "@/server/errors";
import { listenForCatchUps } from "./catch-up";
import { assertFresh, lockMatch, readForMove, type MoveRead } from "./reads";
import { refusalError } from "./refusals";
import type { MoveAction } from "./schemas";
import { restoreFolded } from "./snapshots";
import { cachedRow, cachedState, cachedVersion, cacheRowAfter, catchUp, foldActed, hasDue, loadFolded, type Folded } from "./state";
import { afterCommit, appendEvents } from "./writer";

export interface MoveOutcome {
  /** false: this clientId had already been applied (nothing new was written) */
  applied: boolean;
  /** seq of the move's event */
  seq: number;
  /** the match version after the move */
  version: number;
  status: MatchStatus;
  /** the bot account when it sits in this match (read with the row, so nobody asks again after
   * the move); absent when the caller did not read it (the scorekeeper's clock) */
  botId?: string | null;
}

/** The request's action as the engine's, for `seat`. */
function actionOf(a: MoveAction, seat: number): GameAction {
  switch (a.type) {
    case "play":
      return { type: "play", seat, placements: a.placements };
    case "exchange":
      return { type: "exchange", seat, tiles: a.tiles };
    default:
      return { type: a.type, seat };
  }
}

const STALE_TEXT = "The game moved on: refresh to see the latest position, then try again.";

/** Submit one move (see the module header for the guarantees). `opts.now`: when the request
 * arrived (the tRPC context's `receivedAt`); tests inject it. */
export async function submitMove(
  db: Db,
  input: {
    matchId: string;
    userId: string;
    expectedSeq: number;
    clientId: string;
    action: MoveAction;
    /** the engine player id to move for; set only by the scorekeeper station after checking the
     * user keeps score of this match (scorekeeper.ts). The event's actor stays `userId`. */
    actingFor?: string;
  },
  opts: { now?: number } = {},
): Promise<MoveOutcome> {
  const arrived = opts.now ?? Date.now();
  listenForCatchUps(db); // once per process: other instances' moves then keep this cache current
  // this process made the last move (or another instance's catch-up brought the cache to it): its cached state and row are at `expectedSeq`, the write
  // statement checks the rest (version, status, key) — no read (issue 30)
  const fast = await moveWithoutRead(db, input, arrived);
  if (fast) return fast;
  // taken before the read: another request of this process may move the cache on meanwhile
  const prev = cachedState(input.matchId);
  const read = await readForMove(db, { matchId: input.matchId, clientId: input.clientId, cachedVersion: prev?.version ?? -1 });
  const { m } = read;
  const earlier = (r: MoveRead, seq: number): MoveOutcome => ({ applied: false, seq, version: r.m.version, status: r.m.status, botId: r.m.botId });
  if (read.appliedSeq !== null) return earlier(read, read.appliedSeq);
  if (m.status === "open") throw new DomainError("PRECONDITION", "The game has not started yet: waiting for the other players to accept.");
  if (m.status === "cancelled") throw new DomainError("CONFLICT", "This challenge was withdrawn.");
  if (m.status === "finished") throw new DomainError("CONFLICT", "The game is over.");
  if (m.mode === "otb" && input.actingFor === undefined) throw new DomainError("FORBIDDEN", "This game is played over the board: its scorekeeper enters the moves.");
  assertFresh(m, input.expectedSeq);

  // the state at the row's version: the cache as it was read against, caught up with the tail
  // read with the row, or the snapshot and the events after it
  const caughtUp = prev && read.tail ? catchUp(m.id, prev, read.tail, m.version) : null;
  const f =
    prev?.version === m.version
      ? prev
      : (caughtUp ?? (await loadFolded(db, m.id, m.version, read.tail ? undefined : read.snapshot ? restoreFolded(read.snapshot.version, read.snapshot.state) : null)))!;
  const playerId = input.actingFor ?? input.userId;
  const seat = f.state.players.findIndex((p) => p.id === playerId);
  if (seat < 0) throw new DomainError("FORBIDDEN", "Only the players of this game can move.");

  const out = act(f.state, actionOf(input.action, seat), arrived);
  const own = out.ok ? { index: out.actionIndex, actorId: input.userId, clientId: input.clientId, verdict: out.verdict } : undefined;
  const { folded, appended } = foldActed(f, out, own);
  const kind = input.actingFor === undefined ? "move" : "scorekeeper";
  const write = { kind, m, folded, appended, now: out.now, clientId: out.ok ? input.clientId : null } as const;
  if (!out.ok) {
    // Refused after server events were owed (say the mover's flag fell): write those, raise afterwards.
    if (appended.length > 0 && !(await appendEvents(db, write))) throw new DomainError("STALE", STALE_TEXT);
    throw refusalError(out.refusal);
  }
  if (!(await appendEvents(db, write))) {
    // Another writer committed between our read and our write: the earlier result, or STALE.
    const again = await readForMove(db, { matchId: m.id, clientId: input.clientId, cachedVersion: cachedVersion(m.id) });
    if (again.appliedSeq !== null) return earlier(again, again.appliedSeq);
    throw new DomainError("STALE", STALE_TEXT);
  }
  return committed(m, folded, out.now, out.actionIndex!);
}

/** A move written: the row as the write left it kept for the next move here, and the outcome. */
function committed(m: Match, folded: Folded, now: number, actionIndex: number): MoveOutcome {
  cacheRowAfter(m, folded, now, resultOf(folded.state));
  const status: MatchStatus = folded.state.phase === "over" ? "finished" : "active";
  return { applied: true, seq: m.version + actionIndex + 1, version: folded.version, status, botId: m.botId };
}

type MoveInput = Parameters<typeof submitMove>[1];

/**
 * The move without step 1's read, when this process's cache holds the state and the row at
 * `expectedSeq` (it made the game's last write: one instance, or the same instance again). Only
 * an accepted move is written this way: anything else — no cached row, the seat not found, a
 * refusal, the write finding the row moved on (another writer, a retried key, the game ended or
 * withdrawn meanwhile) — returns null and the caller takes the ordinary path, read first, which
 * answers it exactly as before. Nothing is written unless the write statement's guards pass.
 */
async function moveWithoutRead(db: Db, input: MoveInput, arrived: number): Promise<MoveOutcome | null> {
  const f = cachedState(input.matchId);
  const m = f && f.version === input.expectedSeq ? cachedRow(input.matchId, f.version) : null;
  if (!f || !m || m.status !== "active" || (m.mode === "otb" && input.actingFor === undefined)) return null;
  const seat = f.state.players.findIndex((p) => p.id === (input.actingFor ?? input.userId));
  if (seat < 0) return null;
  const out = act(f.state, actionOf(input.action, seat), arrived);
  if (!out.ok) return null;
  const { folded, appended } = foldActed(f, out, { index: out.actionIndex, actorId: input.userId, clientId: input.clientId, verdict: out.verdict });
  const kind = input.actingFor === undefined ? "move" : "scorekeeper";
  if (!(await appendEvents(db, { kind, m, folded, appended, now: out.now, clientId: input.clientId }))) return null;
  return committed(m, folded, out.now, out.actionIndex!);
}

/** Write whatever the clock owes at `now` (a fallen flag, a forfeit pass, closing events), under
 * the row lock. Cheap when nothing is due (no lock taken). Returns true when something was written. */
export async function recordDue(db: Db, input: { matchId: string; version: number; now?: number }): Promise<boolean> {
  const now0 = input.now ?? Date.now();
  const f0 = await loadFolded(db, input.matchId, input.version);
  if (!f0 || !hasDue(f0.state, Math.max(now0, f0.state.lastAt))) return false;
  const w = await db.transaction(async (tx) => {
    const m = await lockMatch(tx, input.matchId);
    if (m.status !== "active") return null;
    const f = (await loadFolded(tx, m.id, m.version))!;
    const now = Math.max(now0, f.state.lastAt);
    const events: GameEvent[] = [];
    const states: GameState[] = [];
    settleDue(f.state, now, events, states);
    if (events.length === 0) return null;
    const write = { kind: "settle" as const, m, ...foldActed(f, { events, states }), now };
    await appendEvents(tx, write, { locked: true });
    return write;
  });
  if (w) afterCommit(db, w);
  return w !== null;
}

const settling = new Map<string, Promise<void>>();

/**
 * The background settle job: a read that found a game over by the clock in memory (views.ts)
 * asks for it to be recorded, after the read has answered, through the same write as
 * `claimTimeout` — so a tournament game whose player walked away reaches its board, its
 * standings and its ratings as soon as anyone looks, without a read writing. One at a time per
 * match in this process; a failure is logged, and the next look asks again.
 */
export function settleInBackground(db: Db, input: { matchId: string; version: number; now?: number }): void {
  if (settling.has(input.matchId)) return;
  const job = recordDue(db, input)
    .then(() => undefined)
    .catch((err: unknown) => console.error(`Could not record what the clock owes in game ${input.matchId}:`, err))
    .finally(() => settling.delete(input.matchId));
  settling.set(input.matchId, job);
}

/** Resolves when every background settle begun so far has finished (tests, shutdown). */
export async function backgroundSettlesDone(): Promise<void> {
  await Promise.all([...settling.values()]);
}

/**
 * A player claims that the player on move has run out of time (past the maximum overtime). The
 * server checks with its own clock and records the timeout (the play page offers the claim once
 * the opponent's flag has fallen; the next move would record it too).
 */
export async function claimTimeout(db: Db, input: { matchId: string; userId: string }, opts: { now?: number } = {}): Promise<{ ended: boolean; version: number }> {
  const { matchId, userId } = input;
  const [m] = await db.select().from(matchesTable).where(eq(matchesTable.id, matchId)).limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  const [seat] = await db
    .select({ seat: matchPlayers.seat })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)));
  if (!seat) throw new DomainError("FORBIDDEN", "Only the players of this game can claim a win on time.");
  if (m.status !== "active") throw new DomainError("CONFLICT", "The game is not in play.");
  await recordDue(db, { matchId, version: m.version, now: opts.now });
  const [after] = await db.select().from(matchesTable).where(eq(matchesTable.id, matchId)).limit(1);
  if (after!.result?.reason === "timeout") return { ended: true, version: after!.version };
  throw new DomainError("PRECONDITION", "Nobody has run out of time yet.");
}
