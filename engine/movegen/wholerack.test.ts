/**
 * The whole-rack group check (wholerack.ts `probedMayMeet`): the exact generator's top plays, their
 * brackets, blanks and order are the same with and without it on seeded 'SMATH racks (blanks and few
 * operators in the pool, so that whole-rack groups turn on which tile goes where) on the golden
 * boards, and on two of the bench's frozen positions (smath:2 and smath:15, where it drops most of
 * the groups that place the whole rack), and it drops groups there (fewer steps).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { exactPlays } from "./exact";
import { eachRackWithAndWithout, searchWith, shownWithTies, smathBoardsOf } from "./tests/probe-cuts";
import { wholeRack } from "./wholerack";

const rs = getRuleset("smath");
const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "8", "10", "11", "12", "0", "1", "5", "11", "-", "×", "÷", "+", "?", "?", "?"];

// bench/positions/movegen.json smath:2 and smath:15
const FROZEN = [
  "smath 15/15/15/3[4]11/[1]+[2]+[8]×[0]=[3]?1[2]4/3[8]2÷3×2[7]1/2[9]=[9]1[2]3[3]2=1/3[12]1[1]×[2]+[5]=[7]=[7]1/6[3]3[6]4/6=3=4/6[0]3[6]4/15/15/15/15 [11][11][5][5][5]?[11][11]?[1]/[10]×[6]÷[9]-÷[12][6][10] 114/42 0 74",
  "smath 2[4]1[1]10/2×1+10/2[0]1[6]10/1[4]+[4]-[8]+[9]=[9]?5/2[2]1[7]5[2]4/2+1=5-4/2[3]1[8]5[6]4/1[1]+[9]÷[3]=[4]?+[2]+[3]-[5]1/2[6]1[8]5[7]4/2=1-5=4/2[11]-[1]?×[4]=[7]1[3]?4/2÷12/2[1]?12/15/15 [12][9][4][12][7][6][2][1][0][8]/[10][11]?[10]×[5][0][11][1][10] 108/152 1 57",
];

describe("'SMATH whole-rack group check (wholerack.ts)", () => {
  it("the same top plays with and without it on seeded racks, and it drops groups", { timeout: 900_000 }, () => {
    let compared = 0;
    let fewer = 0;
    const dropped0 = wholeRack.dropped;
    eachRackWithAndWithout({ boards, seed: "smath-whole-rack", pool: POOL, sw: wholeRack, racks: 10, size: [5, 4], tops: [1, 4], maxWork: 150_000 }, (withIt, without, label) => {
      if (!withIt.complete || !without.complete) return;
      compared++;
      if (withIt.stats.steps < without.stats.steps) fewer++;
      expect(shownWithTies(withIt), label).toEqual(shownWithTies(without));
    });
    expect(compared).toBeGreaterThanOrEqual(14);
    expect(fewer).toBeGreaterThanOrEqual(2);
    expect(wholeRack.dropped).toBeGreaterThan(dropped0);
  });

  it("the same top plays on smath:2 and smath:15, with fewer steps", { timeout: 900_000 }, () => {
    for (const text of FROZEN) {
      const pos = parsePosition(text);
      if (!pos.ok) throw new Error(pos.error);
      const rack = pos.value.racks[pos.value.turn] as Face[];
      for (const top of [1]) {
        const search = () => exactPlays(rs, pos.value.board, rack, { top, maxWork: 600_000 });
        const withIt = searchWith(wholeRack, true, search);
        const without = searchWith(wholeRack, false, search);
        expect(withIt.complete && without.complete).toBe(true);
        expect(withIt.stats.steps, `top ${top}, ${text}`).toBeLessThan(without.stats.steps);
        expect(shownWithTies(withIt), `top ${top}, ${text}`).toEqual(shownWithTies(without));
      }
    }
  });
});
