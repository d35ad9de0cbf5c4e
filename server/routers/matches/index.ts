/**
 * Matches router (thin): each procedure validates its input, calls one service and passes the
 * answer through an output schema (outputs.ts) that cannot carry other racks or the bag.
 * Watching is public (anonymous spectators included); every change needs a signed-in player,
 * and adjusting a result a tournament director (checked in the service, which knows the match's
 * tournament).
 */
import { z } from "zod";
import { protectedProcedure, publicProcedure, router, serializeOnce } from "@/server/trpc";
import { MATCH_STATUSES } from "@/server/domain";
import { takeAccountAllowance } from "@/server/rate-limit";
import {
  adjustResultInput,
  createChallengeInput,
  findPlayersInput,
  liveNowInput,
  joinCodeInput,
  matchIdInput,
  moveInput,
  pairingIdInput,
  recordInput,
} from "@/server/services/matches/schemas";
import { acceptChallenge, cancelChallenge, createChallenge, createFromPairing, findPlayers, joinByCode, previewJoin } from "@/server/services/matches/lifecycle";
import { claimTimeout, submitMove } from "@/server/services/matches/moves";
import { checkIn, startNow } from "@/server/services/matches/presence";
import { listLiveGames } from "@/server/services/matches/live-now";
import { getMatchView } from "@/server/services/matches/views";
import { liveMatchView } from "@/server/services/matches/live-feed";
import { listMyMatches, matchesForPairings } from "@/server/services/matches/lists";
import { getMatchRecord } from "@/server/services/matches/records";
import { adjustResult } from "@/server/services/matches/adjust";
import { importRecordInput } from "@/server/services/matches/import-schemas";
import { importRecord } from "@/server/services/matches/import";
import { createdOut, liveGameOut, matchViewOut, moveOut, previewOut, recordOut, resultOut, summaryOut } from "./outputs";
import { announceMove } from "@/server/services/matches/after-move";
import { scorekeeperRouter } from "./scorekeeper";
import { botRouter } from "./bot";
import { REST } from "../rest-routes";

const parsedViews = new WeakMap<object, z.infer<typeof matchViewOut>>();
/** `matchViewOut.parse`, remembered per view object: a broadcast view is parsed once, not per subscriber. */
function parsedView(view: object): z.infer<typeof matchViewOut> {
  let out = parsedViews.get(view);
  // serialized once too: every spectator's stream sends this same object (server/trpc.ts)
  if (!out) parsedViews.set(view, (out = serializeOnce(matchViewOut.parse(view))));
  return out;
}

