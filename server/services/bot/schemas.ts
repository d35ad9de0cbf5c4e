/** Input schemas of the bot opponent (shared by the procedures and the "Play the bot" button). */
import { z } from "zod";
import { RULESETS } from "@/db/schema/clubs";
import { MATCH_CHALLENGE_RULES } from "@/db/schema/matches";
import { matchTimeControlSchema } from "@/server/services/matches/schemas";

export const botChallengeInput = z.object({
  ruleset: z.enum(RULESETS, "Choose a game."),
  /** default: untimed (the bot answers in about a quarter of a second) */
  timeControl: matchTimeControlSchema.nullable().default(null),
  /** default: the ruleset's own challenge rule */
  challengeRule: z.enum(MATCH_CHALLENGE_RULES, "Choose a challenge rule.").optional(),
});
export type BotChallengeInput = z.input<typeof botChallengeInput>;
