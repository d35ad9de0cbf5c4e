/**
 * The check-in desk and fees (thin): a player's own entry and code; the desk's scan, search,
 * check-in and fee record; the ledger. The desk is the event's staff (directors and judges:
 * `tournamentJudgeProcedure`); fee status, notes and codes never reach anyone else (output
 * schemas pick fields; tests/integration/security-leaks.integration.test.ts).
 */
import { z } from "zod";
import { ENTRY_STATUSES, FEE_METHODS, FEE_STATUSES, TOURNAMENT_STATUSES } from "@/server/domain";
import { configureDesk, deskCheckIn, deskScan, deskSearch, getDeskSettings, getMyEntry, renewMyCode } from "@/server/services/tournaments/desk";
import { getLedger, setFee } from "@/server/services/tournaments/fees";
import { deskScanInput, deskSearchInput, deskSettingsInput, playerInput, setFeeInput } from "@/server/services/tournaments/schemas";
import { router } from "@/server/trpc";
import { act, tournamentDirectorProcedure, tournamentJudgeProcedure, tournamentProcedure } from "./procedures";

const detailsOut = z.object({ class: z.string().optional(), club: z.string().optional(), age: z.string().optional(), notes: z.string().optional() });
const cardOut = z.object({
  userId: z.string(),
  name: z.string(),
  status: z.enum(ENTRY_STATUSES),
  checkedInAt: z.date().nullable(),
  feeStatus: z.enum(FEE_STATUSES),
  feeAmount: z.number(),
  feeMethod: z.enum(FEE_METHODS).nullable(),
  feeNote: z.string(),
  feeUpdatedAt: z.date().nullable(),
  notes: z.string(),
  details: detailsOut,
});
const checkInOut = z.object({ card: cardOut, outcome: z.enum(["checked-in", "already"]), sentence: z.string() });
const myEntryOut = z.object({
  tournamentName: z.string(),
  status: z.enum(ENTRY_STATUSES),
  checkedInAt: z.date().nullable(),
  feeStatus: z.enum(FEE_STATUSES),
  feeAmount: z.number(),
  entryFee: z.number(),
  currency: z.string(),
  details: detailsOut,
  checkInOpensAt: z.date().nullable(),
  windowOpen: z.boolean(),
  startsAt: z.date(),
  code: z.string().nullable(),
});
const ledgerOut = z.object({
  currency: z.string(),
  entryFee: z.number(),
  rows: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      entryStatus: z.enum(ENTRY_STATUSES),
      feeStatus: z.enum(FEE_STATUSES),
      amount: z.number(),
      method: z.enum(FEE_METHODS).nullable(),
      note: z.string(),
      updatedAt: z.date().nullable(),
    }),
  ),
  byStatus: z.array(z.object({ status: z.enum(FEE_STATUSES), count: z.number(), amount: z.number() })),
  byMethod: z.array(z.object({ method: z.enum(FEE_METHODS), count: z.number(), amount: z.number() })),
  received: z.number(),
});

const settingsOut = z.object({ entryFee: z.number(), currency: z.string(), checkInMinutes: z.number().nullable() });

export const deskRouter = router({
  /** The desk page's header: fee, currency, window (staff). */
  settings: tournamentJudgeProcedure
    .output(settingsOut.extend({ name: z.string(), startsAt: z.date(), status: z.enum(TOURNAMENT_STATUSES), checkInOpensAt: z.date().nullable(), windowOpen: z.boolean() }))
    .query(({ ctx }) => getDeskSettings(ctx.db, ctx.tournament.id)),
  /** Directors set the entry fee and the check-in window. */
  configure: tournamentDirectorProcedure
    .input(deskSettingsInput)
    .output(settingsOut)
    .mutation(({ ctx, input }) => configureDesk(ctx.db, { ...act(ctx), entryFee: input.entryFee, currency: input.currency, checkInMinutes: input.checkInMinutes })),
  /** The signed-in player's own entry with its check-in code (NOT_FOUND without one). */
  myEntry: tournamentProcedure.output(myEntryOut).query(({ ctx }) => getMyEntry(ctx.db, ctx.tournament.id, ctx.user.id)),
  /** The player replaces their code; earlier codes are refused at the desk. */
  renewCode: tournamentProcedure.output(z.object({ ok: z.literal(true) })).mutation(async ({ ctx }) => {
    await renewMyCode(ctx.db, { tournamentId: ctx.tournament.id, userId: ctx.user.id });
    return { ok: true as const };
  }),
  scan: tournamentJudgeProcedure
    .input(deskScanInput)
    .output(checkInOut)
    .mutation(({ ctx, input }) => deskScan(ctx.db, { ...act(ctx), role: ctx.role, code: input.code })),
  search: tournamentJudgeProcedure
    .input(deskSearchInput)
    .output(z.array(cardOut))
    .query(({ ctx, input }) => deskSearch(ctx.db, ctx.tournament.id, input.query, input.limit)),
  checkIn: tournamentJudgeProcedure
    .input(playerInput)
    .output(checkInOut)
    .mutation(({ ctx, input }) => deskCheckIn(ctx.db, { ...act(ctx), role: ctx.role, userId: input.userId })),
  setFee: tournamentJudgeProcedure
    .input(setFeeInput)
    .output(cardOut)
    .mutation(({ ctx, input }) => setFee(ctx.db, { ...act(ctx), ...input })),
  ledger: tournamentJudgeProcedure.output(ledgerOut).query(({ ctx }) => getLedger(ctx.db, ctx.tournament.id)),
});
