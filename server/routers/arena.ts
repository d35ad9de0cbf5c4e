/**
 * Club nights (arena) and ladders (docs/competitions.md, "Running a club night"): thin procedures,
 * one service call each (server/services/arena). Every procedure needs a signed-in club member; the
 * services check the role (directors open, close, attach and decide; players of a game report,
 * confirm and dispute it).
 */
import { z } from "zod";
import { protectedProcedure, router } from "@/server/trpc";
import { confirmResult, decideResult, disputeResult, reportResult } from "@/server/services/arena/games";
import { attachNight, closeNight, createLadder, joinNight, leaveNight, openNight, setSmallGroups } from "@/server/services/arena/nights";
import {
  ARENA_GAME_STATUSES,
  ARENA_MODES,
  ARENA_NIGHT_STATUSES,
  ARENA_PLAYER_STATUSES,
  attachInput,
  clubNightsInput,
  createLadderInput,
  decideInput,
  disputeInput,
  gameIdInput,
  ladderIdInput,
  nightIdInput,
  openNightInput,
  reportInput,
  smallGroupsInput,
} from "@/server/services/arena/schemas";
import { clubArena, ladderView, nightView } from "@/server/services/arena/views";

const ok = z.object({ ok: z.literal(true) });
const idOut = z.object({ id: z.string() });
const person = z.object({ id: z.string(), name: z.string() });
const scoresOut = z.record(z.string(), z.number()).nullable();
const scoringOut = z.object({ win: z.number(), draw: z.number(), loss: z.number(), streak: z.object({ after: z.number(), multiplier: z.number() }).nullable() });

const nightOut = z.object({
  night: z.object({
    id: z.string(),
    clubId: z.string(),
    name: z.string(),
    ruleset: z.string(),
    groupSize: z.number(),
    mode: z.enum(ARENA_MODES),
    rated: z.boolean(),
    smallGroups: z.boolean(),
    status: z.enum(ARENA_NIGHT_STATUSES),
    scoring: scoringOut,
    ladderId: z.string().nullable(),
    version: z.number(),
    startsAt: z.date(),
  }),
  canDirect: z.boolean(),
  me: z.object({ status: z.enum(ARENA_PLAYER_STATUSES), gameId: z.string().nullable(), waitingReason: z.string().nullable() }).nullable(),
  players: z.array(person.extend({ status: z.enum(ARENA_PLAYER_STATUSES) })),
  waiting: z.array(person.extend({ reason: z.string() })),
  games: z.array(
    z.object({
      id: z.string(),
      tableNo: z.number(),
      players: z.array(person),
      scores: scoresOut,
      status: z.enum(ARENA_GAME_STATUSES),
      reportedBy: z.string().nullable(),
      confirmedBy: z.array(z.string()),
      matchId: z.string().nullable(),
      note: z.string(),
    }),
  ),
  standings: z.array(
    z.object({ rank: z.number(), playerId: z.string(), name: z.string(), points: z.number(), games: z.number(), wins: z.number(), draws: z.number(), losses: z.number(), onStreak: z.boolean() }),
  ),
  why: z.array(z.string()),
});

const clubOut = z.object({
  canDirect: z.boolean(),
  nights: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(ARENA_NIGHT_STATUSES), startsAt: z.date(), ladderId: z.string().nullable(), mode: z.enum(ARENA_MODES), groupSize: z.number() })),
  ladders: z.array(z.object({ id: z.string(), name: z.string(), rule: z.string(), rated: z.boolean() })),
});

const ladderOut = z.object({
  ladder: z.object({ id: z.string(), clubId: z.string(), name: z.string(), rule: z.string(), rated: z.boolean() }),
  nights: z.array(z.object({ id: z.string(), name: z.string(), startsAt: z.date(), status: z.enum(ARENA_NIGHT_STATUSES) })),
  rows: z.array(
    z.object({
      playerId: z.string(),
      name: z.string(),
      rank: z.number().nullable(),
      nights: z.number(),
      value: z.string(),
      cells: z.array(z.object({ nightId: z.string(), points: z.number().nullable(), counted: z.boolean() })),
      note: z.string().nullable(),
    }),
  ),
});

export const arenaRouter = router({
  club: protectedProcedure
    .input(clubNightsInput)
    .output(clubOut)
    .query(({ ctx, input }) => clubArena(ctx.db, ctx.user.id, input.clubId)),
  night: protectedProcedure
    .input(nightIdInput)
    .output(nightOut)
    .query(({ ctx, input }) => nightView(ctx.db, ctx.user.id, input.nightId)),
  ladder: protectedProcedure
    .input(ladderIdInput)
    .output(ladderOut)
    .query(({ ctx, input }) => ladderView(ctx.db, ctx.user.id, input.ladderId)),

  open: protectedProcedure
    .input(openNightInput)
    .output(idOut)
    .mutation(async ({ ctx, input }) => ({ id: (await openNight(ctx.db, ctx.user.id, input)).id })),
  close: protectedProcedure
    .input(nightIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await closeNight(ctx.db, ctx.user.id, input.nightId), { ok: true as const })),
  /** Pods nights, end of the evening: let fewer free players than a pod play (directors). */
  smallGroups: protectedProcedure
    .input(smallGroupsInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await setSmallGroups(ctx.db, ctx.user.id, input), { ok: true as const })),
  attach: protectedProcedure
    .input(attachInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await attachNight(ctx.db, ctx.user.id, input), { ok: true as const })),
  join: protectedProcedure
    .input(nightIdInput)
    .output(z.object({ paired: z.boolean() }))
    .mutation(({ ctx, input }) => joinNight(ctx.db, ctx.user.id, input.nightId)),
  leave: protectedProcedure
    .input(nightIdInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await leaveNight(ctx.db, ctx.user.id, input.nightId), { ok: true as const })),
  report: protectedProcedure
    .input(reportInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await reportResult(ctx.db, ctx.user.id, input), { ok: true as const })),
  confirm: protectedProcedure
    .input(gameIdInput)
    .output(z.object({ settled: z.boolean() }))
    .mutation(({ ctx, input }) => confirmResult(ctx.db, ctx.user.id, input.gameId)),
  dispute: protectedProcedure
    .input(disputeInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await disputeResult(ctx.db, ctx.user.id, input), { ok: true as const })),
  decide: protectedProcedure
    .input(decideInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => (await decideResult(ctx.db, ctx.user.id, input), { ok: true as const })),
  createLadder: protectedProcedure
    .input(createLadderInput)
    .output(idOut)
    .mutation(async ({ ctx, input }) => ({ id: (await createLadder(ctx.db, ctx.user.id, input)).id })),
});
