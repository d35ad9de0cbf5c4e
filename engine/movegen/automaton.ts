/**
 * The grammar automaton of the play search (solver.ts): which face may come next in a run, and
 * the value of the equation so far. docs/bot.md, "Algorithm", steps 3 and 4.
 *
 * A state (`St`) is a run prefix read left to right: the phase of the open operand (expecting an
 * operand, after a sign, after √, inside a number, after a complete operand) and the side
 * evaluated incrementally in floating point — standard precedence (finished terms, the sign and
 * product of the open term) or left to right (one accumulator), as the ruleset says. `step`
 * returns the state after one more face, or null once the prefix can no longer be read: two
 * operators in a row, a leading operator where the ruleset has no sign (Number Scrabble: `−` as
 * a sign, `√`, `²`), `05`, a digit after a fraction, a mixed numeral's fraction ≥ 1 (Equate),
 * 'SMATH numbers side by side without a bracket, too many `=` per line or new `=` per play,
 * ÷0, and Equate's negative value part-way (pruned at every + and −).
 *
 * Meet in the middle on `=`: the first side closed by `=` is the target `L` of every later side.
 * `target` solves for the last operand that would close the open side equal to it
 * (N = L − sum, L ÷ product, …) and `spellings` writes N every way the ruleset allows (digits, a
 * fraction tile, a mixed numeral, 'SMATH's 0–12 tile, Number Scrabble's −n, k², √(n²)), so the
 * solver never enumerates a last operand. Floating point only proposes: adjudicatePlay decides.
 */
import type { Ruleset } from "../ruleset";
import type { FaceInfo } from "./lanes";

/** Phases of the open operand. */
export const OPERAND = 0;
const SIGN = 1;
const ROOT = 2;
const ROOTSIGN = 3;
const NUM = 4;
const DONE = 5;

/** Parse state of a run prefix: the open operand and the side evaluated so far. A class with a
 * fixed field order, so every state shares one hidden class (the search makes millions). */
export class St {
  constructor(
    public ph: number,
    /** digits of the open number: value and count */
    public nv: number,
    public nd: number,
    /** Number Scrabble literal: sign before √, sign after √, √ */
    public oneg: boolean,
    public ineg: boolean,
    public root: boolean,
    /** value of a complete operand (ph DONE) */
    public fin: number,
    /** standard: finished terms, sign and product of the open term (NaN: none), pending × (3)
     * ÷ (4); left to right: acc is the value so far (NaN: none), mop the pending operator 1–4 */
    public acc: number,
    public sgn: number,
    public term: number,
    public mop: number,
    /** value of the first side (NaN before the first `=`) */
    public L: number,
    public eqs: number,
    public newEq: number,
    /** 'SMATH: closing brackets on the last number tile */
    public close: number,
  ) {}

  clone(ph: number): St {
    return new St(ph, this.nv, this.nd, this.oneg, this.ineg, this.root, this.fin, this.acc, this.sgn, this.term, this.mop, this.L, this.eqs, this.newEq, this.close);
  }
}

const EPS = 1e-9;
const near = (a: number, b: number): boolean => Math.abs(a - b) <= EPS * Math.max(1, Math.abs(a), Math.abs(b));

/** The automaton of one ruleset over a face table (lanes.ts `faceTable`), for one search. */
export class Automaton {
  /** standard precedence (else strictly left to right) */
  readonly std: boolean;
  readonly forbidNeg: boolean;
  /** Number Scrabble literals: signs, √ and ² */
  readonly ns: boolean;
  /** 'SMATH: every number is one tile */
  readonly smath: boolean;
  readonly maxEquals: number;
  readonly mixedBelowOne: boolean;
  /** face ids by the value they spell, for `spellings` */
  readonly digitIds: number[] = [];
  readonly fractionIds: number[] = [];
  readonly minusId: number = -1;
  readonly squareId: number = -1;
  readonly rootId: number = -1;

  /**
   * @param maxDigits longest number enumerated from new digits (solved operands excepted)
   * @param newEqCap new `=` a play may hold
   */
  constructor(
    rs: Ruleset,
    readonly faces: readonly FaceInfo[],
    readonly maxDigits: number,
    readonly newEqCap: number,
  ) {
    this.std = rs.options.evaluation === "standard" || rs.id !== "number-scrabble";
    this.forbidNeg = rs.grammar.forbidNegative;
    this.ns = rs.grammar.powers;
    this.smath = rs.grammar.numbers === "single-tile";
    this.maxEquals = rs.grammar.maxEqualsPerLine;
    this.mixedBelowOne = rs.options.mixedFractionBelowOne;
    for (let i = 0; i < faces.length; i++) {
      const f = faces[i];
      if (f.kind === "digit" || f.kind === "number") this.digitIds[f.value] = i;
      if (f.kind === "fraction") this.fractionIds.push(i);
      if (f.face === "-") this.minusId = i;
      if (f.kind === "square") this.squareId = i;
      if (f.kind === "root") this.rootId = i;
    }
  }

