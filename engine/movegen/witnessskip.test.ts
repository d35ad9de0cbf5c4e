/**
 * 'SMATH witnesses skipped (issue 28, smfix): brackets.ts `bracketsAtLeast` is at most what any
 * value's witness writes (random sides, board brackets included), and the exact generator's top
 * plays, their brackets, order and search counts are the same with and without the skips
 * (smathside.ts `witnessSkips`: join.ts `finish` and `keyLoses`, tableleast.ts `othersLeastByOps`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import * as Q from "../rational";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { bracketsAtLeast, sideValues } from "./brackets";
import { exactPlays, type ExactResult } from "./exact";
import { witnessSkips } from "./smathside";
import { smathBoardsOf } from "./tests/probe-cuts";
import { randomSide } from "./tests/random-side";

const rs = getRuleset("smath");
const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "+", "-", "×", "÷", "?", "=", "7", "12"];

const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${p.brackets} ${p.blanks} ${JSON.stringify(p.placements)}`);

describe("'SMATH witnesses skipped (brackets.ts bracketsAtLeast)", () => {
  it("no witness writes fewer brackets than bracketsAtLeast, and some write exactly that", () => {
    const rng = createRng("smath-witness-skip");
    let values = 0;
    let tight = 0;
    for (let s = 0; s < 400; s++) {
      const ops = randomSide(rng);
      const least = bracketsAtLeast(ops);
      const label = ops.map((o) => `${o.op === "imul" ? " " : o.op}${"(".repeat(o.oldOpen)}${Q.toString(o.value)}${")".repeat(o.oldClose)}`).join("");
      for (const w of sideValues(ops)?.values.values() ?? []) {
        values++;
        const written = w.open.reduce((a, x) => a + x, 0) + w.close.reduce((a, x) => a + x, 0);
        expect(written, label).toBeGreaterThanOrEqual(least);
        if (written === least && least > 0) tight++;
      }
    }
    expect(values).toBeGreaterThan(1000);
    expect(tight).toBeGreaterThan(50);
  });

  it("the same top plays and search counts with and without the skips, and they skip", { timeout: 900_000 }, () => {
    const rng = createRng("smath-witness-skip-plays");
    let compared = 0;
    let skipped = 0;
    for (let n = 0; n < 10; n++) {
      const board = boards[n % boards.length];
      const rack: Face[] = [];
      const size = 7 + rng.below(4);
      for (let k = 0; k < size; k++) rack.push(POOL[rng.below(POOL.length)]);
      for (const top of [1, 4]) {
        const run = (on: boolean): ExactResult => {
          witnessSkips.on = on;
          try {
            return exactPlays(rs, board, rack, { top, maxWork: 150_000 });
          } finally {
            witnessSkips.on = true;
          }
        };
        const before = witnessSkips.skipped;
        const withIt = run(true);
        skipped += witnessSkips.skipped - before;
        const without = run(false);
        const label = `top ${top}, rack ${rack.join(" ")} on board ${n % boards.length}`;
        expect(shown(withIt), label).toEqual(shown(without));
        expect({ ...withIt.stats, ms: 0, seedMs: 0 }, label).toEqual({ ...without.stats, ms: 0, seedMs: 0 });
        compared++;
      }
    }
    expect(compared).toBe(20);
    expect(skipped).toBeGreaterThan(100);
  });
});
