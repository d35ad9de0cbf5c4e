/**
 * Tournaments router (thin): validate input, check the caller's role through the tournament
 * procedures, call one service, pick output fields. Public reads (overview, standings, cross-table,
 * bracket) need no sign-in; e-mail addresses of entries reach directors only.
 */
import { z } from "zod";
import { RULESET_IDS } from "@/engine";
import { AGE_CATEGORIES, ENTRY_FIELDS, ENTRY_OPEN_TO, ENTRY_STATUSES, GRAND_FINAL_OPTIONS, LOSS_REASONS, PAIRING_METHOD_CODES, PREVIEW_MODES, ROUND_STATUSES, TOURNAMENT_FORMATS, TOURNAMENT_STAFF_ROLES, TOURNAMENT_STATUSES } from "@/server/domain";
import { protectedProcedure, publicProcedure, router } from "@/server/trpc";
import { listAudit } from "@/server/services/tournaments/audit";
import { addPlayers, checkInAll, checkInSelf, searchMembers, setCheckIn, setSeed, withdrawPlayer } from "@/server/services/tournaments/registration";
import { enter, withdrawSelf } from "@/server/services/tournaments/entries";
import { addForbiddenPair, forbiddenPairsOf, listForbiddenPairs, removeForbiddenPair } from "@/server/services/tournaments/forbidden";
import { enterDirectorResult } from "@/server/services/boards/enter-result";
import { startRoundClock } from "@/server/services/boards/round-clock";
import { getRoundClock } from "@/server/services/tournaments/clock";
import { closeRound, deleteDraftRound, draftFromDevice, flipFirstMove, pairNextRound, publishRound, swapPlayers } from "@/server/services/tournaments/rounds";
import { standingRowCore } from "../standing-row";
import {
  addPlayersInput,
  checkInInput,
  createTournamentInput,
  devicePairingInput,
  enterResultInput,
  explainInput,
  flipInput,
  forbiddenPairInput,
  memberSearchInput,
  listTournamentsInput,
  pairRoundInput,
  playerInput,
  roundInput,
  seedInput,
  staffInput,
  startRoundInput,
  swapInput,
  timeControlSchema,
  tournamentIdInput,
  updateTournamentInput,
} from "@/server/services/tournaments/schemas";
import { addStaff, createTournament, listTournaments, removeStaff, updateTournament } from "@/server/services/tournaments/tournaments";
import { explainStanding, getBracket, getCrossTable, getOverview, getStandings, liveTournament } from "@/server/services/tournaments/views";
import { entriesRouter } from "./entries";
import { deskRouter } from "./desk";
import { act, tournamentDirectorProcedure, tournamentProcedure } from "./procedures";
import { tshRouter } from "./tsh";
import { prizesRouter } from "./prizes";
import { REST } from "../rest-routes";

const ok = z.object({ ok: z.literal(true) });
const done = { ok: true as const };

