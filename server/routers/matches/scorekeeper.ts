/**
 * Scorekeeper station procedures (thin): over-the-board games entered by a scorekeeper
 * (server/services/matches/scorekeeper.ts). Views go through the matches output schema, so the
 * station sees what a spectator sees (there are no racks to see anyway).
 */
import { z } from "zod";
import { MATCH_MODES, MATCH_STATUSES } from "@/server/domain";
import { protectedProcedure, publicProcedure, router } from "@/server/trpc";
import { matchIdInput } from "@/server/services/matches/schemas";
import { createOtbInput, otbClockInput, otbMoveInput, otbPairingInput } from "@/server/services/matches/scorekeeper-schemas";
import { createOtbFromPairing, createOtbMatch, getStationView, listMyStations, scorekeeperClock, scorekeeperMove } from "@/server/services/matches/scorekeeper";
import { matchViewOut, moveOut } from "./outputs";

const stationOut = z.object({
  view: matchViewOut,
  mode: z.enum(MATCH_MODES),
  canKeepScore: z.boolean(),
  canResign: z.array(z.number().int()),
  canStopClocks: z.boolean(),
  scorekeeperName: z.string().nullable(),
  events: z.array(z.object({ seq: z.number().int(), event: z.record(z.string(), z.unknown()) })).nullable(),
});

export const scorekeeperRouter = router({
  /** A casual over-the-board game between named players (registered or guests); starts at once. */
  create: protectedProcedure
    .input(createOtbInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createOtbMatch(ctx.db, ctx.user.id, input)),

  /** A tournament pairing's game, kept over the board (a director or one of its players). */
  createFromPairing: protectedProcedure
    .input(otbPairingInput)
    .output(z.object({ matchId: z.string(), created: z.boolean() }))
    .mutation(({ ctx, input }) => createOtbFromPairing(ctx.db, { pairingId: input.pairingId, userId: ctx.user.id })),

  /** The station's view (spectator-safe) and what the viewer may do (enter moves, resign which seats, pause). */
  get: publicProcedure
    .input(matchIdInput)
    .output(stationOut)
    .query(({ ctx, input }) => getStationView(ctx.db, input.matchId, ctx.user?.id ?? null)),

  /** A play, exchange (count only), pass, challenge or resignation for a seat (a resignation only by someone the seat answers to). */
  move: protectedProcedure
    .input(otbMoveInput)
    .output(moveOut)
    .mutation(({ ctx, input }) => scorekeeperMove(ctx.db, ctx.user.id, input)),

  /** Pause the clocks for a ruling / resume them (the scorekeeper or a tournament director). */
  clock: protectedProcedure
    .input(otbClockInput)
    .output(moveOut)
    .mutation(({ ctx, input }) => scorekeeperClock(ctx.db, ctx.user.id, input)),

  /** Games I keep score of. */
  mine: protectedProcedure
    .output(
      z.array(
        z.object({
          id: z.string(),
          status: z.enum(MATCH_STATUSES),
          ruleset: z.string(),
          players: z.array(z.string()),
          scores: z.array(z.number()),
          tournamentId: z.string().nullable(),
          updatedAt: z.date(),
        }),
      ),
    )
    .query(({ ctx }) => listMyStations(ctx.db, ctx.user.id)),
});
