/**
 * TSH files (thin): a director imports a division's `.t` file into an event in registration
 * (server/services/tournaments/tsh.ts). The exports are plain downloads
 * (`/tournaments/[id]/tsh.t`, `/tournaments/[id]/ratings-submission.csv`, server/tsh-http.ts).
 */
import { z } from "zod";
import { router } from "@/server/trpc";
import { importTsh } from "@/server/services/tournaments/tsh";
import { tshImportInput } from "@/server/services/tournaments/tsh-schemas";
import { act, tournamentDirectorProcedure } from "./procedures";

const reportOut = z.object({
  players: z.number(),
  matched: z.array(z.string()),
  closedRounds: z.number(),
  publishedRound: z.number().nullable(),
  withdrawn: z.array(z.string()),
  finished: z.boolean(),
});

export const tshRouter = router({
  /** All or nothing: a file with problems is refused with each problem's line (`BAD_REQUEST` on `text`). */
  importFile: tournamentDirectorProcedure
    .input(tshImportInput)
    .output(reportOut)
    .mutation(({ ctx, input }) => importTsh(ctx.db, { ...act(ctx), text: input.text })),
});
