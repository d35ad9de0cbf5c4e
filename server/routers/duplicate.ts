/**
 * Duplicate games (thin; docs/duplicate.md): create, join, start, submit a play, the director's
 * slips and early close, and the game as the caller may see it (one screen; the table, a closed turn's plays and the players by page) and its live notices; events (several games ranked together). Output schemas pick fields: the bag never leaves,
 * and another player's play for the open turn is not in the view (only who has submitted).
 */
import { z } from "zod";
import { DUPLICATE_STANDINGS, PREVIEW_MODES } from "@/server/domain";
import { placementOut } from "@/server/placement-schemas";
import { protectedProcedure, router } from "@/server/trpc";
import { closeTurnNow, createDuplicate, enterSlip, joinDuplicate, listDuplicates, startDuplicate } from "@/server/services/duplicate/games";
import { duplicateView } from "@/server/services/duplicate/view";
import { addGameToEvent, createDuplicateEvent, eventView, listDuplicateEvents } from "@/server/services/duplicate/events";
import { closeNowInput, createDuplicateInput, createEventInput, eventGameInput, eventIdInput, gameIdInput, pageInput, slipInput, submitInput, turnPlaysInput } from "@/server/services/duplicate/schemas";
import { duplicatePlayersPage, duplicateTablePage, duplicateTurnPlays } from "@/server/services/duplicate/pages";
import { liveDuplicate } from "@/server/services/duplicate/live";
import { submitPlay } from "@/server/services/duplicate/turns";

const STATUS = z.enum(["lobby", "playing", "finished"]);
const playOut = z.object({ placements: z.array(placementOut), score: z.number(), text: z.string() });
const cellOut = z.object({ score: z.number(), top: z.boolean(), solo: z.boolean(), missed: z.boolean(), submitted: z.boolean() });

const playerOut = z.object({ userId: z.string(), name: z.string(), table: z.number(), joinedTurn: z.number() });
const turnPlayOut = z.object({ userId: z.string(), name: z.string(), table: z.number(), text: z.string().nullable(), score: z.number(), valid: z.boolean().nullable(), reason: z.string().nullable() });
const tableOut = z.object({
  turns: z.array(z.number()),
  tops: z.array(z.number()),
  topTotal: z.number(),
  rowCount: z.number(),
  rows: z.array(
    z.object({ userId: z.string(), name: z.string(), table: z.number(), position: z.number(), cells: z.array(cellOut), total: z.number(), percent: z.number(), tops: z.number(), soloTops: z.number() }),
  ),
});

const viewOut = z.object({
  id: z.string(),
  name: z.string(),
  ruleset: z.string(),
  rulesetOptions: z.record(z.string(), z.unknown()),
  turnSeconds: z.number(),
  maxTurns: z.number(),
  preview: z.enum(PREVIEW_MODES),
  status: STATUS,
  version: z.number(),
  clubId: z.string().nullable(),
  eventId: z.string().nullable(),
  serverNow: z.date(),
  isDirector: z.boolean(),
  me: z.object({ table: z.number(), joinedTurn: z.number() }).nullable(),
  board: z.array(placementOut),
  turn: z.object({ number: z.number(), rack: z.array(z.string()), openedAt: z.date(), dueAt: z.date() }).nullable(),
  mine: z.object({ placements: z.array(placementOut), count: z.number(), submittedAt: z.date() }).nullable(),
  playerCount: z.number(),
  players: z.array(playerOut),
  submittedCount: z.number(),
  submitted: z.array(z.string()),
  history: z.array(z.object({ number: z.number(), rack: z.array(z.string()), master: playOut.nullable(), playCount: z.number(), own: turnPlayOut.nullable() })),
  table: tableOut,
});

const STANDING = z.enum(DUPLICATE_STANDINGS);
const eventOut = z.object({
  id: z.string(),
  name: z.string(),
  clubId: z.string().nullable(),
  standing: STANDING,
  isDirector: z.boolean(),
  games: z.array(z.object({ id: z.string(), name: z.string(), ruleset: z.string(), status: STATUS, turn: z.number(), maxTurns: z.number(), topTotal: z.number() })),
  standings: z.array(
    z.object({ userId: z.string(), name: z.string(), rank: z.number(), total: z.number(), topTotal: z.number(), percent: z.number(), games: z.number(), why: z.string().nullable() }),
  ),
  addable: z.array(z.object({ id: z.string(), name: z.string() })),
});

