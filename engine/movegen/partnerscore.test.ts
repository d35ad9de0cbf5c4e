/**
 * The probe's score bound by partner vector (fill.ts `partnersRest`, 'SMATH): the exact
 * generator's top plays, their brackets and order are the same with and without it on seeded
 * racks on the golden boards (racks with blanks, several `=`), and it is used.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Face } from "../tiles";
import { partnerScore } from "./fill";
import { eachRackWithAndWithout, shownWithTies, smathBoardsOf } from "./tests/probe-cuts";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "+", "-", "×", "?", "?", "=", "=", "7", "12"];


describe("'SMATH score bound by partner vector (fill.ts partnersRest)", () => {
  it("the same top plays with and without it, and it is used", { timeout: 900_000 }, () => {
    let compared = 0;
    let fewer = 0;
    partnerScore.fired = 0;
    eachRackWithAndWithout({ boards, seed: "smath-partner-score", pool: POOL, sw: partnerScore, racks: 12, size: [7, 4], tops: [1, 4], maxWork: 250_000 }, (withIt, without, label) => {
      if (!withIt.complete || !without.complete) return;
      compared++;
      if (withIt.stats.sideFillings < without.stats.sideFillings) fewer++;
      expect(shownWithTies(withIt), label).toEqual(shownWithTies(without));
    });
    expect(compared).toBeGreaterThanOrEqual(14);
    expect(partnerScore.fired).toBeGreaterThan(0);
    expect(fewer).toBeGreaterThanOrEqual(4);
  });
});
