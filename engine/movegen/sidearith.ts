/**
 * Incremental exact evaluation of one side for the exact generator (docs/bot.md, "Exact
 * generator"), for grammars of multi-digit numbers, optional fraction tiles and the four binary
 * operators under standard precedence (Equate). The depth-first search of exact.ts steps it one
 * tile at a time instead of running `checkLine` on every finished side, and it also cuts a branch
 * as soon as a fault no continuation can repair appears: a mixed numeral whose fraction is not
 * below 1, a division by zero, a negative partial sum (evaluate.ts: in Equate every partial result
 * must be ≥ 0, and only a subtraction can make one negative).
 *
 * Values are rationals of two JS numbers, kept reduced; every operation checks that its result
 * stays within 2^53, so what it computes is exact. When a value would leave that range the state
 * turns "big" and the caller falls back to `checkLine` for that side — correctness never depends
 * on the fast path. The key of a value is the text `Q.toString` gives (validate.ts `valueText`), so
 * sides valued either way meet in the same table.
 */

/** A tile's role, precomputed per face: a digit, a fraction tile, an operator. */
export const K_DIGIT = 0;
export const K_FRACTION = 1;
export const K_OP = 2;
export const K_OTHER = 3;

export interface FaceInfo {
  kind: number;
  /** digit value; fraction numerator (reduced); operator: 1 +, 2 −, 3 ×, 4 ÷ */
  a: number;
  /** fraction denominator (reduced) */
  b: number;
}

export function faceInfo(f: string): FaceInfo {
  if (f.length === 1 && f >= "0" && f <= "9") return { kind: K_DIGIT, a: f.charCodeAt(0) - 48, b: 1 };
  const op = f === "+" ? 1 : f === "-" ? 2 : f === "×" ? 3 : f === "÷" ? 4 : 0;
  if (op) return { kind: K_OP, a: op, b: 0 };
  const m = /^(\d+)\/(\d+)$/.exec(f);
  if (m) {
    const n = Number(m[1]);
    const d = Number(m[2]);
    if (d > 0 && Number.isSafeInteger(n) && Number.isSafeInteger(d)) {
      const g = gcd(n, d);
      return { kind: K_FRACTION, a: n / g, b: d / g };
    }
  }
  return { kind: K_OTHER, a: 0, b: 0 };
}

