/**
 * `visitSideValues` with the other sides' range (brackets.ts `lo`, `hi`; join.ts `otherSide`'s
 * min and max): on seeded random 'SMATH sides (numbers, `+ − × ÷`, touching numbers), the values
 * visited with a range are exactly the values visited without it that lie in the range, the
 * bounds themselves included; and the skips (single values, whole splits by their spans, suffixes
 * computed only in the range their uses need) fire.
 * With an integer filter (`intFilter`, the other sides' common integers) exactly the filtered
 * integers are left out, fractions kept; and the unranged visit is every value of the bigint
 * programme (`sideValues`), which the memoised one must match.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { rat } from "../rational";
import { intFilter, IntervalMemo, sideValues, valueSkips, visitSideValues, type IntFilter, type Operand } from "./brackets";
import { rightNeed } from "./intervals";

const OPS: Operand["op"][] = ["+", "-", "×", "÷", "imul"];

const valueOf = (iv: number, vkey: string | null): number => {
  if (vkey === null) return iv;
  const [n, d] = vkey.split("/").map(Number);
  return n / d;
};
const visited = (ops: Operand[], memo: IntervalMemo, lo?: number, hi?: number, ints: IntFilter | null = null): string[] => {
  const out = new Set<string>();
  visitSideValues(ops, memo, true, (iv, vkey) => out.add(vkey ?? String(iv)), lo, hi, ints);
  return [...out].sort();
};

/** A random side of 2–6 operands 0–20 with random operators between them. */
function randomOps(rng: ReturnType<typeof createRng>): Operand[] {
  const n = 2 + rng.below(5);
  return Array.from({ length: n }, (_, i) => ({ value: rat(rng.below(21)), op: i === 0 ? "" : OPS[rng.below(OPS.length)], oldOpen: 0, oldClose: 0 }));
}

