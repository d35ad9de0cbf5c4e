/**
 * The rating a player is seeded with: their current Glicko-2 rating in the tournament's game
 * (server/services/ratings), or the start rating (1500) if they have never played a rated game
 * in it, rounded to whole points (tournament_players.rating is an integer). Every caller in the
 * tournaments domain goes through this one function.
 */
import type { DbOrTx } from "@/db/client";
import type { RulesetId } from "@/db/schema";
import { getPlayerRating } from "@/server/services/ratings/queries";

/** Pre-event rating of `userId` in `ruleset`, used for seeding and the ARO tiebreak. */
export async function playerRatingFor(db: DbOrTx, userId: string, ruleset: RulesetId): Promise<number> {
  return Math.round((await getPlayerRating(db, userId, ruleset)).rating);
}
