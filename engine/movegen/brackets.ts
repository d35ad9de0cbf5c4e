/**
 * 'SMATH bracketings for the exact generator (docs/bot.md, "Exact generator"): the values one side
 * of an equation can take over every way of adding brackets to its number tiles, with one
 * bracketing that gives each value.
 *
 * Brackets ride on number tiles (docs/spec/rulesets.md, "'SMATH"), so any binary tree over the
 * side's operands can be written: a group from operand i to operand j is "(" on tile i and ")"
 * on tile j; two numbers side by side multiply when a bracket boundary sits between them. The
 * brackets already on board tiles in this line are groups every tree must keep (a tree whose
 * intervals never cross them has each of them as a node). Values come from the classic interval
 * dynamic programme over split points, exact rationals, ÷0 dropped.
 * The witness writes only the brackets standard precedence needs (a child binding more loosely
 * than its parent, or as loosely on the right), skips groups the board already has, and wraps a
 * lone number where two numbers touch without a boundary. adjudicatePlay checks every witness.
 */
import * as Q from "../rational";
import type { Rational } from "../rational";

/** One operand (a number tile) of a side and the operator before it ("" = side by side). */
export interface Operand {
  value: Rational;
  /** the operator between the previous operand and this one; "imul" when they touch */
  op: "+" | "-" | "×" | "÷" | "imul" | "";
  /** brackets the board already has on this tile in this line */
  oldOpen: number;
  oldClose: number;
  /** a board tile (brackets added to it are an overlay) */
  old?: boolean;
}

interface Way {
  value: Rational;
  /** split point k (left = i..k) or -1 for a leaf */
  k: number;
  left: string;
  right: string;
}

/** Groups forced by old brackets, as [from, to] operand intervals; null when they do not match. */
function forcedGroups(ops: readonly Operand[]): Array<[number, number]> | null {
  const stack: number[] = [];
  const out: Array<[number, number]> = [];
  for (let i = 0; i < ops.length; i++) {
    for (let k = 0; k < ops[i].oldOpen; k++) stack.push(i);
    for (let k = 0; k < ops[i].oldClose; k++) {
      const from = stack.pop();
      if (from === undefined) return null;
      out.push([from, i]);
    }
  }
  return stack.length ? null : out;
}

export interface SideValues {
  /** value key → the bracketing (extra opens/closes per operand) giving it */
  values: Map<string, { value: Rational; open: number[]; close: number[] }>;
}

const prec = (op: Operand["op"] | "leaf"): number => (op === "+" || op === "-" ? 1 : op === "leaf" ? 3 : 2);

function apply(op: Operand["op"], a: Rational, b: Rational): Rational | null {
  switch (op) {
    case "+":
      return Q.add(a, b);
    case "-":
      return Q.sub(a, b);
    case "÷":
      return Q.div(a, b);
    default:
      return Q.mul(a, b);
  }
}

/** Every value of the side over all bracketings that keep the board's groups; null if the board's
 * brackets do not pair up. Sides have at most a line's worth of operands (≤ 8 on 15 squares). */
