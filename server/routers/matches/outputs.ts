/**
 * Output schemas of the matches procedures. They pick fields: a view has the viewer's own `rack`
 * and, for everyone, rack *counts* and the bag's *size* — there is no field that could carry
 * another player's rack, the bag's contents or order, the seed, or whether the open play is valid.
 * zod strips anything else a service might return.
 */
import { z } from "zod";
import { placementOut } from "@/server/placement-schemas";
import { BOT_LEVELS, EVENT_TYPES, GAME_CHALLENGE_RULES, PHASES, RULESET_IDS } from "@/engine";
import { FIRST_MOVERS, MATCH_RESULT_REASONS, MATCH_STATUSES, PREVIEW_MODES } from "@/server/domain";

const status = z.enum(MATCH_STATUSES);
const ruleset = z.enum(RULESET_IDS);

export const timeControlOut = z
  .object({
    initialMs: z.number(),
    incrementMs: z.number(),
    perMoveLimitMs: z.number().nullable(),
    overtimePenaltyPoints: z.number(),
    maxOvertimeMs: z.number(),
    leastTimeBonusPoints: z.number(),
    /** correspondence: free time of every turn (absent or 0: a live clock) */
    moveAllowanceMs: z.number().optional(),
  })
  .nullable();

export const resultOut = z
  .object({
    reason: z.enum(MATCH_RESULT_REASONS),
    winners: z.array(z.string()),
    scores: z.record(z.string(), z.number()),
    adjusted: z.boolean().optional(),
  })
  .nullable();

const sheetEntryOut = z.object({
  seq: z.number(),
  type: z.enum(EVENT_TYPES),
  at: z.number(),
  seat: z.number().nullable(),
  move: z.number(),
  text: z.string(),
  placements: z.array(placementOut).optional(),
  points: z.number(),
  totals: z.array(z.number()),
  clockMs: z.number().nullable(),
});

const gameOut = z.object({
  /** the viewer's own rack only (null for spectators) */
  rack: z.array(z.string()).nullable(),
  board: z.array(z.object({ row: z.number(), col: z.number(), tile: z.string(), blank: z.boolean(), player: z.number(), move: z.number() })),
  bagCount: z.number(),
  unseen: z.array(z.object({ face: z.string(), count: z.number() })),
  turn: z.number(),
  moveNumber: z.number(),
  phase: z.enum(PHASES),
  paused: z.boolean(),
  pending: z.object({ seat: z.number(), score: z.number(), goesOut: z.boolean() }).nullable(),
  can: z.object({ play: z.boolean(), exchange: z.boolean(), pass: z.boolean(), challenge: z.boolean(), resign: z.boolean() }),
  clock: z.object({ running: z.number().nullable(), flagAt: z.number().nullable(), moveDeadline: z.number().nullable() }).nullable(),
  end: z
    .object({
      reason: z.string(),
      seat: z.number().nullable(),
      winners: z.array(z.number()),
      rackSettlement: z.array(z.number()),
      timePenalties: z.array(z.number()),
      timeBonuses: z.array(z.number()),
    })
    .nullable(),
  sheet: z.array(sheetEntryOut),
});

export const matchViewOut = z.object({
  id: z.string(),
  status,
  version: z.number(),
  /** the server's clock when the view was made: clients derive their offset from it */
  serverNow: z.number(),
  ruleset,
  rulesetOptions: z.record(z.string(), z.unknown()),
  challengeRule: z.enum(GAME_CHALLENGE_RULES),
  timeControl: timeControlOut,
  rated: z.boolean(),
  /** imported from a record, not played here (never rated) */
  imported: z.boolean(),
  seats: z.number(),
  tournamentId: z.string().nullable(),
  pairingId: z.string().nullable(),
  joinCode: z.string().nullable(),
  createdBy: z.string().nullable(),
  preview: z.enum(PREVIEW_MODES),
  /** a game against the bot: its level (docs/bot.md "Levels"); null without the bot */
  botLevel: z.enum(BOT_LEVELS).nullable(),
  waiting: z.object({ since: z.number().nullable(), deadline: z.number().nullable() }).nullable(),
  board: z.object({ round: z.number(), table: z.number() }).nullable(),
  viewerSeat: z.number().nullable(),
  players: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      seat: z.number(),
      accepted: z.boolean(),
      score: z.number(),
      /** how many tiles — never which */
      rackCount: z.number(),
      remainingMs: z.number().nullable(),
      winner: z.boolean(),
      joined: z.boolean(),
    }),
  ),
  game: gameOut.nullable(),
  result: resultOut,
  adjustments: z.array(z.object({ reason: z.string(), at: z.date(), after: resultOut.unwrap() })),
});
export type MatchViewOut = z.infer<typeof matchViewOut>;

export const moveOut = z.object({ applied: z.boolean(), seq: z.number(), version: z.number(), status });

export const summaryOut = z.object({
  id: z.string(),
  status,
  ruleset,
  rated: z.boolean(),
  tournamentId: z.string().nullable(),
  opponents: z.array(z.string()),
  players: z.array(z.string()),
  scores: z.array(z.number()),
  myScore: z.number().nullable(),
  myTurn: z.boolean(),
  awaitingMe: z.boolean(),
  result: resultOut,
  updatedAt: z.date(),
});

export const createdOut = z.object({ id: z.string(), status, joinCode: z.string().nullable() });

export const previewOut = z.object({
  matchId: z.string(),
  status,
  ruleset,
  challengeRule: z.enum(GAME_CHALLENGE_RULES),
  timeControl: timeControlOut,
  rated: z.boolean(),
  seats: z.number(),
  players: z.array(z.object({ userId: z.string(), name: z.string() })),
});

export const recordOut = z.object({ format: z.enum(["text", "json"]), complete: z.boolean(), text: z.string() });

export { FIRST_MOVERS };

/** A game in the "Live now" list: public fields only (no rack, no bag). */
export const liveGameOut = z.object({
  id: z.string(),
  ruleset,
  rated: z.boolean(),
  tournamentId: z.string().nullable(),
  tournamentName: z.string().nullable(),
  board: z.object({ round: z.number(), table: z.number() }).nullable(),
  turn: z.number().nullable(),
  running: z.number().nullable(),
  players: z.array(z.object({ userId: z.string(), name: z.string(), seat: z.number(), rating: z.number(), provisional: z.boolean(), score: z.number(), remainingMs: z.number().nullable() })),
  updatedAt: z.date(),
});
