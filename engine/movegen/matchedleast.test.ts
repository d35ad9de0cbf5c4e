/**
 * The probe's matched prefix bound (fill.ts `leastAt`, 'SMATH): the exact generator's top plays,
 * their brackets and order are the same with and without it on seeded racks on the golden boards,
 * and it cuts (fewer probed fillings).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Face } from "../tiles";
import { matchedLeast } from "./fill";
import { eqMatched } from "./probebound";
import { boardsOf, eachRackWithAndWithout, sameTopWithAndWithoutCuts, shownWithTies, smathBoardsOf } from "./tests/probe-cuts";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "+", "-", "×", "÷", "?", "=", "7", "12"];


describe("'SMATH matched prefix bound (fill.ts leastAt)", () => {
  it("the same top plays with and without it, and it cuts", { timeout: 900_000 }, () => {
    let compared = 0;
    let fewer = 0;
    eachRackWithAndWithout({ boards, seed: "smath-matched-least", pool: POOL, sw: matchedLeast, racks: 10, size: [7, 4], tops: [1, 4], maxWork: 250_000 }, (withIt, without, label) => {
      if (!withIt.complete || !without.complete) return;
      compared++;
      if (withIt.stats.sideFillings < without.stats.sideFillings) fewer++;
      expect(shownWithTies(withIt), label).toEqual(shownWithTies(without));
    });
    expect(compared).toBeGreaterThanOrEqual(14);
    expect(fewer).toBeGreaterThanOrEqual(8);
  });
});

describe("Equate matched prefix bound (probebound.ts leastAt, eqMatched)", () => {
  const EQUATE_POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "1/2", "3/4", "2/3", "+", "-", "×", "÷", "?", "="];
  it("the same top plays with and without it, and it is used", { timeout: 900_000 }, () => {
    const eqBoards = boardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"), "equate");
    const before = eqMatched.fired;
    expect(sameTopWithAndWithoutCuts(eqBoards, "equate-matched-least", EQUATE_POOL, eqMatched, "equate")).toBeGreaterThanOrEqual(9);
    expect(sameTopWithAndWithoutCuts(eqBoards, "equate-matched-least-digits", EQUATE_POOL.slice(0, 13).concat(["+", "×"]), eqMatched, "equate")).toBeGreaterThanOrEqual(9);
    expect(eqMatched.fired).toBeGreaterThan(before);
  });
});