export function sideValues(ops: readonly Operand[]): SideValues | null {
  const n = ops.length;
  const forced = forcedGroups(ops);
  if (!forced || n === 0) return null;
  const crosses = (i: number, j: number): boolean => {
    for (const [a, b] of forced) if ((a < i && b >= i && b < j) || (a > i && a <= j && b > j)) return true;
    return false;
  };
  const isForced = (i: number, j: number): boolean => forced.some(([a, b]) => a === i && b === j);
  // table[i][j]: value key → way
  const table: Array<Array<Map<string, Way> | null>> = [];
  for (let i = 0; i < n; i++) {
    table.push(new Array(n).fill(null));
    table[i][i] = new Map([[Q.toString(ops[i].value), { value: ops[i].value, k: -1, left: "", right: "" }]]);
  }
  for (let len = 2; len <= n; len++) {
    for (let i = 0; i + len - 1 < n; i++) {
      const j = i + len - 1;
      if (crosses(i, j)) continue;
      const m = new Map<string, Way>();
      for (let k = i; k < j; k++) {
        const L = table[i][k];
        const R = table[k + 1][j];
        if (!L || !R) continue;
        const op = ops[k + 1].op;
        for (const [lk, l] of L) {
          for (const [rk, r] of R) {
            const v = apply(op, l.value, r.value);
            if (v === null) continue;
            const key = Q.toString(v);
            if (!m.has(key)) m.set(key, { value: v, k, left: lk, right: rk });
          }
        }
      }
      table[i][j] = m;
    }
  }
  const top = table[0][n - 1];
  if (!top) return null;
  const values: SideValues["values"] = new Map();
  for (const [key, way] of top) {
    const open = new Array<number>(n).fill(0);
    const close = new Array<number>(n).fill(0);
    // Emit brackets top-down: (i, j, key, needs brackets)
    const walk = (i: number, j: number, key: string, wrap: boolean): void => {
      const w = table[i][j]!.get(key)!;
      if (wrap && !isForced(i, j)) {
        open[i]++;
        close[j]++;
      }
      if (w.k < 0) return;
      const op = ops[w.k + 1].op;
      const lw = table[i][w.k]!.get(w.left)!;
      const rw = table[w.k + 1][j]!.get(w.right)!;
      const lp = lw.k < 0 ? 3 : prec(ops[lw.k + 1].op);
      const rp = rw.k < 0 ? 3 : prec(ops[rw.k + 1].op);
      walk(i, w.k, w.left, lp < prec(op));
      walk(w.k + 1, j, w.right, rp <= prec(op));
    };
    walk(0, n - 1, key, false);
    // Two numbers touching need a bracket boundary: wrap one alone (no change to the tree) — the
    // board tile when the left one is old, else the right one. A lone new tile whose line is not
    // the one decision 9 picks is only a play with an overlay in its line (issue 28: "(2)7"), and
    // either wrap costs the same two brackets.
    for (let i = 1; i < n; i++) {
      if (ops[i].op === "imul" && close[i - 1] + ops[i - 1].oldClose === 0 && open[i] + ops[i].oldOpen === 0) {
        const w = ops[i - 1].old && !ops[i].old ? i - 1 : i;
        open[w]++;
        close[w]++;
      }
    }
    values.set(key, { value: way.value, open, close });
  }
  return { values };
}

/** The witness of one value (brackets added per operand), or null when the side cannot take it. */
export function sideWitness(ops: readonly Operand[], vkey: string): { open: number[]; close: number[] } | null {
  const w = sideValues(ops)?.values.get(vkey);
  return w ? { open: w.open, close: w.close } : null;
}

/**
 * The values of a side over every bracketing, without witnesses (issue 28: the witness is written
 * only for the few fillings that make a play, `sideWitness`), as value keys (`Q.toString`'s
 * text). Sides without board brackets in their line share sub-sequences across fillings, so the
 * interval values are memoised by the sub-sequence in `memo` (one per search) and computed in
 * exact rationals of two JS numbers (every product checked to stay below 2^53; past that the side
 * takes the bigint programme, `sideValues`), as sidearith.ts does for Equate.
 */
export function sideValueSet(ops: readonly Operand[], memo: IntervalMemo): Iterable<string> | null {
  const n = ops.length;
  if (n === 0) return null;
  const seq = memo.sequence(ops);
  if (seq) {
    const m = intervalValues(seq, memo, 0, n - 1, memo.node(seq, 0, n - 1));
    if (m) return keysOf(m);
  }
  const sv = sideValues(ops);
  return sv ? sv.values.keys() : null;
}

/** One node of the memo's trie: the values of one operand sub-sequence (undefined: not yet
 * computed; null: past the exact range) and the sequences one operand longer. */
interface MemoNode {
  vals: NumValues | null | undefined;
  kids: Map<number, MemoNode> | undefined;
}

/** A side's operands as the memo reads them: per operand its token's code (and, from the second
 * on, its operator's), its text and its value. Reused from call to call (no allocation per side). */
interface Sequence {
  n: number;
  code: Int32Array;
  tok: string[];
  num: Float64Array;
}

const OP_CODE: Record<Operand["op"], number> = { "": 0, "+": 1, "-": 2, "×": 3, "÷": 4, imul: 5 };
/** an operand's code: operator · TOKENS + token (tokens beyond TOKENS use the slow path) */
const TOKENS = 1 << 16;

/**
 * The interval values of 'SMATH sides, memoised by operand sub-sequence (issue 28) over a trie whose
 * edges are small integers (operator and token codes): finding a filling's intervals walks the
 * trie, where keying a map by each sub-sequence's text built and hashed a string per interval per
 * filling (most of 'SMATH's search time, by `--cpu-prof`). The prefix intervals of a side are one
 * walk. One memo per search (sides.ts).
 */
export class IntervalMemo {
  private readonly root = new Map<number, MemoNode>();
  private readonly tokens = new Map<Rational, { code: number; tok: string; num: number }>();
  private readonly codes = new Map<string, number>();
  private readonly seq: Sequence = { n: 0, code: new Int32Array(16), tok: [], num: new Float64Array(16) };

