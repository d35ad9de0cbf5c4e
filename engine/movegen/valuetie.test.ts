/**
 * valuetable.ts `tieShortSide` (twelfth round, branch sm19f): a short side (under `MIN_EMPTIES`
 * empty squares) of a group bounded at the list's need is filled for the group with the score cut,
 * not tabled in full. With and without: smath:19's groups 8/10 (its 331 of 8 brackets), then 2/8
 * (`__3_6` filled for `__`'s values) and 2/6 searched into one list of 3 (floor 331): the same
 * list, far fewer steps; and seeded racks of 6–8 tiles (numbers, three blanks, `-`, `×`) on the
 * golden boards (top 1 and 4): the same plays, brackets, blanks and order; it fires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Face } from "../tiles";
import type { ExactResult } from "./exact";
import { eachRackWithAndWithout, shownWithTies, smath19, smathBoardsOf } from "./tests/probe-cuts";
import { tieShorts } from "./valuetable";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

const POOL: Face[] = ["1", "2", "3", "5", "7", "10", "12", "?", "?", "?", "-", "×"];

describe("'SMATH tie hunts fill their short sides for the group (valuetable.ts tieShortSide)", () => {
  it("smath:19: groups 2/8 and 2/6 after 8/10's 331 of 8 brackets, the same list with and without, far fewer steps", { timeout: 60_000 }, () => {
    const eqs = ["8/10", "2/8", "2/6"];
    const made = tieShorts.made;
    const cut = smath19(eqs, 3);
    expect(tieShorts.made).toBeGreaterThan(made);
    tieShorts.on = false;
    let full: { list: string[]; steps: number };
    try {
      full = smath19(eqs, 3);
    } finally {
      tieShorts.on = true;
    }
    expect(cut.list).toEqual(full.list);
    expect(cut.list[0]).toMatch(/^331 8 /);
    expect(cut.steps).toBeLessThan(full.steps - 100_000);
  });

  it("the same top plays with and without on seeded racks; it fires", { timeout: 120_000 }, () => {
    const made = tieShorts.made;
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "smath-tie-tables", pool: POOL, sw: tieShorts, racks: 8, size: [6, 3], tops: [1, 4], maxWork: 200_000 }, (cut: ExactResult, full: ExactResult, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
      expect(cut.stats.rejected).toBe(0);
    });
    expect(compared).toBe(16);
    expect(tieShorts.made).toBeGreaterThan(made);
  });
});
