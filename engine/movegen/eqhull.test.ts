/**
 * Equate's value hulls (eqhull.ts, docs/movegen-speed.md "Equate, eleventh round: value hulls and
 * dead probes"): a group whose sides' hulls share no point is dropped before its tables. The same
 * top plays with the check as without it, on seeded racks on the golden boards and on the frozen
 * positions it saves most on; and the hull of a few sides against their values by hand.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { eqHullOf, eqHulls } from "./eqhull";
import { exactPlays } from "./exact";
import { boardsOf, eachRackWithAndWithout, searchWith, shownWithTies } from "./tests/probe-cuts";
import { hullsMeet } from "./valuehull";

const boards = boardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"), "equate");
const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "+", "-", "×", "÷", "÷", "-", "1/2", "3/4", "2/3", "?"];

/** squares from faces: a digit, a fraction `a/b`, an operator, or several per square joined by `|` */
function squares(spec: string[]): Parameters<typeof eqHullOf>[0] {
  const n = spec.length;
  const sq = { dlo: new Float64Array(n).fill(Infinity), dhi: new Float64Array(n).fill(-Infinity), flo: new Float64Array(n).fill(Infinity), fhi: new Float64Array(n).fill(-Infinity), ops: new Uint8Array(n) };
  const bit: Record<string, number> = { "+": 1, "-": 2, "×": 4, "÷": 8 };
  spec.forEach((s, i) => {
    for (const f of s.split("|")) {
      if (bit[f]) sq.ops[i] |= bit[f];
      else if (f.includes("/")) {
        const [a, b] = f.split("/").map(Number);
        sq.flo[i] = Math.min(sq.flo[i], a / b);
        sq.fhi[i] = Math.max(sq.fhi[i], a / b);
      } else {
        sq.dlo[i] = Math.min(sq.dlo[i], Number(f));
        sq.dhi[i] = Math.max(sq.dhi[i], Number(f));
      }
    }
  });
  return sq;
}
const has = (h: Float64Array | null, v: number): boolean => h !== null && hullsMeet([h, squaresHull([String(v)])!]);
const squaresHull = (spec: string[]): Float64Array | null => eqHullOf(squares(spec), spec.length);

describe("Equate value hulls", () => {
  it("hold every value of multi-digit numbers, mixed numerals and operators, and no more than their ranges", () => {
    // 12, 13, 22, 23 and the mixed numerals 1 1/2 .. 2 3/4
    const h = squaresHull(["1|2", "2|3"]);
    for (const v of [12, 13, 22, 23]) expect(has(h, v)).toBe(true);
    expect(has(h, 24)).toBe(false);
    expect(has(h, 11)).toBe(false);
    const m = squaresHull(["1|2", "1/2|3/4"]);
    expect(has(m, 1.5)).toBe(true);
    expect(has(m, 2.75)).toBe(true);
    expect(has(m, 3)).toBe(false);
    // 9 ÷ 1/2 = 18, 9 − 1/2: operators over a fraction; a fraction before a digit is no number
    const d = squaresHull(["9", "÷|-", "1/2"]);
    expect(has(d, 18)).toBe(true);
    expect(has(d, 8.5)).toBe(true);
    expect(has(d, 19)).toBe(false);
    expect(squaresHull(["1/2", "3"])).toBeNull();
    expect(squaresHull(["+", "3"])).toBeNull();
  });

  it("the same top plays with and without the group check; it drops groups", { timeout: 120_000 }, () => {
    const dropped = eqHulls.dropped;
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "equate-hull", pool: POOL, sw: eqHulls, racks: 14, size: [5, 3], tops: [1, 4], maxWork: 300_000, id: "equate" }, (cut, full, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
      expect(cut.stats.steps).toBeLessThanOrEqual(full.stats.steps);
    });
    expect(compared).toBeGreaterThanOrEqual(20);
    // bench/positions/movegen.json equate:0 and 15 (most of what the check saves)
    for (const text of [
      "equate 19/19/19/19/19/19/19/19/19/1[3/4]×[8]-[7]÷[7/4]=[2]9/19/19/19/19/19/19/19/19/19 [8][7][8]+[5]×[5][9][9]/[6]--[2][3][2][2/4]÷+ 64/0 0 124",
      "equate 19/19/19/19/19/19/19/19/19/2[4][6][3/4]=[8]+[3]?[8][3/4]8/19/19/19/19/19/19/19/19/19 [1/2][5][7][2][4/4][2/2][7][7][3]/[7][2][8][6][5][9][9]-[4] 64/0 0 124",
    ]) {
      const p = parsePosition(text);
      if (!p.ok) throw new Error(p.error);
      const rack = p.value.racks[p.value.turn] as Face[];
      for (const top of [1, 5]) {
        const search = () => exactPlays(getRuleset("equate"), p.value.board, rack, { top, maxWork: 400_000 });
        const cut = searchWith(eqHulls, true, search);
        const full = searchWith(eqHulls, false, search);
        expect(cut.complete && full.complete).toBe(true);
        expect(shownWithTies(cut), `${text.slice(0, 60)} top ${top}`).toEqual(shownWithTies(full));
        expect(cut.stats.steps).toBeLessThan(full.stats.steps);
      }
    }
    expect(eqHulls.dropped).toBeGreaterThan(dropped);
  });
});