const tournamentOut = z.object({
  id: z.string(),
  clubId: z.string(),
  name: z.string(),
  description: z.string(),
  startsAt: z.date(),
  endsAt: z.date().nullable(),
  ruleset: z.enum(RULESET_IDS),
  rulesetOptions: z.record(z.string(), z.unknown()),
  timeControl: timeControlSchema,
  challengeRule: z.string(),
  rated: z.boolean(),
  playersPerGame: z.number(),
  format: z.enum(TOURNAMENT_FORMATS),
  rounds: z.number(),
  byeWins: z.number(),
  byeSpread: z.number(),
  forfeitSpread: z.number(),
  spreadCap: z.number().nullable(),
  lateEntryWins: z.number(),
  tiebreaks: z.array(z.string()),
  gibson: z.boolean(),
  gibsonSpread: z.number(),
  gibsonPlaces: z.number(),
  prizePlaces: z.number(),
  pairingPlan: z.array(z.object({ fromRound: z.number(), method: z.enum(PAIRING_METHOD_CODES) })),
  bronzeMatch: z.boolean(),
  grandFinal: z.enum(GRAND_FINAL_OPTIONS),
  noShowMinutes: z.number().nullable(),
  preview: z.enum(PREVIEW_MODES),
  entryOpensAt: z.date().nullable(),
  entryClosesAt: z.date().nullable(),
  entryCap: z.number().nullable(),
  entryOpenTo: z.enum(ENTRY_OPEN_TO),
  entryFields: z.array(z.enum(ENTRY_FIELDS)),
  status: z.enum(TOURNAMENT_STATUSES),
});
const role = z.enum(TOURNAMENT_STAFF_ROLES);
const entryOut = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(ENTRY_STATUSES),
  seed: z.number().nullable(),
  /** Directors only (null otherwise): the device pairs with it offline. */
  rating: z.number().nullable(),
  joinedRound: z.number(),
  withdrawnAfterRound: z.number().nullable(),
  /** Directors and the player themselves only (null otherwise). */
  details: z.object({ class: z.string().optional(), club: z.string().optional(), age: z.enum(AGE_CATEGORIES).optional(), notes: z.string().optional() }).nullable(),
  waitlistPosition: z.number().nullable(),
  present: z.boolean(),
});
const pairingOut = z.object({
  id: z.string(),
  table: z.number(),
  isBye: z.boolean(),
  players: z.array(z.object({ userId: z.string(), name: z.string(), score: z.number().nullable() })),
  forfeitUserId: z.string().nullable(),
  doubleForfeit: z.boolean(),
  lossReason: z.enum(LOSS_REASONS).nullable(),
  reason: z.string(),
  manual: z.boolean(),
  bracketMatchId: z.string().nullable(),
  hasResult: z.boolean(),
  resultSource: z.string().nullable(),
  version: z.number(),
});
const roundOut = z.object({
  number: z.number(),
  status: z.enum(ROUND_STATUSES),
  pairingMethod: z.string().nullable(),
  notes: z.array(z.string()),
  pairings: z.array(pairingOut),
  /** The round clock (null until the director starts it). */
  startedAt: z.date().nullable(),
  durationMs: z.number().nullable(),
});
const overviewOut = z.object({
  tournament: tournamentOut,
  club: z.object({ id: z.string(), name: z.string(), handle: z.string() }),
  staff: z.array(z.object({ userId: z.string(), name: z.string(), role })),
  viewerRole: role.nullable(),
  isClubMember: z.boolean(),
  myEntry: entryOut.nullable(),
  entries: z.array(entryOut),
  entryForm: z.object({ inField: z.number(), cap: z.number().nullable(), waiting: z.number(), refusal: z.string().nullable() }),
  rounds: z.array(roundOut),
  plannedRounds: z.number().nullable(),
  /** The server's time when the view was read: pages count the round clock down from it. */
  serverNow: z.date(),
});
const summaryOut = z.object({
  id: z.string(),
  name: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  clubHandle: z.string(),
  format: z.enum(TOURNAMENT_FORMATS),
  ruleset: z.enum(RULESET_IDS),
  status: z.enum(TOURNAMENT_STATUSES),
  startsAt: z.date(),
  endsAt: z.date().nullable(),
  rounds: z.number(),
  rated: z.boolean(),
  playerCount: z.number(),
});
const standingsOut = z.object({
  tiebreakOrder: z.array(z.object({ code: z.string(), label: z.string(), description: z.string() })),
  afterRound: z.number(),
  rows: z.array(
    standingRowCore.extend({
      absences: z.number(),
      tiebreaks: z.array(z.object({ code: z.string(), label: z.string(), value: z.number().nullable() })),
    }),
  ),
  placings: z.array(z.object({ userId: z.string(), name: z.string(), place: z.number(), placeTo: z.number(), settled: z.boolean() })).nullable(),
});
const crossOut = z.object({
  rounds: z.array(z.number()),
  rows: z.array(
    z.object({
      rank: z.number(),
      userId: z.string(),
      name: z.string(),
      wins: z.number(),
      spread: z.number(),
      cells: z.array(
        z.object({
          round: z.number(),
          kind: z.string(),
          opponents: z.array(z.object({ userId: z.string(), name: z.string(), rank: z.number().nullable() })),
          own: z.number().nullable(),
          against: z.number().nullable(),
          firstMove: z.boolean().nullable(),
          lossReason: z.enum(LOSS_REASONS).nullable(),
          place: z.number().nullable(),
        }),
      ),
    }),
  ),
});
const bracketOut = z
  .object({
    format: z.enum(["single", "double"]),
    matches: z.array(
      z.object({
        id: z.string(),
        side: z.string(),
        round: z.number(),
        position: z.number(),
        label: z.string(),
        players: z.tuple([z.string().nullable(), z.string().nullable()]),
        names: z.tuple([z.string().nullable(), z.string().nullable()]),
        scores: z.tuple([z.number().nullable(), z.number().nullable()]),
        slotLabels: z.tuple([z.string(), z.string()]),
        lostBy: z.object({ userId: z.string(), reason: z.enum(LOSS_REASONS) }).nullable(),
        status: z.string(),
        winner: z.string().nullable(),
      }),
    ),
  })
  .nullable();
