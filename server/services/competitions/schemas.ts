/**
 * Input rules for seasons and series (docs/competitions.md "Running a season", "Running a series"),
 * shared by the procedures and the forms. The rules themselves (promotion, series points) are
 * checked again by the domain's parsers (`parsePromotionRule`, `parseSeriesRule`) before they are
 * stored, so a shape zod lets through still gets the domain's sentence.
 */
import { z } from "zod";
import { DEFAULT_TIME_CONTROL, GAME_CHALLENGE_RULES } from "@/engine";
import { isDay, MAX_DIVISION_SIZE, MAX_SEASON_ROUNDS, MAX_SERIES_EVENTS, NEW_PLAYER_PLACEMENTS, ROUNDINGS } from "@/server/domain";
import { rulesetSchema } from "@/server/services/clubs/schemas";
import { timeControlSchema } from "@/server/services/tournaments/schemas";

/** Most players one season takes (64 divisions' worth would be absurd; 500 is a big club). */
export const MAX_SEASON_PLAYERS = 500;
/** Longest play-by window of a round, in days. */
export const MAX_ROUND_DAYS = 90;

const nameSchema = z.string().trim().min(3, "The name needs at least 3 characters.").max(120, "Keep the name to 120 characters or fewer.");
const daySchema = z.string().refine(isDay, "Enter a real date as YYYY-MM-DD.");
const idSchema = (what: string) => z.uuid(`That is not a valid ${what} id.`);

const amountSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("count"), n: z.number().int("Use a whole number of players.").min(0, "Use 0 or more players.").max(64, "At most 64 players.") }),
    z.object({
      kind: z.literal("fraction"),
      num: z.number().int().min(0).max(100),
      den: z.number().int().min(1, "The fraction needs a number below the line of 1 or more.").max(100),
      round: z.enum(ROUNDINGS),
    }),
  ],
  "Choose a number of players or a share of the division.",
);

export const promotionRuleSchema = z.object({ up: amountSchema, down: amountSchema, newPlayers: z.enum(NEW_PLAYER_PLACEMENTS).default("bottom") });

/** How each division plays: the tournament settings a season passes on to every division's event. */
export const divisionSettingsSchema = z.object({
  ruleset: rulesetSchema,
  rulesetOptions: z.record(z.string(), z.unknown()).default({}),
  timeControl: timeControlSchema.default(DEFAULT_TIME_CONTROL),
  challengeRule: z.enum(GAME_CHALLENGE_RULES).optional(),
  format: z.enum(["round-robin", "double-round-robin", "swiss"], "Choose round robin or Swiss."),
  /** 2 = head to head; 3–4 = pods where the ruleset and format allow them. */
  playersPerGame: z.number().int().min(2, "A game has at least 2 players.").max(4, "A game has at most 4 players.").default(2),
});
export type DivisionSettings = z.infer<typeof divisionSettingsSchema>;
/** One division's overrides: only what is sent replaces the season's settings (no defaults here). */
const divisionOverrideSchema = z.object({
  ruleset: rulesetSchema.optional(),
  rulesetOptions: z.record(z.string(), z.unknown()).optional(),
  timeControl: timeControlSchema.optional(),
  challengeRule: z.enum(GAME_CHALLENGE_RULES).optional(),
  format: divisionSettingsSchema.shape.format.optional(),
  playersPerGame: z.number().int().min(2, "A game has at least 2 players.").max(4, "A game has at most 4 players.").optional(),
});

/** The calendar: round k opens on `starts` + (k − 1) × `roundDays` and closes `roundDays` days later. */
const calendarShape = {
  starts: daySchema,
  roundDays: z.number("Enter the days each round lasts.").int("Use whole days.").min(1, "A round lasts at least 1 day.").max(MAX_ROUND_DAYS, `A round lasts at most ${MAX_ROUND_DAYS} days.`),
  /** Swiss: how many rounds; round robins: left out (the division size decides) or at least that many. */
  rounds: z.number().int("Use a whole number of rounds.").min(1, "Play at least 1 round.").max(MAX_SEASON_ROUNDS, `At most ${MAX_SEASON_ROUNDS} rounds.`).optional(),
};

export const createSeasonInput = z.object({
  clubId: idSchema("club"),
  name: nameSchema,
  description: z.string().trim().max(4000, "Keep the description to 4000 characters or fewer.").default(""),
  ...calendarShape,
  settings: divisionSettingsSchema,
  /** Overrides for division 1, 2 … (a top division playing a double round robin, say). */
  divisionSettings: z.array(divisionOverrideSchema).max(MAX_DIVISION_SIZE, "Too many division settings.").default([]),
  divisionSize: z.number("Enter a division size.").int("Use a whole number of players.").min(2, "A division has at least 2 players.").max(MAX_DIVISION_SIZE, `A division has at most ${MAX_DIVISION_SIZE} players.`),
  promotion: promotionRuleSchema,
  rated: z.boolean().default(true),
  /** Club members; best first when `order` is "given". */
  players: z.array(idSchema("player")).max(MAX_SEASON_PLAYERS, `A season takes at most ${MAX_SEASON_PLAYERS} players.`),
  order: z.enum(["rating", "given"]).default("rating"),
});
export type CreateSeasonInput = z.infer<typeof createSeasonInput>;

export const nextSeasonInput = z.object({
  competitionId: idSchema("season"),
  name: nameSchema,
  /** First day; the round length and count are the last season's. */
  starts: daySchema,
  /** New members to add (placed by the rule's `newPlayers`). */
  newPlayers: z.array(idSchema("player")).max(MAX_SEASON_PLAYERS).default([]),
});

const pointsSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("table"), points: z.array(z.number().int("Points are whole numbers.").min(0).max(10_000)).min(1, "Give points for at least 1st place.").max(200, "At most 200 places score.") }),
    z.object({ kind: z.literal("field") }),
  ],
  "Choose a points table or points by field size.",
);

export const createSeriesInput = z.object({
  clubId: idSchema("club"),
  name: nameSchema,
  description: z.string().trim().max(4000).default(""),
  starts: daySchema,
  points: pointsSchema,
  best: z.number("Enter how many events count.").int("Use a whole number of events.").min(1, "At least 1 event counts.").max(MAX_SERIES_EVENTS, `At most ${MAX_SERIES_EVENTS} events count.`),
  /** The club's events to put in the series at once. */
  eventIds: z.array(idSchema("event")).max(MAX_SERIES_EVENTS).default([]),
});
export type CreateSeriesInput = z.infer<typeof createSeriesInput>;

export const seriesEventInput = z.object({ competitionId: idSchema("series"), tournamentId: idSchema("event") });
export const competitionIdInput = z.object({ competitionId: idSchema("competition") });
export const clubCompetitionsInput = z.object({ clubId: idSchema("club") });
