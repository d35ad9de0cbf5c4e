/**
 * Entries from the event's page (docs/entries.md), thin: a player enters (with the form's answers)
 * or withdraws their own entry; directors see who is missing before round 1 and remove them in one
 * step, promoting present waitlisted players. Merged into the tournaments router as `entries`.
 */
import { z } from "zod";
import { router } from "@/server/trpc";
import { enter, removeAbsent, startCheck, withdrawSelf } from "@/server/services/tournaments/entries";
import { enterInput } from "@/server/services/tournaments/schemas";
import { act, tournamentDirectorProcedure, tournamentProcedure } from "./procedures";

const person = z.object({ userId: z.string(), name: z.string() });

export const entriesRouter = router({
  /** Enter from the event's page: in the field, or on the waitlist when the cap is reached. */
  enter: tournamentProcedure
    .input(enterInput)
    .output(z.object({ status: z.enum(["registered", "waitlisted"]), position: z.number().nullable() }))
    .mutation(({ ctx, input }) => enter(ctx.db, { tournamentId: ctx.tournament.id, userId: ctx.user.id, details: input.details })),
  /** Withdraw my own entry (until round 1 is paired); the next waitlisted player is promoted. */
  withdraw: tournamentProcedure
    .output(z.object({ promoted: z.string().nullable() }))
    .mutation(({ ctx }) => withdrawSelf(ctx.db, { tournamentId: ctx.tournament.id, userId: ctx.user.id })),
  /** Before round 1: who has not checked in, which waitlisted players are present (directors only). */
  startCheck: tournamentDirectorProcedure
    .output(
      z.object({
        notCheckedIn: z.array(person),
        presentWaitlisted: z.array(person),
        wouldPromote: z.array(z.string()),
        checkedIn: z.number(),
        cap: z.number().nullable(),
      }),
    )
    .query(({ ctx }) => startCheck(ctx.db, ctx.tournament.id)),
  /** Withdraw everyone not checked in and promote present waitlisted players, in one step. */
  removeAbsent: tournamentDirectorProcedure
    .output(z.object({ removed: z.array(z.string()), promoted: z.array(z.string()) }))
    .mutation(({ ctx }) => removeAbsent(ctx.db, act(ctx))),
});
