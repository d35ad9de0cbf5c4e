/**
 * Input schemas of the matches domain, shared by the procedures and the /play forms.
 * A move's `action` is a tagged union; placements are plain {row, col, tile, blank?} objects and
 * the engine decides everything else (its sentence comes back as the error message).
 */
import { z } from "zod";
import { placementInput } from "@/server/placement-schemas";
import { GAME_CHALLENGE_RULES, RULESET_IDS } from "@/engine";
import { FIRST_MOVERS } from "@/server/domain";
import { MAX_INT4, MAX_TILE_FACE } from "@/server/limits";

export const matchIdInput = z.object({ matchId: z.uuid("That is not a valid match id.") });

const ms = (what: string, max: number) =>
  z.number(`Enter the ${what} in milliseconds.`).int(`Use whole milliseconds for the ${what}.`).min(0, `The ${what} cannot be negative.`).max(max, `The ${what} is too long.`);

/** A casual game's clock (tournament games take the tournament's). At least one second. */
export const matchTimeControlSchema = z.object({
  initialMs: ms("time per player", 6 * 3_600_000).refine((v) => v >= 1_000, "Give each player at least one second."),
  incrementMs: ms("increment", 600_000).default(0),
  perMoveLimitMs: ms("per-move limit", 3_600_000).nullable().default(null),
  overtimePenaltyPoints: z.number().int().min(0).max(1000).default(10),
  maxOvertimeMs: ms("maximum overtime", 3_600_000).default(600_000),
  leastTimeBonusPoints: z.number().int().min(0).max(1000).default(0),
});
export type MatchTimeControlInput = z.infer<typeof matchTimeControlSchema>;

export const createChallengeInput = z.object({
  ruleset: z.enum(RULESET_IDS, "Choose a game."),
  rulesetOptions: z.record(z.string(), z.unknown()).default({}),
  challengeRule: z.enum(GAME_CHALLENGE_RULES, "Choose a challenge rule."),
  /** null: untimed */
  timeControl: matchTimeControlSchema.nullable(),
  rated: z.boolean().default(false),
  /** 2–4 players in all, the creator included */
  seats: z.number().int().min(2, "A game needs at least two players.").max(4, "At most four players.").default(2),
  /** players invited by id (each must accept); seats left over are open through the join link */
  invite: z.array(z.uuid()).max(3).default([]),
  firstMover: z.enum(FIRST_MOVERS).default("random"),
});
export type CreateChallengeInput = z.infer<typeof createChallengeInput>;

export const joinCodeInput = z.object({ code: z.string().trim().min(6).max(64) });
export const pairingIdInput = z.object({ pairingId: z.uuid("That is not a valid pairing id.") });
export const findPlayersInput = z.object({ query: z.string().trim().min(2, "Type at least two characters.").max(120) });

const placement = placementInput;

export const moveAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), placements: z.array(placement).min(1, "Place at least one tile.").max(40) }),
  z.object({ type: z.literal("exchange"), tiles: z.array(z.string().min(1).max(MAX_TILE_FACE)).min(1, "Choose the tiles to exchange.").max(20) }),
  z.object({ type: z.literal("pass") }),
  z.object({ type: z.literal("challenge") }),
  z.object({ type: z.literal("resign") }),
]);
export type MoveAction = z.infer<typeof moveAction>;

export const moveInput = z.object({
  matchId: z.uuid(),
  /** the version the client saw (the last event's seq) */
  expectedSeq: z.number().int().min(0).max(MAX_INT4),
  /** idempotency key: a retry with the same key applies once */
  clientId: z.string().min(8).max(64),
  action: moveAction,
});
export type MoveInput = z.infer<typeof moveInput>;

export const recordInput = matchIdInput.extend({ format: z.enum(["text", "json"]).default("text") });

export const adjustResultInput = matchIdInput.extend({
  /** userId → final score */
  scores: z.record(z.uuid(), z.number().int().min(-10_000).max(100_000)),
  reason: z.string().trim().min(3, "Say why the result changes.").max(500),
});

/** The "Live now" list's filter: site-wide, or one club, tournament or player (one at most). */
export const liveNowInput = z
  .object({ clubId: z.uuid().optional(), tournamentId: z.uuid().optional(), userId: z.uuid().optional(), limit: z.number().int().min(1).max(100).default(30) })
  .default({ limit: 30 });
