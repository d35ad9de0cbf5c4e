/**
 * The output shape of one standings row, shared by every router that shows an event's standings
 * (an event's own table, a season's division tables), so the two can never drift apart.
 */
import { z } from "zod";

export const standingRowCore = z.object({
  rank: z.number(),
  userId: z.string(),
  name: z.string(),
  wins: z.number(),
  losses: z.number(),
  spread: z.number(),
  games: z.number(),
  byes: z.number(),
  withdrawn: z.boolean(),
  whyAboveNext: z.string().nullable(),
});