  /** The side's operands as a sequence; null when a board bracket is in the line (those sides
   * take `sideValues`) or a token is out of the codes' range. */
  sequence(ops: readonly Operand[]): Sequence | null {
    const n = ops.length;
    const seq = this.seq;
    if (seq.code.length < n) {
      seq.code = new Int32Array(n);
      seq.num = new Float64Array(n);
    }
    for (let i = 0; i < n; i++) {
      const o = ops[i];
      if (o.oldOpen || o.oldClose) return null;
      let t = this.tokens.get(o.value);
      if (!t) {
        const tok = Q.toString(o.value);
        let code = this.codes.get(tok);
        if (code === undefined) this.codes.set(tok, (code = this.codes.size));
        t = { code, tok, num: Number(tok) };
        this.tokens.set(o.value, t);
      }
      if (t.code >= TOKENS) return null;
      seq.code[i] = i === 0 ? t.code : OP_CODE[o.op] * TOKENS + t.code;
      seq.tok[i] = t.tok;
      seq.num[i] = t.num;
    }
    seq.n = n;
    return seq;
  }

  /** the node of operands i..j (created empty when new) */
  node(seq: Sequence, i: number, j: number): MemoNode {
    let node = this.child(this.root, seq.code[i] % TOKENS);
    for (let k = i + 1; k <= j; k++) node = this.child((node.kids ??= new Map()), seq.code[k]);
    return node;
  }

  /** the nodes of operands 0..k for every k < last (one walk; the whole side's node is not
   * made: a filling's own values are never memoised, they were most of the garbage) */
  prefixNodes(seq: Sequence, last: number, out: MemoNode[]): void {
    let node = this.child(this.root, seq.code[0]);
    out[0] = node;
    for (let k = 1; k < last; k++) out[k] = node = this.child((node.kids ??= new Map()), seq.code[k]);
  }

  private child(m: Map<number, MemoNode>, code: number): MemoNode {
    let c = m.get(code);
    if (!c) m.set(code, (c = { vals: undefined, kids: undefined }));
    return c;
  }
}

/** the values of an interval: keys (`Q.toString`'s text; null until asked for) and exact
 * numerators and denominators */
export interface NumValues {
  keys: string[] | null;
  n: number[];
  d: number[];
}

const SAFE = Number.MAX_SAFE_INTEGER;

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  while (b) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** The values of operands i..j (their node `at`), from the memo or computed from its splits.
 * Integer values (most of them) are told apart by number, not by text: building and hashing a
 * key string per value was most of this function's time (issue 28, fifth round); the keys are
 * written only when a table asks for them (`keysOf`). */
function intervalValues(seq: Sequence, memo: IntervalMemo, i: number, j: number, at: MemoNode): NumValues | null {
  if (at.vals !== undefined) return at.vals;
  if (i === j) return (at.vals = { keys: [seq.tok[i]], n: [seq.num[i]], d: [1] });
  const out: NumValues = { keys: null, n: [], d: [] };
  const ints = new Set<number>();
  let fracs: Set<string> | null = null;
  for (let k = i; k < j; k++) {
    const L = intervalValues(seq, memo, i, k, memo.node(seq, i, k));
    const R = intervalValues(seq, memo, k + 1, j, memo.node(seq, k + 1, j));
    if (!L || !R) return (at.vals = null);
    const op = OP_NAME[Math.floor(seq.code[k + 1] / TOKENS)];
    const add = op === "+" || op === "-";
    for (let a = 0; a < L.n.length; a++) {
      const an = L.n[a];
      const ad = L.d[a];
      for (let b = 0; b < R.n.length; b++) {
        const bn = R.n[b];
        const bd = R.d[b];
        let n: number;
        let d: number;
        if (add) {
          const x = an * bd;
          const y = bn * ad;
          n = op === "+" ? x + y : x - y;
          d = ad * bd;
          if (Math.abs(x) > SAFE || Math.abs(y) > SAFE) return (at.vals = null);
        } else if (op === "÷") {
          if (bn === 0) continue;
          n = an * bd;
          d = ad * bn;
        } else {
          n = an * bn;
          d = ad * bd;
        }
        if (Math.abs(n) > SAFE || Math.abs(d) > SAFE) return (at.vals = null);
        if (d < 0) {
          n = -n;
          d = -d;
        }
        if (n === 0) {
          n = 0; // never -0
          d = 1;
        } else if (d !== 1) {
          const g = gcd(n, d);
          n /= g;
          d /= g;
        }
        if (d === 1) {
          if (ints.has(n)) continue;
          ints.add(n);
        } else {
          const vk = `${n}/${d}`;
          if ((fracs ??= new Set()).has(vk)) continue;
          fracs.add(vk);
        }
        out.n.push(n);
        out.d.push(d);
      }
    }
  }
  return (at.vals = out);
}

