/**
 * The probe's matched prefix bound (fill.ts `leastAt`, 'SMATH): the exact generator's top plays,
 * their brackets and order are the same with and without it on seeded racks on the golden boards,
 * and it cuts (fewer probed fillings).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { exactPlays, type ExactResult } from "./exact";
import { matchedLeast } from "./fill";
import { eqMatched } from "./probebound";
import { boardsOf, sameTopWithAndWithoutCuts, smathBoardsOf } from "./tests/probe-cuts";

const rs = getRuleset("smath");
const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "+", "-", "×", "÷", "?", "=", "7", "12"];

const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${p.brackets} ${p.blanks} ${JSON.stringify(p.placements)}`);

describe("'SMATH matched prefix bound (fill.ts leastAt)", () => {
  it("the same top plays with and without it, and it cuts", { timeout: 900_000 }, () => {
    const rng = createRng("smath-matched-least");
    let compared = 0;
    let fewer = 0;
    for (let n = 0; n < 10; n++) {
      const board = boards[n % boards.length];
      const rack: Face[] = [];
      const size = 7 + rng.below(4);
      for (let k = 0; k < size; k++) rack.push(POOL[rng.below(POOL.length)]);
      for (const top of [1, 4]) {
        const run = (on: boolean): ExactResult => {
          matchedLeast.on = on;
          try {
            return exactPlays(rs, board, rack, { top, maxWork: 250_000 });
          } finally {
            matchedLeast.on = true;
          }
        };
        const withIt = run(true);
        const without = run(false);
        if (!withIt.complete || !without.complete) continue;
        compared++;
        if (withIt.stats.sideFillings < without.stats.sideFillings) fewer++;
        expect(shown(withIt), `top ${top}, rack ${rack.join(" ")} on board ${n % boards.length}`).toEqual(shown(without));
      }
    }
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
