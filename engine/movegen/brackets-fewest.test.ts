/**
 * 'SMATH witnesses of the fewest brackets (brackets.ts `sideValues`, issue 28, smtie2). Brute force:
 * every way of writing 0–2 opens and 0–2 closes on each number of a short side, read with the
 * usual precedence (touching numbers multiply, at × and ÷'s level, and need a bracket between
 * them); per value the fewest brackets of any reading. Each witness must read as its value and
 * write exactly that fewest count (one that writes more than 2 on a number no more).
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import * as Q from "../rational";
import type { Rational } from "../rational";
import { sideValues, type Operand } from "./brackets";

type Tok = { t: "n"; v: Rational } | { t: "op"; op: string } | { t: "(" } | { t: ")" };

/** The side written with these brackets as tokens (touching numbers: no operator token). */
function tokens(ops: readonly Operand[], open: readonly number[], close: readonly number[]): Tok[] {
  const out: Tok[] = [];
  ops.forEach((o, i) => {
    if (i > 0 && o.op !== "imul") out.push({ t: "op", op: o.op });
    for (let k = 0; k < open[i]; k++) out.push({ t: "(" });
    out.push({ t: "n", v: o.value });
    for (let k = 0; k < close[i]; k++) out.push({ t: ")" });
  });
  return out;
}

/** Its value by the usual precedence, or null when it does not read (unmatched brackets, two
 * numbers touching without a bracket between them, ÷ 0). */
function read(toks: readonly Tok[]): Rational | null {
  let at = 0;
  const factor = (): Rational | null => {
    const t = toks[at];
    if (!t) return null;
    if (t.t === "n") return (at++, t.v);
    if (t.t !== "(") return null;
    at++;
    const v = expr();
    if (v === null || toks[at]?.t !== ")") return null;
    at++;
    return v;
  };
  const term = (): Rational | null => {
    let v = factor();
    while (v !== null && at < toks.length) {
      const t = toks[at];
      if (t.t === "op" && (t.op === "×" || t.op === "÷")) {
        at++;
        const r = factor();
        if (r === null) return null;
        v = t.op === "×" ? Q.mul(v, r) : Q.div(v, r);
      } else if (t.t === "(" || (t.t === "n" && toks[at - 1].t === ")")) {
        const r = factor();
        if (r === null) return null;
        v = Q.mul(v, r);
      } else if (t.t === "n") return null;
      else break;
    }
    return v;
  };
  const expr = (): Rational | null => {
    let v = term();
    while (v !== null && toks[at]?.t === "op" && (toks[at] as { op: string }).op.match(/^[+-]$/)) {
      const op = (toks[at] as { op: string }).op;
      at++;
      const r = term();
      if (r === null) return null;
      v = op === "+" ? Q.add(v, r) : Q.sub(v, r);
    }
    return v;
  };
  const v = expr();
  return v !== null && at === toks.length ? v : null;
}

/** per value key, the fewest brackets of any writing with 0–2 of each kind per number */
function fewest(ops: readonly Operand[]): Map<string, number> {
  const n = ops.length;
  const out = new Map<string, number>();
  const open = new Array<number>(n).fill(0);
  const close = new Array<number>(n).fill(0);
  const go = (i: number, depth: number, count: number): void => {
    if (i === n) {
      if (depth !== 0) return;
      const v = read(tokens(ops, open, close));
      if (v === null) return;
      const key = Q.toString(v);
      if (!(out.get(key)! <= count)) out.set(key, count);
      return;
    }
    for (let a = 0; a <= 2; a++) {
      for (let c = 0; c <= 2 && c <= depth + a; c++) {
        open[i] = a;
        close[i] = c;
        go(i + 1, depth + a - c, count + a + c);
      }
    }
  };
  go(0, 0, 0);
  return out;
}

const shown = (ops: readonly Operand[]): string => ops.map((o) => `${o.op === "imul" ? " " : o.op}${Q.toString(o.value)}`).join("");

describe("'SMATH witnesses of the fewest brackets (brackets.ts sideValues)", () => {
  it("every value's witness reads as it and writes the fewest brackets of any writing", () => {
    const rng = createRng("smath-fewest-brackets");
    let values = 0;
    let fewer = 0;
    for (let s = 0; s < 300; s++) {
      const len = 2 + rng.below(s < 250 ? 3 : 4);
      const ops: Operand[] = [];
      for (let k = 0; k < len; k++) {
        const op = k === 0 ? "" : (["+", "-", "×", "÷", "imul", "imul", "imul"] as const)[rng.below(7)];
        ops.push({ value: Q.rat(1 + rng.below(12)), op, oldOpen: 0, oldClose: 0 });
      }
      const brute = fewest(ops);
      const vs = sideValues(ops)!;
      expect([...vs.values.keys()].sort(), shown(ops)).toEqual([...brute.keys()].sort());
      for (const [key, w] of vs.values) {
        values++;
        expect(Q.toString(read(tokens(ops, w.open, w.close))!)).toBe(key);
        const written = w.open.reduce((a, x) => a + x, 0) + w.close.reduce((a, x) => a + x, 0);
        if (Math.max(...w.open, ...w.close) <= 2) expect(written, `${shown(ops)} ${key}`).toBe(brute.get(key));
        else expect(written).toBeLessThanOrEqual(brute.get(key)!);
        if (written > 0) fewer++;
      }
    }
    expect(values).toBeGreaterThan(400);
    expect(fewer).toBeGreaterThan(100);
  });
});
