/**
 * The 'SMATH probe cuts (partners.ts: the other sides' tiles; product.ts: a side of numbers and
 * `×` only; fill.ts `leastAt`: the score cut with the tiles left; brackets.ts: the probed side's values outside the other
 * sides' range or integers no other side has not visited) never change the answer: on the golden boards with seeded operator-poor racks (the
 * racks the cuts are for: numbers, `×`, blanks, now and then a `+`), the exact generator's top
 * plays with the cuts are the same plays, scores and order as without them, both complete; and
 * both cuts do fire on these racks, so the comparison tests them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { valueSkips } from "./brackets";
import { exactPlays, type ExactResult } from "./exact";
import { probeCuts } from "./partners";

const boards = readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")
  .split("\n")
  .filter((l) => l.startsWith("smath "))
  .map((l) => {
    const p = parsePosition(l.split("\t")[1]);
    if (!p.ok) throw new Error(p.error);
    return p.value.board;
  })
  .filter((b) => b.length > 0);

const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "×", "×", "?", "?", "+"];

const run = (board: Parameters<typeof exactPlays>[1], rack: Face[], on: boolean): ExactResult => {
  probeCuts.on = on;
  try {
    return exactPlays(getRuleset("smath"), board, rack, { top: 4, maxWork: 400_000 });
  } finally {
    probeCuts.on = true;
  }
};
const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${JSON.stringify(p.placements)}`);

describe("'SMATH probe cuts (partners.ts, product.ts)", () => {
  it("the same top plays with and without the cuts, on seeded operator-poor racks; both cuts fire", { timeout: 600_000 }, () => {
    expect(boards.length).toBeGreaterThan(3);
    const rng = createRng("smath-probe-cuts");
    const before = { ...probeCuts };
    const skipsBefore = valueSkips.n;
    const intsBefore = valueSkips.ints;
    let compared = 0;
    for (let n = 0; n < 12; n++) {
      const board = boards[n % boards.length];
      const rack: Face[] = [];
      const size = 4 + rng.below(4);
      for (let k = 0; k < size; k++) rack.push(POOL[rng.below(POOL.length)]);
      const cut = run(board, rack, true);
      const full = run(board, rack, false);
      if (!cut.complete || !full.complete) continue;
      compared++;
      expect(shown(cut), `rack ${rack.join(" ")} on board ${n % boards.length}`).toEqual(shown(full));
      expect(cut.stats.rejected).toBe(0);
    }
    expect(compared).toBeGreaterThanOrEqual(9);
    expect(probeCuts.partner).toBeGreaterThan(before.partner);
    expect(probeCuts.product).toBeGreaterThan(before.product);
    // the probed side's values outside the other sides' range (brackets.ts visitSideValues)
    expect(valueSkips.n).toBeGreaterThan(skipsBefore);
    // and the integers no other table has (brackets.ts intFilter)
    expect(valueSkips.ints).toBeGreaterThan(intsBefore);
  });
});
