/**
 * Evaluator: syntax tree → exact value, with the working shown in every failure message.
 * Equate (seed 000, "Are Negative Numbers Allowed?"): every partial result, in evaluation order,
 * must be ≥ 0 — `4 − 6 + 7` fails at `4 − 6 = −2` though the whole is 5.
 * Number Scrabble (seed 004): values are radical sums (radical.ts), √ of a negative is NEGATIVE.
 * Division by zero is DIVISION_BY_ZERO everywhere. Nothing here throws on user input.
 */
import * as Q from "../rational";
import type { Rational } from "../rational";
import * as R from "../radical";
import type { Radical } from "../radical";
import type { ViolationCode } from "../ruling";
import type { Result } from "../result";
import type { Node } from "./parse";

/** Arithmetic the evaluator needs; Rational for Equate/'SMATH, Radical for Number Scrabble. */
export interface Field<T> {
  of(q: Rational): T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  div(a: T, b: T): T | R.RadicalFailure;
  neg(a: T): T;
  /** sign when it is known exactly and cheaply (always for rationals) */
  sign(a: T): -1 | 0 | 1;
  sqrt(q: Rational): T | R.RadicalFailure;
  equals(a: T, b: T): boolean;
  format(a: T): string;
}

export const RATIONAL_FIELD: Field<Rational> = {
  of: (q) => q,
  add: Q.add,
  sub: Q.sub,
  mul: Q.mul,
  div: (a, b) => Q.div(a, b) ?? "division-by-zero",
  neg: Q.neg,
  sign: Q.sign,
  sqrt: (q) => {
    const r = R.sqrtRational(q);
    if (typeof r === "string") return r;
    return R.asRational(r) ?? "unrepresentable";
  },
  equals: Q.eq,
  format: Q.toString,
};

export const RADICAL_FIELD: Field<Radical> = {
  of: R.fromRational,
  add: R.add,
  sub: R.sub,
  mul: R.mul,
  div: R.div,
  neg: R.neg,
  sign: (a) => {
    const x = R.toNumber(a);
    return x < 0 ? -1 : x > 0 ? 1 : 0;
  },
  sqrt: R.sqrtRational,
  equals: R.equals,
  format: R.toString,
};

/** Value text for messages: U+2212 minus. */
export function prettyValue(s: string): string {
  return s.replace(/-/g, "−");
}

/** Why a side could not be evaluated, and the tiles (from..to) at fault. */
export interface EvalFailure {
  code: ViolationCode;
  message: string;
  from: number;
  to: number;
}
export type EvalResult<T> = Result<T, EvalFailure>;

export interface EvalContext {
  forbidNegative: boolean;
  rulesetName: string;
  /** pretty text of tiles from..to */
  text(from: number, to: number): string;
}

class Stop {
  constructor(readonly code: ViolationCode, readonly message: string, readonly from: number, readonly to: number) {}
}

const OP_TEXT = { "+": "+", "-": "−", "×": "×", "÷": "÷" } as const;

/** Tree walker; a class so an evaluation allocates no closures (hot path). */
class Evaluator<T> {
  constructor(readonly f: Field<T>, readonly ctx: EvalContext) {}

  fmt(v: T): string {
    return prettyValue(this.f.format(v));
  }

  working(n: Node & { k: "bin" }, l: T, r: T, res: string): string {
    const direct = `${this.ctx.text(n.from, n.to)} = ${res}`;
    if (n.l.k === "num" && n.r.k === "num") return direct;
    return `${direct} (${this.fmt(l)} ${OP_TEXT[n.op]} ${this.fmt(r)})`;
  }

  ev(n: Node): T {
    const { f, ctx } = this;
    switch (n.k) {
      case "num":
        return f.of(n.v);
      case "group":
        return this.ev(n.e);
      case "lit": {
        if (!n.root) {
          const v = n.outerNeg ? Q.neg(n.v) : n.v;
          return f.of(n.square ? Q.mul(v, v) : v);
        }
        let q = n.innerNeg ? Q.neg(n.v) : n.v;
        if (n.square) q = Q.mul(q, q);
        const r = f.sqrt(q);
        if (r === "negative-root") {
          throw new Stop("NEGATIVE", `${ctx.text(n.from, n.to)}: no square root of a negative number`, n.from, n.to);
        }
        if (typeof r === "string") {
          throw new Stop("NOT_REPRESENTABLE", `${ctx.text(n.from, n.to)} is too large to take exactly`, n.from, n.to);
        }
        return n.outerNeg ? f.neg(r as T) : (r as T);
      }
      case "bin": {
        // Chains (1 + 1 + 1 …) are left-deep: walk the left spine in a loop, so recursion only
        // goes as deep as the brackets nest (parse.ts MAX_NESTING). Same order as l, r, apply.
        const spine: Array<Node & { k: "bin" }> = [];
        let x: Node = n;
        while (x.k === "bin") {
          spine.push(x);
          x = x.l;
        }
        let acc = this.ev(x);
        for (let i = spine.length - 1; i >= 0; i--) acc = this.apply(spine[i], acc, this.ev(spine[i].r));
        return acc;
      }
    }
  }

  apply(n: Node & { k: "bin" }, l: T, r: T): T {
    const { f, ctx } = this;
    let v: T | R.RadicalFailure;
    switch (n.op) {
      case "+":
        v = f.add(l, r);
        break;
      case "-":
        v = f.sub(l, r);
        break;
      case "×":
        v = f.mul(l, r);
        break;
      case "÷":
        v = f.div(l, r);
        break;
    }
    if (v === "division-by-zero") {
      throw new Stop("DIVISION_BY_ZERO", `${ctx.text(n.from, n.to)}: division by zero`, n.from, n.to);
    }
    if (typeof v === "string") {
      throw new Stop("NOT_REPRESENTABLE", `${ctx.text(n.from, n.to)} cannot be computed exactly`, n.from, n.to);
    }
    if (ctx.forbidNegative && f.sign(v) < 0) {
      throw new Stop(
        "NEGATIVE",
        `${this.working(n, l, r, this.fmt(v))} is negative; ${ctx.rulesetName} allows no negative value, even part-way`,
        n.from,
        n.to,
      );
    }
    return v;
  }
}

export function evaluate<T>(node: Node, f: Field<T>, ctx: EvalContext): EvalResult<T> {
  try {
    return { ok: true, value: new Evaluator(f, ctx).ev(node) };
  } catch (e) {
    if (e instanceof Stop) return { ok: false, error: { code: e.code, message: e.message, from: e.from, to: e.to } };
    throw e;
  }
}