const liveOut = z.object({ version: z.number() });
const submitOut = z.object({ turn: z.number(), count: z.number(), submittedAt: z.date() });

export const duplicateRouter = router({
  list: protectedProcedure
    .output(
      z.array(
        z.object({ id: z.string(), name: z.string(), ruleset: z.string(), status: STATUS, turn: z.number(), maxTurns: z.number(), players: z.number(), joined: z.boolean() }),
      ),
    )
    .query(({ ctx }) => listDuplicates(ctx.db, ctx.user.id)),

  get: protectedProcedure
    .input(gameIdInput)
    .output(viewOut)
    .query(({ ctx, input }) => duplicateView(ctx.db, input.gameId, ctx.user.id)),

  /** Rows of the table by page (the view carries the first and the caller's own). */
  table: protectedProcedure
    .input(pageInput)
    .output(tableOut)
    .query(({ ctx, input }) => duplicateTablePage(ctx.db, input, ctx.user.id)),

  /** A closed turn's plays by page (an open turn's are their authors' alone). */
  turnPlays: protectedProcedure
    .input(turnPlaysInput)
    .output(z.object({ number: z.number(), playCount: z.number(), plays: z.array(turnPlayOut) }))
    .query(({ ctx, input }) => duplicateTurnPlays(ctx.db, input, ctx.user.id)),

  /** The players by page, by table number, and who has submitted this turn (not what). */
  players: protectedProcedure
    .input(pageInput)
    .output(z.object({ playerCount: z.number(), players: z.array(playerOut.extend({ submitted: z.boolean() })) }))
    .query(({ ctx, input }) => duplicatePlayersPage(ctx.db, input, ctx.user.id)),

  /** Live: `{ version }` now and after every visible change (SSE; no data: pages re-read `get`). */
  live: protectedProcedure.input(gameIdInput).subscription(async function* ({ ctx, input, signal }) {
    for await (const v of liveDuplicate(ctx.db, input.gameId, ctx.user.id, signal)) yield liveOut.parse(v);
  }),

  create: protectedProcedure
    .input(createDuplicateInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createDuplicate(ctx.db, ctx.user.id, input)),

  join: protectedProcedure
    .input(gameIdInput)
    .output(z.object({ table: z.number(), joinedTurn: z.number() }))
    .mutation(({ ctx, input }) => joinDuplicate(ctx.db, input.gameId, ctx.user.id)),

  /** The director draws the first rack. */
  start: protectedProcedure
    .input(gameIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => (await startDuplicate(ctx.db, input.gameId, ctx.user.id), { ok: true as const })),

  /** My play for the open turn (replaces my earlier one until the close). */
  submit: protectedProcedure
    .input(submitInput)
    .output(submitOut)
    .mutation(({ ctx, input }) => submitPlay(ctx.db, input, ctx.user.id)),

  /** The director types a player's slip. */
  slip: protectedProcedure
    .input(slipInput)
    .output(submitOut.extend({ table: z.number(), name: z.string() }))
    .mutation(({ ctx, input }) => enterSlip(ctx.db, ctx.user.id, input)),

  /** The director closes the open turn now, as at its deadline (idempotent: closed once). */
  closeNow: protectedProcedure
    .input(closeNowInput)
    .output(z.object({ turn: z.number(), closed: z.boolean() }))
    .mutation(({ ctx, input }) => closeTurnNow(ctx.db, ctx.user.id, input)),

  /** Duplicate events: mine, my clubs' and those without a club. */
  eventList: protectedProcedure
    .output(z.array(z.object({ id: z.string(), name: z.string(), standing: STANDING, clubId: z.string().nullable(), games: z.number() })))
    .query(({ ctx }) => listDuplicateEvents(ctx.db, ctx.user.id)),

  eventGet: protectedProcedure
    .input(eventIdInput)
    .output(eventOut)
    .query(({ ctx, input }) => eventView(ctx.db, input.eventId, ctx.user.id)),

  eventCreate: protectedProcedure
    .input(createEventInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createDuplicateEvent(ctx.db, ctx.user.id, input)),

  /** The director puts one of their games into the event. */
  eventAdd: protectedProcedure
    .input(eventGameInput)
    .output(z.object({ games: z.number() }))
    .mutation(({ ctx, input }) => addGameToEvent(ctx.db, ctx.user.id, input)),
});