const personOut = z.object({ userId: z.string(), name: z.string() });
const forbiddenPairOut = z.object({ a: personOut, b: personOut });
const addReportOut = z.object({ added: z.array(z.string()), lateEntries: z.array(z.string()), already: z.array(z.string()), notMembers: z.array(z.string()), unknownEmails: z.array(z.string()) });

export const tournamentsRouter = router({
  /** Upcoming / running / finished tournaments, optionally of one club. */
  list: publicProcedure.meta(REST.tournaments).input(listTournamentsInput).output(z.array(summaryOut)).query(({ ctx, input }) => listTournaments(ctx.db, input)),
  /** The public tournament page (drafts, e-mails and engine notes only for directors). */
  byId: publicProcedure
    .meta(REST.tournament)
    .input(tournamentIdInput)
    .output(overviewOut)
    .query(({ ctx, input }) => getOverview(ctx.db, input.tournamentId, ctx.user?.id ?? null)),
  standings: publicProcedure.meta(REST.standings).input(tournamentIdInput).output(standingsOut).query(({ ctx, input }) => getStandings(ctx.db, input.tournamentId)),
  explain: publicProcedure
    .input(tournamentIdInput.extend(explainInput.shape))
    .output(z.object({ sentence: z.string() }))
    .query(async ({ ctx, input }) => ({ sentence: await explainStanding(ctx.db, input.tournamentId, input.a, input.b) })),
  crossTable: publicProcedure.input(tournamentIdInput).output(crossOut).query(({ ctx, input }) => getCrossTable(ctx.db, input.tournamentId)),
  bracket: publicProcedure.input(tournamentIdInput).output(bracketOut).query(({ ctx, input }) => getBracket(ctx.db, input.tournamentId)),
  /** One round's clock (players' game screens count down from it); null for a draft or no such round. */
  roundClock: publicProcedure
    .input(tournamentIdInput.extend(roundInput.shape))
    .output(
      z.object({
        round: z.object({ number: z.number(), status: z.enum(["published", "closed"]), startedAt: z.date().nullable(), durationMs: z.number().nullable() }).nullable(),
        serverNow: z.date(),
      }),
    )
    .query(({ ctx, input }) => getRoundClock(ctx.db, input.tournamentId, input.roundNumber)),
  /** Live: `{ version }` at start and after every change to the tournament (no data: clients re-read). */
  live: publicProcedure.input(tournamentIdInput).subscription(async function* ({ ctx, input, signal }) {
    yield* liveTournament(ctx.db, input.tournamentId, signal);
  }),

  /** Club owners and directors create; the creator becomes the tournament's director. */
  create: protectedProcedure
    .input(createTournamentInput)
    .output(tournamentOut)
    .mutation(({ ctx, input }) => createTournament(ctx.db, ctx.user.id, input)),
  update: tournamentDirectorProcedure
    .input(updateTournamentInput)
    .output(tournamentOut)
    .mutation(({ ctx, input }) => {
      const { tournamentId: _id, ...patch } = input as typeof input & { tournamentId: string };
      return updateTournament(ctx.db, act(ctx), patch);
    }),
  audit: tournamentDirectorProcedure
    .output(z.array(z.object({ id: z.string(), action: z.string(), summary: z.string(), actorName: z.string().nullable(), details: z.record(z.string(), z.unknown()), detail: z.string().nullable(), createdAt: z.date() })))
    .query(({ ctx }) => listAudit(ctx.db, ctx.tournament.id)),

  staff: router({
    add: tournamentDirectorProcedure
      .input(staffInput)
      .output(z.object({ userId: z.string(), name: z.string(), role }))
      .mutation(({ ctx, input }) => addStaff(ctx.db, ctx.tournament.id, ctx.user.id, input.email, input.role)),
    remove: tournamentDirectorProcedure
      .input(playerInput)
      .output(ok)
      .mutation(async ({ ctx, input }) => {
        await removeStaff(ctx.db, ctx.tournament.id, ctx.user.id, input.userId);
        return done;
      }),
  }),

  /** Players' own actions while registration is open. `register` and `unregister` are the entry
   * form without answers and the withdrawal (`entries.enter`, `entries.withdraw`). */
  register: tournamentProcedure.output(ok).mutation(async ({ ctx }) => {
    await enter(ctx.db, { tournamentId: ctx.tournament.id, userId: ctx.user.id, details: {} });
    return done;
  }),
  unregister: tournamentProcedure.output(ok).mutation(async ({ ctx }) => {
    await withdrawSelf(ctx.db, { tournamentId: ctx.tournament.id, userId: ctx.user.id });
    return done;
  }),
  entries: entriesRouter,
  checkInSelf: tournamentProcedure.output(ok).mutation(async ({ ctx }) => {
    await checkInSelf(ctx.db, { tournamentId: ctx.tournament.id, userId: ctx.user.id });
    return done;
  }),

  players: router({
    add: tournamentDirectorProcedure
      .input(addPlayersInput)
      .output(addReportOut)
      .mutation(({ ctx, input }) => addPlayers(ctx.db, { ...input, ...act(ctx) })),
    checkIn: tournamentDirectorProcedure
      .input(checkInInput)
      .output(ok)
      .mutation(async ({ ctx, input }) => {
        await setCheckIn(ctx.db, { ...act(ctx), userId: input.userId, checkedIn: input.checkedIn });
        return done;
      }),
    /** Checks in every registered entry; `names` says whom (alphabetically). */
    checkInAll: tournamentDirectorProcedure.output(z.object({ count: z.number(), names: z.array(z.string()) })).mutation(({ ctx }) => checkInAll(ctx.db, act(ctx))),
    withdraw: tournamentDirectorProcedure
      .input(playerInput)
      .output(ok)
      .mutation(async ({ ctx, input }) => {
        await withdrawPlayer(ctx.db, { ...act(ctx), userId: input.userId });
        return done;
      }),
    seed: tournamentDirectorProcedure
      .input(seedInput)
      .output(ok)
      .mutation(async ({ ctx, input }) => {
        await setSeed(ctx.db, { ...act(ctx), userId: input.userId, seed: input.seed });
        return done;
      }),
    /** The member picker: club members not yet entered, by name or e-mail (directors only). */
    search: tournamentDirectorProcedure
      .input(memberSearchInput)
      .output(z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })))
      .query(({ ctx, input }) => searchMembers(ctx.db, ctx.tournament.id, input.query, input.limit)),
  }),

  /** The check-in desk, fees and the ledger (./desk.ts). */
  desk: deskRouter,

  /** Pairs kept apart by the pairing engines that can (docs/tournaments.md "Forbidden pairs"); directors only. */
  forbiddenPairs: router({
    list: tournamentDirectorProcedure.output(z.array(forbiddenPairOut)).query(({ ctx }) => listForbiddenPairs(ctx.db, ctx.tournament.id)),
    /** Every pair the pairing engines keep apart (with teammates), as ids: a round paired on the
     * director's device offline (app/_offline/device-round.ts) honours the same pairs as the server. */
    forPairing: tournamentDirectorProcedure.output(z.array(z.tuple([z.string(), z.string()]))).query(({ ctx }) => forbiddenPairsOf(ctx.db, ctx.tournament.id)),
    add: tournamentDirectorProcedure
      .input(forbiddenPairInput)
      .output(forbiddenPairOut)
      .mutation(({ ctx, input }) => addForbiddenPair(ctx.db, { ...act(ctx), a: input.a, b: input.b })),
    remove: tournamentDirectorProcedure
      .input(forbiddenPairInput)
      .output(ok)
      .mutation(async ({ ctx, input }) => {
        await removeForbiddenPair(ctx.db, { ...act(ctx), a: input.a, b: input.b });
        return done;
      }),
  }),

  /** TSH `.t` files in (the exports are downloads, server/tsh-http.ts). */
  tsh: tshRouter,

  rounds: router({
    pair: tournamentDirectorProcedure
      .input(pairRoundInput)
      .output(z.object({ roundNumber: z.number() }))
      .mutation(({ ctx, input }) => pairNextRound(ctx.db, { ...act(ctx), method: input.method })),
    /** A round paired on the director's device offline, stored as a draft (publish it as any draft). */
    fromDevice: tournamentDirectorProcedure
      .input(devicePairingInput)
      .output(z.object({ roundNumber: z.number() }))
      .mutation(({ ctx, input }) => draftFromDevice(ctx.db, { ...act(ctx), ...input })),
    deleteDraft: tournamentDirectorProcedure
      .input(roundInput)
      .output(ok)
      .mutation(async ({ ctx, input }) => {
        await deleteDraftRound(ctx.db, { ...act(ctx), roundNumber: input.roundNumber });
        return done;
      }),
    /** `applied: false` with `warnings`: nothing changed; send again with `confirm` to apply it anyway. */
    swap: tournamentDirectorProcedure
      .input(swapInput)
      .output(z.object({ applied: z.boolean(), warnings: z.array(z.string()) }))
      .mutation(({ ctx, input }) => swapPlayers(ctx.db, { ...input, ...act(ctx) })),
    flip: tournamentDirectorProcedure
      .input(flipInput)
      .output(ok)
      .mutation(async ({ ctx, input }) => {
        await flipFirstMove(ctx.db, { ...act(ctx), pairingId: input.pairingId });
        return done;
      }),
    publish: tournamentDirectorProcedure
      .input(roundInput)
      .output(ok)
      .mutation(async ({ ctx, input }) => {
        await publishRound(ctx.db, { ...act(ctx), roundNumber: input.roundNumber });
        return done;
      }),
    /** The round clock: start (or restart) a published round, optionally starting its waiting games. */
    start: tournamentDirectorProcedure
      .input(startRoundInput)
      .output(z.object({ startedAt: z.date(), durationMs: z.number(), startedGames: z.number() }))
      .mutation(({ ctx, input }) => startRoundClock(ctx.db, { ...input, ...act(ctx) })),
    close: tournamentDirectorProcedure
      .input(roundInput)
      .output(z.object({ finished: z.boolean() }))
      .mutation(({ ctx, input }) => closeRound(ctx.db, { ...act(ctx), roundNumber: input.roundNumber })),
  }),

  /** Prize table, settings, the prize hold and the payout (docs/prizes.md). */
  prizes: prizesRouter,

  /** Only directors enter or correct results by hand (ending the board's game if it still runs);
   * matches report through recordPairingResult. */
  enterResult: tournamentDirectorProcedure
    .input(enterResultInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await enterDirectorResult(ctx.db, {
        tournamentId: ctx.tournament.id,
        pairingId: input.pairingId,
        actorId: ctx.user.id,
        scores: input.scores,
        forfeitUserId: input.forfeitUserId,
        expectedVersion: input.expectedVersion,
      });
      return done;
    }),
});

