/**
 * valuetable.ts `tieTable` (twelfth round, branch sm19f): a tie hunt (a group bounded at the list's
 * need) fills its own value table with the score cut where a full table would be short or dear.
 * With and without: smath:19's groups 8/10 (its 331 of 8 brackets), then 4/10 (`____` filled for
 * the middle side's values, not tabled in full) and 2/8 (`__3_6`) searched into one list (floor
 * 331): the same list, far fewer steps; and seeded racks of 6–8 tiles (numbers, three blanks, `-`, `×`) on the golden
 * boards (top 1 and 4): the same plays, brackets, blanks and order; it fires. A value table holds
 * one entry per filling and value (the probe's leaf visits a value once per tree that reaches it).
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
import { tieTables } from "./valuetable";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

const SMATH_19 = "smath 15/3[1]7[2]3/3-7-3/1[0]1[2]7[5]1[2]1/1+1+7÷1×1/1[3]+[6]=[9]×[3]÷[3]1[5]1[3]1/1×1+7=1=1/1[4]+[8]÷[4]=[6]=[6]÷[1]=[6]1/1×1-9=1/1[6]1[10]-[0]-[2]=[8]=[8]1[6]1/1÷1=11/1[8]1[6]?11/1=1-11/1[9]?1[3]?11/15 [11][10][11][7][7][7][1][11][12][11]/[5][10]?[2][7]?[3][12]?[7] 145/90 1 53";

const POOL: Face[] = ["1", "2", "3", "5", "7", "10", "12", "?", "?", "?", "-", "×"];

/** smath:19's lane 7 groups `eqs` searched in that order into one list of `n` (floor 331) */
function smath19(eqs: readonly string[], n: number): { list: string[]; steps: number; b: SideBoard } {
  const p = parsePosition(SMATH_19);
  if (!p.ok) throw new Error(p.error);
  const rack = p.value.racks[p.value.turn] as Face[];
  const b = new SideBoard(getRuleset("smath"), p.value.board, rack, { maxWork: 1_000_000 });
  const groups: Group[] = [];
  lanesGroups(b, "down", 7, groups);
  const byEqs = new Map<string, Group>();
  for (const lazy of groups.filter((x) => x.lazy && x.s === 0 && x.e === 14)) {
    expandSpan(b, lazy, (c, sp) => {
      c.bound = bound(b, sp, c);
      byEqs.set(c.eqs.join("/"), c);
    });
  }
  const top = new TopList(n, 331);
  for (const q of eqs) {
    const g = byEqs.get(q);
    if (!g) throw new Error(`no group ${q}`);
    searchGroup(b, top, g);
  }
  expect(b.deadline.hit).toBe(false);
  return { list: top.list.map((c) => `${c.score} ${c.brackets} ${c.blanks} ${c.key}`), steps: b.deadline.work, b };
}

describe("'SMATH tie hunts fill their own value tables (valuetable.ts tieTable)", () => {
  it("smath:19: groups 4/10 and 2/8 after 8/10's 331 of 8 brackets, the same list with and without, far fewer steps", { timeout: 60_000 }, () => {
    const eqs = ["8/10", "4/10", "2/8"];
    const built = tieTables.built;
    const cut = smath19(eqs, 3);

    expect(tieTables.built).toBeGreaterThan(built);
    tieTables.on = false;
    let full: { list: string[]; steps: number };
    try {
      full = smath19(eqs, 3);
    } finally {
      tieTables.on = true;
    }
    expect(cut.list).toEqual(full.list);
    expect(cut.list[0]).toMatch(/^331 8 /);
    expect(cut.steps).toBeLessThan(full.steps - 150_000);
    // every value table (keyed `side|group|need|tables`): one entry per filling in a value's bucket
    let tables = 0;
    for (const [key, t] of cut.b.tables) {
      if (!key.includes("|") || !t) continue;
      tables++;
      for (const bucket of t.byValue.values()) expect(new Set(bucket.entries.map((e) => e.off)).size, key).toBe(bucket.entries.length);
    }
    expect(tables).toBeGreaterThan(1);
  });

  it("the same top plays with and without on seeded racks; it fires", { timeout: 120_000 }, () => {
    const built = tieTables.built;
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "smath-tie-tables", pool: POOL, sw: tieTables, racks: 8, size: [6, 3], tops: [1, 4], maxWork: 200_000 }, (cut: ExactResult, full: ExactResult, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
      expect(cut.stats.rejected).toBe(0);
    });

    expect(compared).toBe(16);
    expect(tieTables.built).toBeGreaterThan(built);
  });
});
