/**
 * A casual game against the bot: the signed-in player challenges the bot account, which accepts at
 * once, so the game starts (first mover drawn at random, as for any challenge). If the bot moves
 * first it plays straight away. Always casual (unrated): a practice opponent should not move ratings.
 * The level the player chose is stored on the match (`matches.bot_level`) in the same transaction
 * that creates it, and the bot plays every move of the game at it (./turns.ts).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matchPlayers } from "@/db/schema/matches";
import { getRuleset } from "@/engine";
import { DomainError } from "@/server/errors";
import { acceptChallenge, createChallenge } from "@/server/services/matches/lifecycle";
import { ensureBotUser } from "./account";
import { botChallengeInput, type BotChallengeInput } from "./schemas";
import { botSeatedIn, playBotTurns } from "./turns";

/** Start a game against the bot; returns the match id (the game is running). */
export async function challengeBot(db: Db, userId: string, raw: BotChallengeInput): Promise<{ matchId: string }> {
  const input = botChallengeInput.parse(raw);
  const botId = await ensureBotUser(db);
  if (botId === userId) throw new DomainError("FORBIDDEN", "The bot cannot challenge itself.");
  const m = await createChallenge(db, userId, {
    ruleset: input.ruleset,
    rulesetOptions: {},
    challengeRule: input.challengeRule ?? getRuleset(input.ruleset).options.challenge,
    timeControl: input.timeControl,
    rated: false,
    seats: 2,
    invite: [botId],
    firstMover: "random",
  }, { botLevel: input.level });
  await acceptChallenge(db, { matchId: m.id, userId: botId });
  await playBotTurns(db, m.id, { isBot: (id) => id === botId, maxMoves: 4 });
  return { matchId: m.id };
}

/** Recovery: if the bot is on move in this match (say the server restarted between the human's
 * move and the bot's), let it move now. Only the match's players may ask. */
export async function nudgeBot(db: Db, matchId: string, userId: string): Promise<{ moves: number }> {
  const botId = await botSeatedIn(db, matchId);
  if (!botId) throw new DomainError("PRECONDITION", "The bot does not play in this game.");
  const [me] = await db.select({ seat: matchPlayers.seat }).from(matchPlayers).where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId))).limit(1);
  if (!me) throw new DomainError("FORBIDDEN", "Only the players of this game can ask the bot to move.");
  const r = await playBotTurns(db, matchId, { isBot: (id) => id === botId, maxMoves: 4 });
  return { moves: r.moves };
}
