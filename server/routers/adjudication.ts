/**
 * Adjudication router (thin; docs/api.md "adjudication"):
 * - `adjudicate` (public, no account): the contract's request in, the contract's ruling out, the
 *   same JSON as `npm run -s adjudicate`; a malformed request is BAD_REQUEST with the parser's
 *   one-line message. `POST /api/adjudicate` serves the same function without superjson.
 * - `explain` (public): the ruling plus the desk's explanation (rule sentences, score breakdown).
 *   Both take from the caller's engine allowance (`engineProcedure`, server/rate-limit.ts).
 * - `matchPosition` (public, like the match page): a match's board at move N, or before the
 *   scoresheet's line N.
 * - `record` (signed in; judges/directors of the tournament, or a casual match's players),
 *   `listForMatch` (public), `listForTournament` (tournament staff), `myTournaments`.
 */
import { z } from "zod";
import { engineProcedure, protectedProcedure, publicProcedure, router } from "@/server/trpc";
import { adjudicateOrThrow } from "@/server/services/adjudication/adjudicate";
import { explainRuling } from "@/server/services/adjudication/explain";
import { matchPosition } from "@/server/services/adjudication/position";
import { judgeableTournaments, listForMatch, listForTournament, recordRuling } from "@/server/services/adjudication/rulings";
import {
  explanationSchema,
  matchPositionInput,
  matchPositionOutput,
  recordRulingInput,
  rulingRecordOutput,
  rulingSchema,
  tournamentIdInput,
} from "@/server/services/adjudication/schemas";
import { matchIdInput } from "@/server/services/matches/schemas";
import { RULESET_IDS } from "@/engine";

export const adjudicationRouter = router({
  /** The contract: request JSON → ruling JSON. */
  adjudicate: engineProcedure
    .input(z.unknown())
    .output(rulingSchema)
    .mutation(({ input }) => adjudicateOrThrow(input).ruling),
  /** The ruling with its explanation, for the judge's desk. */
  explain: engineProcedure
    .input(z.unknown())
    .output(z.object({ ruling: rulingSchema, explanation: explanationSchema }))
    .mutation(({ input }) => {
      const { request, ruling } = adjudicateOrThrow(input);
      return { ruling, explanation: explainRuling(request, ruling) };
    }),
  matchPosition: publicProcedure
    .input(matchPositionInput)
    .output(matchPositionOutput)
    .query(({ ctx, input }) => matchPosition(ctx.db, input.matchId, input.moveNumber !== undefined ? { moveNumber: input.moveNumber } : { line: input.line })),
  record: protectedProcedure
    .input(recordRulingInput)
    .output(rulingRecordOutput)
    .mutation(({ ctx, input }) => recordRuling(ctx.db, ctx.user.id, input)),
  listForMatch: publicProcedure
    .input(matchIdInput)
    .output(z.array(rulingRecordOutput))
    .query(({ ctx, input }) => listForMatch(ctx.db, input.matchId)),
  listForTournament: protectedProcedure
    .input(tournamentIdInput)
    .output(z.object({ tournament: z.object({ id: z.string(), name: z.string(), ruleset: z.enum(RULESET_IDS) }), rulings: z.array(rulingRecordOutput) }))
    .query(({ ctx, input }) => listForTournament(ctx.db, input.tournamentId, ctx.user.id)),
  /** Tournaments the caller may record rulings in (for the desk's picker). */
  myTournaments: protectedProcedure
    .output(z.array(z.object({ id: z.string(), name: z.string(), ruleset: z.enum(RULESET_IDS), status: z.string() })))
    .query(({ ctx }) => judgeableTournaments(ctx.db, ctx.user.id)),
});
