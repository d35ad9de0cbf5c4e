/** Input schemas of the bot opponent (shared by the procedures and the "Play the bot" button). */
import { z } from "zod";
import { BOT_LEVELS, DEFAULT_BOT_LEVEL, GAME_CHALLENGE_RULES, RULESET_IDS } from "@/engine";
import { matchTimeControlSchema } from "@/server/services/matches/schemas";

export const botChallengeInput = z.object({
  ruleset: z.enum(RULESET_IDS, "Choose a game."),
  /** default: untimed (the bot answers in about a quarter of a second) */
  timeControl: matchTimeControlSchema.nullable().default(null),
  /** default: the ruleset's own challenge rule */
  challengeRule: z.enum(GAME_CHALLENGE_RULES, "Choose a challenge rule.").optional(),
  /** how well the bot plays (docs/bot.md "Levels"); default: its best */
  level: z.enum(BOT_LEVELS, "Choose a level.").default(DEFAULT_BOT_LEVEL),
});
export type BotChallengeInput = z.input<typeof botChallengeInput>;
