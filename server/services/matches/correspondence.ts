/**
 * Correspondence games (docs/competitions.md "Correspondence"): a clock of days per move and a
 * bank of days (engine/clock.ts, `moveAllowanceMs`). Such a game has no live tick: nobody watches
 * a board for weeks. Its player to move loses on time through the due sweep
 * (server/services/schedule/due.ts), which records what the clock owes with the same write as a
 * claimed timeout (`recordDue`, moves.ts: the match writer, under the row lock). And the player to
 * move hears that it is their turn (`your-turn`, turn-notice.ts), with the time they have left.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matches } from "@/db/schema";
import { recordDue } from "./moves";

/** Games looked at per sweep (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/** Record the losses on time that are due among active correspondence games; returns how many
 * games the clock ended (or moved on: a forfeit pass). */
export async function settleCorrespondenceTimeouts(db: Db, opts: { now?: number } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const rows = await db
    .select({ id: matches.id, version: matches.version })
    .from(matches)
    .where(and(eq(matches.status, "active"), sql`coalesce((${matches.timeControl}->>'moveAllowanceMs')::bigint, 0) > 0`))
    .orderBy(asc(matches.updatedAt))
    .limit(SWEEP_BATCH);
  let settled = 0;
  for (const r of rows) if (await recordDue(db, { matchId: r.id, version: r.version, now })) settled++;
  return settled;
}
