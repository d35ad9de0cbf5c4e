/**
 * The 'SMATH square-class cut (parity.ts). First the invariant it rests on: every value of a side
 * of numbers 1–12 joined by `×`, `÷` and touching, over all its bracketings (brackets.ts
 * `sideValues`), has the square class of the product of its numbers, and with a 0 is worth 0. Then the cut: on the golden
 * boards with seeded racks of numbers and `×`/`÷` (now and then a 0 or a blank), the exact generator's top
 * plays with the probe cuts are the same plays, scores and order as without them, and the cut fires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import * as Q from "../rational";
import type { Face } from "../tiles";
import { sideValues, type Operand } from "./brackets";
import { ParityCut } from "./parity";
import { probeCuts } from "./partners";
import { sameTopWithAndWithoutCuts, smathBoardsOf } from "./tests/probe-cuts";

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
/** a 0 in most racks: the cut must hold with the side worth 0 (a 0 placed, ahead or left) */
const ZERO_POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "0", "0", "0", "×", "÷", "?"];

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

  it("every bracketing of a side of × and ÷ holding a 0 is worth 0 (or has no value)", () => {
    const rng = createRng("smath-parity-zero");
    let values = 0;
    for (let n = 0; n < 300; n++) {
      const ops: Operand[] = [];
      const len = 2 + rng.below(4);
      const zeroAt = rng.below(len);
      for (let k = 0; k < len; k++) {
        const x = k === zeroAt ? 0 : rng.below(13);
        const op = k === 0 ? "" : (["×", "÷", "imul"] as const)[rng.below(3)];
        ops.push({ value: Q.rat(x), op, oldOpen: 0, oldClose: 0 });
      }
      for (const { value } of sideValues(ops)?.values.values() ?? []) {
        values++;
        expect(value.n).toBe(0n);
      }
    }
    expect(values).toBeGreaterThan(100);
  });

  it("a side with a 0 reaches 0 and nothing else; a 0 left keeps 0 in reach", () => {
    const keys = ["3", "×", "0"];
    const counts = [1, 1, 1];
    /** each step's answer for `faces` laid on a side of `n` empty squares against the other side's values */
    const cut = (zero: boolean, classes: number[], faces: string[], n = 3): boolean[] => {
      const pc = new ParityCut({ primes: [3], classes, zero, vecs: null }, new Array(n).fill(undefined), keys, counts);
      const uses = new Uint8Array(3);
      return faces.map((f, i) => {
        uses[keys.indexOf(f)]++;
        return pc.step(i, f, uses);
      });
    };
    // other side worth 0: "3 × 0" and "0 × 3" live at every square
    expect(cut(true, [], ["3", "×", "0"])).toEqual([true, true, true]);
    expect(cut(true, [], ["0", "×", "3"])).toEqual([true, true, true]);
    // other side worth 3 (class 1): a placed 0 is cut at once; "3" then "× 0" can only make 0
    expect(cut(false, [1], ["0"])).toEqual([false]);
    expect(cut(false, [1], ["3"])).toEqual([false]);
    expect(cut(false, [1], ["3"], 1)).toEqual([true]);
  });

  it("the same top plays with and without the cuts, on seeded racks of numbers, × and ÷; the cut fires", { timeout: 600_000 }, () => {
    const before = probeCuts.parity;
    const compared = sameTopWithAndWithoutCuts(smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")), "smath-parity-cut", POOL);
    expect(compared).toBeGreaterThanOrEqual(9);
    expect(probeCuts.parity).toBeGreaterThan(before);
  });

  it("the same top plays with and without the cuts, on seeded racks with 0s; the cut fires where a 0 is in play", { timeout: 600_000 }, () => {
    const before = probeCuts.parityZero;
    const compared = sameTopWithAndWithoutCuts(smathBoardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")), "smath-parity-zero-cut", ZERO_POOL);
    expect(compared).toBeGreaterThanOrEqual(9);
    expect(probeCuts.parityZero).toBeGreaterThan(before);
  });
});
