/**
 * Zod schemas of the adjudication domain, shared by the procedures and the judge's desk forms.
 * The request itself is `z.unknown()` on purpose: the engine's parser is the one judge of the
 * contract's shape (its one-line message is the error), so zod never disagrees with the CLI.
 */
import { z } from "zod";
import { placementOut } from "@/server/placement-schemas";
import { BONUS_KINDS, DIRECTIONS, LINE_KINDS, PREMIUMS, RULESET_IDS, RULING_KINDS } from "@/engine";

const cell = z.tuple([z.number(), z.number()]);

/** The contract's ruling (docs/spec/adjudication.md), key for key in the engine's order. */
export const rulingSchema = z.object({
  valid: z.boolean(),
  kind: z.enum(RULING_KINDS).nullable(),
  score: z.number(),
  lines: z.array(
    z.object({
      text: z.string(),
      direction: z.enum(DIRECTIONS),
      cells: z.array(cell),
      kind: z.enum(LINE_KINDS),
      value: z.string().nullable(),
      points: z.number(),
      main: z.boolean(),
    }),
  ),
  bonuses: z.array(z.object({ kind: z.enum(BONUS_KINDS), points: z.number(), line: z.number().optional() })),
  violations: z.array(z.object({ code: z.string(), message: z.string(), cells: z.array(cell) })),
  /** engine extension: what the engine had to assume (absent when nothing) */
  notes: z.array(z.object({ code: z.string(), message: z.string(), cells: z.array(cell) })).optional(),
});

export const explanationSchema = z.object({
  violations: z.array(z.object({ code: z.string(), message: z.string(), rule: z.string() })),
  lines: z.array(
    z.object({
      line: z.number(),
      text: z.string(),
      tiles: z.array(
        z.object({
          row: z.number(),
          col: z.number(),
          face: z.string(),
          blank: z.boolean(),
          isNew: z.boolean(),
          points: z.number(),
          premium: z.enum(PREMIUMS),
          counted: z.number(),
        }),
      ),
      sum: z.number(),
      valueBonus: z.object({ points: z.number(), formula: z.string() }).nullable(),
      multiplier: z.number(),
      total: z.number(),
      agrees: z.boolean(),
    }),
  ),
  bonuses: z.array(z.object({ kind: z.string(), points: z.number(), line: z.number().optional() })),
  score: z.number(),
});


/** By `moveNumber` (turns taken, the engine's) or by `line` (the scoresheet's # column, the
 * event's number, as the desk asks for it), not both; neither: the latest play. */
export const matchPositionInput = z
  .object({
    matchId: z.uuid("That is not a valid match id."),
    moveNumber: z.number("Enter a move number.").int("Use a whole move number.").min(0, "Move numbers start at 0.").max(10_000).optional(),
    line: z.number("Enter the scoresheet's move number.").int("Use a whole move number.").min(1, "The scoresheet's moves start at 1.").max(100_000).optional(),
  })
  .refine((v) => v.moveNumber === undefined || v.line === undefined, { message: "Give the scoresheet's move number or the turns taken, not both.", path: ["line"] });

export const matchPositionOutput = z.object({
  matchId: z.string(),
  ruleset: z.enum(RULESET_IDS),
  options: z.record(z.string(), z.unknown()),
  tournamentId: z.string().nullable(),
  moveNumber: z.number(),
  /** the scoresheet line whose play is `nextPlay` (asked by line), else null */
  line: z.number().nullable(),
  board: z.array(placementOut),
  nextPlay: z.array(placementOut).nullable(),
  mover: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  players: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
});

export const recordRulingInput = z
  .object({
    matchId: z.uuid("That is not a valid match id.").nullish(),
    tournamentId: z.uuid("That is not a valid tournament id.").nullish(),
    moveNumber: z.number().int("Use a whole move number.").min(0, "Move numbers start at 0.").max(10_000).nullish(),
    requestedBy: z.string().trim().max(120, "Keep the name under 120 characters.").default(""),
    requestedByUserId: z.uuid().nullish(),
    note: z.string().trim().max(2_000, "Keep the note under 2,000 characters.").default(""),
    /** the adjudication request, exactly as for `adjudicate` */
    request: z.unknown(),
  })
  .refine((v) => v.matchId || v.tournamentId, { message: "Attach the ruling to a match or a tournament.", path: ["matchId"] });
export type RecordRulingInput = z.infer<typeof recordRulingInput>;

export const rulingRecordOutput = z.object({
  id: z.string(),
  matchId: z.string().nullable(),
  tournamentId: z.string().nullable(),
  moveNumber: z.number().nullable(),
  requestedBy: z.string(),
  requestedByUserId: z.string().nullable(),
  ruledBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  ruleset: z.enum(RULESET_IDS),
  rulesetVersion: z.number(),
  rulesetOptions: z.record(z.string(), z.unknown()),
  request: z.record(z.string(), z.unknown()),
  ruling: rulingSchema,
  note: z.string(),
  createdAt: z.date(),
});

export const tournamentIdInput = z.object({ tournamentId: z.uuid("That is not a valid tournament id.") });
