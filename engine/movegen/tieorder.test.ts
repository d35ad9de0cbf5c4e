/**
 * 'SMATH's search order among groups of equal bound (bounds.ts `tieRank`): the fewest brackets
 * (then blanks, tiles) first. It changes only how soon the top's own tie is found, never the plays:
 * on the golden boards with racks of numbers and blanks (many touching numbers, many ties) the top
 * 1 and 6 are the same plays, brackets, blanks and order with the rank as without it, and the rank
 * changes the search (fewer groups searched, or more skipped by `mayTie`) on some racks. Likewise
 * smtie.ts `tieFirstSide` (the first side's entries whose key sorts after the last play's, left
 * out of a group that can only tie): the same plays with it as without it, and it drops entries;
 * and its tenth-round parts (per-entry brackets, `smathTieEntry`; renewed inside a probe, join.ts
 * `renewTie`, `smathTieRenew`): the same plays with both as without on two bench positions.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { tieOrder } from "./bounds";
import { exactPlays, type ExactResult } from "./exact";
import { vectorFacts } from "./leadkey";
import { smathTieEntry, smathTieFirst, smathTieRenew } from "./smtie";
import { eachRackWithAndWithout, smathBoardsOf } from "./tests/probe-cuts";

const SMATH_18 = "smath [0]+[1]×[0]÷[5]÷[7]=[0]?×[3]=[0]?/4-3=6/4[1]3[7]+[0]×[2]=[7]/4×10/4[3]1[3]8/3[0]=[6]÷[8]-[9]÷[12]=[0]?1/4[8]1[4]8/3[12]-[6]=[6]7/4[11]1[9]8/4×1÷8/4[1]?1[12]8/4×10/4[1]10/15/15 [10][10][11][5][8][2][8]?[2][6]/[11][10][9][10]×??[1]×[5] 160/258 0 57";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

const POOL: Face[] = ["1", "2", "3", "5", "7", "10", "11", "12", "1", "5", "11", "?", "?", "?", "-", "+"];

const run = (board: Parameters<typeof exactPlays>[1], rack: Face[], top: number, on: boolean, sw: { on: boolean } = tieOrder): ExactResult => {
  sw.on = on;
  try {
    return exactPlays(getRuleset("smath"), board, rack, { top, maxWork: 300_000 });
  } finally {
    sw.on = true;
  }
};
const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${p.brackets} ${p.blanks} ${p.tiles} ${JSON.stringify(p.placements)}`);

describe("'SMATH group order by tie-breaks (bounds.ts tieRank)", () => {
  it("the same top plays, brackets and order with and without the rank; the rank changes the search", { timeout: 600_000 }, () => {
    expect(boards.length).toBeGreaterThan(3);
    let compared = 0;
    let changed = 0;
    eachRackWithAndWithout({ boards, seed: "smath-tie-order", pool: POOL, sw: tieOrder, racks: 24, size: [6, 4], tops: [1, 6], maxWork: 300_000 }, (ranked, plain, label) => {
      if (!ranked.complete || !plain.complete) return;
      compared++;
      expect(shown(ranked), label).toEqual(shown(plain));
      expect(ranked.stats.rejected).toBe(0);
      if (ranked.stats.steps !== plain.stats.steps) changed++;
    });
    expect(compared).toBeGreaterThanOrEqual(24);
    expect(changed).toBeGreaterThan(0);
  });

  it("the same top plays with and without the first side's late keys left out (smtie.ts tieFirstSide); it drops some", { timeout: 600_000 }, () => {
    const dropped = smathTieFirst.dropped;
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "smath-tie-first", pool: POOL, sw: smathTieFirst, racks: 24, size: [6, 4], tops: [1, 6], maxWork: 300_000 }, (cut, full, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shown(cut), label).toEqual(shown(full));
      expect(cut.stats.rejected).toBe(0);
    });
    expect(compared).toBeGreaterThanOrEqual(24);
    expect(smathTieFirst.dropped).toBeGreaterThan(dropped);
  });

  it("the same top plays with and without tieFirstSide's per-entry brackets and its renewal inside a probe", { timeout: 600_000 }, () => {
    // bench/positions/movegen.json smath:11 (where an entry dropped with 2 brackets too few puts
    // 8-bracket plays in the top 2 and 4) and smath:18 (its last play arrives inside the probe)
    const positions = [
      "smath 15/1[0]1[4]5[6]5/1+1-5=5/1[2]1[2]5[6]5/[2]×[3]+[4]-[5]=[5]=[5]?4/1[6]1[5]5[6]5/1=1=5×5/1[12]+[7]=[12]+[7]?1[1]5/1-1×1-3=5/1[0]1[1]1[4]3[12]5/1×1=1=3÷5/1[1]1[7]1[8]3[10]5/1=1÷5×5/1[12]?1[1]?5[5]?5/15 [11][11][11][10][2][0][11]÷[3]-/??×÷[4][9][3][12][9][5] 109/154 0 58",
      SMATH_18,
    ];
    const { renewed } = smathTieRenew;
    const dropped = smathTieFirst.dropped;
    let fewer = 0;
    for (const text of positions) {
      const p = parsePosition(text);
      if (!p.ok) throw new Error(p.error);
      const rack = p.value.racks[p.value.turn] as Face[];
      for (const top of [1, 2, 4]) {
        // leadkey.ts' cuts off in both: on smath:11 they take over some of these parts' savings
        vectorFacts.on = false;
        const cut = run(p.value.board, rack, top, true, smathTieRenew);
        smathTieEntry.on = false;
        const full = run(p.value.board, rack, top, false, smathTieRenew);
        smathTieEntry.on = vectorFacts.on = true;
        expect(cut.complete && full.complete).toBe(true);
        expect(shown(cut), `${text.slice(0, 40)}, top ${top}`).toEqual(shown(full));
        expect(cut.stats.steps).toBeLessThanOrEqual(full.stats.steps);
        if (cut.stats.steps < full.stats.steps) fewer++;
      }
    }
    expect(fewer).toBeGreaterThanOrEqual(4);
    expect(smathTieRenew.renewed).toBeGreaterThan(renewed);
    expect(smathTieFirst.dropped).toBeGreaterThan(dropped);
  });
});