export const matchesRouter = router({
  /** Over-the-board games entered at the scorekeeper station (docs/scorekeeper.md). */
  scorekeeper: scorekeeperRouter,
  /** Casual games against the Equalis Bot (docs/demo.md). */
  bot: botRouter,
  /** The viewer's view: own rack only, counts for everyone else, `serverNow` for the clocks. */
  get: publicProcedure
    .input(matchIdInput)
    .output(matchViewOut)
    .query(({ ctx, input }) => getMatchView(ctx.db, input.matchId, ctx.user?.id ?? null)),

  /** The same view now and after every change (SSE). Each view goes through the output schema,
   * once per view object: every spectator of a version is handed the same one (services/matches/views.ts). */
  live: publicProcedure.input(matchIdInput).subscription(async function* ({ ctx, input, signal }) {
    for await (const view of liveMatchView(ctx.db, input.matchId, ctx.user?.id ?? null, signal)) yield parsedView(view);
  }),

  /** Play, exchange, pass, challenge or resign; idempotent per clientId; STALE on an old expectedSeq.
   * An applied move is announced to its subscribers (the bot answers) after the answer is sent. */
  move: protectedProcedure
    .input(moveInput)
    .output(moveOut)
    .mutation(async ({ ctx, input }) => {
      // timed from the request's arrival: a queue for the database is not charged to the mover
      const out = await submitMove(ctx.db, { ...input, userId: ctx.user.id }, ctx.receivedAt !== undefined ? { now: ctx.receivedAt } : {});
      if (out.applied) announceMove(ctx.db, { matchId: input.matchId, clientId: input.clientId, version: out.version, status: out.status, botId: out.botId }, ctx.afterResponse);
      return out;
    }),

  /** Record a loss on time for the player on move once their maximum overtime has passed. */
  claimTimeout: protectedProcedure
    .input(matchIdInput)
    .output(z.object({ ended: z.boolean(), version: z.number() }))
    .mutation(({ ctx, input }) => claimTimeout(ctx.db, { matchId: input.matchId, userId: ctx.user.id })),

  /** My matches: open challenges, games in play, finished games. */
  mine: protectedProcedure.output(z.array(summaryOut)).query(({ ctx }) => listMyMatches(ctx.db, ctx.user.id)),

  /** Players to challenge, by exact e-mail or part of the name. */
  findPlayers: protectedProcedure
    .input(findPlayersInput)
    .output(z.array(z.object({ id: z.string(), name: z.string() })))
    .query(({ ctx, input }) => findPlayers(ctx.db, input.query, ctx.user.id)),

  /** Challenge named players and/or open seats through a link. */
  create: protectedProcedure
    .input(createChallengeInput)
    .output(createdOut)
    .mutation(({ ctx, input }) => createChallenge(ctx.db, ctx.user.id, input)),

  accept: protectedProcedure
    .input(matchIdInput)
    .output(createdOut)
    .mutation(({ ctx, input }) => acceptChallenge(ctx.db, { matchId: input.matchId, userId: ctx.user.id })),

  /** Withdraw (creator) or decline (invited) a challenge that has not started. */
  cancel: protectedProcedure
    .input(matchIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await cancelChallenge(ctx.db, { matchId: input.matchId, userId: ctx.user.id });
      return { ok: true as const };
    }),

  /** What /play/join/[code] shows (the code itself is the secret). */
  preview: publicProcedure
    .input(joinCodeInput)
    .output(previewOut)
    .query(({ ctx, input }) => previewJoin(ctx.db, input.code)),

  join: protectedProcedure
    .input(joinCodeInput)
    .output(z.object({ matchId: z.string() }))
    .mutation(({ ctx, input }) => joinByCode(ctx.db, { code: input.code, userId: ctx.user.id })),

  /** The game of a tournament pairing (a director or one of its players); one per pairing. */
  createFromPairing: protectedProcedure
    .input(pairingIdInput)
    .output(z.object({ matchId: z.string(), created: z.boolean() }))
    .mutation(({ ctx, input }) => createFromPairing(ctx.db, { pairingId: input.pairingId, userId: ctx.user.id })),

  /** A player opens the game: counted as come (the clocks start when everyone has; a due no-show
   * is decided first). `returning`: they had come before (the page shows a reconnect notice). */
  checkIn: protectedProcedure
    .input(matchIdInput)
    .output(z.object({ returning: z.boolean(), status: z.enum(MATCH_STATUSES) }))
    .mutation(({ ctx, input }) => checkIn(ctx.db, { matchId: input.matchId, userId: ctx.user.id })),

  /** A tournament director starts a waiting board's clocks now, whoever has come. */
  startNow: protectedProcedure
    .input(matchIdInput)
    .output(z.object({ started: z.boolean() }))
    .mutation(({ ctx, input }) => startNow(ctx.db, input.matchId, ctx.user.id)),

  /** Games in play for spectators: site-wide, or of a club's tournaments, a tournament, a player. */
  liveNow: publicProcedure
    .input(liveNowInput)
    .output(z.object({ serverNow: z.number(), games: z.array(liveGameOut) }))
    .query(async ({ ctx, input }) => ({ serverNow: Date.now(), games: await listLiveGames(ctx.db, input) })),

  /** Matches of tournament pairings (for Start / Watch links). */
  forPairings: publicProcedure
    .input(z.object({ pairingIds: z.array(z.uuid()).max(500) }))
    .output(z.array(z.object({ pairingId: z.string(), matchId: z.string(), status: z.enum(MATCH_STATUSES) })))
    .query(({ ctx, input }) => matchesForPairings(ctx.db, input.pairingIds)),

  /** The game record (finished: anyone; in play: its players, secrets withheld). */
  record: publicProcedure
    .meta(REST.gameRecord)
    .input(recordInput)
    .output(recordOut)
    .query(({ ctx, input }) => getMatchRecord(ctx.db, input.matchId, ctx.user?.id ?? null, input.format)),

  /** Import a finished game from its record (text notation or event JSON; docs/records.md):
   * validated event by event, refused with the line at fault, stored unrated. */
  importRecord: protectedProcedure
    .use(({ ctx, next }) => {
      takeAccountAllowance("imports", ctx.user.id);
      return next();
    })
    .input(importRecordInput)
    .output(z.object({ matchId: z.string() }))
    .mutation(({ ctx, input }) => importRecord(ctx.db, ctx.user.id, input)),

  /** A tournament director changes a finished game's result (audited). */
  adjustResult: protectedProcedure
    .input(adjustResultInput)
    .output(resultOut.unwrap())
    .mutation(({ ctx, input }) => adjustResult(ctx.db, { ...input, actorId: ctx.user.id })),
});
