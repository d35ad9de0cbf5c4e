/** Input rules for ratings, shared by the tRPC procedures, the pages and `applyRatedGame`. */
import { z } from "zod";
import { RULESET_IDS } from "@/engine";
import { RATED_GAME_SOURCES } from "@/server/domain";

export const rulesetSchema = z.enum(RULESET_IDS, "Choose Equate, 'SMATH or Number Scrabble.");
const userId = z.uuid("That is not a valid user id.");

/** What a finished game hands to `applyRatedGame`. */
export const ratedGameInput = z.object({
  ruleset: rulesetSchema,
  source: z.enum(RATED_GAME_SOURCES),
  /** The match id or the tournament pairing id; a game is rated once per (source, sourceId). */
  sourceId: z.string().min(1).max(100),
  /** The tournament board the game was played on: a board is rated once, whatever its source. */
  pairingId: z.uuid().optional(),
  playedAt: z.date(),
  /** Seat order; one player = a bye (never rated). */
  players: z
    .array(
      z.object({
        userId,
        score: z.number().int("Scores are whole points.").min(-100_000).max(100_000),
        /** Lost by resignation or on time: a loss to every other player whatever the scores. */
        lost: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(4, "A rated game has at most 4 players.")
    .refine((ps) => new Set(ps.map((p) => p.userId)).size === ps.length, "A player cannot sit twice in one game."),
  /** False for casual games and unrated tournaments: nothing is recorded. */
  rated: z.boolean().default(true),
  /** A forfeit decides a result without a game, so it is never rated. */
  forfeit: z.boolean().default(false),
  /** For a correction: why ratings change ("the result of round 1, table 3 of X was corrected"). */
  why: z.string().min(1).max(300).optional(),
});
export type RatedGameInput = z.input<typeof ratedGameInput>;

export const leaderboardInput = z.object({
  ruleset: rulesetSchema,
  /** Only players with at least this many rated games. */
  minGames: z.number().int().min(0).max(10_000).default(0),
  /** Leave out provisional ratings (RD ≥ the provisional threshold). */
  established: z.boolean().default(false),
  limit: z.number().int().min(1).max(500).default(100),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});
export type LeaderboardInput = z.input<typeof leaderboardInput>;

export const clubLeaderboardInput = leaderboardInput.extend({ clubId: z.uuid("That is not a valid club id.") });
export type ClubLeaderboardInput = z.input<typeof clubLeaderboardInput>;

export const playerInput = z.object({ userId });

export const expectedInput = z.object({
  ruleset: rulesetSchema,
  userIds: z
    .array(userId)
    .min(2, "Pick at least two players.")
    .max(4, "A game has at most 4 players.")
    .refine((ids) => new Set(ids).size === ids.length, "Each player once, please."),
});
