/**
 * valuetable.ts: a side of an 'SMATH group of three sides or more tabled only for the values its
 * smaller sides share (`valueTables`), and a join cut when the picks so far and the other sides'
 * best entries of the value score below the list's need (`valueMaxCut`, join.ts `scoreLoses`).
 * Each with and without: the tables on smath:19's group 8/10 searched alone with the list's need
 * at its top score (the same 331 of 8 brackets, found through a table made with the score cut),
 * the cut on the golden boards with seeded racks of numbers and blanks (top 1 and 4): the same
 * plays, brackets, blanks and order; each fires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import type { ExactResult } from "./exact";
import { bound, expandSpan, lanesGroups, type Group } from "./bounds";
import { searchGroup } from "./join";
import { TopList } from "./recorder";
import { SideBoard } from "./sides";
import { eachRackWithAndWithout, shownWithTies, smathBoardsOf } from "./tests/probe-cuts";
import { valueMaxCut, valueTables } from "./valuetable";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

const SMATH_19 = "smath 15/3[1]7[2]3/3-7-3/1[0]1[2]7[5]1[2]1/1+1+7÷1×1/1[3]+[6]=[9]×[3]÷[3]1[5]1[3]1/1×1+7=1=1/1[4]+[8]÷[4]=[6]=[6]÷[1]=[6]1/1×1-9=1/1[6]1[10]-[0]-[2]=[8]=[8]1[6]1/1÷1=11/1[8]1[6]?11/1=1-11/1[9]?1[3]?11/15 [11][10][11][7][7][7][1][11][12][11]/[5][10]?[2][7]?[3][12]?[7] 145/90 1 53";

const POOL: Face[] = ["1", "2", "3", "5", "6", "7", "10", "12", "1", "5", "?", "?", "?", "-", "×"];

function compare(sw: { on: boolean }, seed: string): { compared: number; fewer: number } {
  let compared = 0;
  let fewer = 0;
  eachRackWithAndWithout({ boards, seed, pool: POOL, sw, racks: 10, size: [6, 4], tops: [1, 4], maxWork: 120_000 }, (cut: ExactResult, full: ExactResult, label) => {
    if (!cut.complete || !full.complete) return;
    compared++;
    expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
    expect(cut.stats.rejected).toBe(0);
    if (cut.stats.steps < full.stats.steps) fewer++;
  });
  return { compared, fewer };
}

describe("'SMATH sides tabled by the values the group's smaller sides share (valuetable.ts)", () => {
  it("smath:19's group 8/10 finds its 331 of 8 brackets with and without a value table; the table is filled with the score cut", { timeout: 60_000 }, () => {
    // bench/positions/movegen.json smath:19, lane 7 down, `=` on rows 8 and 10: sides `_____3_6`,
    // the board's lone `2` and `____`, whose table is made for the value 2 only; with the list's
    // need at 331 from the start (a floor, as a seeded search gives) the fill is cut by score
    const p = parsePosition(SMATH_19);
    if (!p.ok) throw new Error(p.error);
    const rack = p.value.racks[p.value.turn] as Face[];
    const search = (): string[] => {
      const b = new SideBoard(getRuleset("smath"), p.value.board, rack, { maxWork: 1_000_000 });
      const groups: Group[] = [];
      lanesGroups(b, "down", 7, groups);
      let g: Group | undefined;
      for (const lazy of groups.filter((x) => x.lazy && x.s === 0 && x.e === 14)) {
        expandSpan(b, lazy, (c, sp) => {
          c.bound = bound(b, sp, c);
          if (c.eqs.join() === "8,10") g = c;
        });
      }
      if (!g) throw new Error("no group 8/10");
      const top = new TopList(1, 331);
      searchGroup(b, top, g);
      expect(b.deadline.hit).toBe(false);
      return top.list.map((c) => `${c.score} ${c.brackets} ${c.blanks} ${c.key}`);
    };
    const { built, scored } = valueTables;
    const cut = search();
    valueTables.on = false;
    let full: string[];
    try {
      full = search();
    } finally {
      valueTables.on = true;
    }
    expect(cut).toEqual(full);
    expect(cut[0]).toMatch(/^331 8 /);
    expect(valueTables.built).toBeGreaterThan(built);
    expect(valueTables.scored).toBeGreaterThan(scored);
  });

  it("the same top plays with and without the join's best-of-value score cut; it fires", { timeout: 120_000 }, () => {
    const fired = valueMaxCut.fired;
    const { compared, fewer } = compare(valueMaxCut, "smath-value-max");
    expect(compared).toBeGreaterThanOrEqual(10);
    expect(valueMaxCut.fired).toBeGreaterThan(fired);
    expect(fewer).toBeGreaterThan(0);
  });
});
