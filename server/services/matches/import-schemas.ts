/**
 * Input schemas of "import a game record" (server/services/matches/import.ts): the procedure's
 * input, and the shape of each event of a JSON record. The JSON events are checked strictly (an
 * unknown field is refused, not dropped), so what is stored is exactly what was pasted and an
 * export gives it back; the engine then judges every event as it would a live move.
 */
import { z } from "zod";
import { placementRecord } from "@/server/placement-schemas";
import { GAME_CHALLENGE_RULES, RULESET_IDS } from "@/engine";
import { MAX_TILE_FACE } from "@/server/limits";

/** Largest record accepted (characters): a long four-player game's JSON is under 200 000. */
export const MAX_RECORD_CHARS = 500_000;
/** Most events in one record (a game has a few hundred at most). */
export const MAX_RECORD_EVENTS = 2_000;
/** Latest instant PostgreSQL's timestamptz and a JS Date both hold comfortably (year 9999). */
const MAX_AT = 253_402_300_799_999;

export const RECORD_FORMATS = ["auto", "text", "json"] as const;

export const importRecordInput = z.object({
  text: z
    .string("Paste a game record.")
    .min(1, "Paste a game record.")
    .max(MAX_RECORD_CHARS, `A record is at most ${MAX_RECORD_CHARS.toLocaleString("en")} characters.`),
  /** auto: JSON when the text starts with "[", else the text notation */
  format: z.enum(RECORD_FORMATS).default("auto"),
});
export type ImportRecordInput = z.input<typeof importRecordInput>;

const at = z.number().int().min(0).max(MAX_AT);
const who = z.string().min(1).max(64);
const points = z.number().int().min(0).max(100_000);

const placement = placementRecord;

const bare = (type: "pause" | "resume" | "end" | "director-end") => z.strictObject({ type: z.literal(type), at });

/** One event of a JSON record (engine/game/events.ts); the engine checks what zod cannot. */
export const recordEventSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("start"),
    at,
    ruleset: z.enum(RULESET_IDS),
    options: z.record(z.string().max(40), z.unknown()).optional(),
    challengeRule: z.enum(GAME_CHALLENGE_RULES).optional(),
    challengeMode: z.boolean().optional(),
    maxScorelessTurns: z.number().int().min(1).max(1_000).nullable().optional(),
    virtualRacks: z.boolean().optional(),
    players: z.array(z.strictObject({ id: who, name: z.string().max(100).optional() })).min(2).max(4),
    seed: z.string().min(1).max(200),
    timeControl: z.record(z.string().max(40), z.number().nullable()).nullable().optional(),
  }),
  z.strictObject({ type: z.literal("play"), at, player: who, placements: z.array(placement).min(1).max(40) }),
  z.strictObject({ type: z.literal("exchange"), at, player: who, tiles: z.array(z.string().min(1).max(MAX_TILE_FACE)).min(1).max(20) }),
  z.strictObject({ type: z.literal("pass"), at, player: who, forfeit: z.boolean().optional() }),
  z.strictObject({ type: z.literal("challenge"), at, challenger: who }),
  z.strictObject({ type: z.literal("resign"), at, player: who }),
  z.strictObject({ type: z.literal("timeout"), at, player: who }),
  z.strictObject({ type: z.literal("time-penalty"), at, player: who, points, overtimeMs: z.number().int().min(0).max(MAX_AT) }),
  z.strictObject({ type: z.literal("time-bonus"), at, player: who, points }),
  bare("pause"),
  bare("resume"),
  bare("end"),
  bare("director-end"),
]);
