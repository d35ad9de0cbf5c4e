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
 * interval values are memoised by the sub-sequence's text in `memo` (one per search) and
 * computed in exact rationals of two JS numbers (every product checked to stay below 2^53; past
 * that the side takes the bigint programme, `sideValues`), as sidearith.ts does for Equate.
 */
export function sideValueSet(ops: readonly Operand[], memo: Map<string, NumValues | null>): Iterable<string> | null {
  const n = ops.length;
  if (n === 0) return null;
  let plain = true;
  for (let i = 0; i < n; i++) if (ops[i].oldOpen || ops[i].oldClose) plain = false;
  if (plain) {
    const tok: string[] = new Array(n);
    const num: number[] = new Array(n);
    for (let i = 0; i < n; i++) {
      tok[i] = Q.toString(ops[i].value);
      num[i] = Number(tok[i]);
    }
    const m = intervalValues(ops, tok, num, 0, n - 1, memo);
    if (m) return m.keys;
  }
  const sv = sideValues(ops);
  return sv ? sv.values.keys() : null;
}

/** the values of an interval: keys (`Q.toString`'s text) and exact numerators and denominators */
export interface NumValues {
  keys: string[];
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

function intervalValues(ops: readonly Operand[], tok: readonly string[], num: readonly number[], i: number, j: number, memo: Map<string, NumValues | null>): NumValues | null {
  let key = tok[i];
  for (let k = i + 1; k <= j; k++) key += ops[k].op + tok[k];
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  if (i === j) {
    const leaf: NumValues = { keys: [tok[i]], n: [num[i]], d: [1] };
    memo.set(key, leaf);
    return leaf;
  }
  const out: NumValues = { keys: [], n: [], d: [] };
  const seen = new Set<string>();
  for (let k = i; k < j; k++) {
    const L = intervalValues(ops, tok, num, i, k, memo);
    const R = intervalValues(ops, tok, num, k + 1, j, memo);
    if (!L || !R) {
      memo.set(key, null);
      return null;
    }
    const op = ops[k + 1].op;
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
          if (Math.abs(x) > SAFE || Math.abs(y) > SAFE) {
            memo.set(key, null);
            return null;
          }
        } else if (op === "÷") {
          if (bn === 0) continue;
          n = an * bd;
          d = ad * bn;
        } else {
          n = an * bn;
          d = ad * bd;
        }
        if (Math.abs(n) > SAFE || Math.abs(d) > SAFE) {
          memo.set(key, null);
          return null;
        }
        if (d < 0) {
          n = -n;
          d = -d;
        }
        if (n === 0) d = 1;
        else if (d !== 1) {
          const g = gcd(n, d);
          n /= g;
          d /= g;
        }
        const vk = d === 1 ? String(n === 0 ? 0 : n) : `${n}/${d}`;
        if (seen.has(vk)) continue;
        seen.add(vk);
        out.keys.push(vk);
        out.n.push(n === 0 ? 0 : n);
        out.d.push(d);
      }
    }
  }
  memo.set(key, out);
  return out;
}

/**
 * Every value of a side over its bracketings, handed to `visit` as an integer (`iv`, vkey null) or
 * as its key text, without storing them (issue 28: a probed 'SMATH side, join.ts, looks each value
 * up in the other side's table at once). The sub-intervals come from the memo as in
 * `sideValueSet`; the whole side's values, unique to the filling, are combined on the fly and
 * never memoised (they were most of the garbage). A value may be visited more than once (two
 * bracketings giving it); the top list keeps a placement once. `fracs` false: the other side has
 * no fractional value, so fractions are not written out.
 */
export function visitSideValues(ops: readonly Operand[], memo: Map<string, NumValues | null>, fracs: boolean, visit: (iv: number, vkey: string | null) => void): void {
  const n = ops.length;
  if (n === 0) return;
  let plain = true;
  for (let i = 0; i < n; i++) if (ops[i].oldOpen || ops[i].oldClose) plain = false;
  if (plain) {
    const tok: string[] = new Array(n);
    const num: number[] = new Array(n);
    for (let i = 0; i < n; i++) {
      tok[i] = Q.toString(ops[i].value);
      num[i] = Number(tok[i]);
    }
    if (n === 1) {
      visit(num[0], null);
      return;
    }
    if (topValues(ops, tok, num, n, memo, fracs, visit)) return;
  }
  const keys = sideValueSet(ops, memo);
  if (!keys) return;
  for (const k of keys) {
    const iv = Number(k);
    if (Number.isSafeInteger(iv) && String(iv) === k) visit(iv, null);
    else visit(NaN, k);
  }
}

/** The whole side's values (`visitSideValues`); false, before any visit, when a sub-interval or
 * a product of the last split could leave the exact range (the caller then takes the bigint
 * programme). */
function topValues(ops: readonly Operand[], tok: readonly string[], num: readonly number[], n: number, memo: Map<string, NumValues | null>, fracs: boolean, visit: (iv: number, vkey: string | null) => void): boolean {
  const Ls: NumValues[] = [];
  const Rs: NumValues[] = [];
  for (let k = 0; k < n - 1; k++) {
    const L = intervalValues(ops, tok, num, 0, k, memo);
    const R = intervalValues(ops, tok, num, k + 1, n - 1, memo);
    if (!L || !R) return false;
    Ls.push(L);
    Rs.push(R);
  }
  // check the range first, so that a side is either visited here in full or left to the fallback
  for (let k = 0; k < n - 1; k++) if (!safeProducts(ops[k + 1].op, Ls[k], Rs[k])) return false;
  for (let k = 0; k < n - 1; k++) {
    const L = Ls[k];
    const R = Rs[k];
    const op = ops[k + 1].op;
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
        if (y < 0) {
          x = -x;
          y = -y;
        }
        if (x === 0) {
          visit(0, null);
          continue;
        }
        if (y !== 1) {
          const g = gcd(x, y);
          x /= g;
          y /= g;
        }
        if (y === 1) visit(x, null);
        else if (fracs) visit(NaN, `${x}/${y}`);
      }
    }
  }
  return true;
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
