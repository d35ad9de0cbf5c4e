/**
 * The 'SMATH value hull (valuehull.ts): every value of every filling of a side, over every
 * bracketing (brackets.ts `sideValues`), lies in the side's hull; a side with no filling that
 * reads as an expression has none. Then in the search: on the golden boards with seeded racks, the
 * exact generator's top plays with the hull check are the same plays, scores and order as without
 * it, and the check drops groups.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import * as Q from "../rational";
import { isOperator, type Face } from "../tiles";
import { sideValues, type Operand } from "./brackets";
import { sameTopWithAndWithoutCuts, smathBoardsOf } from "./tests/probe-cuts";
import { hullOf, hullsMeet, valueHulls, type HullSquares } from "./valuehull";

const FACES = ["0", "1", "2", "3", "5", "7", "8", "11", "12", "+", "-", "×", "÷"];
const BIT: Record<string, number> = { "+": 1, "-": 2, "×": 4, "÷": 8 };

/** The operands of a filling read as a side, or null when it is not an expression. */
function operandsOf(faces: readonly string[]): Operand[] | null {
  const ops: Operand[] = [];
  let op: Operand["op"] = "";
  for (let i = 0; i < faces.length; i++) {
    const f = faces[i];
    if (isOperator(f)) {
      if (i === 0 || i === faces.length - 1 || isOperator(faces[i - 1])) return null;
      op = f;
      continue;
    }
    ops.push({ value: Q.rat(Number(f)), op: i === 0 ? "" : (op || "imul"), oldOpen: 0, oldClose: 0 });
    op = "";
  }
  return ops;
}

const point = (v: number): Float64Array => new Float64Array(v < 0 ? [-v, -v, 0, Infinity, -Infinity] : v === 0 ? [Infinity, -Infinity, 1, Infinity, -Infinity] : [Infinity, -Infinity, 0, v, v]);

describe("'SMATH value hull (valuehull.ts)", () => {
  it("holds every value of every filling and bracketing of 300 random sides", () => {
    const rng = createRng("smath-value-hull");
    let values = 0;
    let none = 0;
    for (let t = 0; t < 300; t++) {
      const n = 1 + rng.below(6);
      // per square 1–3 faces it may hold
      const opts: string[][] = [];
      for (let i = 0; i < n; i++) {
        const k = 1 + rng.below(3);
        opts.push([...new Set(Array.from({ length: k }, () => FACES[rng.below(FACES.length)]))]);
      }
      const sq: HullSquares = { lo: new Float64Array(n).fill(Infinity), hi: new Float64Array(n).fill(-Infinity), zero: new Uint8Array(n), ops: new Uint8Array(n) };
      opts.forEach((fs, i) => {
        for (const f of fs) {
          if (isOperator(f)) sq.ops[i] |= BIT[f];
          else if (f === "0") sq.zero[i] = 1;
          else {
            sq.lo[i] = Math.min(sq.lo[i], Number(f));
            sq.hi[i] = Math.max(sq.hi[i], Number(f));
          }
        }
      });
      const hull = hullOf(sq, n);
      let any = false;
      const walk = (i: number, faces: string[]): void => {
        if (i === n) {
          const ops = operandsOf(faces);
          const vs = ops && sideValues(ops);
          if (!ops) return;
          any = true;
          expect(hull, faces.join(" ")).not.toBeNull();
          for (const { value } of vs?.values.values() ?? []) {
            values++;
            const v = Q.toNumber(value);
            expect(hullsMeet([hull!, point(v)]), `${faces.join(" ")} = ${v}`).toBe(true);
          }
          return;
        }
        for (const f of opts[i]) walk(i + 1, [...faces, f]);
      };
      walk(0, []);
      if (!any) {
        none++;
        expect(hull).toBeNull();
      }
    }
    expect(values).toBeGreaterThan(2000);
    expect(none).toBeGreaterThan(10);
  });

  it("parts apart: a gap around 0 is kept", () => {
    // 12 − 11·A·B with A, B in 4..12: (12 − 11)·A·B ≥ 16, (12 − 11·A)·B ≤ −128, 12 − 11·A·B ≤ −164
    const sq: HullSquares = { lo: Float64Array.from([12, Infinity, 11, 4, 4]), hi: Float64Array.from([12, -Infinity, 11, 12, 12]), zero: new Uint8Array(5), ops: Uint8Array.from([0, 2, 0, 0, 0]) };
    const h = hullOf(sq, 5)!;
    expect(hullsMeet([h, point(15)])).toBe(false);
    expect(hullsMeet([h, point(16)])).toBe(true);
    expect(hullsMeet([h, point(-127)])).toBe(false);
    expect(hullsMeet([h, point(-128)])).toBe(true);
  });

  it("the same top plays with and without it on seeded racks, and it drops groups", { timeout: 600_000 }, () => {
    const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
    const before = valueHulls.dropped;
    const pool: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "+", "-", "×", "÷", "?"];
    const timesOnly: Face[] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "×", "×", "-"];
    expect(sameTopWithAndWithoutCuts(boards, "smath-value-hull", pool, valueHulls)).toBeGreaterThanOrEqual(9);
    expect(sameTopWithAndWithoutCuts(boards, "smath-value-hull-times", timesOnly, valueHulls)).toBeGreaterThanOrEqual(9);
    expect(valueHulls.dropped).toBeGreaterThan(before);
  });

  it("the probe's hull cut (off by default): the same top plays with it on and off, and it cuts", { timeout: 600_000 }, () => {
    const boards = smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"));
    const before = valueHulls.cut;
    // `sameTopWithAndWithoutCuts` sets `on` false for its second run and back to true
    const probe = {
      set on(v: boolean) {
        valueHulls.probe = v;
      },
      get on(): boolean {
        return valueHulls.probe;
      },
    };
    const timesOnly: Face[] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "×", "÷", "-", "+"];
    // the group check off, so the probe meets the groups it would drop
    valueHulls.on = false;
    try {
      expect(sameTopWithAndWithoutCuts(boards, "smath-hull-probe", timesOnly, probe)).toBeGreaterThanOrEqual(9);
    } finally {
      valueHulls.probe = false;
      valueHulls.on = true;
    }
    expect(valueHulls.cut).toBeGreaterThan(before);
  });
});
