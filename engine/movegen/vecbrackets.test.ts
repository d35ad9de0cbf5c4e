/**
 * vecbrackets.ts: the probe's bracket bound taken per partner vector still alive (its operators and
 * blanks, its picks' fewest brackets). With and without: smath:19's 8/10 (its 331 of 8 brackets)
 * then 1/13 and 1/12 into one list (the same list, fewer steps; it fires), and seeded racks of
 * numbers, three blanks and few operators on the golden boards (top 1 and 2): the same plays,
 * brackets, blanks and order.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ExactResult } from "./exact";
import { eachRackWithAndWithout, shownWithTies, smath19, smathBoardsOf, TIE_POOL } from "./tests/probe-cuts";
import { vectorBrackets } from "./vecbrackets";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

describe("'SMATH tie cut: the bracket bound per partner vector (vecbrackets.ts)", () => {
  it("smath:19: groups 1/13 and 1/12 after 8/10's 331 of 8 brackets, the same list with and without, fewer steps", { timeout: 60_000 }, () => {
    const eqs = ["8/10", "1/13", "1/12"];
    const fired = vectorBrackets.fired;
    const cut = smath19(eqs);
    expect(vectorBrackets.fired).toBeGreaterThan(fired);
    vectorBrackets.on = false;
    let full: { list: string[]; steps: number };
    try {
      full = smath19(eqs);
    } finally {
      vectorBrackets.on = true;
    }
    expect(cut.list).toEqual(full.list);
    expect(cut.list[0]).toMatch(/^331 8 /);
    expect(cut.steps).toBeLessThan(full.steps - 30_000);
  });

  it("the same top plays with and without on seeded racks; it fires", { timeout: 120_000 }, () => {
    const fired = vectorBrackets.fired;
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "smath-tie-vectors", pool: TIE_POOL, sw: vectorBrackets, racks: 12, size: [6, 4], tops: [1, 2], maxWork: 120_000 }, (cut: ExactResult, full: ExactResult, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
      expect(cut.stats.rejected).toBe(0);
    });
    expect(compared).toBeGreaterThanOrEqual(14);
    expect(vectorBrackets.fired).toBeGreaterThan(fired);
  });
});
