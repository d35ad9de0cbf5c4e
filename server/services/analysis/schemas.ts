/**
 * Inputs and outputs of the analysis procedures (docs/analysis.md). An analysis names every rack,
 * which is public once a game is over (its record shows them too), so the output carries racks and
 * is served for finished games only.
 */
import { z } from "zod";
import { placementOut } from "@/server/placement-schemas";

export { matchIdInput } from "@/server/services/matches/schemas";

/** "Best play here" on the judge's desk: an adjudication request (its `play` is ignored) whose
 * rack is required; `top` best plays. */
export const bestHereInput = z.object({
  request: z.unknown(),
  top: z.number().int().min(1).max(10).default(5),
});

const playOut = z.object({ placements: z.array(placementOut), score: z.number() });

export const bestHereOutput = z.object({ plays: z.array(playOut), complete: z.boolean() });

export const turnOut = z.object({
  index: z.number(),
  seat: z.number(),
  player: z.string(),
  rack: z.array(z.string()),
  board: z.array(placementOut),
  kind: z.enum(["play", "exchange", "pass"]),
  made: playOut.nullable(),
  madeScore: z.number(),
  best: z.array(playOut),
  lost: z.number(),
  complete: z.boolean(),
});

export const analysisOutput = z.object({
  matchId: z.string(),
  status: z.enum(["none", "queued", "running", "done", "failed"]),
  done: z.number(),
  total: z.number(),
  error: z.string().nullable(),
  /** when done: every turn, and each player's summary (names come from the game's view) */
  result: z
    .object({
      turns: z.array(turnOut),
      players: z.array(z.object({ seat: z.number(), player: z.string(), turns: z.number(), pointsLost: z.number(), bestRate: z.number() })),
    })
    .nullable(),
});
export type AnalysisOutput = z.infer<typeof analysisOutput>;
