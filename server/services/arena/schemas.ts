/** Inputs of club nights and ladders (docs/competitions.md, "Running a club night"); the rule values
 * (scoring, ladder rule) are checked again by the pure parsers of server/domain/competitions. */
import { z } from "zod";
import { rulesetSchema } from "@/server/services/clubs/schemas";
import { timeControlSchema } from "@/server/services/tournaments/schemas";

const nameSchema = z.string().trim().min(3, "The name needs at least 3 characters.").max(120, "Keep the name to 120 characters or fewer.");
const points = (what: string) => z.number(`Enter the points for a ${what}.`).int(`Points for a ${what} are a whole number.`).min(0, `Points for a ${what} are 0 or more.`).max(100, `Points for a ${what} are at most 100.`);

export const arenaScoringSchema = z.object({
  win: points("win").default(2),
  draw: points("draw").default(1),
  loss: points("loss").default(0),
  /** Optional streak bonus: after `after` wins in a row, games score `multiplier` times. */
  streak: z
    .object({
      after: z.number().int("Use a whole number of wins.").min(1, "A streak starts after at least 1 win.").max(20, "A streak starts after at most 20 wins."),
      multiplier: z.number().int("Use a whole multiplier.").min(2, "The streak multiplier is at least 2.").max(5, "The streak multiplier is at most 5."),
    })
    .nullable()
    .default(null),
});

export const openNightInput = z.object({
  clubId: z.uuid("That is not a valid club id."),
  name: nameSchema,
  ruleset: rulesetSchema.default("equate"),
  rulesetOptions: z.record(z.string().max(40), z.unknown()).refine((o) => Object.keys(o).length <= 20, "At most 20 ruleset options.").default({}),
  /** 2 = pairs; 3 or 4 = pods, where the ruleset has room for that many players. */
  groupSize: z.number("Choose 2, 3 or 4 players a game.").int("Choose 2, 3 or 4 players a game.").min(2, "A game has at least 2 players.").max(4, "A game has at most 4 players.").default(2),
  scoring: arenaScoringSchema.default({ win: 2, draw: 1, loss: 0, streak: null }),
  mode: z.enum(["over-the-board", "online"], "Choose over the board or online.").default("over-the-board"),
  /** Online nights: the clock of every game (null: untimed). */
  timeControl: timeControlSchema.nullable().default(null),
  /** The club's ladder this night feeds. */
  ladderId: z.uuid("That is not a valid ladder id.").nullable().default(null),
  /** Its games change ratings, as any other game (an unrated ladder makes its nights unrated). */
  rated: z.boolean("Say whether the games are rated.").default(true),
});
export type OpenNightInput = z.input<typeof openNightInput>;

export const nightIdInput = z.object({ nightId: z.uuid("That is not a valid club night id.") });
export const gameIdInput = z.object({ gameId: z.uuid("That is not a valid game id.") });

const scoreValue = z.number("Enter each player's score.").int("Scores are whole numbers.").min(-10_000, "A score is at least -10,000.").max(10_000, "A score is at most 10,000.");
/** userId → final score, one entry per player of the game (2 to 4). */
export const scoresSchema = z.record(z.uuid("That is not a valid player id."), scoreValue).refine((s) => Object.keys(s).length >= 2 && Object.keys(s).length <= 4, "Give a score for each player of the game.");

export const reportInput = gameIdInput.extend({ scores: scoresSchema });
export const disputeInput = gameIdInput.extend({ note: z.string().trim().max(500, "Keep the note to 500 characters or fewer.").default("") });
export const decideInput = gameIdInput.extend({ scores: scoresSchema });

export const ladderRuleSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("sum") }),
    z.object({ kind: z.literal("best"), nights: z.number().int("Use a whole number of nights.").min(1, "Count at least 1 night.").max(366, "Count at most 366 nights.") }),
    z.object({ kind: z.literal("average"), minNights: z.number().int("Use a whole number of nights.").min(1, "Ask for at least 1 night.").max(366, "Ask for at most 366 nights.") }),
  ],
  "Choose how the ladder counts: every night, the best nights, or the average.",
);
export const createLadderInput = z.object({
  clubId: z.uuid("That is not a valid club id."),
  name: nameSchema,
  rule: ladderRuleSchema.default({ kind: "sum" }),
  /** Nights opened to feed it are rated unless this is false (a friendly ladder). */
  rated: z.boolean("Say whether the ladder's games are rated.").default(true),
});
export const ladderIdInput = z.object({ ladderId: z.uuid("That is not a valid ladder id.") });
export const clubNightsInput = z.object({ clubId: z.uuid("That is not a valid club id.") });
export const smallGroupsInput = nightIdInput.extend({ allow: z.boolean("Say whether fewer than a pod may play.") });
export const attachInput = nightIdInput.extend({ ladderId: z.uuid("That is not a valid ladder id.").nullable() });
/** The vocabulary of nights, players and games (stored in db/schema/arena.ts), for output schemas. */
export { ARENA_GAME_STATUSES, ARENA_MODES, ARENA_NIGHT_STATUSES, ARENA_PLAYER_STATUSES } from "@/db/schema/arena";
