/**
 * valuetable.ts, twelfth round (docs/movegen-speed.md, branch sm19e): a value table holds a
 * filling once per value (`tableOnce`); a tie hunt's large side is tabled for its group
 * (`tieTables`), its fill cut by the tie cut (`tieTableCut`). Each with and without: smath:19's
 * groups after 8/10 (its 331 of 8 brackets) searched into one list (the same list, fewer steps),
 * and seeded racks on the golden boards (top 1, 4; the tie tables made whatever the fill count):
 * the same plays, brackets, blanks and order.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ExactResult } from "./exact";
import { eachRackWithAndWithout, shownWithTies, smath19, smathBoardsOf, TIE_POOL as POOL } from "./tests/probe-cuts";
import { tableOnce, tieTableCut, tieTables } from "./valuetable";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

/** `eqs` searched with the switch on, then off: the same list, and the steps of both */
function withAndWithout(sw: { on: boolean }, eqs: readonly string[], n = 1, best = /^331 8 /): { on: number; off: number } {
  const cut = smath19(eqs, n);
  const was = sw.on;
  sw.on = false;
  let full: { list: string[]; steps: number };
  try {
    full = smath19(eqs, n);
  } finally {
    sw.on = was;
  }
  expect(cut.list).toEqual(full.list);
  expect(cut.list[0]).toMatch(best);
  return { on: cut.steps, off: full.steps };
}

/** seeded racks, top 1 and 4, with and without `sw`: the same plays; how many compared */
function seeded(sw: { on: boolean }, seed: string): number {
  let compared = 0;
  eachRackWithAndWithout({ boards, seed, pool: POOL, sw, racks: 6, size: [6, 4], tops: [1, 4], maxWork: 120_000 }, (cut: ExactResult, full: ExactResult, label) => {
    if (!cut.complete || !full.complete) return;
    compared++;
    expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
    expect(cut.stats.rejected).toBe(0);
  });
  return compared;
}

describe("'SMATH value tables, twelfth round (valuetable.ts)", () => {
  it("a filling once per value: smath:19's 6/13 and 6/10 after 8/10, the same list, fewer steps", { timeout: 60_000 }, () => {
    const { on, off } = withAndWithout(tableOnce, ["8/10", "6/13", "6/10"]);
    expect(on).toBeLessThan(off - 5_000);
  });

  it("a filling once per value: the same top plays with and without on seeded racks", { timeout: 120_000 }, () => {
    expect(seeded(tableOnce, "smath-table-once")).toBeGreaterThanOrEqual(8);
  });

  it("a tie hunt's side tabled for its group: smath:19's 4/12 and 4/10 after 8/10, the same list, fewer steps", { timeout: 60_000 }, () => {
    const made = tieTables.made;
    const { on, off } = withAndWithout(tieTables, ["8/10", "4/12", "4/10"]);
    expect(tieTables.made).toBeGreaterThan(made);
    expect(on).toBeLessThan(off - 200_000);
  });

  it("a tie hunt's side tabled for its group: smath:19's 4/12, 4/10 and 2/10 after the 10 brackets of 10/13", { timeout: 60_000 }, () => {
    const made = tieTables.made;
    const { on, off } = withAndWithout(tieTables, ["10/13", "4/12", "4/10", "2/10"], 1, /^331 /);
    expect(tieTables.made).toBeGreaterThan(made);
    expect(on).toBeLessThan(off);
  });

  it("a tie hunt's side tabled for its group: the same top plays with and without on seeded racks", { timeout: 120_000 }, () => {
    const made = tieTableCut.made;
    const fills = tieTables.fills;
    tieTables.fills = 0;
    try {
      expect(seeded(tieTables, "smath-tie-tables")).toBeGreaterThanOrEqual(8);
    } finally {
      tieTables.fills = fills;
    }
    // tables made for a tie hunt (their fill takes the tie cut)
    expect(tieTableCut.made).toBeGreaterThan(made);
  });

  it("the tie cut in a group's table: smath:19's 4/13, 4/6 and 1/8 after 8/10, the same list, fewer steps", { timeout: 60_000 }, () => {
    const made = tieTableCut.made;
    const { on, off } = withAndWithout(tieTableCut, ["8/10", "4/13", "4/6", "1/8"]);
    expect(tieTableCut.made).toBeGreaterThan(made);
    expect(on).toBeLessThan(off - 20_000);
  });

  it("the tie cut in a group's table: smath:19's 8/10 finds its 331 of 8 brackets after the 10 of 10/13 and 10/12", { timeout: 60_000 }, () => {
    const made = tieTableCut.made;
    withAndWithout(tieTableCut, ["10/13", "10/12", "8/10"]);
    expect(tieTableCut.made).toBeGreaterThan(made);
  });

  it("smath:19's tie hunts into a list of 2: the same list with and without each", { timeout: 60_000 }, () => {
    for (const n of [2]) {
      const made = tieTableCut.made;
      withAndWithout(tieTableCut, ["8/10", "4/13", "4/6", "1/8"], n);
      withAndWithout(tieTables, ["8/10", "4/12"], n);
      expect(tieTableCut.made).toBeGreaterThan(made);
    }
  });

  it("the tie cut in a group's table: the same top plays with and without on seeded racks", { timeout: 120_000 }, () => {
    const made = tieTableCut.made;
    const fills = tieTables.fills;
    tieTables.fills = 0;
    try {
      expect(seeded(tieTableCut, "smath-tie-tables")).toBeGreaterThanOrEqual(8);
    } finally {
      tieTables.fills = fills;
    }
    expect(tieTableCut.made).toBeGreaterThan(made);
  });
});
