/**
 * Competitions router (thin): seasons with divisions and series (docs/competitions.md). Reads are
 * public, like an event's standings, and carry names only; every write is for the club's owners
 * and directors (checked by the service, which knows the competition's club).
 */
import { z } from "zod";
import { COMPETITION_KINDS, COMPETITION_STATUSES } from "@/server/domain";
import { protectedProcedure, publicProcedure, router } from "@/server/trpc";
import { clubCompetitionsInput, competitionIdInput, createSeasonInput, createSeriesInput, nextSeasonInput, seriesEventInput } from "@/server/services/competitions/schemas";
import { standingRowCore } from "./standing-row";
import { seasonDesk } from "@/server/services/competitions/season-desk";
import { getSeason } from "@/server/services/competitions/season-view";
import { createNextSeason, createSeason } from "@/server/services/competitions/seasons";
import { createSeries, getSeries, listCompetitions, setSeriesEvent } from "@/server/services/competitions/series";

const made = z.object({ id: z.string(), name: z.string() });
const ok = z.object({ ok: z.literal(true) });
const club = z.object({ id: z.string(), name: z.string(), handle: z.string() });

const seasonRowOut = standingRowCore.extend({
  zone: z.enum(["up", "down"]).nullable(),
  zoneText: z.string().nullable(),
  leftClub: z.boolean(),
  seededWhy: z.string().nullable(),
});
const seasonOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(COMPETITION_STATUSES),
  rated: z.boolean(),
  divisionSize: z.number().nullable(),
  club,
  rule: z.string(),
  startsAt: z.date(),
  endsAt: z.date().nullable(),
  previousId: z.string().nullable(),
  nextId: z.string().nullable(),
  canDirect: z.boolean(),
  divisions: z.array(
    z.object({
      tournamentId: z.string(),
      number: z.number(),
      name: z.string(),
      status: z.string(),
      format: z.string(),
      rounds: z.array(z.object({ number: z.number(), status: z.string().nullable(), playFrom: z.date(), playBy: z.date() })),
      rows: z.array(seasonRowOut),
      remaining: z.array(
        z.object({
          userId: z.string(),
          name: z.string(),
          games: z.array(z.object({ round: z.number(), opponents: z.array(z.string()), playFrom: z.date().nullable(), playBy: z.date().nullable(), scheduledAt: z.date().nullable(), toMove: z.string().nullable() })),
        }),
      ),
    }),
  ),
  left: z.array(z.object({ name: z.string(), why: z.string() })),
  notes: z.array(z.string()),
});
const seriesOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  club,
  best: z.number(),
  pointsText: z.string(),
  canDirect: z.boolean(),
  events: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), startsAt: z.date(), counts: z.boolean() })),
  rows: z.array(
    z.object({
      rank: z.number(),
      userId: z.string(),
      name: z.string(),
      total: z.string(),
      counted: z.number(),
      played: z.number(),
      cells: z.array(z.object({ eventId: z.string(), place: z.number().nullable(), points: z.string(), status: z.enum(["counted", "dropped", "absent"]) })),
      whyAboveNext: z.string().nullable(),
    }),
  ),
  candidates: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })),
});
const summaryOut = z.object({ id: z.string(), kind: z.enum(COMPETITION_KINDS), name: z.string(), startsAt: z.date(), endsAt: z.date().nullable(), status: z.enum(COMPETITION_STATUSES), events: z.number() });

const deskBoard = { pairingId: z.string(), round: z.number(), table: z.number(), players: z.array(z.string()), deadline: z.date().nullable() };
const deskOut = z.array(
  z.object({
    tournamentId: z.string(),
    name: z.string(),
    pending: z.array(z.object({ ...deskBoard, proposedBy: z.string(), times: z.array(z.string()), note: z.string(), createdAt: z.date() })),
    silent: z.array(z.object(deskBoard)),
  }),
);

export const competitionsRouter = router({
  list: publicProcedure.input(clubCompetitionsInput).output(z.array(summaryOut)).query(({ ctx, input }) => listCompetitions(ctx.db, input.clubId)),
  season: publicProcedure.input(competitionIdInput).output(seasonOut).query(({ ctx, input }) => getSeason(ctx.db, input.competitionId, ctx.user?.id ?? null)),
  seasonDesk: protectedProcedure.input(competitionIdInput).output(deskOut).query(({ ctx, input }) => seasonDesk(ctx.db, input.competitionId, ctx.user.id)),
  series: publicProcedure.input(competitionIdInput).output(seriesOut).query(({ ctx, input }) => getSeries(ctx.db, input.competitionId, ctx.user?.id ?? null)),
  createSeason: protectedProcedure.input(createSeasonInput).output(made).mutation(({ ctx, input }) => createSeason(ctx.db, ctx.user.id, input)),
  nextSeason: protectedProcedure.input(nextSeasonInput).output(made).mutation(({ ctx, input }) => createNextSeason(ctx.db, ctx.user.id, input)),
  createSeries: protectedProcedure.input(createSeriesInput).output(made).mutation(({ ctx, input }) => createSeries(ctx.db, ctx.user.id, input)),
  addEvent: protectedProcedure
    .input(seriesEventInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await setSeriesEvent(ctx.db, ctx.user.id, input, true);
      return { ok: true as const };
    }),
  removeEvent: protectedProcedure
    .input(seriesEventInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await setSeriesEvent(ctx.db, ctx.user.id, input, false);
      return { ok: true as const };
    }),
});
