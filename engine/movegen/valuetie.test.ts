/**
 * valuetable.ts `tieTable` (twelfth round, branch sm19f): a tie hunt (a group bounded at the list's
 * need) fills its own value table with the score cut where a full table would be short or dear.
 * With and without: smath:19's groups 8/10 (its 331 of 8 brackets), then 4/10 (`____` filled for
 * the middle side's values, not tabled in full) and 2/8 (`__3_6`) searched into one list (floor
 * 331): the same list, far fewer steps; and seeded racks of 6–8 tiles (numbers, three blanks,
 * `-`, `×`) on the golden boards (top 1 and 4): the same plays, brackets, blanks and order; it
 * fires. A value table holds one entry per filling and value (the probe's leaf visits a value once
 * per tree that reaches it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Face } from "../tiles";
import type { ExactResult } from "./exact";
import { eachRackWithAndWithout, shownWithTies, smath19Groups, smathBoardsOf } from "./tests/probe-cuts";
import { tieTables } from "./valuetable";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

const POOL: Face[] = ["1", "2", "3", "5", "7", "10", "12", "?", "?", "?", "-", "×"];

describe("'SMATH tie hunts fill their own value tables (valuetable.ts tieTable)", () => {
  it("smath:19: groups 4/10 and 2/8 after 8/10's 331 of 8 brackets, the same list with and without, far fewer steps", { timeout: 60_000 }, () => {
    const eqs = ["8/10", "4/10", "2/8"];
    const built = tieTables.built;
    const cut = smath19Groups(eqs, 3);
    expect(tieTables.built).toBeGreaterThan(built);
    tieTables.on = false;
    let full: { list: string[]; steps: number };
    try {
      full = smath19Groups(eqs, 3);
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
