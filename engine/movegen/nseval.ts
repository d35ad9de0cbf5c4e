/**
 * Incremental exact evaluation of one Number Scrabble side for the exact generator (docs/bot.md,
 * "Exact generator"; docs/movegen-speed.md "Number Scrabble: the incremental evaluator"): what
 * sidearith.ts is for Equate. The grammar is parse.ts's under `evaluation: "left-to-right"`:
 * literals `[−][√][−]digits[²]` (the inner sign only without the outer one, `²` and `√` on the
 * literal with its sign) joined by + − × ÷ applied strictly in reading order. The depth-first
 * search steps it one tile at a time instead of running `checkLine` on every finished side, so
 * the larger side of a two-sided group can be probed against the other side's table (join.ts).
 *
 * Values are rationals of two JS numbers, kept reduced; every product is checked to stay within
 * 2^53, so what it computes is exact. A literal whose root is irrational (√2), a value leaving
 * that range, or a face sequence it does not expect turns the side "big": the caller checks it
 * with `checkLine` (radical.ts keeps √2 exact), so correctness never depends on the fast path.
 * DEAD only for faults no continuation repairs: division by zero and √ of a negative (evaluate.ts
 * stops at the first of either), and a leading zero (lex.ts).
 */
import type { Radical } from "../radical";
import * as R from "../radical";
import type { ValueBonus } from "../ruleset";
import { valueBonus } from "../score";
import { BIG, DEAD, K_DIGIT, K_OP, K_OTHER, OK, type FaceInfo } from "./sidearith";

/** The probe's value-bonus cut (`BonusCut`): a switch for tests (with and without it the plays
 * must be the same) and how often it cut a branch. */
export const nsCuts = { on: true, fired: 0 };

/** `FaceInfo.a` of the two Number Scrabble faces sidearith.ts has no kind for (kind K_OTHER) */
const A_ROOT = 5;
const A_SQUARE = 6;

/** A face's role for `NsEval.step`: digits and operators as sidearith.ts `faceInfo`, `√` and `²`
 * as K_OTHER with their own code; anything else K_OTHER 0 (big). */
export function nsFaceInfo(f: string): FaceInfo {
  if (f.length === 1 && f >= "0" && f <= "9") return { kind: K_DIGIT, a: f.charCodeAt(0) - 48, b: 1 };
  const op = f === "+" ? 1 : f === "-" ? 2 : f === "×" ? 3 : f === "÷" ? 4 : 0;
  if (op) return { kind: K_OP, a: op, b: 0 };
  return { kind: K_OTHER, a: f === "√" ? A_ROOT : f === "²" ? A_SQUARE : 0, b: 0 };
}

const SAFE = Number.MAX_SAFE_INTEGER;

