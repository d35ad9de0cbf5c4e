/**
 * Analysis router (thin; docs/analysis.md):
 * - `request` (signed in): queue a finished game's analysis and start the runner; idempotent.
 * - `get` (public, like a finished game's record): status, progress (done/total) and, when done,
 *   the result. A game in play is refused: the analysis names every rack.
 * - `bestHere` (public, the judge's desk): the best plays for one position and rack, within a
 *   deadline; costs BEST_HERE_COST of the caller's engine allowance (server/rate-limit.ts), since
 *   one call is up to ~1.3 s of the worker's CPU.
 */
import { publicProcedure, protectedProcedure, router } from "@/server/trpc";
import { takeAccountAllowance, takeEngineAllowance } from "@/server/rate-limit";
import { analysisStatus, requestAndRun } from "@/server/services/analysis/jobs";
import { bestPlayHere } from "@/server/services/analysis/best-here";
import { analysisOutput, bestHereInput, bestHereOutput, matchIdInput } from "@/server/services/analysis/schemas";

const BEST_HERE_COST = 20;

export const analysisRouter = router({
  request: protectedProcedure
    .use(({ ctx, next }) => {
      takeAccountAllowance("analyses", ctx.user.id);
      return next();
    })
    .input(matchIdInput)
    .output(analysisOutput)
    .mutation(({ ctx, input }) => requestAndRun(ctx.db, input.matchId, ctx.user.id)),
  get: publicProcedure
    .input(matchIdInput)
    .output(analysisOutput)
    .query(({ ctx, input }) => analysisStatus(ctx.db, input.matchId)),
  bestHere: publicProcedure
    .use(({ ctx, next }) => {
      if (ctx.clientAddress !== undefined) takeEngineAllowance({ userId: ctx.user?.id ?? null, address: ctx.clientAddress }, BEST_HERE_COST);
      return next();
    })
    .input(bestHereInput)
    .output(bestHereOutput)
    .mutation(({ input }) => bestPlayHere(input.request, input.top)),
});