describe("visitSideValues with a range", () => {
  it("visits exactly the in-range values of the unranged visit", () => {
    const rng = createRng("smath-value-range");
    const memo = new IntervalMemo();
    const before = { ...valueSkips };
    let checked = 0;
    for (let t = 0; t < 400; t++) {
      const ops = randomOps(rng);
      const all = visited(ops, memo);
      if (all.length === 0) continue;
      const vals = all.map((k) => valueOf(Number(k), k.includes("/") ? k : null)).sort((a, b) => a - b);
      // bounds on values of the side itself (kept at the edges) or between them
      const lo = rng.below(2) ? vals[rng.below(vals.length)] : vals[0] - 0.5 + rng.below(3);
      const hi = lo + rng.below(40);
      const want = all.filter((k) => {
        const v = valueOf(Number(k), k.includes("/") ? k : null);
        return v >= lo && v <= hi;
      });
      // a fresh memo: with the unranged visit's memo the long suffixes are found listed whole
      expect(visited(ops, new IntervalMemo(), lo, hi), `${JSON.stringify(ops.map((o) => o.op + o.value.n))} in [${lo}, ${hi}]`).toEqual(want);
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
    expect(valueSkips.n).toBeGreaterThan(before.n);
    expect(valueSkips.splits).toBeGreaterThan(before.splits);
    // the suffixes computed only in the range their uses need (topValues' `suffixValues`)
    expect(valueSkips.suffixes).toBeGreaterThan(before.suffixes);
  });
});

describe("visitSideValues against the bigint programme, and with an integer filter", () => {
  it("visits every value of sideValues; the filter drops exactly the integers outside it", () => {
    const rng = createRng("smath-value-ints");
    const memo = new IntervalMemo();
    const before = valueSkips.ints;
    let filtered = 0;
    for (let t = 0; t < 400; t++) {
      const ops = randomOps(rng);
      const all = visited(ops, memo);
      expect(all, JSON.stringify(ops.map((o) => o.op + o.value.n))).toEqual([...(sideValues(ops)?.values.keys() ?? [])].sort());
      // two "other sides": random integer sets, one drawn partly from the side's own values
      const ints = all.filter((k) => !k.includes("/")).map(Number);
      const a = new Map<number, true>();
      const b = new Map<number, true>();
      for (const v of ints) if (rng.below(2)) a.set(v, true);
      for (let k = 0; k < 30; k++) a.set(rng.below(200) - 100, true);
      for (const v of a.keys()) if (rng.below(4)) b.set(v, true);
      for (let k = 0; k < 30; k++) b.set(rng.below(200) - 100, true);
      const want = all.filter((k) => k.includes("/") || (a.has(Number(k)) && b.has(Number(k))));
      filtered += all.length - want.length;
      expect(visited(ops, memo, undefined, undefined, intFilter([a, b]))).toEqual(want);
    }
    expect(filtered).toBeGreaterThan(0);
    expect(valueSkips.ints).toBeGreaterThan(before);
    // nothing in common: every integer is dropped; a span too wide for a bitmap: no filter
    expect(intFilter([new Map([[1, 0]]), new Map([[2, 0]])])?.bits.length).toBe(0);
    expect(intFilter([new Map([[0, 0], [1 << 21, 0]])])).toBeNull();
  });
});

describe("rightNeed (the range a suffix's values must lie in)", () => {
  it("holds every r for which l op r lies in [lo, hi], l a value of L", () => {
    const rng = createRng("smath-right-need");
    const ops: Operand["op"][] = ["+", "-", "×", "÷", "imul"];
    for (let t = 0; t < 4000; t++) {
      const size = 1 + rng.below(4);
      const L = { keys: null, n: [] as number[], d: [] as number[], off: 0, len: size, min: NaN, max: NaN, mag: NaN, den: NaN };
      for (let k = 0; k < size; k++) {
        L.n.push(rng.below(41) - 20);
        L.d.push(1 + rng.below(3));
      }
      const op = ops[rng.below(ops.length)];
      const lo = rng.below(5) ? rng.below(81) - 40 : -Infinity;
      const hi = rng.below(5) ? Math.max(lo, 0) + rng.below(60) : Infinity;
      const { lo: a, hi: b } = rightNeed(op, L, lo, hi);
      for (let k = 0; k < 20; k++) {
        // a value v in [lo, hi] and an l of L, and the r making l op r = v
        const j = rng.below(size);
        const l = L.n[j] / L.d[j];
        const from = Number.isFinite(lo) ? lo : -50;
        const to = Number.isFinite(hi) ? hi : 50;
        const v = from + (rng.below(100) * (to - from)) / 99;
        const r = op === "+" ? v - l : op === "-" ? l - v : op === "÷" ? l / v : v / l;
        if (!Number.isFinite(r) || (op === "÷" && r === 0)) continue;
        expect(r >= a && r <= b, `${l} ${op} ${r} = ${v} in [${lo}, ${hi}]: need [${a}, ${b}]`).toBe(true);
      }
    }
  });
});

describe("visitSideValues on one memo, sides sharing leading operands (topValues' prefix scratch)", () => {
  it("visits exactly the in-range values of the bigint programme", () => {
    // as fillings come: each side keeps some of the one before's leading operands (often all but
    // the last) and changes the rest, operators included, under a range kept for a few sides; the
    // scratch (`Ls`, `mids`, the suffixes' ranges) is reused only for the operands kept
    const rng = createRng("smath-prefix-scratch");
    const memo = new IntervalMemo();
    const operand = (i: number): Operand => ({ value: rat(rng.below(10)), op: i === 0 ? "" : OPS[rng.below(OPS.length)], oldOpen: 0, oldClose: 0 });
    let ops: Operand[] = [operand(0), operand(1)];
    let lo = 0;
    let hi = 0;
    let checked = 0;
    for (let t = 0; t < 3000; t++) {
      const keep = rng.below(3) ? Math.max(0, ops.length - 1) : rng.below(ops.length + 1);
      // three or more new operands: the suffixes' ranges past the kept ones must be made again
      const n = Math.max(2, Math.min(7, keep + rng.below(5)));
      const kept = Math.min(keep, n);
      ops = [...ops.slice(0, kept), ...Array.from({ length: n - kept }, (_, k) => operand(kept + k))];
      if (t % 6 === 0) {
        lo = rng.below(4) ? rng.below(61) - 20 : -Infinity;
        hi = lo === -Infinity ? rng.below(40) : lo + rng.below(30);
      }
      const want = [...(sideValues(ops)?.values.keys() ?? [])].filter((k) => {
        const v = valueOf(Number(k), k.includes("/") ? k : null);
        return v >= lo && v <= hi;
      });
      expect(visited(ops, memo, lo, hi), `${JSON.stringify(ops.map((o) => o.op + o.value.n))} in [${lo}, ${hi}]`).toEqual(want.sort());
      if (want.length) checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
