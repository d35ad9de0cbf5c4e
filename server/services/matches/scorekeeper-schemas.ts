/**
 * Input schemas of the scorekeeper station (over-the-board games), shared by the procedures
 * (server/routers/matches/scorekeeper.ts) and the /scorekeeper pages.
 */
import { z } from "zod";
import { placementInput } from "@/server/placement-schemas";
import { GAME_CHALLENGE_RULES, RULESET_IDS } from "@/engine";
import { MAX_DATE_MS, MAX_INT4 } from "@/server/limits";
import { matchTimeControlSchema } from "./schemas";

/** A player at the board: a registered user (picked by id) or just a name (a guest). */
export const otbPlayerInput = z.object({
  userId: z.uuid().nullable().default(null),
  name: z
    .string()
    .trim()
    .min(1, "Give each player a name.")
    .max(60, "Use at most 60 characters for a name.")
    .refine((n) => !/[\r\n]/.test(n), "A name is one line."),
});

export const createOtbInput = z.object({
  ruleset: z.enum(RULESET_IDS, "Choose a game."),
  rulesetOptions: z.record(z.string(), z.unknown()).default({}),
  challengeRule: z.enum(GAME_CHALLENGE_RULES, "Choose a challenge rule."),
  /** null: untimed */
  timeControl: matchTimeControlSchema.nullable(),
  /** in turn order: the first moves first */
  players: z.array(otbPlayerInput).min(2, "A game needs at least two players.").max(4, "At most four players."),
});
export type CreateOtbInput = z.infer<typeof createOtbInput>;

const placement = placementInput;

/** What happened at the board. An exchange gives only how many tiles were traded (nobody at the
 * station sees them). */
export const otbAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), placements: z.array(placement).min(1, "Place at least one tile.").max(40) }),
  z.object({ type: z.literal("exchange"), count: z.number().int().min(1, "Exchange at least one tile.").max(20) }),
  z.object({ type: z.literal("pass") }),
  z.object({ type: z.literal("challenge") }),
  z.object({ type: z.literal("resign") }),
]);
export type OtbAction = z.infer<typeof otbAction>;

export const otbMoveInput = z.object({
  matchId: z.uuid(),
  expectedSeq: z.number().int().min(0).max(MAX_INT4),
  clientId: z.string().min(8).max(64),
  /** the seat that acts (the player on move; the challenger; the player resigning) */
  seat: z.number().int().min(0).max(3),
  action: otbAction,
  /** when the clock was tapped (server ms, as the station computed it from serverNow); the move
   * is timed then. It must be after the game's last event (else the move is refused); a tap in
   * the future or more than 10 minutes old times the move at the server's now instead */
  tappedAt: z.number().int().min(0).max(MAX_DATE_MS).nullable().default(null),
  /** the move was kept offline and `tappedAt` read on the device's own clock (docs/offline.md):
   * a reported figure. A reported tap at or before the last event times the move at the server's
   * now instead of refusing it (the queued move must not become a conflict over a device clock) */
  reported: z.boolean().default(false),
});
export type OtbMoveInput = Omit<z.infer<typeof otbMoveInput>, "reported"> & { reported?: boolean };

export const otbClockInput = z.object({
  matchId: z.uuid(),
  expectedSeq: z.number().int().min(0).max(MAX_INT4),
  clientId: z.string().min(8).max(64),
  action: z.enum(["pause", "resume"]),
});
export type OtbClockInput = z.infer<typeof otbClockInput>;

export const otbPairingInput = z.object({ pairingId: z.uuid("That is not a valid pairing id.") });
