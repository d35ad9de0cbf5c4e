/**
 * The 'SMATH product cut (product.ts) with `+` (branch smone). First the bound it rests on: over
 * every bracketing of a side of numbers 1–12 joined by `×`, `+` and touching (brackets.ts
 * `sideValues`), the least value is the side read with the usual precedence (the sum of its
 * `×`-chains' products), and `ProductCut` stepped along the side never cuts at that value and
 * cuts just below it. Then the cut in the search: on the golden boards with seeded racks of
 * numbers, `×` and `+` (now and then a blank), the exact generator's top plays with the probe cuts
 * are the same plays, scores and order as without them, and the cut fires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import * as Q from "../rational";
import type { Face } from "../tiles";
import { sideValues, type Operand } from "./brackets";
import { probeCuts } from "./partners";
import { ProductCut } from "./product";
import { sameTopWithAndWithoutCuts, smathBoardsOf } from "./tests/probe-cuts";

const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "×", "×", "+", "+", "?"];

/** ProductCut's answer at each face of `faces` laid on empty squares, no tile left to break it */
const steps = (faces: string[], max: number): boolean[] => {
  const keys = [...new Set(faces)];
  const counts = keys.map((k) => faces.filter((f) => f === k).length);
  const cut = new ProductCut(new Array(faces.length).fill(undefined), keys, counts, max);
  const uses = new Uint8Array(keys.length);
  return faces.map((f, i) => {
    uses[keys.indexOf(f)]++;
    return cut.step(i, f, uses);
  });
};

describe("'SMATH product cut with + (product.ts)", () => {
  it("the least value over every bracketing of a side of ×, + and touching is its precedence value; the cut holds there and cuts below", () => {
    const rng = createRng("smath-product-plus");
    let sides = 0;
    for (let n = 0; n < 400; n++) {
      const ops: Operand[] = [];
      const faces: string[] = [];
      let sum = 0;
      let chain = 1;
      const len = 1 + rng.below(6);
      for (let k = 0; k < len; k++) {
        const x = 1 + rng.below(12);
        const op = k === 0 ? "" : (["×", "+", "imul"] as const)[rng.below(3)];
        if (op === "+") {
          sum += chain;
          chain = 1;
        }
        chain *= x;
        if (op === "×" || op === "+") faces.push(op);
        faces.push(String(x));
        ops.push({ value: Q.rat(x), op, oldOpen: 0, oldClose: 0 });
      }
      const prec = sum + chain;
      const vs = sideValues(ops);
      expect(vs).not.toBeNull();
      let least = Infinity;
      for (const { value } of vs!.values.values()) least = Math.min(least, Number(value.n) / Number(value.d));
      expect(least, faces.join(" ")).toBe(prec);
      expect(steps(faces, prec).every(Boolean), faces.join(" ")).toBe(true);
      expect(steps(faces, prec - 0.5).at(-1), faces.join(" ")).toBe(false);
      if (faces.includes("+")) sides++;
    }
    expect(sides).toBeGreaterThan(150);
  });

  it("a `−`, `÷`, 0 or blank left on the rack stops the cut", () => {
    for (const left of ["-", "÷", "0", "?"]) {
      const cut = new ProductCut([undefined, undefined, undefined, undefined], ["9", "+", "8", left], [1, 1, 1, 1], 5);
      const uses = new Uint8Array(4);
      uses[0] = 1;
      expect(cut.step(0, "9", uses)).toBe(true);
    }
  });

  it("a breaker every partner pick takes does not stop the cut; one some pick leaves does", () => {
    const step = (taken: number): boolean => {
      const cut = new ProductCut([undefined, undefined, undefined], ["9", "+", "8", "-"], [1, 1, 1, 1], 5);
      const uses = new Uint8Array(4);
      uses[0] = 1;
      return cut.step(0, "9", uses, (k) => (k === 3 ? taken : 0));
    };
    expect(step(1)).toBe(false);
    expect(step(0)).toBe(true);
  });

  it("the same top plays with and without the cuts, on seeded racks of numbers, × and +; the cut fires", { timeout: 600_000 }, () => {
    const before = probeCuts.product;
    const compared = sameTopWithAndWithoutCuts(smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")), "smath-product-plus-cut", POOL);
    expect(compared).toBeGreaterThanOrEqual(9);
    expect(probeCuts.product).toBeGreaterThan(before);
  });
});
