/**
 * The join's dead-subtree skip (join.ts `deadJoins`): the exact generator's top plays, their
 * brackets, blanks and order are the same with and without it on seeded 'SMATH racks (two blanks
 * in the pool: blank-heavy sides give tile groups of many fillings) on the golden boards, and it
 * skips (fewer steps); the same on three of the bench's frozen positions, where skipping blindly
 * (every entry after a tile group's first) loses plays.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { exactPlays } from "./exact";
import { deadJoins } from "./join";
import { eachRackWithAndWithout, searchWith, shownWithTies, smathBoardsOf } from "./tests/probe-cuts";

const rs = getRuleset("smath");
const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "+", "-", "×", "÷", "?", "?", "=", "=", "1", "2"];

// three of the bench's frozen positions (bench/positions/movegen.json, smath:16, 21, 25): skipping
// every entry after a tile group's first, dead or not, changes smath:16's top 1 and 21's top 4
const FROZEN = [
  "smath 15/15/15/3[1]11/3×6[4]4/3[4]÷[2]=[2]2÷4/3+6[5]4/1[1]+[9]÷[9]=[2]-[3]×[0]?3/[2]2-6[5]4/+2[6]6=4/[2]×[3]=[6]5[4]?4/×2[7]11/[3]1[0]÷[1]÷[6]=[0]?6/=2[1]?11/[8]14 [8][8][9][11][7]-[8][1]×-/[11][4][0][12][12][4][12]?[2]+ 116/87 0 63",
  "smath 15/15/2[1]12/1[0]×[1]×[3]÷[3]=[0]?5/2[2]9[9]2/1[7]=[7]?=[7]=[7]=[7]+[0]=[7]?1/2[2]2-6[9]2/1[1]=[12]÷[2]÷[6]?×[1]5/2[4]2=9/2+2[5]9/2[4]12/2-12/2[6]12/15/15 [9][12][12][8]+[8][3][9]-+/[11][11][12][11][8][4][10][10][6][11] 92/139 0 68",
  "smath [0]×[0]÷[2]=[0]?8/2+12/2[2]1[4]5[4]4/2-1+5+4/2[3]1[5]5[6]4/1[2]-[6]+[7]=[3]?2-4/2[4]1[7]5[8]4/1[9]=[12]-[3]=[9]×[1]÷[1]=[9]1/2[6]1[7]5[8]4/2-1=5=4/2[11]1[9]?5[9]?4/2×12/2[5]12/2÷12/2[5]12 [3][3][4][4][6][1][11]+[10][10]/[5]-[10][8]×?[12]÷[0][8] 176/102 1 57",
];


describe("'SMATH join's dead-subtree skip (join.ts deadJoins)", () => {
  it("the same top plays with and without it, and it skips", { timeout: 900_000 }, () => {
    let compared = 0;
    let fewer = 0;
    eachRackWithAndWithout({ boards, seed: "smath-dead-joins", pool: POOL, sw: deadJoins, racks: 10, size: [6, 4], tops: [1, 4], maxWork: 250_000 }, (withIt, without, label) => {
      if (!withIt.complete || !without.complete) return;
      compared++;
      if (withIt.stats.steps < without.stats.steps) fewer++;
      expect(shownWithTies(withIt), label).toEqual(shownWithTies(without));
    });
    expect(compared).toBeGreaterThanOrEqual(14);
    expect(fewer).toBeGreaterThanOrEqual(4);
  });

  it("the same top plays on three frozen positions, with fewer steps", { timeout: 900_000 }, () => {
    let fewer = 0;
    for (const text of FROZEN) {
      const pos = parsePosition(text);
      if (!pos.ok) throw new Error(pos.error);
      const rack = pos.value.racks[pos.value.turn] as Face[];
      for (const top of [1, 4]) {
        const search = () => exactPlays(rs, pos.value.board, rack, { top, maxWork: 400_000 });
        const withIt = searchWith(deadJoins, true, search);
        const without = searchWith(deadJoins, false, search);
        expect(withIt.complete && without.complete).toBe(true);
        if (withIt.stats.steps < without.stats.steps) fewer++;
        expect(shownWithTies(withIt), `top ${top}, ${text}`).toEqual(shownWithTies(without));
      }
    }
    // smath:25 alone: 15,647 → 9,295 steps at top 1
    expect(fewer).toBeGreaterThanOrEqual(4);
  });
});
