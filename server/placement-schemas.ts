/**
 * The one shape of a tile placement at the API's edge (engine `Placement`), in and out: a move,
 * a scorekeeper's entry, an imported record, and the boards and plays that analysis and the
 * judge's desk send back. Limits come from server/limits.ts, so a client cannot send a 10 MB face.
 */
import { z } from "zod";
import { DIRECTIONS } from "@/engine";
import { MAX_TILE_FACE } from "@/server/limits";

const square = z.number().int().min(0).max(40);

/** A tile placed by a player (move, scorekeeper entry). */
export const placementInput = z.object({
  row: square,
  col: square,
  tile: z.string().min(1).max(MAX_TILE_FACE),
  blank: z.boolean().optional(),
  brackets: z.enum(DIRECTIONS).optional(),
});

/** A placement in an imported record: strict (an unknown key is a typo in the file), and it may
 * name the line of each bracket ('SMATH). */
export const placementRecord = placementInput.extend({ bracketLines: z.array(z.enum(DIRECTIONS)).max(8).optional() }).strict();

/** A placement the server sends (outputs are trusted: no limits). */
export const placementOut = z.object({
  row: z.number(),
  col: z.number(),
  tile: z.string(),
  blank: z.boolean().optional(),
  /** 'SMATH: the line the brackets belong to, or one per bracket (engine Placement) */
  brackets: z.enum(DIRECTIONS).optional(),
  bracketLines: z.array(z.enum(DIRECTIONS)).optional(),
});
