/**
 * The "Play now" lobby (thin; docs/matches.md "Play now: open seeks"): the open seeks anyone may
 * read (a club's only for its members), and offering, accepting and withdrawing for the signed in.
 * Output schemas pick fields: names and ids only, never an e-mail.
 */
import { z } from "zod";
import { RULESET_IDS } from "@/engine";
import { TIME_PRESETS } from "@/server/domain";
import { protectedProcedure, publicProcedure, router } from "@/server/trpc";
import { listSeeks, mySeeks } from "@/server/services/seeks/reads";
import { acceptSeek, cancelSeek, createSeek } from "@/server/services/seeks/seeks";
import { createSeekInput, listSeeksInput, seekIdInput } from "@/server/services/seeks/schemas";

const person = z.object({ id: z.string(), name: z.string() });
const seekOut = z.object({
  id: z.string(),
  creator: person,
  club: z.object({ id: z.string(), name: z.string(), handle: z.string() }).nullable(),
  ruleset: z.enum(RULESET_IDS),
  preset: z.enum(TIME_PRESETS),
  timeControl: z.object({ initialMs: z.number(), incrementMs: z.number() }),
  rated: z.boolean(),
  players: z.number().int(),
  takers: z.array(person),
  mine: z.boolean(),
  seated: z.boolean(),
  createdAt: z.date(),
  expiresAt: z.date(),
});

export const seeksRouter = router({
  /** Open seeks: a club's (members only), or the site-wide ones plus those of my clubs. */
  list: publicProcedure
    .input(listSeeksInput)
    .output(z.array(seekOut))
    .query(({ ctx, input }) => listSeeks(ctx.db, ctx.user?.id ?? null, input)),

  /** My open seek (made or seated in) and the game my last seek became. */
  mine: protectedProcedure
    .output(z.object({ open: seekOut.nullable(), started: z.object({ seekId: z.string(), matchId: z.string() }).nullable() }))
    .query(({ ctx }) => mySeeks(ctx.db, ctx.user.id)),

  create: protectedProcedure
    .input(createSeekInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createSeek(ctx.db, ctx.user.id, input)),

  /** Take a seat; `matchId` is set when that was the last seat (the game exists). */
  accept: protectedProcedure
    .input(seekIdInput)
    .output(z.object({ seekId: z.string(), matchId: z.string().nullable() }))
    .mutation(({ ctx, input }) => acceptSeek(ctx.db, ctx.user.id, input.seekId)),

  /** The creator withdraws; a pod's seated player leaves. */
  cancel: protectedProcedure
    .input(seekIdInput)
    .output(z.object({ status: z.enum(["cancelled", "left"]) }))
    .mutation(({ ctx, input }) => cancelSeek(ctx.db, ctx.user.id, input.seekId)),
});
