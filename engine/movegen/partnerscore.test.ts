/**
 * The probe's score bound by partner vector (fill.ts `partnersRest`, 'SMATH): the exact
 * generator's top plays, their brackets and order are the same with and without it on seeded
 * racks on the golden boards (racks with blanks, several `=`), and it is used.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { exactPlays, type ExactResult } from "./exact";
import { partnerScore } from "./fill";
import { smathBoardsOf } from "./tests/probe-cuts";

const rs = getRuleset("smath");
const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "+", "-", "×", "?", "?", "=", "=", "7", "12"];

const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${p.brackets} ${p.blanks} ${JSON.stringify(p.placements)}`);

describe("'SMATH score bound by partner vector (fill.ts partnersRest)", () => {
  it("the same top plays with and without it, and it is used", { timeout: 900_000 }, () => {
    const rng = createRng("smath-partner-score");
    let compared = 0;
    let fewer = 0;
    partnerScore.fired = 0;
    for (let n = 0; n < 12; n++) {
      const board = boards[n % boards.length];
      const rack: Face[] = [];
      const size = 7 + rng.below(4);
      for (let k = 0; k < size; k++) rack.push(POOL[rng.below(POOL.length)]);
      for (const top of [1, 4]) {
        const run = (on: boolean): ExactResult => {
          partnerScore.on = on;
          try {
            return exactPlays(rs, board, rack, { top, maxWork: 250_000 });
          } finally {
            partnerScore.on = true;
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
    expect(partnerScore.fired).toBeGreaterThan(0);
    expect(fewer).toBeGreaterThanOrEqual(4);
  });
});
