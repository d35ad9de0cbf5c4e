/**
 * Ratings router (thin, all public reads: ratings are public like a club's member list).
 * Each procedure validates input, calls one service and picks output fields. Ratings change only
 * through `applyRatedGame`, called by the matches and tournaments services inside their result
 * transactions, and through `npm run ratings:recompute` — never from the browser.
 */
import { z } from "zod";
import { RULESET_IDS } from "@/engine";
import { RATED_GAME_SOURCES } from "@/server/domain";
import { publicProcedure, router } from "@/server/trpc";
import { clubLeaderboard, expectedScores, getPlayerProfile, leaderboard } from "@/server/services/ratings/queries";
import { clubLeaderboardInput, expectedInput, leaderboardInput, playerInput } from "@/server/services/ratings/schemas";
import { REST } from "./rest-routes";

const ruleset = z.enum(RULESET_IDS);
const leaderboardOut = z.object({
  ruleset,
  rows: z.array(
    z.object({ rank: z.number(), userId: z.string(), name: z.string(), rating: z.number(), rd: z.number(), games: z.number(), provisional: z.boolean() }),
  ),
  total: z.number(),
  provisionalRd: z.number(),
});
/** `recomputing`: a correction of an earlier game is being re-rated on the queue (docs/ratings.md "Corrections"). */
const ratingOut = z.object({ ruleset, rating: z.number(), rd: z.number(), games: z.number(), provisional: z.boolean(), recomputing: z.boolean() });
const historyOut = z.object({
  start: z.object({ rating: z.number(), rd: z.number() }).nullable(),
  points: z.array(z.object({ at: z.date(), rating: z.number(), rd: z.number() })),
});
const profileOut = z.object({
  user: z.object({ id: z.string(), name: z.string(), memberSince: z.date() }),
  clubs: z.array(z.object({ id: z.string(), handle: z.string(), name: z.string() })),
  ratings: z.array(ratingOut),
  history: z.object({ equate: historyOut, smath: historyOut, "number-scrabble": historyOut }),
  recent: z.array(
    z.object({
      ratedGameId: z.number(),
      ruleset,
      playedAt: z.date(),
      source: z.enum(RATED_GAME_SOURCES),
      sourceId: z.string(),
      score: z.number(),
      result: z.number(),
      ratingBefore: z.number(),
      ratingAfter: z.number(),
      opponents: z.array(z.object({ userId: z.string(), name: z.string(), rating: z.number(), score: z.number() })),
    }),
  ),
});
const expectedOut = z.array(
  z.object({ userId: z.string(), name: z.string(), rating: z.number(), rd: z.number(), games: z.number(), provisional: z.boolean(), expected: z.number() }),
);

export const ratingsRouter = router({
  /** The global leaderboard of one game. */
  leaderboard: publicProcedure
    .meta(REST.leaderboard)
    .input(leaderboardInput)
    .output(leaderboardOut)
    .query(({ ctx, input }) => leaderboard(ctx.db, input)),
  /** One club's members ranked by rating (the club page). */
  club: publicProcedure
    .input(clubLeaderboardInput)
    .output(leaderboardOut)
    .query(({ ctx, input }) => clubLeaderboard(ctx.db, input)),
  /** The player page: clubs, per-game ratings, history and recent rated games. */
  player: publicProcedure
    .meta(REST.player)
    .input(playerInput)
    .output(profileOut)
    .query(({ ctx, input }) => getPlayerProfile(ctx.db, input.userId)),
  /** Expected scores before a game between these players (match form, live board header). */
  expected: publicProcedure
    .input(expectedInput)
    .output(expectedOut)
    .query(({ ctx, input }) => expectedScores(ctx.db, input.ruleset, input.userIds)),
});
