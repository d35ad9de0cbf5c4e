/**
 * 'SMATH partner vectors' facts (leadkey.ts): vectors retired where the tiles they leave the probed
 * side cannot take their values, and the tie cut's key compared past the other sides' least
 * leading key. On bench positions (smath:24, whose tie hunt they were made for, 11, 21, 25) and on
 * seeded racks of numbers, a 0, × ÷ and blanks on the golden boards: the same top plays, brackets,
 * blanks, tiles and order with them as without, and fewer steps where they fire.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { exactPlays, type ExactResult } from "./exact";
import { createRng } from "../random";
import { leadOrder, vectorFacts } from "./leadkey";
import { eachRackWithAndWithout, searchWith, smathBoardsOf } from "./tests/probe-cuts";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${p.brackets} ${p.blanks} ${p.tiles} ${JSON.stringify(p.placements)}`);

// bench/positions/movegen.json smath:24, 11, 21 and 25
const POSITIONS = [
  "smath 15/15/15/15/4[1]10/4+10/4[6]10/3[1]=[11]-[10]7/4[9]10/4-10/4[12]10/3[0]÷[3]+[3]=[3]+[0]3/4[6]?10/1[4]-[5]=[7]-[7]-[1]?5/4[7]10 [4][4][5][4][11][12]÷×[0]?/÷÷[7]÷[6]÷[9][8][8][2] 49/134 0 76",
  "smath 15/1[0]1[4]5[6]5/1+1-5=5/1[2]1[2]5[6]5/[2]×[3]+[4]-[5]=[5]=[5]?4/1[6]1[5]5[6]5/1=1=5×5/1[12]+[7]=[12]+[7]?1[1]5/1-1×1-3=5/1[0]1[1]1[4]3[12]5/1×1=1=3÷5/1[1]1[7]1[8]3[10]5/1=1÷5×5/1[12]?1[1]?5[5]?5/15 [11][11][11][10][2][0][11]÷[3]-/??×÷[4][9][3][12][9][5] 109/154 0 58",
  "smath 15/15/2[1]12/1[0]×[1]×[3]÷[3]=[0]?5/2[2]9[9]2/1[7]=[7]?=[7]=[7]=[7]+[0]=[7]?1/2[2]2-6[9]2/1[1]=[12]÷[2]÷[6]?×[1]5/2[4]2=9/2+2[5]9/2[4]12/2-12/2[6]12/15/15 [9][12][12][8]+[8][3][9]-+/[11][11][12][11][8][4][10][10][6][11] 92/139 0 68",
  "smath [0]×[0]÷[2]=[0]?8/2+12/2[2]1[4]5[4]4/2-1+5+4/2[3]1[5]5[6]4/1[2]-[6]+[7]=[3]?2-4/2[4]1[7]5[8]4/1[9]=[12]-[3]=[9]×[1]÷[1]=[9]1/2[6]1[7]5[8]4/2-1=5=4/2[11]1[9]?5[9]?4/2×12/2[5]12/2÷12/2[5]12 [3][3][4][4][6][1][11]+[10][10]/[5]-[10][8]×?[12]÷[0][8] 176/102 1 57",
];

const POOL: Face[] = ["0", "1", "2", "3", "4", "4", "5", "6", "8", "11", "12", "×", "÷", "?", "?", "-"];

describe("'SMATH partner vectors' facts (leadkey.ts)", () => {
  it("leadOrder: -1, 0, 1 as every key opening with the lead sorts against the last key; monotone", () => {
    const rng = createRng("smath-lead-order");
    const tiles = ["0", "1", "11", "12", "4", "4?", "5", "=", "+?", "×", "÷"];
    const text = (n: number): string => {
      let t = "";
      for (let i = 0; i < n; i++) t += `0${rng.below(3)},07:${tiles[rng.below(tiles.length)]} `;
      return t;
    };
    const seen = [0, 0, 0];
    for (let n = 0; n < 3000; n++) {
      const m = 1 + rng.below(3);
      const leads = [text(m), text(m)].sort();
      const key = rng.below(3) === 0 ? leads[rng.below(2)] + text(rng.below(3)) : text(m + rng.below(3));
      const o = leads.map((l) => leadOrder(l, key));
      expect(o[0]).toBeLessThanOrEqual(o[1]);
      for (let j = 0; j < 2; j++) {
        seen[o[j] + 1]++;
        for (let s = 0; s < 4; s++) {
          const full = leads[j] + text(s);
          if (o[j] === -1) expect(full < key).toBe(true);
          if (o[j] === 1) expect(full > key).toBe(true);
          if (o[j] === 0) expect(key.startsWith(leads[j])).toBe(true);
        }
      }
    }
    expect(Math.min(...seen)).toBeGreaterThan(100);
  });

  it("bench positions: the same top plays with and without; fewer steps, vectors retired, keys cut", { timeout: 120_000 }, () => {
    const { retired, fired } = vectorFacts;
    let fewer = 0;
    for (const text of POSITIONS) {
      const p = parsePosition(text);
      if (!p.ok) throw new Error(p.error);
      const rack = p.value.racks[p.value.turn] as Face[];
      // smath:24 (the slow one) at top 1 only
      for (const top of text === POSITIONS[0] ? [1] : [1, 2]) {
        const search = () => exactPlays(getRuleset("smath"), p.value.board, rack, { top, maxWork: 400_000 });
        const cut = searchWith(vectorFacts, true, search);
        const full = searchWith(vectorFacts, false, search);
        expect(cut.complete && full.complete).toBe(true);
        expect(shown(cut), `${text.slice(0, 40)}, top ${top}`).toEqual(shown(full));
        expect(cut.stats.rejected).toBe(0);
        expect(cut.stats.steps).toBeLessThanOrEqual(full.stats.steps);
        if (cut.stats.steps < full.stats.steps) fewer++;
      }
    }
    expect(fewer).toBeGreaterThanOrEqual(5);
    expect(vectorFacts.retired).toBeGreaterThan(retired);
    expect(vectorFacts.fired).toBeGreaterThan(fired);
  });

  it("seeded racks with a 0, × ÷ and blanks: the same top plays with and without", { timeout: 120_000 }, () => {
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "smath-lead-key", pool: POOL, sw: vectorFacts, racks: 5, size: [7, 4], tops: [1], maxWork: 200_000 }, (cut, full, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shown(cut), label).toEqual(shown(full));
      expect(cut.stats.rejected).toBe(0);
    });
    expect(compared).toBeGreaterThanOrEqual(5);
  });
});
