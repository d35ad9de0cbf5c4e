/**
 * 'SMATH's tie cut (smtie.ts). First what it rests on: every value of a side has a witness
 * (brackets.ts `sideValues`) writing at least one bracket per boundary of touching numbers, an
 * even count. Then the cut: on the golden boards with seeded racks of numbers, blanks and few
 * operators (many touching numbers, many ties), the exact generator's top plays — brackets,
 * blanks, order — are the same with the cut as without it, and the cut fires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import * as Q from "../rational";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { sideValues, type Operand } from "./brackets";
import { exactPlays, type ExactResult } from "./exact";
import { sharedOps, smathTieCut } from "./smtie";
import { smathBoardsOf } from "./tests/probe-cuts";

const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));

const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "1", "2", "3", "5", "?", "?", "?", "-"];

const run = (board: Parameters<typeof exactPlays>[1], rack: Face[], top: number, on: boolean): ExactResult => {
  smathTieCut.on = on;
  try {
    return exactPlays(getRuleset("smath"), board, rack, { top, maxWork: 300_000 });
  } finally {
    smathTieCut.on = true;
  }
};
const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${p.brackets} ${p.blanks} ${p.tiles} ${JSON.stringify(p.placements)}`);

describe("'SMATH tie cut (smtie.ts)", () => {
  it("a side's witness writes at least one bracket per boundary of touching numbers, an even count", () => {
    const rng = createRng("smath-tie-witness");
    let values = 0;
    for (let n = 0; n < 400; n++) {
      const ops: Operand[] = [];
      let pairs = 0;
      const len = 1 + rng.below(6);
      for (let k = 0; k < len; k++) {
        const op = k === 0 ? "" : (["+", "-", "×", "÷", "imul", "imul", "imul"] as const)[rng.below(7)];
        if (op === "imul") pairs++;
        ops.push({ value: Q.rat(1 + rng.below(12)), op, oldOpen: 0, oldClose: 0 });
      }
      const vs = sideValues(ops);
      expect(vs).not.toBeNull();
      for (const { open, close } of vs!.values.values()) {
        values++;
        const written = open.reduce((s, x) => s + x, 0) + close.reduce((s, x) => s + x, 0);
        expect(written % 2).toBe(0);
        expect(written).toBeGreaterThanOrEqual(pairs);
      }
    }
    expect(values).toBeGreaterThan(1000);
  });

  it("the same top plays, brackets and order with and without the cut; the cut fires", { timeout: 600_000 }, () => {
    expect(boards.length).toBeGreaterThan(3);
    const rng = createRng("smath-tie-cut");
    const fired = smathTieCut.fired;
    let compared = 0;
    for (let n = 0; n < 24; n++) {
      const board = boards[n % boards.length];
      const rack: Face[] = [];
      const size = 5 + rng.below(4);
      for (let k = 0; k < size; k++) rack.push(POOL[rng.below(POOL.length)]);
      for (const top of [1, 6]) {
        const cut = run(board, rack, top, true);
        const full = run(board, rack, top, false);
        if (!cut.complete || !full.complete) continue;
        compared++;
        expect(shown(cut), `rack ${rack.join(" ")} on board ${n % boards.length}, top ${top}`).toEqual(shown(full));
        expect(cut.stats.rejected).toBe(0);
      }
    }
    expect(compared).toBeGreaterThanOrEqual(24);
    expect(smathTieCut.fired).toBeGreaterThan(fired);
  });

  it("the same top plays with the other sides' operators counted against the probed side's, and it cuts more", { timeout: 600_000 }, () => {
    const rng = createRng("smath-tie-shared-ops");
    let compared = 0;
    let fewer = 0;
    for (let n = 0; n < 12; n++) {
      const board = boards[n % boards.length];
      const rack: Face[] = [];
      const size = 6 + rng.below(5);
      for (let k = 0; k < size; k++) rack.push(POOL[rng.below(POOL.length)]);
      for (const top of [1, 6]) {
        const shared = run(board, rack, top, true);
        sharedOps.on = false;
        let apart: ExactResult;
        try {
          apart = run(board, rack, top, true);
        } finally {
          sharedOps.on = true;
        }
        if (!shared.complete || !apart.complete) continue;
        compared++;
        if (shared.stats.steps < apart.stats.steps) fewer++;
        expect(shown(shared), `rack ${rack.join(" ")} on board ${n % boards.length}, top ${top}`).toEqual(shown(apart));
      }
    }
    expect(compared).toBeGreaterThanOrEqual(12);
    expect(fewer).toBeGreaterThan(0);
  });
});