  /** The state before the first face of a run. */
  initial(): St {
    return new St(OPERAND, 0, 0, false, false, false, 0, this.std ? 0 : NaN, 1, NaN, 0, NaN, 0, 0, 0);
  }

  private lit(st: St, square: boolean): number {
    const v = st.nv;
    if (!st.root) {
      const x = st.oneg ? -v : v;
      return square ? x * x : x;
    }
    let q = st.ineg ? -v : v;
    if (square) q = q * q;
    if (q < 0) return NaN;
    const r = Math.sqrt(q);
    return st.oneg ? -r : r;
  }

  private operandValue(st: St): number {
    if (st.ph === DONE) return st.fin;
    return this.ns ? this.lit(st, false) : st.nv;
  }

  /** Fold a complete operand into the side; false on ÷0 or a forbidden negative. */
  private fold(s: St, x: number): boolean {
    if (Number.isNaN(x)) return false;
    if (this.std) {
      if (s.mop === 0) s.term = x;
      else if (s.mop === 3) s.term *= x;
      else {
        if (x === 0) return false;
        s.term /= x;
      }
      s.mop = 0;
      return true;
    }
    if (Number.isNaN(s.acc)) s.acc = x;
    else {
      const a = s.acc;
      switch (s.mop) {
        case 1:
          s.acc = a + x;
          break;
        case 2:
          s.acc = a - x;
          break;
        case 3:
          s.acc = a * x;
          break;
        default:
          if (x === 0) return false;
          s.acc = a / x;
      }
    }
    s.mop = 0;
    return !(this.forbidNeg && s.acc < -EPS);
  }

  private applyOp(s: St, o: number): boolean {
    if (!this.std) {
      s.mop = o;
      return true;
    }
    if (o === 1 || o === 2) {
      s.acc += s.sgn * s.term;
      if (this.forbidNeg && s.acc < -EPS) return false;
      s.sgn = o === 1 ? 1 : -1;
      s.term = NaN;
    } else s.mop = o;
    return true;
  }

  private sideValue(s: St): number {
    return this.std ? s.acc + s.sgn * s.term : s.acc;
  }

  private closeSide(s: St): boolean {
    const v = this.sideValue(s);
    if (!Number.isFinite(v) || (this.forbidNeg && v < -EPS)) return false;
    if (Number.isNaN(s.L)) s.L = v;
    else if (!near(v, s.L)) return false;
    s.acc = this.std ? 0 : NaN;
    s.sgn = 1;
    s.term = NaN;
    s.mop = 0;
    return true;
  }

