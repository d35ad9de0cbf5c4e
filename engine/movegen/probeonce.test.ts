/**
 * smathside.ts `probeOnce` (twelfth round, branch sm19f): the probe's 'SMATH leaf gives each value
 * of a filling to the probe once, where `visitSideValues` visits it once per tree that reaches it.
 * With and without: smath:19's groups 8/10 then 8/12 searched into one list of 3 (floor
 * 331): the same list, fewer steps; seeded racks of numbers, three blanks, `-` and `×` on the
 * golden boards (top 1 and 4): the same plays, brackets, blanks and order; it skips visits.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Face } from "../tiles";
import type { ExactResult } from "./exact";
import { probeOnce } from "./smathside";
import { eachRackWithAndWithout, shownWithTies, smath19Groups, smathBoardsOf } from "./tests/probe-cuts";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

const POOL: Face[] = ["1", "2", "3", "5", "7", "10", "12", "?", "?", "?", "-", "×"];

describe("'SMATH probe: each value of a filling visited once (smathside.ts probeOnce)", () => {
  it("smath:19: group 8/12 after 8/10, the same list with and without, fewer steps", { timeout: 60_000 }, () => {
    const eqs = ["8/10", "8/12"];
    const skipped = probeOnce.skipped;
    const once = smath19Groups(eqs, 3);
    expect(probeOnce.skipped).toBeGreaterThan(skipped);
    probeOnce.on = false;
    let every: { list: string[]; steps: number };
    try {
      every = smath19Groups(eqs, 3);
    } finally {
      probeOnce.on = true;
    }
    expect(once.list).toEqual(every.list);
    expect(once.steps).toBeLessThan(every.steps - 5_000);
  });

  it("the same top plays with and without on seeded racks; it skips", { timeout: 120_000 }, () => {
    const skipped = probeOnce.skipped;
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "smath-probe-once", pool: POOL, sw: probeOnce, racks: 8, size: [6, 3], tops: [1, 4], maxWork: 200_000 }, (once: ExactResult, every: ExactResult, label) => {
      if (!once.complete || !every.complete) return;
      compared++;
      expect(shownWithTies(once), label).toEqual(shownWithTies(every));
      expect(once.stats.rejected).toBe(0);
    });
    expect(compared).toBeGreaterThanOrEqual(12);
    expect(probeOnce.skipped).toBeGreaterThan(skipped);
  });
});
