/**
 * The 'SMATH square-class cut (parity.ts). First the invariant it rests on: every value of a side
 * of numbers 1–12 joined by `×`, `÷` and touching, over all its bracketings (brackets.ts
 * `sideValues`), has the square class of the product of its numbers. Then the cut: on the golden
 * boards with seeded racks of numbers and `×`/`÷` (now and then a 0 or a blank), the exact generator's top
 * plays with the probe cuts are the same plays, scores and order as without them, and the cut fires.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import * as Q from "../rational";
import type { Face } from "../tiles";
import { sideValues, type Operand } from "./brackets";
import { probeCuts } from "./partners";
import { sameTopWithAndWithoutCuts } from "./tests/probe-cuts";

const PRIMES = [2, 3, 5, 7, 11];
/** the square class of a positive rational a/b: a bit per prime of odd exponent */
const classOf = (a: bigint, b: bigint): number => {
  let m = 0;
  for (let j = 0; j < PRIMES.length; j++) {
    const p = BigInt(PRIMES[j]);
    for (let x = a; x % p === 0n; x /= p) m ^= 1 << j;
    for (let x = b; x % p === 0n; x /= p) m ^= 1 << j;
  }
  return m;
};

const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "2", "3", "5", "0", "×", "÷", "÷", "?"];

describe("'SMATH square-class cut (parity.ts)", () => {
  it("every bracketing of a side of × and ÷ has its numbers' square class", () => {
    const rng = createRng("smath-parity-invariant");
    let values = 0;
    for (let n = 0; n < 300; n++) {
      const ops: Operand[] = [];
      let cls = 0;
      const len = 1 + rng.below(5);
      for (let k = 0; k < len; k++) {
        const x = 1 + rng.below(12);
        cls ^= classOf(BigInt(x), 1n);
        const op = k === 0 ? "" : (["×", "÷", "imul"] as const)[rng.below(3)];
        ops.push({ value: Q.rat(x), op, oldOpen: 0, oldClose: 0 });
      }
      const vs = sideValues(ops);
      expect(vs).not.toBeNull();
      for (const { value } of vs!.values.values()) {
        values++;
        expect(classOf(value.n < 0n ? -value.n : value.n, value.d)).toBe(cls);
      }
    }
    expect(values).toBeGreaterThan(300);
  });

  it("the same top plays with and without the cuts, on seeded racks of numbers, × and ÷; the cut fires", { timeout: 600_000 }, () => {
    const before = probeCuts.parity;
    const compared = sameTopWithAndWithoutCuts("smath-parity-cut", POOL);
    expect(compared).toBeGreaterThanOrEqual(9);
    expect(probeCuts.parity).toBeGreaterThan(before);
  });
});
