/**
 * The bot takes its turns. The server holds the full game state, but the bot only reads what a
 * player in its seat may know: its own rack, the board and the bag's size (`botPositionFromState`
 * strips everything else). Its move goes through `submitMove`, the same path and transaction
 * rules as a human's, with an idempotency key `bot:<matchId>:<seq>` (seq = the event the move
 * becomes), so a retried or doubled trigger applies once and a race with a human is STALE.
 *
 * Challenge windows: when the bot is on move with an opponent's play open to challenge, it
 * challenges only a play the engine finds invalid (computable from the public board, so no hidden
 * information is used); otherwise it plays on, which closes the window (accepts). After an
 * opponent's going-out play it makes the final pass (`canPlay` false → pass). With no play found
 * it exchanges, but after two scoreless turns per player in a row it passes instead, so a game
 * between two bots that find nothing still ends (successive passes).
 *
 * When: `answerCommittedMove` subscribes to committed moves (server/services/matches/after-move.ts):
 * it runs after a human's move has committed and the human's answer has been sent, so the human
 * never waits on the bot's search or transaction, and a bot failure is logged, never reported to
 * the human. The matches service does not know the bot (no import from services/matches back to
 * here). `bot.challenge` calls `playBotTurns` once the game starts (the bot may move first), and
 * `bot.nudge` does the same as a recovery path (a restart between the two commits). The demo
 * drives bot-vs-bot games with `playBotTurns` too.
 *
 * Level: the match's `bot_level` (chosen when the game against the bot was started; null: the
 * default level), unless the caller names one (the demo). The seed of the level's tie-breaks is
 * the match id and the move's number, so a retried trigger picks the same play.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matchPlayers, matches } from "@/db/schema/matches";
import { users } from "@/db/schema/users";
import { botPositionFromState, chooseBotAction, DEFAULT_BOT_LEVEL, type BotAction, type BotLevel, type BotOptions } from "@/engine";
import { isDomainError } from "@/server/errors";
import { log } from "@/server/log";
import { submitMove } from "@/server/services/matches/moves";
import type { MoveAction } from "@/server/services/matches/schemas";
import { loadFolded } from "@/server/services/matches/state";
import { BOT_EMAIL } from "./account";

export interface BotTurnOptions {
  /** which engine player ids the bot plays for (the bot account; in the demo, everyone) */
  isBot: (userId: string) => boolean;
  /** the level to play at (default: the match's `bot_level`, else the default level) */
  level?: BotLevel;
  /** search budget per move (default: the level's) */
  budgetMs?: number;
  maxNodes?: number;
  /** stop after this many bot moves (default 200: a whole game) */
  maxMoves?: number;
  /** injected clock for tests */
  now?: () => number;
}

export interface BotTurnsResult {
  moves: number;
  status: "active" | "finished" | "open" | "cancelled" | "missing";
}

/** The bot's decision as a move action (plays and exchanges copied; challenge when the open play
 * is invalid). Exported for tests. */
export function toAction(a: BotAction): MoveAction {
  if (a.type === "play") return { type: "play", placements: a.placements.map((p) => ({ ...p })) };
  if (a.type === "exchange") return { type: "exchange", tiles: a.tiles.slice() };
  return { type: "pass" };
}

/**
 * While a player the bot plays for is on move, choose and submit that player's move. Returns how
 * many moves it made and the match status afterwards. Never throws for a game that moved on.
 */
export async function playBotTurns(db: Db, matchId: string, opts: BotTurnOptions): Promise<BotTurnsResult> {
  const maxMoves = opts.maxMoves ?? 200;
  let moves = 0;
  let stale = 0;
  for (;;) {
    const [m] = await db.select({ version: matches.version, status: matches.status, botLevel: matches.botLevel }).from(matches).where(eq(matches.id, matchId)).limit(1);
    if (!m) return { moves, status: "missing" };
    if (m.status !== "active" || moves >= maxMoves) return { moves, status: m.status };
    const f = await loadFolded(db, matchId, m.version);
    const s = f?.state;
    if (!s || s.phase !== "playing" || s.paused) return { moves, status: m.status };
    const mover = s.players[s.turn]!.id;
    if (!opts.isBot(mover)) return { moves, status: m.status };

    let action: MoveAction;
    if (s.pending && s.pending.player !== s.turn && !s.pending.valid && s.options.challengeMode) {
      action = { type: "challenge" };
    } else {
      const pos = botPositionFromState(s);
      if (!pos) return { moves, status: m.status };
      const opt: BotOptions = { level: opts.level ?? m.botLevel ?? DEFAULT_BOT_LEVEL, seed: `${matchId}:${m.version + 1}` };
      if (opts.budgetMs !== undefined) opt.budgetMs = opts.budgetMs;
      if (opts.maxNodes !== undefined) opt.maxNodes = opts.maxNodes;
      action = toAction(chooseBotAction(pos, opt));
      // Two bots that find no play would exchange for ever (an exchange breaks a run of passes):
      // after a full round of scoreless turns per player, pass instead, so the game can end.
      if (action.type === "exchange" && s.scorelessTurns >= 2 * s.players.length) action = { type: "pass" };
    }
    const seq = m.version + 1;
    const base = { matchId, userId: mover, expectedSeq: m.version };
    const now = opts.now ? { now: opts.now() } : {};
    try {
      await submitMove(db, { ...base, clientId: `bot:${matchId}:${seq}`, action }, now);
      moves++;
    } catch (err) {
      if (!isDomainError(err)) throw err;
      if (err.code === "STALE" && ++stale < 5) continue; // someone moved first: look again
      if (err.code === "INVALID" && action.type !== "pass") {
        // Should not happen (every bot play is adjudicated with its rack); never leave the game stuck.
        log.warn({ matchId, action: action.type, reason: err.message }, `bot: match ${matchId} refused ${action.type}; passing`);
        await submitMove(db, { ...base, clientId: `bot:${matchId}:${seq}:pass`, action: { type: "pass" } }, now);
        moves++;
        continue;
      }
      const [after] = await db.select({ status: matches.status }).from(matches).where(eq(matches.id, matchId)).limit(1);
      return { moves, status: after?.status ?? "missing" };
    }
  }
}

/** The bot account's id when it sits in this match (one indexed query; null otherwise). */
export async function botSeatedIn(db: Db, matchId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(and(eq(matchPlayers.matchId, matchId), eq(users.email, BOT_EMAIL)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The bot's answer to a committed move (a subscriber of committed moves: the `move` procedure
 * announces each applied move, server/services/matches/after-move.ts, after the mover's answer has
 * been sent). If the game goes on, the bot account sits in the match and is now on move, it
 * answers. Moves the bot itself submits (`bot:` keys) do not re-enter. Errors propagate to the
 * caller, which logs them: the human's move has already been applied and reported as such.
 */
export async function answerCommittedMove(db: Db, move: { matchId: string; clientId: string; status: string; botId?: string | null }): Promise<BotTurnsResult | null> {
  if (move.clientId.startsWith("bot:") || move.status !== "active") return null;
  // the move read the bot's seat with the row (matches.bot_id): a game without the bot costs no query
  const botId = move.botId !== undefined ? move.botId : await botSeatedIn(db, move.matchId);
  if (!botId) return null;
  return playBotTurns(db, move.matchId, { isBot: (id) => id === botId, maxMoves: 8 });
}