function gcd(a: number, b: number): number {
  if (a < 0) a = -a;
  // most operands and sums are integers (b = 1); and `%` on doubles is a library call, so
  // values that fit 31 bits take the integer loop (the same result: every value is an integer)
  if (b === 1 || a === 1) return 1;
  if (b > 0 && a <= 0x7fffffff && b <= 0x7fffffff) {
    let x = a | 0;
    let y = b | 0;
    while (y !== 0) {
      const t = x % y;
      x = y;
      y = t;
    }
    return x;
  }
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

const SAFE = Number.MAX_SAFE_INTEGER;

/** Result of a step. */
export const OK = 0;
/** no continuation can make the side valid */
export const DEAD = 1;
/** a value left the exact range: check this side with `checkLine` */
export const BIG = 2;

// Fields of one depth's state.
const SN = 0; // sum of completed terms: numerator
const SD = 1; //                          denominator
const SG = 2; // sign of the term being built (+1 / −1)
const TN = 3; // product of the term's completed operands
const TD = 4;
const TH = 5; // 1 when the term has a completed operand
const MOP = 6; // the operator before the operand being built: 3 ×, 4 ÷
const ON = 7; // the operand being built
const OD = 8;
const OK_ = 9; // 0 none, 1 a digit run (may grow), 2 complete (a fraction ended it)
const W = 10;

/**
 * State per depth in one Float64Array; `step(i, f)` computes depth i+1 from depth i. Reused for
 * every side of a generator run (no allocation in the search).
 */
export class SideEval {
  private s: Float64Array;
  /** the finished side's value after `finish` */
  vn = 0;
  vd = 1;

  constructor(
    depth: number,
    private readonly forbidNegative: boolean,
    private readonly mixedBelowOne: boolean,
  ) {
    this.s = new Float64Array((depth + 2) * W);
  }

  /** room for sides of `depth` tiles (one slot per depth and one for `finish`) */
  ensure(depth: number): void {
    if (this.s.length < (depth + 2) * W) this.s = new Float64Array((depth + 2) * W);
  }

  reset(): void {
    const s = this.s;
    s[SN] = 0;
    s[SD] = 1;
    s[SG] = 1;
    s[TN] = 0;
    s[TD] = 1;
    s[TH] = 0;
    s[MOP] = 0;
    s[ON] = 0;
    s[OD] = 1;
    s[OK_] = 0;
  }

  step(i: number, f: FaceInfo): number {
    const s = this.s;
    const p = i * W;
    const q = p + W;
    for (let k = 0; k < W; k++) s[q + k] = s[p + k];
    switch (f.kind) {
      case K_DIGIT: {
        if (s[p + OK_] === 0) {
          s[q + ON] = f.a;
          s[q + OD] = 1;
          s[q + OK_] = 1;
          return OK;
        }
        if (s[p + OK_] !== 1) return BIG;
        const v = s[p + ON] * 10 + f.a;
        if (v > SAFE) return BIG;
        s[q + ON] = v;
        return OK;
      }
      case K_FRACTION: {
        if (s[p + OK_] === 0) {
          s[q + ON] = f.a;
          s[q + OD] = f.b;
          s[q + OK_] = 2;
          return OK;
        }
        if (s[p + OK_] !== 1) return BIG;
        if (this.mixedBelowOne && f.a >= f.b) return DEAD;
        // whole·d + n over d: already in lowest terms, as n/d is
        const v = s[p + ON] * f.b + f.a;
        if (v > SAFE) return BIG;
        s[q + ON] = v;
        s[q + OD] = f.b;
        s[q + OK_] = 2;
        return OK;
      }
      case K_OP: {
        if (s[p + OK_] === 0) return BIG;
        const r = this.closeOperand(q);
        if (r !== OK) return r;
        if (f.a >= 3) {
          s[q + MOP] = f.a;
          return OK;
        }
        const t = this.closeTerm(q);
        if (t !== OK) return t;
        s[q + SG] = f.a === 1 ? 1 : -1;
        return OK;
      }
      default:
        return BIG;
    }
  }

  /** At depth i the completed terms sum to more than v and the term being built is added (not
   * subtracted). Every term is ≥ 0 (operands are), so with no `−` left to place the side's value
   * is above v too: the probe's value cut (fill.ts). */
  sumAbove(i: number, v: number): boolean {
    const s = this.s;
    const p = i * W;
    return s[p + SG] === 1 && s[p + SN] > v * s[p + SD];
  }

  /** lower and upper end of the side's value after `restRange` */
  lo = 0;
  hi = 0;

  /** The side's value when the r squares after depth i hold no operator (so they only extend
   * the operand being built): sets lo/hi and returns true, or false when no bound is known.
   * The rest is r digits, or r − 1 digits and a fraction tile when `frac` (a fraction ends an
   * operand, so only the last square can hold one) of value at most `fmax`: a digit run x
   * becomes x·10^r … (x+1)·10^r − 1, or from x·10^(r−1) with a fraction; an operand not begun
   * is below 10^r (+ fmax), and at least 10^(r−1) (10^(r−2) with a fraction) over two squares
   * or more, as numbers have no leading zero. The term and the sum are monotone in the operand (every partial value
   * is ≥ 0 where that is enforced; signs are applied either way). Doubles, not exact: the caller
   * widens the range by a relative hair before using it. */
  restRange(i: number, r: number, frac: boolean, fmax: number): boolean {
    const s = this.s;
    const p = i * W;
    const ok = s[p + OK_];
    let olo: number;
    let ohi: number;
    if (ok === 2 || (ok === 0 && r === 0)) {
      if (r > 0 || ok === 0) return false;
      olo = s[p + ON] / s[p + OD];
      ohi = olo;
    } else {
      const x = ok === 1 ? s[p + ON] : 0;
      if (r === 0) {
        olo = x;
        ohi = x;
      } else {
        const pw = pow10(r);
        if (ok === 1) olo = frac ? (x * pw) / 10 : x * pw;
        // an operand begun here has no leading zero when it spans two squares or more
        else olo = r < 2 ? 0 : frac ? pw / 100 : pw / 10;
        ohi = (x + 1) * pw + (frac ? fmax : 0);
      }
    }
    let tlo = olo;
    let thi = ohi;
    if (s[p + TH] === 1) {
      const t = s[p + TN] / s[p + TD];
      if (s[p + MOP] === 3) {
        tlo = t * olo;
        thi = t * ohi;
      } else {
        tlo = t / ohi;
        thi = olo > 0 ? t / olo : Infinity;
      }
    }
    const sv = s[p + SN] / s[p + SD];
    if (s[p + SG] === 1) {
      this.lo = sv + tlo;
      this.hi = sv + thi;
    } else {
      this.lo = sv - thi;
      this.hi = sv - tlo;
    }
    return true;
  }

  /** With r squares left after depth i holding exactly one operator `op` (1 +, 2 −, 3 ×, 4 ÷):
   * whether the side's value can be a value of `vals` (ascending). For each square the operator
   * may take, the operand being built is completed by the squares before it and a fresh operand
   * fills the squares after it (ranges as in `restRange`); the value's range, monotone in both,
   * is tested. True also when nothing is known. */
  oneOpMeets(i: number, r: number, frac: boolean, fmax: number, op: number, vals: Float64Array): boolean {
    const s = this.s;
    const p = i * W;
    const ok = s[p + OK_];
    const t = s[p + TN] / s[p + TD];
    const th = s[p + TH] === 1;
    const mul = s[p + MOP] === 3;
    const sv = s[p + SN] / s[p + SD];
    const plus = s[p + SG] === 1;
    const fx = frac ? fmax : 0;
    for (let j = 0; j <= r - 2; j++) {
      let alo: number;
      let ahi: number;
      if (j === 0) {
        if (ok === 0) continue;
        alo = s[p + ON] / s[p + OD];
        ahi = alo;
      } else {
        if (ok === 2) break;
        const pw = pow10(j);
        if (ok === 1) {
          const x = s[p + ON];
          alo = frac ? (x * pw) / 10 : x * pw;
          ahi = (x + 1) * pw + fx;
        } else {
          alo = freshLo(j, frac);
          ahi = pw + fx;
        }
      }
      let tlo = alo;
      let thi = ahi;
      if (th) {
        tlo = mul ? t * alo : t / ahi;
        thi = mul ? t * ahi : alo > 0 ? t / alo : Infinity;
      }
      const m = r - j - 1;
      const blo = freshLo(m, frac);
      const bhi = pow10(m) + fx;
      let lo: number;
      let hi: number;
      if (op >= 3) {
        const ulo = op === 3 ? tlo * blo : tlo / bhi;
        const uhi = op === 3 ? thi * bhi : blo > 0 ? thi / blo : Infinity;
        lo = plus ? sv + ulo : sv - uhi;
        hi = plus ? sv + uhi : sv - ulo;
      } else {
        const clo = plus ? sv + tlo : sv - thi;
        const chi = plus ? sv + thi : sv - tlo;
        lo = op === 1 ? clo + blo : clo - bhi;
        hi = op === 1 ? chi + bhi : chi - blo;
      }
      if (anyIn(vals, lo, hi)) return true;
    }
    return false;
  }

  /** The value of the side at depth i (all its tiles stepped): OK with vn/vd set, or DEAD/BIG. */
  finish(i: number): number {
    const s = this.s;
    const p = i * W;
    // work in the slot after depth i's (ensure leaves room for it)
    const q = p + W;
    for (let k = 0; k < W; k++) s[q + k] = s[p + k];
    if (s[q + OK_] === 0) return BIG;
    let r = this.closeOperand(q);
    if (r !== OK) return r;
    r = this.closeTerm(q);
    if (r !== OK) return r;
    this.vn = s[q + SN];
    this.vd = s[q + SD];
    return OK;
  }

  /** fold the operand into the term */
  private closeOperand(q: number): number {
    const s = this.s;
    const on = s[q + ON];
    const od = s[q + OD];
    s[q + OK_] = 0;
    if (s[q + TH] === 0) {
      s[q + TN] = on;
      s[q + TD] = od;
      s[q + TH] = 1;
      return OK;
    }
    let n: number;
    let d: number;
    if (s[q + MOP] === 3) {
      n = on;
      d = od;
    } else {
      if (on === 0) return DEAD;
      n = od;
      d = on;
    }
    // (a/b)·(n/d), cross-reduced so the products stay small
    const a = s[q + TN];
    const b = s[q + TD];
    const g1 = gcd(a, d) || 1;
    const g2 = gcd(n, b) || 1;
    const rn = (a / g1) * (n / g2);
    const rd = (b / g2) * (d / g1);
    if (rn > SAFE || rd > SAFE) return BIG;
    s[q + TN] = rn;
    s[q + TD] = rd;
    return OK;
  }

  /** fold the term into the sum (its sign applied), checking the partial sum */
  private closeTerm(q: number): number {
    const s = this.s;
    const a = s[q + SN];
    const b = s[q + SD];
    const n = s[q + TN] * s[q + SG];
    const d = s[q + TD];
    let rn: number;
    let rd: number;
    if (b === d) {
      rn = a + n;
      rd = b;
    } else {
      const x = a * d;
      const y = n * b;
      rn = x + y;
      rd = b * d;
      if (Math.abs(x) > SAFE || Math.abs(y) > SAFE || rd > SAFE) return BIG;
    }
    if (Math.abs(rn) > SAFE) return BIG;
    if (rd !== 1) {
      const g = gcd(rn, rd);
      if (g > 1) {
        rn /= g;
        rd /= g;
      }
    }
    if (rn === 0) rn = 0; // no −0
    if (this.forbidNegative && rn < 0) return DEAD;
    s[q + SN] = rn;
    s[q + SD] = rd;
    s[q + TH] = 0;
    s[q + TN] = 0;
    s[q + TD] = 1;
    return OK;
  }
}

/** Whether some value of the ascending `vals` lies in [lo, hi], widened by a relative hair (the
 * range is computed in doubles). */
export function anyIn(vals: Float64Array, lo: number, hi: number): boolean {
  const slack = 1e-9 * Math.max(1, Number.isFinite(lo) ? Math.abs(lo) : 0, Number.isFinite(hi) ? Math.abs(hi) : 0);
  const a = lo - slack;
  let l = 0;
  let h = vals.length;
  while (l < h) {
    const m = (l + h) >> 1;
    if (vals[m] < a) l = m + 1;
    else h = m;
  }
  return l < vals.length && vals[l] <= hi + slack;
}

/** An operand of m squares begun fresh: at least this (no leading zero over two squares or more;
 * a fraction tile may end it) … */
function freshLo(m: number, frac: boolean): number {
  return m < 2 ? 0 : frac ? pow10(m - 2) : pow10(m - 1);
}

/** 10^k for the range cuts, read from a table (the same doubles `10 ** k` gives: `**` was a
 * library call at every step of the probe) */
const P10 = Float64Array.from({ length: 32 }, (_, k) => 10 ** k);
function pow10(k: number): number {
  return k < 32 ? P10[k] : 10 ** k;
}

/** `Q.toString` of n/d (reduced, d > 0). */
export function valueKey(n: number, d: number): string {
  return d === 1 ? String(n) : `${n}/${d}`;
}
