/**
 * Self-scheduled games router (thin; docs/competitions.md "Scheduling a game", "Unplayed games",
 * "Reporting a result yourselves"): players propose and answer times, open their game, report and
 * confirm results; directors set a round's window and decide unplayed boards. Who may act on a
 * board is checked by the services under the board's lock (a player of it; the director's acts
 * through the tournament procedures). Notes reach only the board's players and the directors.
 */
import { z } from "zod";
import { PROPOSAL_STATUSES, REPORT_STATUSES, ROUND_STATUSES } from "@/server/domain";
import { protectedProcedure, router } from "@/server/trpc";
import { acceptProposal, closeProposal, counterProposal, propose } from "@/server/services/schedule/proposals";
import { confirmReport, disputeReport, reportResult } from "@/server/services/schedule/reports";
import { decideUnplayed, directorPanel, setRoundWindow } from "@/server/services/schedule/unplayed";
import { myBoards, openScheduledGame } from "@/server/services/schedule/views";
import {
  acceptInput,
  counterInput,
  decideInput,
  disputeInput,
  mineInput,
  openGameInput,
  proposalIdInput,
  proposeInput,
  reportIdInput,
  reportInput,
  windowInput,
} from "@/server/services/schedule/schemas";
import { act, tournamentDirectorProcedure } from "./tournaments/procedures";

const ok = z.object({ ok: z.literal(true) });
const done = { ok: true as const };
const person = z.object({ userId: z.string(), name: z.string() });
const DECISIONS = ["forfeit", "double-forfeit", "extend"] as const;

const myBoardOut = z.object({
  pairingId: z.string(),
  tournamentId: z.string(),
  tournamentName: z.string(),
  round: z.number(),
  table: z.number(),
  opponents: z.array(person),
  players: z.array(person),
  playFrom: z.date().nullable(),
  deadline: z.date().nullable(),
  extended: z.boolean(),
  scheduledAt: z.date().nullable(),
  opensAt: z.date().nullable(),
  correspondenceMs: z.number().nullable(),
  matchId: z.string().nullable(),
  proposals: z.array(
    z.object({ id: z.string(), mine: z.boolean(), byName: z.string(), times: z.array(z.string()), note: z.string(), status: z.enum(PROPOSAL_STATUSES), acceptedTime: z.date().nullable(), createdAt: z.date() }),
  ),
  report: z.object({ id: z.string(), mine: z.boolean(), byName: z.string(), scores: z.record(z.string(), z.number()), note: z.string(), status: z.enum(REPORT_STATUSES), createdAt: z.date() }).nullable(),
  overdue: z.boolean(),
});

const directorBoardOut = z.object({
  pairingId: z.string(),
  round: z.number(),
  table: z.number(),
  players: z.array(person),
  deadline: z.date().nullable(),
  scheduledAt: z.date().nullable(),
  kind: z.enum(["unplayed", "disputed"]),
  lastDecision: z.object({ decision: z.enum(DECISIONS), byName: z.string(), at: z.date() }).nullable(),
  proposals: z.array(z.object({ proposedBy: z.string(), times: z.array(z.string()), note: z.string(), status: z.enum(PROPOSAL_STATUSES), createdAt: z.date() })),
  report: z.object({ reportedBy: z.string(), scores: z.record(z.string(), z.number()), note: z.string(), status: z.enum(REPORT_STATUSES), createdAt: z.date() }).nullable(),
});

export const scheduleRouter = router({
  /** The caller's boards to schedule or report (all boards without a result of `tournamentId` when given). */
  mine: protectedProcedure
    .input(mineInput)
    .output(z.array(myBoardOut))
    .query(({ ctx, input }) => myBoards(ctx.db, ctx.user.id, input.tournamentId ? { tournamentId: input.tournamentId } : {})),
  propose: protectedProcedure
    .input(proposeInput)
    .output(z.object({ proposalId: z.string() }))
    .mutation(({ ctx, input }) => propose(ctx.db, { ...input, userId: ctx.user.id })),
  accept: protectedProcedure
    .input(acceptInput)
    .output(z.object({ scheduledAt: z.date() }))
    .mutation(({ ctx, input }) => acceptProposal(ctx.db, { ...input, userId: ctx.user.id })),
  counter: protectedProcedure
    .input(counterInput)
    .output(z.object({ proposalId: z.string() }))
    .mutation(({ ctx, input }) => counterProposal(ctx.db, { ...input, userId: ctx.user.id })),
  decline: protectedProcedure
    .input(proposalIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await closeProposal(ctx.db, { ...input, userId: ctx.user.id, how: "declined" }), done)),
  withdraw: protectedProcedure
    .input(proposalIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await closeProposal(ctx.db, { ...input, userId: ctx.user.id, how: "withdrawn" }), done)),
  openGame: protectedProcedure
    .input(openGameInput)
    .output(z.object({ matchId: z.string() }))
    .mutation(({ ctx, input }) => openScheduledGame(ctx.db, { ...input, userId: ctx.user.id })),
  report: protectedProcedure
    .input(reportInput)
    .output(z.object({ reportId: z.string() }))
    .mutation(({ ctx, input }) => reportResult(ctx.db, { ...input, userId: ctx.user.id })),
  confirm: protectedProcedure
    .input(reportIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await confirmReport(ctx.db, { ...input, userId: ctx.user.id }), done)),
  dispute: protectedProcedure
    .input(disputeInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await disputeReport(ctx.db, { ...input, userId: ctx.user.id }), done)),
  /** Directors: a round's play-by window (both null clears it). */
  setWindow: tournamentDirectorProcedure
    .input(windowInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await setRoundWindow(ctx.db, { ...act(ctx), roundNumber: input.roundNumber, playFrom: input.playFrom, playBy: input.playBy }), done)),
  /** Directors: the rounds' windows, unplayed boards past their deadline and disputed reports. */
  unplayed: tournamentDirectorProcedure
    .output(z.object({ rounds: z.array(z.object({ number: z.number(), status: z.enum(ROUND_STATUSES), playFrom: z.date().nullable(), playBy: z.date().nullable() })), boards: z.array(directorBoardOut) }))
    .query(({ ctx }) => directorPanel(ctx.db, ctx.tournament)),
  decide: tournamentDirectorProcedure
    .input(decideInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await decideUnplayed(ctx.db, { ...act(ctx), ...input }), done)),
});
