/**
 * The rating a player is seeded with. There is no ratings table yet: everyone is 1500 (the
 * Glicko-2 start rating, platform-anchors §2.1). The ratings engineer replaces this body; every
 * caller in the tournaments domain goes through this one function.
 */
import type { DbOrTx } from "@/db/client";
import type { RulesetId } from "@/db/schema";

/** Pre-event rating of `userId` in `ruleset`, used for seeding and the ARO tiebreak. */
export async function playerRatingFor(_db: DbOrTx, _userId: string, _ruleset: RulesetId): Promise<number> {
  return 1500;
}
