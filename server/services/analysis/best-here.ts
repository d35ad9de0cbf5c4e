/**
 * "Best play here" on the judge's desk (docs/analysis.md): the best plays for one position and
 * rack, from the exact generator with a deadline (1 s, then the bounded search for 300 ms, as a
 * game's analysis does: engine `bestPlaysAt`), computed in the analysis worker thread so the
 * request thread stays free. The position comes as an adjudication request (the desk already
 * builds one; its `play` is ignored) and must carry the rack of the player on move.
 */
import { BLANK, RULESET_DATA, normaliseFace, parseAdjudicationRequest, type AnalysedPlay } from "@/engine";
import { DomainError } from "@/server/errors";
import { bestPlaysOffThread } from "./runner";

export const BEST_HERE_LIMITS = { deadlineMs: 1_000, fallbackMs: 300 } as const;

export async function bestPlayHere(raw: unknown, top: number): Promise<{ plays: AnalysedPlay[]; complete: boolean }> {
  const parsed = parseAdjudicationRequest(raw);
  if (!parsed.ok) throw new DomainError("INVALID", parsed.error, "request");
  const req = parsed.value;
  const faces = new Set([BLANK, ...RULESET_DATA[req.ruleset].tiles.map((t) => t.face)]);
  const rack = (req.rack ?? []).map(normaliseFace);
  if (rack.length === 0) throw new DomainError("INVALID", "Enter the rack of the player on move to find the best play.", "rack");
  const unknown = rack.find((f) => !faces.has(f));
  if (unknown !== undefined) throw new DomainError("INVALID", `“${unknown}” is not a tile of this game.`, "rack");
  return bestPlaysOffThread(req.ruleset, req.options as Record<string, unknown> | undefined, req.board, rack, {
    top,
    firstPlay: req.firstPlay,
    ...BEST_HERE_LIMITS,
  });
}
