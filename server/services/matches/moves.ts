/**
 * Moves. `submitMove` is the one write path of a running game, in ONE transaction:
 *   1. lock the match row (`SELECT … FOR UPDATE`): racing submissions queue here;
 *   2. a `clientId` already in the log → the earlier result, applied once (idempotent retry);
 *   3. `expectedSeq` ≠ the row's version → STALE ("The game moved on…"): no blind overwrite;
 *   4. `now` is the server's clock (injectable for tests), never the client's;
 *   5. the state is rebuilt by replay (or the version-checked cache); events the server owes at
 *      `now` are appended first (forfeit pass past the move limit, timeout past max overtime);
 *   6. the engine applies the move; its refusal becomes DomainError INVALID with its sentence;
 *   7. when the game is decided, the closing time events and `end` follow, the result is cached
 *      on the row and reported to the tournament pairing — same transaction;
 *   8. `publish(tx, "match:<id>")`, delivered to every instance when the transaction commits.
 * If step 5 changed the game (say the mover's flag fell) and the move then fails, those server
 * events are still committed and the error is raised after the commit. What follows a committed
 * move (the bot's answer) is not this module's business: the `move` procedure announces it to
 * its subscribers (server/routers/matches/committed.ts).
 *
 * `touchMatch` is step 5 alone, for views and `claimTimeout`: a flag falls when anyone next
 * touches the match; there are no timers in memory.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matchPlayers, matches as matchesTable, type MatchStatus } from "@/db/schema/matches";
import type { GameEvent } from "@/engine";
import { DomainError } from "@/server/errors";
import { assertFresh, findApplied, lockMatch, persist, settle, type Appended } from "./log";
import type { MoveAction } from "./schemas";
import { cachePut, hasDue, loadFolded, step, type Folded } from "./state";

export interface MoveOutcome {
  /** false: this clientId had already been applied (nothing new was written) */
  applied: boolean;
  /** seq of the move's event */
  seq: number;
  /** the match version after the move */
  version: number;
  status: MatchStatus;
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

/** Submit one move (see the module header for the guarantees). */
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
  let cacheAfter: Folded | null = null;
  const out = await db.transaction(async (tx) => {
    const m = await lockMatch(tx, input.matchId);
    const dupSeq = await findApplied(tx, m.id, input.clientId);
    if (dupSeq !== null) return { outcome: { applied: false, seq: dupSeq, version: m.version, status: m.status } satisfies MoveOutcome };
    if (m.status === "open") throw new DomainError("PRECONDITION", "The game has not started yet: waiting for the other players to accept.");
    if (m.status === "cancelled") throw new DomainError("CONFLICT", "This challenge was withdrawn.");
    if (m.status === "finished") throw new DomainError("CONFLICT", "The game is over.");
    if (m.mode === "otb" && input.actingFor === undefined) throw new DomainError("FORBIDDEN", "This game is played over the board: its scorekeeper enters the moves.");
    assertFresh(m, input.expectedSeq);

    let f = (await loadFolded(tx, m.id, m.version))!;
    const playerId = input.actingFor ?? input.userId;
    const seat = f.state.players.findIndex((p) => p.id === playerId);
    if (seat < 0) throw new DomainError("FORBIDDEN", "Only the players of this game can move.");
    const now = Math.max(opts.now ?? Date.now(), f.state.lastAt);
    const appended: Appended[] = [];
    f = settle(f, now, appended);

    // Refusals after server events were appended: commit those, raise afterwards.
    const refuse = async (code: "INVALID" | "CONFLICT" | "PRECONDITION", message: string) => {
      if (appended.length === 0) throw new DomainError(code, message);
      await persist(tx, m, f, appended, now);
      cacheAfter = f;
      return { refused: new DomainError(code, message) };
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
    if (!r.ok) return refuse("INVALID", sentence(r.message));
    f = r.value;
    const moveSeq = f.version;
    appended.push({ seq: moveSeq, event, actorId: input.userId, clientId: input.clientId });
    f = settle(f, now, appended);
    await persist(tx, m, f, appended, now);
    cacheAfter = f;
    const status: MatchStatus = f.state.phase === "over" ? "finished" : "active";
    return { outcome: { applied: true, seq: moveSeq, version: f.version, status } satisfies MoveOutcome };
  });
  if (cacheAfter) cachePut(input.matchId, cacheAfter);
  if ("refused" in out) throw out.refused;
  return out.outcome;
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
  if (cacheAfter) cachePut(matchId, cacheAfter);
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
