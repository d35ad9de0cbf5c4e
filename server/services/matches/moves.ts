/**
 * Moves. `submitMove` is the one write path of a running game, in two database round trips on a
 * cache hit (docs/matches.md, "The write path"):
 *   0. the move's time is taken when it arrives (`opts.now`: the request's arrival; else the call),
 *      before any wait for a connection or the row lock, so a queue is never charged to the mover;
 *   1. ONE read (`readForMove`): the match row, whether this `clientId` is in the log already
 *      (→ the earlier result, applied once: an idempotent retry), and the state snapshot when
 *      the in-process cache is not at the row's version;
 *   2. `expectedSeq` ≠ the row's version → STALE ("The game moved on…"): no blind overwrite;
 *   3. the state: the cache, else the snapshot and the events after it (one more round trip);
 *      events the server owes at `now` are appended first (forfeit pass past the move limit,
 *      timeout past max overtime);
 *   4. the engine applies the move; its refusal becomes DomainError INVALID with its sentence;
 *   5. when the game is decided, the closing time events and `end` follow;
 *   6. ONE write (`writeEvents`): locks the row (`SELECT … FOR UPDATE`) only if it is still at
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
 * subscribers (server/routers/matches/committed.ts), with the bot's seat read in step 1.
 *
 * `touchMatch` is step 3 alone, for views and `claimTimeout`: a flag falls when anyone next
 * touches the match; there are no timers in memory.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matchPlayers, matches as matchesTable, type MatchStatus } from "@/db/schema/matches";
import type { GameEvent } from "@/engine";
import { DomainError } from "@/server/errors";
import { assertFresh, lockMatch, persist, readForMove, reportResult, resultOf, settle, writeEvents, type Appended, type MoveRead } from "./log";
import type { MoveAction } from "./schemas";
import { queueOnGameEnd, startAfterEnd } from "@/server/services/analysis/on-end";
import { restoreFolded, snapshotDue, snapshotOf } from "./snapshots";
import { cachedState, cachedVersion, cachePut, catchUp, hasDue, loadFolded, step, type Folded } from "./state";

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

const sentence = (m: string) => {
  const s = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
};

const END_TEXT: Record<string, string> = {
  out: "The game is over.",
  passes: "The game is over (everyone passed).",
  scoreless: "The game is over (too many scoreless turns).",
  resign: "The game is over (a player resigned).",
  timeout: "The game is over: a player ran out of time.",
};

function toEvent(action: MoveAction, player: string, at: number): GameEvent {
  switch (action.type) {
    case "play":
      return { type: "play", at, player, placements: action.placements.map((p) => ({ ...p })) };
    case "exchange":
      return { type: "exchange", at, player, tiles: action.tiles.slice() };
    case "pass":
      return { type: "pass", at, player };
    case "challenge":
      return { type: "challenge", at, challenger: player };
    case "resign":
      return { type: "resign", at, player };
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
  // taken before the read: another request of this process may move the cache on meanwhile
  const prev = cachedState(input.matchId);
  const read = await readForMove(db, input.matchId, input.clientId, prev?.version ?? -1);
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
  let f =
    prev?.version === m.version
      ? prev
      : (caughtUp ?? (await loadFolded(db, m.id, m.version, read.tail ? undefined : read.snapshot ? restoreFolded(read.snapshot.version, read.snapshot.state) : null)))!;
  const playerId = input.actingFor ?? input.userId;
  const seat = f.state.players.findIndex((p) => p.id === playerId);
  if (seat < 0) throw new DomainError("FORBIDDEN", "Only the players of this game can move.");
  const now = Math.max(arrived, f.state.lastAt);
  const appended: Appended[] = [];
  f = settle(f, now, appended);

  /** Step 6; false when another writer committed first (then nothing was written). */
  const write = async (after: Folded, clientId: string | null): Promise<boolean> => {
    const opts = { clientId, snapshot: snapshotDue(m.version, after.version) ? snapshotOf(after) : null };
    const result = resultOf(after.state);
    const wrote =
      result && (m.pairingId || m.rated)
        ? await db.transaction(async (tx) => {
            if (!(await writeEvents(tx, m, after, appended, now, opts))) return false;
            await reportResult(tx, m, after.state, result, now);
            await queueOnGameEnd(tx, m);
            return true;
          })
        : await writeEvents(db, m, after, appended, now, opts);
    if (wrote) cachePut(m.id, after);
    if (wrote && result) {
      // the game is over: its analysis is queued (right after the one-statement write when no
      // transaction was needed) and started in the background (analysis/on-end.ts)
      // the move is committed: a failure to queue must not make it look refused (the replay page
      // still offers "Analyse this game")
      if (!(m.pairingId || m.rated)) await queueOnGameEnd(db, m).catch((err: unknown) => console.error(`Could not queue the analysis of game ${m.id}:`, err));
      startAfterEnd(db, m.id);
    }
    return wrote;
  };
  /** Another writer committed between our read and our write: the earlier result, or STALE. */
  const movedOn = async (): Promise<MoveOutcome> => {
    const again = await readForMove(db, m.id, input.clientId, cachedVersion(m.id));
    if (again.appliedSeq !== null) return earlier(again, again.appliedSeq);
    throw new DomainError("STALE", STALE_TEXT);
  };
  // Refusals after server events were appended: write those, raise afterwards.
  const refuse = async (code: "INVALID" | "CONFLICT" | "PRECONDITION", message: string): Promise<never> => {
    if (appended.length > 0 && !(await write(f, null))) throw new DomainError("STALE", STALE_TEXT);
    throw new DomainError(code, message);
  };

  const s = f.state;
  if (s.phase !== "playing") return refuse("CONFLICT", END_TEXT[s.end?.reason ?? "out"] ?? "The game is over.");
  const a = input.action;
  if (a.type !== "challenge" && a.type !== "resign" && seat !== s.turn) {
    return refuse("PRECONDITION", `It is not your turn: ${s.players[s.turn].name ?? "another player"} is to move.`);
  }
  if (a.type === "challenge" && !s.pending) return refuse("PRECONDITION", "There is no play to challenge now: the window closed when the next turn began.");

  const event = toEvent(a, playerId, now);
  const r = step(f, f.version + 1, event);
  if (!r.ok) return refuse("INVALID", sentence(r.error.message));
  f = r.value;
  const moveSeq = f.version;
  appended.push({ seq: moveSeq, event, actorId: input.userId, clientId: input.clientId });
  f = settle(f, now, appended);
  if (!(await write(f, input.clientId))) return movedOn();
  const status: MatchStatus = f.state.phase === "over" ? "finished" : "active";
  return { applied: true, seq: moveSeq, version: f.version, status, botId: m.botId };
}

