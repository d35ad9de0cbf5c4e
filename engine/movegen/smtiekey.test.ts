/**
 * smtie.ts `keyMayWin`: a probed prefix whose plays tie the list's last on score, brackets, blanks
 * and tiles is cut when the probed side is not the group's first and every first-side entry that
 * does not already put the key after the last's makes the prefix's plays write more brackets.
 * With and without: smath:19's groups 8/10 (its 331 of 8 brackets) then 1/10 and 1/8 searched
 * into one list (the same list, fewer steps), and seeded racks on the golden boards (top 1, 2, 4):
 * the same plays, brackets, blanks and order; it fires. The same for the join's first-side picks
 * (`tieJoinOf`): smath:19's groups 8/10 then 4/8, and the seeded racks. And `keyMayWin`'s bound
 * taken per value (`smathTieKeyValue`): smath:19's 8/10 then 1/13, and seeded racks.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ExactResult } from "./exact";
import { smathTieKeyFirst, smathTieKeyValue } from "./smtie";
import { smathTieJoin } from "./smtiejoin";
import { eachRackWithAndWithout, shownWithTies, smath19, smathBoardsOf, TIE_POOL as POOL } from "./tests/probe-cuts";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

describe("'SMATH tie cut: the first side's keys when another side is probed (smtie.ts keyMayWin)", () => {
  it("smath:19: groups 1/10 and 1/8 after 8/10's 331 of 8 brackets, the same list with and without, fewer steps", { timeout: 60_000 }, () => {
    const eqs = ["8/10", "1/10", "1/8"];
    const fired = smathTieKeyFirst.fired;
    const cut = smath19(eqs);
    expect(smathTieKeyFirst.fired).toBeGreaterThan(fired);
    smathTieKeyFirst.on = false;
    let full: { list: string[]; steps: number };
    try {
      full = smath19(eqs);
    } finally {
      smathTieKeyFirst.on = true;
    }
    expect(cut.list).toEqual(full.list);
    expect(cut.list[0]).toMatch(/^331 8 /);
    expect(cut.steps).toBeLessThan(full.steps);
  });

  it("the same top plays with and without on seeded racks; it fires", { timeout: 120_000 }, () => {
    const fired = smathTieKeyFirst.fired;
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "smath-tie-key-first", pool: POOL, sw: smathTieKeyFirst, racks: 12, size: [6, 4], tops: [1, 2, 4], maxWork: 120_000 }, (cut: ExactResult, full: ExactResult, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
      expect(cut.stats.rejected).toBe(0);
    });
    expect(compared).toBeGreaterThanOrEqual(20);
    expect(smathTieKeyFirst.fired).toBeGreaterThan(fired);
  });

  it("the join's first-side picks: smath:19's 4/8 after 8/10, the same list with and without, fewer steps", { timeout: 60_000 }, () => {
    const eqs = ["8/10", "4/8"];
    const fired = smathTieJoin.fired;
    const cut = smath19(eqs);
    expect(smathTieJoin.fired).toBeGreaterThan(fired);
    smathTieJoin.on = false;
    let full: { list: string[]; steps: number };
    try {
      full = smath19(eqs);
    } finally {
      smathTieJoin.on = true;
    }
    expect(cut.list).toEqual(full.list);
    expect(cut.list[0]).toMatch(/^331 8 /);
    expect(cut.steps).toBeLessThan(full.steps);
  });

  it("the join's first-side picks: the same top plays with and without on seeded racks", { timeout: 120_000 }, () => {
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "smath-tie-join", pool: POOL, sw: smathTieJoin, racks: 12, size: [6, 4], tops: [1, 2, 4], maxWork: 120_000 }, (cut: ExactResult, full: ExactResult, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
      expect(cut.stats.rejected).toBe(0);
    });
    expect(compared).toBeGreaterThanOrEqual(20);
  });

  it("per value: smath:19's 1/13 after 8/10, the same list with and without, fewer steps", { timeout: 60_000 }, () => {
    const eqs = ["8/10", "1/13"];
    const cut = smath19(eqs);
    smathTieKeyValue.on = false;
    let full: { list: string[]; steps: number };
    try {
      full = smath19(eqs);
    } finally {
      smathTieKeyValue.on = true;
    }
    expect(cut.list).toEqual(full.list);
    expect(cut.list[0]).toMatch(/^331 8 /);
    expect(cut.steps).toBeLessThan(full.steps - 50_000);
  });

  it("per value: the same top plays with and without on seeded racks", { timeout: 120_000 }, () => {
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "smath-tie-key-value", pool: POOL, sw: smathTieKeyValue, racks: 12, size: [6, 4], tops: [1, 2, 4], maxWork: 120_000 }, (cut: ExactResult, full: ExactResult, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
      expect(cut.stats.rejected).toBe(0);
    });
    expect(compared).toBeGreaterThanOrEqual(20);
  });
});