/** an interval's value keys (`Q.toString`'s text), written on first use */
function keysOf(V: NumValues): string[] {
  if (V.keys) return V.keys;
  const keys: string[] = [];
  for (let a = 0; a < V.n.length; a++) keys.push(V.d[a] === 1 ? String(V.n[a]) : `${V.n[a]}/${V.d[a]}`);
  return (V.keys = keys);
}

const OP_NAME: Array<Operand["op"]> = ["", "+", "-", "×", "÷", "imul"];

/**
 * Every value of a side over its bracketings, handed to `visit` as an integer (`iv`, vkey null) or
 * as its key text, without storing them (issue 28: a probed 'SMATH side, join.ts, looks each value
 * up in the other side's table at once). The sub-intervals come from the memo as in
 * `sideValueSet`; the whole side's values, unique to the filling, are combined on the fly and
 * never memoised (they were most of the garbage). A value may be visited more than once (two
 * bracketings giving it); the top list keeps a placement once. `fracs` false: the other side has
 * no fractional value, so fractions are not written out. `lo`, `hi`: the other sides' least and
 * largest values; whole-side values outside them are not visited (no lookup could succeed).
 * `ints`: when given, the only integer values a lookup can find (the other sides' common integer
 * values); other integers are not visited.
 */
export function visitSideValues(
  ops: readonly Operand[],
  memo: IntervalMemo,
  fracs: boolean,
  visit: (iv: number, vkey: string | null) => void,
  lo = -Infinity,
  hi = Infinity,
  ints: IntFilter | null = null,
): void {
  const n = ops.length;
  if (n === 0) return;
  const seq = memo.sequence(ops);
  if (seq) {
    if (n === 1) {
      visit(seq.num[0], null);
      return;
    }
    // a hair of slack: a value equal to a bound is never skipped for rounding
    if (topValues(seq, memo, fracs, visit, lo - 1e-9 * (1 + Math.abs(lo)), hi + 1e-9 * (1 + Math.abs(hi)), ints)) return;
  }
  const keys = sideValueSet(ops, memo);
  if (!keys) return;
  for (const k of keys) {
    const iv = Number(k);
    if (Number.isSafeInteger(iv) && String(iv) === k) visit(iv, null);
    else visit(NaN, k);
  }
}

/** A set of integers as a bitmap: `bits[v - lo]` is 1 for each member v (values outside the
 * bitmap are not members). */
export interface IntFilter {
  lo: number;
  bits: Uint8Array;
}

/** The bitmap of the integers in every one of `sets` (keys of the other sides' integer tables);
 * null when their common span is too wide for a bitmap (then nothing is filtered). */
