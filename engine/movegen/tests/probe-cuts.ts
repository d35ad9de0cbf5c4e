/**
 * Test helper for the 'SMATH probe cuts (partners.test.ts, parity.test.ts, groupcheck.test.ts; the boards also for
 * groupbound, smtie and matchedleast tests): on the golden boards
 * with seeded racks drawn from a pool, the exact generator's top 4 with the probe cuts must be the
 * same plays, scores and order as without them, both complete and nothing rejected.
 */
import { expect } from "vitest";
import { parsePosition } from "../../notation/position";
import { createRng } from "../../random";
import { getRuleset, type RulesetId } from "../../ruleset";
import type { Placement } from "../../play";
import type { Face } from "../../tiles";
import { exactPlays, type ExactResult } from "../exact";
import { probeCuts } from "../partners";

/** The boards (not empty) of one ruleset in the golden positions' text (fixtures/golden-positions.txt,
 * read by the test: this helper, under engine/, reads no files). */
export const boardsOf = (text: string, id: RulesetId): Placement[][] =>
  text
    .split("\n")
    .filter((l) => l.startsWith(`${id} `))
    .map((l) => {
      const p = parsePosition(l.split("\t")[1]);
      if (!p.ok) throw new Error(p.error);
      return p.value.board;
    })
    .filter((b) => b.length > 0);
export const smathBoardsOf = (text: string): Placement[][] => boardsOf(text, "smath");

const run = (board: Parameters<typeof exactPlays>[1], rack: Face[], sw: { on: boolean }, on: boolean, id: RulesetId): ExactResult => {
  sw.on = on;
  try {
    return exactPlays(getRuleset(id), board, rack, { top: 4, maxWork: 400_000 });
  } finally {
    sw.on = true;
  }
};
const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${JSON.stringify(p.placements)}`);

/** Twelve seeded racks of 4–7 tiles from `pool`, each searched with and without the cuts (`sw`:
 * the probe cuts, or another switch such as join.ts `groupCheck`); how many were compared (both complete). */
export function sameTopWithAndWithoutCuts(boards: ReadonlyArray<Parameters<typeof exactPlays>[1]>, seed: string, pool: readonly Face[], sw: { on: boolean } = probeCuts, id: RulesetId = "smath"): number {
  expect(boards.length).toBeGreaterThan(3);
  const rng = createRng(seed);
  let compared = 0;
  for (let n = 0; n < 12; n++) {
    const board = boards[n % boards.length];
    const rack: Face[] = [];
    const size = 4 + rng.below(4);
    for (let k = 0; k < size; k++) rack.push(pool[rng.below(pool.length)]);
    const cut = run(board, rack, sw, true, id);
    const full = run(board, rack, sw, false, id);
    if (!cut.complete || !full.complete) continue;
    compared++;
    expect(shown(cut), `rack ${rack.join(" ")} on board ${n % boards.length}`).toEqual(shown(full));
    expect(cut.stats.rejected).toBe(0);
  }
  return compared;
}