function gcd(a: number, b: number): number {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

// Fields of one depth's state.
const AN = 0; // value of the literals read so far, left to right: numerator
const AD = 1; //                                                 denominator (> 0)
const OP = 2; // operator before the literal being built: 0 none (first literal), 1 + 2 − 3 × 4 ÷
const X = 3; // the literal's digits
const ND = 4; // how many digits
const OUT = 5; // 1: outer sign (−√4, −3²)
const ROOT = 6; // 1: √
const INN = 7; // 1: inner sign (√−4)
const SQ = 8; // 1: ²
const W = 9;

/** State per depth in one Float64Array, as sidearith.ts `SideEval` (same step/finish contract). */
export class NsEval {
  private s: Float64Array;
  /** the finished side's value after `finish` */
  vn = 0;
  vd = 1;
  /** the literal closed by `closeLiteral` */
  private lit = 0;

  constructor(depth: number) {
    this.s = new Float64Array((depth + 2) * W);
  }

  ensure(depth: number): void {
    if (this.s.length < (depth + 2) * W) this.s = new Float64Array((depth + 2) * W);
  }

  reset(): void {
    this.s.fill(0, 0, W);
    this.s[AD] = 1;
  }

  /** Depth i+1 from depth i and the face at square i: OK, DEAD or BIG. */
  step(i: number, f: FaceInfo): number {
    const s = this.s;
    const p = i * W;
    const q = p + W;
    for (let k = 0; k < W; k++) s[q + k] = s[p + k];
    const nd = s[p + ND];
    if (f.kind === K_DIGIT) {
      if (s[p + SQ]) return BIG;
      if (nd > 0 && s[p + X] === 0) return DEAD; // "05": LEADING_ZERO
      const v = s[p + X] * 10 + f.a;
      if (v > SAFE) return BIG;
      s[q + X] = v;
      s[q + ND] = nd + 1;
      return OK;
    }
    if (f.kind === K_OP) {
      if (nd === 0) {
        // a sign: outer before √, inner after √ only without an outer one (parse.ts `operand`)
        if (f.a !== 2) return BIG;
        if (s[p + ROOT]) {
          if (s[p + OUT] || s[p + INN]) return BIG;
          s[q + INN] = 1;
        } else {
          if (s[p + OUT]) return BIG;
          s[q + OUT] = 1;
        }
        return OK;
      }
      const r = this.apply(q);
      if (r !== OK) return r;
      s[q + OP] = f.a;
      s[q + X] = 0;
      s[q + ND] = 0;
      s[q + OUT] = 0;
      s[q + ROOT] = 0;
      s[q + INN] = 0;
      s[q + SQ] = 0;
      return OK;
    }
    if (f.kind === K_OTHER && f.a === A_ROOT) {
      if (nd > 0 || s[p + ROOT] || s[p + INN]) return BIG;
      s[q + ROOT] = 1;
      return OK;
    }
    if (f.kind === K_OTHER && f.a === A_SQUARE) {
      if (nd === 0 || s[p + SQ]) return BIG;
      s[q + SQ] = 1;
      return OK;
    }
    return BIG;
  }

  /** An upper bound on |value| of any completion of the side at depth i that places at most r
   * more digits (`sq`: a `²` may follow). Every literal that is not 0 has |L| ≥ 1 (a divisor of
   * 0 is DIVISION_BY_ZERO), so for each operator |a op L| + 1 ≤ (|a| + 1)(|L| + 1); a literal of
   * k digits has |L| + 1 ≤ 10^k (signs change nothing, √ only shrinks it), squared at most once:
   * |L|² + 1 ≤ (|L| + 1)². When no `×` and no `²` can follow (`mul` false) the rest only adds:
   * |a ± L| ≤ |a| + |L|, |a ÷ L| ≤ |a|, and literals of r digits in all sum to below 10^r.
   * Doubles, widened by a relative hair. */
  magBound(i: number, r: number, sq: boolean, mul = true): number {
    const s = this.s;
    const p = i * W;
    const op = s[p + OP];
    const acc = Math.abs(s[p + AN] / s[p + AD]);
    const x = s[p + X];
    const nd = s[p + ND];
    const pw = sq ? 100 ** r : 10 ** r;
    let c: number;
    if (nd === 0) c = pw;
    else if (s[p + SQ]) c = (x * x + 1) * pw;
    else c = sq ? (x + 1) * (x + 1) * pw : (x + 1) * pw;
    let u = (op === 0 ? 1 : acc + 1) * c;
    if (!mul && !sq) {
      // the literal being built, then the operator before it, then the literals after it
      const p10 = 10 ** r;
      const lit = nd === 0 ? p10 : s[p + SQ] ? x * x : (x + 1) * p10;
      const v = op === 0 ? lit : op === 3 ? acc * lit : op === 4 ? acc : acc + lit;
      u = Math.min(u, v + p10);
    }
    return u * (1 + 1e-9);
  }

  /** The value of the side at depth i (all its tiles stepped): OK with vn/vd set, or DEAD/BIG. */
  finish(i: number): number {
    const s = this.s;
    const p = i * W;
    const q = p + W;
    for (let k = 0; k < W; k++) s[q + k] = s[p + k];
    if (s[q + ND] === 0) return BIG;
    const r = this.apply(q);
    if (r !== OK) return r;
    this.vn = s[q + AN];
    this.vd = s[q + AD];
    return OK;
  }

  /** The literal at slot q as an integer in `lit`: OK, DEAD (√ of a negative) or BIG. */
  private closeLiteral(q: number): number {
    const s = this.s;
    const x = s[q + X];
    if (s[q + ROOT]) {
      let v = s[q + INN] ? -x : x;
      if (s[q + SQ]) v *= v;
      if (v > SAFE) return BIG;
      if (v < 0) return DEAD;
      const r = Math.round(Math.sqrt(v));
      if (r * r !== v) return BIG; // irrational: radical.ts via checkLine
      this.lit = s[q + OUT] ? -r : r;
      return OK;
    }
    let v = s[q + OUT] ? -x : x;
    if (s[q + SQ]) v *= v;
    if (v > SAFE) return BIG;
    this.lit = v;
    return OK;
  }

  /** Apply the operator at slot q to the value so far and the literal being closed. */
  private apply(q: number): number {
    const r = this.closeLiteral(q);
    if (r !== OK) return r;
    const s = this.s;
    const l = this.lit;
    const a = s[q + AN];
    const d = s[q + AD];
    let rn: number;
    let rd: number;
    switch (s[q + OP]) {
      case 0:
        rn = l;
        rd = 1;
        break;
      case 1:
      case 2: {
        const y = l * d;
        if (Math.abs(y) > SAFE) return BIG;
        rn = s[q + OP] === 1 ? a + y : a - y;
        rd = d;
        break;
      }
      case 3: {
        // (a/d)·l: l and d share g
        const g = gcd(l, d) || 1;
        rn = a * (l / g);
        rd = d / g;
        break;
      }
      default: {
        if (l === 0) return DEAD; // DIVISION_BY_ZERO
        const g = gcd(a, l) || 1;
        rn = a / g;
        rd = d * (l / g);
        if (rd < 0) {
          rn = -rn;
          rd = -rd;
        }
      }
    }
    if (Math.abs(rn) > SAFE || rd > SAFE) return BIG;
    if (rd !== 1) {
      const g = gcd(rn, rd);
      if (g > 1) {
        rn /= g;
        rd /= g;
      }
    }
    s[q + AN] = rn === 0 ? 0 : rn; // no −0
    s[q + AD] = rd;
    return OK;
  }
}

/**
 * Number Scrabble's score cut for a probed side (join.ts `scoreCut`, fill.ts): the value bonus
 * ⌈√|v|⌉ (or the log kind) is not known per square, but a play's value is one of the other side's
 * values, so a prefix whose value can no longer grow past |v| (`NsEval.magBound`) earns at most
 * the largest bonus among the other side's values up to that size; none: no play at all.
 */
export class BonusCut {
  /** the other side's |values| ascending, and the largest bonus among the first k + 1 */
  private readonly abs: Float64Array;
  private readonly best: Float64Array;
  /** the largest bonus of any value (the score cut's `limit` already counts it) */
  readonly max: number;

  constructor(values: readonly unknown[], kind: ValueBonus, readonly mult: number) {
    const rows = values.map((v) => ({ a: Math.abs(R.toNumber(v as Radical)), b: valueBonus(kind, v as Radical) })).sort((x, y) => x.a - y.a);
    this.abs = Float64Array.from(rows, (r) => r.a);
    this.best = new Float64Array(rows.length);
    let m = 0;
    rows.forEach((r, k) => (this.best[k] = m = Math.max(m, r.b)));
    this.max = m;
  }

  /** The largest bonus of a value with |v| ≤ u; -Infinity when there is none. */
  upTo(u: number): number {
    const lim = u * (1 + 1e-9) + 1e-9;
    let l = 0;
    let h = this.abs.length;
    while (l < h) {
      const m = (l + h) >> 1;
      if (this.abs[m] <= lim) l = m + 1;
      else h = m;
    }
    return l === 0 ? -Infinity : this.best[l - 1];
  }
}