export function intFilter(sets: ReadonlyArray<ReadonlyMap<number, unknown>>, maxSpan = 1 << 20): IntFilter | null {
  if (sets.length === 0) return null;
  let lo = Infinity;
  let hi = -Infinity;
  const first = sets.reduce((x, y) => (y.size < x.size ? y : x));
  const common: number[] = [];
  for (const v of first.keys()) {
    if (!sets.every((m) => m.has(v))) continue;
    common.push(v);
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (common.length === 0) return { lo: 0, bits: new Uint8Array(0) };
  if (hi - lo + 1 > maxSpan) return null;
  const bits = new Uint8Array(hi - lo + 1);
  for (const v of common) bits[v - lo] = 1;
  return { lo, bits };
}

/** whole-side values `topValues` did not visit, being outside the range asked for, the splits
 * skipped whole by their spans, and integers outside `ints` (tests check that each is exercised) */
export const valueSkips = { n: 0, splits: 0, ints: 0 };

/** scratch of `topValues`: each split's left and right values (reused, no allocation per side) */
const prefixScratch: MemoNode[] = [];
const Ls: NumValues[] = [];
const Rs: NumValues[] = [];

/** The whole side's values (`visitSideValues`); false, before any visit, when a sub-interval or
 * a product of the last split could leave the exact range (the caller then takes the bigint
 * programme). */
function topValues(
  seq: Sequence,
  memo: IntervalMemo,
  fracs: boolean,
  visit: (iv: number, vkey: string | null) => void,
  lo: number,
  hi: number,
  ints: IntFilter | null,
): boolean {
  const bits = ints?.bits;
  const base = ints?.lo ?? 0;
  const n = seq.n;
  memo.prefixNodes(seq, n - 1, prefixScratch);
  for (let k = 0; k < n - 1; k++) {
    const L = intervalValues(seq, memo, 0, k, prefixScratch[k]);
    const R = intervalValues(seq, memo, k + 1, n - 1, memo.node(seq, k + 1, n - 1));
    if (!L || !R) return false;
    Ls[k] = L;
    Rs[k] = R;
  }
  // check the range first, so that a side is either visited here in full or left to the fallback
  for (let k = 0; k < n - 1; k++) if (!safeProducts(OP_NAME[Math.floor(seq.code[k + 1] / TOKENS)], Ls[k], Rs[k])) return false;
  for (let k = 0; k < n - 1; k++) {
    const L = Ls[k];
    const R = Rs[k];
    const op = OP_NAME[Math.floor(seq.code[k + 1] / TOKENS)];
    if ((lo > -Infinity || hi < Infinity) && splitMisses(op, L, R, lo, hi)) {
      valueSkips.n += L.n.length * R.n.length;
      valueSkips.splits++;
      continue;
    }
    for (let a = 0; a < L.n.length; a++) {
      const an = L.n[a];
      const ad = L.d[a];
      for (let b = 0; b < R.n.length; b++) {
        const bn = R.n[b];
        const bd = R.d[b];
        let x: number;
        let y: number;
        if (op === "+" || op === "-") {
          x = op === "+" ? an * bd + bn * ad : an * bd - bn * ad;
          y = ad * bd;
        } else if (op === "÷") {
          if (bn === 0) continue;
          x = an * bd;
          y = ad * bn;
        } else {
          x = an * bn;
          y = ad * bd;
        }
        // outside the other sides' values: no lookup can succeed (visitSideValues' lo, hi)
        const v = x / y;
        if (v < lo || v > hi) {
          valueSkips.n++;
          continue;
        }
        if (y < 0) {
          x = -x;
          y = -y;
        }
        if (x === 0) {
          x = 0; // never -0
          y = 1;
        } else if (y !== 1) {
          const g = gcd(x, y);
          x /= g;
          y /= g;
        }
        if (y !== 1) {
          if (fracs) visit(NaN, `${x}/${y}`);
        } else if (bits && bits[x - base] !== 1) valueSkips.ints++;
        else visit(x, null);
      }
    }
  }
  return true;
}

/** The least and largest value of a sub-interval's values. */
function span(V: NumValues): [number, number] {
  let a = Infinity;
  let b = -Infinity;
  for (let i = 0; i < V.n.length; i++) {
    const v = V.n[i] / V.d[i];
    if (v < a) a = v;
    if (v > b) b = v;
  }
  return [a, b];
}

/** No value of L op R can lie in [lo, hi] (interval arithmetic on the two spans; `÷` by a span
 * holding 0 and an unknown operator are never ruled out). */
function splitMisses(op: Operand["op"], L: NumValues, R: NumValues, lo: number, hi: number): boolean {
  if (L.n.length === 0 || R.n.length === 0) return false;
  const [a, b] = span(L);
  const [c, d] = span(R);
  let x: number;
  let y: number;
  if (op === "+") [x, y] = [a + c, b + d];
  else if (op === "-") [x, y] = [a - d, b - c];
  else if (op === "×" || op === "imul") {
    x = Math.min(a * c, a * d, b * c, b * d);
    y = Math.max(a * c, a * d, b * c, b * d);
  } else if (op === "÷" && (c > 0 || d < 0)) {
    x = Math.min(a / c, a / d, b / c, b / d);
    y = Math.max(a / c, a / d, b / c, b / d);
  } else return false;
  return y < lo || x > hi;
}

/** every product and sum of one split stays exact in doubles (|·| ≤ 2^53) */
function safeProducts(op: Operand["op"], L: NumValues, R: NumValues): boolean {
  let la = 0;
  let lb = 0;
  let ra = 0;
  let rb = 0;
  for (let i = 0; i < L.n.length; i++) {
    la = Math.max(la, Math.abs(L.n[i]));
    lb = Math.max(lb, L.d[i]);
  }
  for (let i = 0; i < R.n.length; i++) {
    ra = Math.max(ra, Math.abs(R.n[i]));
    rb = Math.max(rb, R.d[i]);
  }
  const m = Math.max(la * rb, ra * lb, la * ra, lb * rb);
  return op === "+" || op === "-" ? 2 * m <= SAFE : m <= SAFE;
}
