/**
 * A game's analysis starts by itself when the game ends (docs/analysis.md, "Queued when a game
 * ends"), whichever way it ends: the final pass or a play that goes out, a resignation, a flag
 * that fell (noticed by a move, a view or a claim), or a tournament director's result.
 *
 * Two steps, because the end is written in a transaction and pg-boss sends through its own
 * statements (on PGlite it would wait behind that very transaction):
 * 1. `queueOnGameEnd(tx, match)`, in the write that ends the game: the `match_analyses` row,
 *    `queued`, with the number of turns (once: a row that exists is left as it is). Over-the-board
 *    games log no racks and cannot be analysed (jobs.ts), so they get none.
 * 2. `startAfterEnd(db, matchId)`, after the commit, in the background: the pg-boss job (keyed by
 *    the game: `singletonKey`, so it is queued once however often this runs) and a kick of this
 *    process's runner. The request that ended the game does not wait for it.
 * A row whose job was never sent (the process stopped in between, or step 2 is off) is picked up
 * by the next drain of any runner (`drainAnalyses` sends a job for every queued row first) and by
 * `analysis.get`. `ANALYSIS_AUTOSTART=off` leaves step 2 out (the unit and integration tests do,
 * so games they end do not run analyses in the background; tests of this module turn it on).
 */
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { matchAnalyses } from "@/db/schema/analyses";
import { matchEvents } from "@/db/schema/matches";
import { startQueuedAnalysis } from "./jobs";

/** Step 1, in the transaction (or right after the statement) that ended the game. */
export async function queueOnGameEnd(tx: DbOrTx, match: { id: string; mode: string }): Promise<void> {
  if (match.mode === "otb") return;
  // the turns as the engine counts them (countTurns): plays, exchanges and passes
  const total = sql<number>`(select count(*)::int from ${matchEvents} where ${matchEvents.matchId} = ${match.id} and ${matchEvents.type} in ('play', 'exchange', 'pass'))`;
  await tx.insert(matchAnalyses).values({ matchId: match.id, status: "queued", total }).onConflictDoNothing();
}

const starting = new Set<Promise<void>>();

/** Step 2, after the commit: send the job and kick the runner, in the background. */
export function startAfterEnd(db: Db, matchId: string): void {
  if (process.env.ANALYSIS_AUTOSTART === "off") return;
  const p = startQueuedAnalysis(db, matchId)
    .catch((err: unknown) => console.error(`Could not start the analysis of game ${matchId}:`, err))
    .finally(() => starting.delete(p));
  starting.add(p);
}

/** Resolves when every background start begun so far has sent its job (tests, shutdown). */
export async function analysisStartsSettled(): Promise<void> {
  await Promise.all([...starting]);
}
