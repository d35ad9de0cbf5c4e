/** Inputs of the duplicate-game services (docs/duplicate.md), shared by procedures and forms. */
import { z } from "zod";
import { RULESET_IDS } from "@/engine";
import { DUPLICATE_STANDINGS, PREVIEW_MODES } from "@/server/domain";
import { placementInput } from "@/server/placement-schemas";

/** Turn length bounds (seconds); the table's check holds the same. */
export const TURN_SECONDS = { min: 10, max: 1800, default: 180 } as const;
export const MAX_TURNS = { min: 1, max: 60, default: 15 } as const;
/** Submissions one player may make in one turn; the last one stands (docs/duplicate.md "Limits"). */
export const SUBMISSIONS_PER_TURN = 100;

const id = z.string().uuid();

export const createDuplicateInput = z.object({
  name: z.string().trim().min(1, "Give the game a name.").max(80),
  ruleset: z.enum(RULESET_IDS),
  rulesetOptions: z.record(z.string().max(40), z.unknown()).optional(),
  turnSeconds: z.number().int().min(TURN_SECONDS.min).max(TURN_SECONDS.max).default(TURN_SECONDS.default),
  maxTurns: z.number().int().min(MAX_TURNS.min).max(MAX_TURNS.max).default(MAX_TURNS.default),
  preview: z.enum(PREVIEW_MODES).default("score"),
  /** redraws of a rack in which the move generator finds no play (docs/duplicate.md "The rack") */
  playableRedraws: z
    .number("Enter the redraws of a dead rack, 0 to 10.")
    .int("Use a whole number of redraws (0 to 10).")
    .min(0, "Redraws of a dead rack: 0 or more.")
    .max(10, "At most 10 redraws of a dead rack.")
    .default(5),
  clubId: id.nullish(),
  /** the draw's seed (default: random); the same seed gives the same racks */
  seed: z.string().trim().min(1).max(64).optional(),
  /** the creator plays too (default) */
  play: z.boolean().default(true),
  /** the event it counts in (the event's director sets it up; same club) */
  eventId: id.nullish(),
});
export type CreateDuplicateInput = z.input<typeof createDuplicateInput>;

export const gameIdInput = z.object({ gameId: id });

/** A page of a game's table, a turn's plays or its players (docs/duplicate.md "Reading a game"). */
export const PAGE_LIMIT = { max: 100, default: 50 } as const;
const page = {
  offset: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(PAGE_LIMIT.max).default(PAGE_LIMIT.default),
};
export const pageInput = z.object({ gameId: id, ...page });
export type PageInput = z.output<typeof pageInput>;
export const turnPlaysInput = z.object({ gameId: id, turn: z.number().int().min(1).max(MAX_TURNS.max), ...page });
export type TurnPlaysInput = z.output<typeof turnPlaysInput>;

export const submitInput = z.object({
  gameId: id,
  turn: z.number().int().min(1).max(MAX_TURNS.max),
  placements: z.array(placementInput).min(1, "Place at least one tile.").max(40),
});

/** The director's "Close turn now": the turn the page shows (a second click finds it closed). */
export const closeNowInput = z.object({ gameId: id, turn: z.number().int().min(1).max(MAX_TURNS.max) });

/** A director's slip as typed: table number, start square, line ("3 8H 3+4=7"; server/domain/duplicate/slip.ts). */
export const slipInput = z.object({
  gameId: id,
  turn: z.number().int().min(1).max(MAX_TURNS.max),
  text: z.string().trim().min(1, "Type the slip.").max(200),
});

export const createEventInput = z.object({
  name: z.string().trim().min(1, "Give the event a name.").max(80),
  standing: z.enum(DUPLICATE_STANDINGS).default("total"),
  clubId: id.nullish(),
});
export type CreateEventInput = z.input<typeof createEventInput>;

export const eventIdInput = z.object({ eventId: id });
export const eventGameInput = z.object({ eventId: id, gameId: id });