/**
 * Append whatever the server owes at `now` (a fallen flag, a forfeit pass, closing events).
 * Cheap when nothing is due (no lock taken). Returns true when something was written.
 */
export async function touchMatch(db: Db, matchId: string, version: number, opts: { now?: number } = {}): Promise<boolean> {
  const now0 = opts.now ?? Date.now();
  const f0 = await loadFolded(db, matchId, version);
  if (!f0 || !hasDue(f0.state, Math.max(now0, f0.state.lastAt))) return false;
  let cacheAfter: Folded | null = null;
  const wrote = await db.transaction(async (tx) => {
    const m = await lockMatch(tx, matchId);
    if (m.status !== "active") return false;
    let f = (await loadFolded(tx, m.id, m.version))!;
    const now = Math.max(now0, f.state.lastAt);
    const appended: Appended[] = [];
    f = settle(f, now, appended);
    if (appended.length === 0) return false;
    await persist(tx, m, f, appended, now);
    cacheAfter = f;
    return true;
  });
  if (cacheAfter) {
    cachePut(matchId, cacheAfter);
    // a flag that fell ended the game: persist queued its analysis, start it now it is committed
    if ((cacheAfter as Folded).state.phase === "over") startAfterEnd(db, matchId);
  }
  return wrote;
}

/**
 * A player claims that the player on move has run out of time (past the maximum overtime). The
 * server checks with its own clock; the timeout is recorded by the same path every view takes.
 */
export async function claimTimeout(db: Db, matchId: string, userId: string, opts: { now?: number } = {}): Promise<{ ended: boolean; version: number }> {
  const [m] = await db.select().from(matchesTable).where(eq(matchesTable.id, matchId)).limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  const [seat] = await db
    .select({ seat: matchPlayers.seat })
    .from(matchPlayers)
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)));
  if (!seat) throw new DomainError("FORBIDDEN", "Only the players of this game can claim a win on time.");
  if (m.status !== "active") throw new DomainError("CONFLICT", "The game is not in play.");
  await touchMatch(db, matchId, m.version, opts);
  const [after] = await db.select().from(matchesTable).where(eq(matchesTable.id, matchId)).limit(1);
  if (after!.result?.reason === "timeout") return { ended: true, version: after!.version };
  throw new DomainError("PRECONDITION", "Nobody has run out of time yet.");
}
