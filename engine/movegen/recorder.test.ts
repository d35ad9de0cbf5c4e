/**
 * `TopList.refuses` (join.ts `finish` skips the placements and key of a play it refuses): on
 * seeded random candidates with few distinct fields (so ties on score, brackets, blanks and tiles
 * and repeated keys are common, a key coming back with fewer brackets included), a refused
 * candidate leaves the list exactly as `add` would, and some are refused.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { TopList, type Cand } from "./recorder";

describe("TopList.refuses", () => {
  it("refuses only candidates that add would leave out", () => {
    const rng = createRng("top-list-refuses");
    let refused = 0;
    for (let t = 0; t < 300; t++) {
      const top = new TopList(1 + rng.below(3));
      for (let k = 0; k < 40; k++) {
        const c: Cand = { score: rng.below(4), brackets: rng.below(3), blanks: rng.below(2), tiles: 1 + rng.below(2), key: `k${rng.below(6)}`, placements: [] };
        // the same key is the same placement: its score, blanks and tiles are the key's
        const had = top.byKey.get(c.key);
        if (had) Object.assign(c, { score: had.score, blanks: had.blanks, tiles: had.tiles });
        const before = top.list.map((x) => `${x.key}:${x.brackets}`).join(" ");
        const no = top.refuses(c.score, c.brackets, c.blanks, c.tiles);
        top.add(c);
        if (no) {
          refused++;
          expect(top.list.map((x) => `${x.key}:${x.brackets}`).join(" "), JSON.stringify(c)).toBe(before);
        }
      }
    }
    expect(refused).toBeGreaterThan(1000);
  });
});
