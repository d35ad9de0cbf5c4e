/**
 * Prizes router (thin; docs/prizes.md): the prize table and its settings are public reads,
 * directors change them and mark the results final; the payout is public once final and visible
 * to directors before that (provisional).
 */
import { z } from "zod";
import { PRIZE_CATEGORIES, PRIZE_KINDS, PRIZE_SPLITS } from "@/server/domain";
import { publicProcedure, router } from "@/server/trpc";
import { getPayout, getPrizeTable, removePrize, savePrize, setPrizeSettings, setResultsFinal } from "@/server/services/prizes/prizes";
import { finalInput, prizeIdInput, prizeRowSchema, prizeSettingsSchema } from "@/server/services/prizes/schemas";
import { tournamentIdInput } from "@/server/services/tournaments/schemas";
import { act, tournamentDirectorProcedure } from "./procedures";

const ok = z.object({ ok: z.literal(true) });
const done = { ok: true as const };

const prizeOut = z.object({
  id: z.string(),
  kind: z.enum(PRIZE_KINDS),
  place: z.number(),
  classValue: z.string().nullable(),
  ratingMin: z.number().nullable(),
  ratingMax: z.number().nullable(),
  category: z.enum(PRIZE_CATEGORIES).nullable(),
  amount: z.number().nullable(),
  item: z.string(),
  position: z.number(),
});
const split = z.enum(PRIZE_SPLITS);
const tableOut = z.object({ rows: z.array(prizeOut), split, onePrizePerPlayer: z.boolean(), currency: z.string(), resultsFinalAt: z.date().nullable(), total: z.number() });
const winnerOut = z.discriminatedUnion("kind", [z.object({ kind: z.literal("player"), playerId: z.string(), name: z.string() }), z.object({ kind: z.literal("club"), club: z.string() })]).nullable();
const payoutOut = z.object({
  tournamentName: z.string(),
  currency: z.string(),
  final: z.boolean(),
  visible: z.boolean(),
  split,
  onePrizePerPlayer: z.boolean(),
  total: z.number(),
  lines: z.array(z.object({ prizeIds: z.array(z.string()), label: z.string(), winner: winnerOut, amount: z.number(), item: z.string(), provisional: z.boolean(), why: z.string() })),
});

export const prizesRouter = router({
  table: publicProcedure.input(tournamentIdInput).output(tableOut).query(({ ctx, input }) => getPrizeTable(ctx.db, input.tournamentId)),
  payout: publicProcedure.input(tournamentIdInput).output(payoutOut).query(({ ctx, input }) => getPayout(ctx.db, input.tournamentId, ctx.user?.id ?? null)),
  save: tournamentDirectorProcedure
    .input(prizeRowSchema)
    .output(prizeOut)
    .mutation(({ ctx, input }) => {
      const { tournamentId: _id, ...row } = input as typeof input & { tournamentId: string };
      return savePrize(ctx.db, { ...act(ctx), ...row });
    }),
  remove: tournamentDirectorProcedure
    .input(prizeIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await removePrize(ctx.db, { ...act(ctx), prizeId: input.prizeId });
      return done;
    }),
  settings: tournamentDirectorProcedure
    .input(prizeSettingsSchema)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await setPrizeSettings(ctx.db, { ...act(ctx), split: input.split, onePrizePerPlayer: input.onePrizePerPlayer });
      return done;
    }),
  /** `final: true` lifts the prize hold; `false` reopens it (prizes provisional again). */
  markFinal: tournamentDirectorProcedure
    .input(finalInput)
    .output(z.object({ resultsFinalAt: z.date().nullable() }))
    .mutation(({ ctx, input }) => setResultsFinal(ctx.db, { ...act(ctx), final: input.final })),
});