  /** The state after face f (open/close: 'SMATH brackets of an old tile in this lane). */
  step(st: St, f: number, isNew: boolean, open: number, close: number): St | null {
    const info = this.faces[f];
    const ph = st.ph;
    let s: St;
    switch (info.kind) {
      case "digit":
        if (ph === OPERAND || ph === SIGN || ph === ROOT || ph === ROOTSIGN) {
          s = st.clone(NUM);
          s.nv = info.value;
          s.nd = 1;
          if (ph === OPERAND) {
            s.oneg = false;
            s.ineg = false;
            s.root = false;
          }
          return s;
        }
        if (ph === NUM) {
          if (st.nd === 1 && st.nv === 0) return null;
          if (isNew && st.nd >= this.maxDigits) return null;
          s = st.clone(NUM);
          s.nv = st.nv * 10 + info.value;
          s.nd = st.nd + 1;
          return s;
        }
        return null;
      case "fraction":
        if (ph === OPERAND) {
          s = st.clone(DONE);
          s.fin = info.value;
          return s;
        }
        if (ph === NUM) {
          if (st.nv === 0) return null;
          if (this.mixedBelowOne && info.value >= 1) return null;
          s = st.clone(DONE);
          s.fin = st.nv + info.value;
          return s;
        }
        return null;
      case "number":
        if (ph === OPERAND) {
          s = st.clone(DONE);
          s.fin = info.value;
          s.close = close;
          return s;
        }
        if (ph === DONE && (st.close > 0 || open > 0)) {
          s = st.clone(DONE);
          if (!this.fold(s, st.fin)) return null;
          s.mop = 3;
          s.fin = info.value;
          s.close = close;
          return s;
        }
        return null;
      case "op": {
        if (ph === NUM || ph === DONE) {
          s = st.clone(OPERAND);
          if (!this.fold(s, this.operandValue(st)) || !this.applyOp(s, info.value)) return null;
          return s;
        }
        if (this.ns && info.value === 2) {
          if (ph === OPERAND) {
            s = st.clone(SIGN);
            s.oneg = true;
            s.ineg = false;
            s.root = false;
            return s;
          }
          if (ph === ROOT && !st.oneg) {
            s = st.clone(ROOTSIGN);
            s.ineg = true;
            return s;
          }
        }
        return null;
      }
      case "eq": {
        if (ph !== NUM && ph !== DONE) return null;
        if (st.eqs + 1 > this.maxEquals) return null;
        if (isNew && st.newEq + 1 > this.newEqCap) return null;
        s = st.clone(OPERAND);
        s.eqs++;
        if (isNew) s.newEq++;
        if (!this.fold(s, this.operandValue(st)) || !this.closeSide(s)) return null;
        return s;
      }
      case "square":
        if (ph === NUM) {
          const x = this.lit(st, true);
          if (Number.isNaN(x)) return null;
          s = st.clone(DONE);
          s.fin = x;
          return s;
        }
        return null;
      case "root":
        if (ph === OPERAND || ph === SIGN) {
          s = st.clone(ROOT);
          s.root = true;
          if (ph === OPERAND) {
            s.oneg = false;
            s.ineg = false;
          }
          return s;
        }
        return null;
      default:
        return null;
    }
  }

  // -------------------------------------------------------------------------------------------
  // The solved last operand

  /** The operand value that closes the current side equal to the target, or NaN. */
  target(st: St): number {
    const L = st.L;
    if (this.std) {
      if (st.mop === 3 || st.mop === 4) {
        const t = (L - st.acc) * st.sgn;
        if (st.mop === 3) return st.term === 0 ? NaN : t / st.term;
        return t === 0 ? NaN : st.term / t;
      }
      return (L - st.acc) * st.sgn;
    }
    if (Number.isNaN(st.acc)) return L;
    switch (st.mop) {
      case 1:
        return L - st.acc;
      case 2:
        return st.acc - L;
      case 3:
        return st.acc === 0 ? NaN : L / st.acc;
      default:
        return L === 0 ? NaN : st.acc / L;
    }
  }

  private digitsOf(n: number): number[] | null {
    const s = String(n);
    const out: number[] = [];
    for (const ch of s) {
      const id = this.digitIds[ch.charCodeAt(0) - 48];
      if (id === undefined) return null;
      out.push(id);
    }
    return out;
  }

  /** Ways to write value N as one operand, as face-id sequences. */
  spellings(N: number): number[][] {
    const out: number[][] = [];
    if (!Number.isFinite(N)) return out;
    const n = Math.round(N);
    const isInt = near(N, n) && Math.abs(n) < 1e12;
    if (this.smath) {
      if (isInt && n >= 0 && n <= 12 && this.digitIds[n] !== undefined) out.push([this.digitIds[n]]);
      return out;
    }
    if (this.ns) {
      if (!isInt) return out;
      const a = Math.abs(n);
      const d = this.digitsOf(a);
      if (!d) return out;
      if (n >= 0) {
        out.push(d);
        const k = Math.round(Math.sqrt(a));
        if (k >= 2 && k * k === a && this.squareId >= 0) out.push([...this.digitsOf(k)!, this.squareId]);
        if (a >= 2 && a * a < 1e7 && this.rootId >= 0) out.push([this.rootId, ...this.digitsOf(a * a)!]);
      } else if (this.minusId >= 0) out.push([this.minusId, ...d]);
      return out;
    }
    // Equate: no negative numbers; integers, fraction tiles, mixed numerals
    if (N < -EPS) return out;
    if (isInt) {
      const d = this.digitsOf(n);
      if (d) out.push(d);
    }
    for (const f of this.fractionIds) if (near(this.faces[f].value, N)) out.push([f]);
    const ip = Math.floor(N + EPS);
    const fp = N - ip;
    if (ip >= 1 && fp > EPS) {
      const d = this.digitsOf(ip);
      if (d) for (const f of this.fractionIds) if (near(this.faces[f].value, fp) && this.faces[f].value < 1) out.push([...d, f]);
    }
    return out;
  }
}
