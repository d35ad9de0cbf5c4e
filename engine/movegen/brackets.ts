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
 * The witness writes the fewest brackets that read as its tree (`sideValues`), skips groups the
 * board already has, and puts a bracket where two numbers touch. adjudicatePlay checks every witness.
 * The search's own path (values without witnesses, in doubles, memoised) is `sideValueSet` and
 * `visitSideValues` over intervals.ts.
 */
import * as Q from "../rational";
import type { Rational } from "../rational";
import { combine, gcd, IntervalMemo, intervalValues, keysOf, newSeen, newValues, opAt, rightNeed, safeProducts, splitMisses, type MemoNode, type NumValues, type Operand, type Sequence } from "./intervals";

export { IntervalMemo, type Operand };

interface Way {
  value: Rational;
  /** split point k (left = i..k) or -1 for a leaf */
  k: number;
  left: string;
  right: string;
  /** the children's states (`sideValues`) and whether each is wrapped */
  ls: number;
  rs: number;
  wl: boolean;
  wr: boolean;
  /** new brackets the tree writes inside the interval (its own wrap is its parent's) */
  cost: number;
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

const FORCED = [[true, 0]] as const;
const WRAP = [[true, 2]] as const;
const BARE = [[false, 0]] as const;
const EITHER = [
  [false, 0],
  [true, 2],
] as const;

/** `sideValues`' state of a leaf: precedence 3 */
const LEAF = 8;

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

/**
 * Every value of the side over all bracketings that keep the board's groups; null if the board's
 * brackets do not pair up. Sides have at most a line's worth of operands (≤ 8 on 15 squares).
 *
 * Each value's witness writes the fewest new brackets of any tree and any set of wraps that reads
 * as that tree (issue 28, smtie2: the tie rule's count is exact, so the first top found has the
 * fewest and the tie cut, smtie.ts, stops the hunt for fewer). A wrap is needed where precedence
 * asks (a left child binding more loosely than its parent, a right child as loosely); any other
 * node may be wrapped too, which only serves where two numbers touch ("imul"): the boundary needs
 * a bracket, a close on the left operand or an open on the right one, written or on the board.
 * So an interval's state records whether a wrap inside it (not its own) ends at its left operand
 * (bit 1) and at its right operand (bit 2), each only where the boundary outside it touches, and
 * its root's precedence less one (bits 4 and 8: whether its parent must wrap it); per value and
 * state the fewest brackets. A side with one new tile never wraps it where precedence
 * does not ask (a lone tile's brackets read in the line decision 9 picks: those go on the board
 * tile, an overlay, "(2)7").
 */
export function sideValues(ops: readonly Operand[]): SideValues | null {
  const w = sideWays(ops);
  const top = w?.table[0][ops.length - 1];
  if (!w || !top) return null;
  const values: SideValues["values"] = new Map();
  for (const key of top.keys()) values.set(key, bracketingOf(w, key, false)!);
  return { values };
}

/** The bigint programme's table of a side: per interval, each value's fewest-bracket way per state
 * (`sideValues` writes every value's bracketing from it, a play's witness only the value it needs,
 * `bracketingOf`; issue 28, smcost2). */
export interface SideWays {
  ops: readonly Operand[];
  forced: Array<[number, number]>;
  table: Array<Array<Map<string, Array<Way | undefined>> | null>>;
  /** the bracketings written so far */
  done?: Map<string, { value: Rational; open: number[]; close: number[] }>;
}

const isForced = (forced: ReadonlyArray<[number, number]>, i: number, j: number): boolean => forced.some(([a, b]) => a === i && b === j);

/** At most the new brackets any witness of any value of the side writes (`bracketingOf`), without
 * the bigint programme: each boundary where two numbers touch with no board bracket there (`touch`
 * in `sideWays`) needs a new close on its left operand or a new open on its right one, each new
 * bracket sits at one boundary, and wraps come in pairs, so p such boundaries need p + (p & 1).
 * (smtie.ts bounds a prefix the same way.) Lets a play's witnesses be skipped when even this few
 * brackets lose the tie (join.ts `finish`, tableleast.ts `othersLeastByOps`; issue 28, smfix). */
export function bracketsAtLeast(ops: readonly Operand[]): number {
  let p = 0;
  for (let k = 1; k < ops.length; k++) if (ops[k].op === "imul" && ops[k - 1].oldClose === 0 && ops[k].oldOpen === 0) p++;
  return p + (p & 1);
}

/** The ways of a side (`SideWays`, the programme of `sideValues`' comment); null if the board's
 * brackets do not pair up. */
export function sideWays(ops: readonly Operand[]): SideWays | null {
  const n = ops.length;
  const forced = forcedGroups(ops);
  if (!forced || n === 0) return null;
  const crosses = (i: number, j: number): boolean => {
    for (const [a, b] of forced) if ((a < i && b >= i && b < j) || (a > i && a <= j && b > j)) return true;
    return false;
  };
  let news = 0;
  let lone = -1;
  for (let i = 0; i < n; i++) {
    if (ops[i].old) continue;
    news++;
    lone = i;
  }
  if (news !== 1) lone = -1;
  const touchL = (i: number): boolean => i > 0 && ops[i].op === "imul";
  const touchR = (j: number): boolean => j < n - 1 && ops[j + 1].op === "imul";
  // the wraps a child [a, b] may take: [wrapped, new brackets]; an unasked wrap serves only where a
  // boundary outside the child touches
  const wraps = (a: number, b: number, needed: boolean): ReadonlyArray<readonly [boolean, number]> => {
    if (isForced(forced, a, b)) return FORCED;
    if (needed) return WRAP;
    if (a === lone || b === lone || !(touchL(a) || touchR(b))) return BARE;
    return EITHER;
  };
  // table[i][j]: value key → way per state
  const table: Array<Array<Map<string, Array<Way | undefined>> | null>> = [];
  for (let i = 0; i < n; i++) {
    table.push(new Array(n).fill(null));
    const leaf: Way = { value: ops[i].value, k: -1, left: "", right: "", ls: 0, rs: 0, wl: false, wr: false, cost: 0 };
    const at: Array<Way | undefined> = [];
    at[LEAF] = leaf;
    table[i][i] = new Map([[Q.toString(ops[i].value), at]]);
  }
  for (let len = 2; len <= n; len++) {
    for (let i = 0; i + len - 1 < n; i++) {
      const j = i + len - 1;
      if (crosses(i, j)) continue;
      const m = new Map<string, Array<Way | undefined>>();
      const tl = touchL(i);
      const tr = touchR(j);
      // the last split first among equals (a left-nested tree reads without brackets)
      for (let k = j - 1; k >= i; k--) {
        const L = table[i][k];
        const R = table[k + 1][j];
        if (!L || !R) continue;
        const op = ops[k + 1].op;
        const p = prec(op);
        const touch = op === "imul" && ops[k].oldClose === 0 && ops[k + 1].oldOpen === 0;
        for (const [lk, lways] of L) {
          for (const [rk, rways] of R) {
            const v = apply(op, lways.find(Boolean)!.value, rways.find(Boolean)!.value);
            if (v === null) continue;
            const key = Q.toString(v);
            let had = m.get(key);
            for (let ls = 0; ls < lways.length; ls++) {
              const l = lways[ls];
              if (!l) continue;
              for (const [wl, cl] of wraps(i, k, ls >> 2 < p - 1)) {
                for (let rs = 0; rs < rways.length; rs++) {
                  const r = rways[rs];
                  if (!r) continue;
                  for (const [wr, cr] of wraps(k + 1, j, rs >> 2 <= p - 1)) {
                    if (touch && !wl && !wr && (ls & 2) === 0 && (rs & 1) === 0) continue;
                    const st = (tl && (wl || ls & 1) ? 1 : 0) | (tr && (wr || rs & 2) ? 2 : 0) | ((p - 1) << 2);
                    const cost = l.cost + cl + r.cost + cr;
                    if (!had) m.set(key, (had = []));
                    const h = had[st];
                    if (!h || cost < h.cost) had[st] = { value: v, k, left: lk, right: rk, ls, rs, wl, wr, cost };
                  }
                }
              }
            }
          }
        }
      }
      table[i][j] = m;
    }
  }
  return { ops, forced, table };
}

/** The bracketing (extra opens and closes per operand) of one value of a side, the fewest over
 * its states, kept in `done` when `keep`; undefined when the side has no such value. */
export function bracketingOf(ways: SideWays, key: string, keep = true): { value: Rational; open: number[]; close: number[] } | undefined {
  const { ops, forced, table } = ways;
  const n = ops.length;
  const had = ways.done?.get(key);
  if (had) return had;
  const all = table[0][n - 1]?.get(key);
  if (!all) return undefined;
  let st = -1;
  for (let s = 0; s < all.length; s++) if (all[s] && (st < 0 || all[s]!.cost < all[st]!.cost)) st = s;
  const open = new Array<number>(n).fill(0);
  const close = new Array<number>(n).fill(0);
  const walk = (i: number, j: number, vk: string, s: number, wrap: boolean): void => {
    const w = table[i][j]!.get(vk)![s]!;
    if (wrap && !isForced(forced, i, j)) {
      open[i]++;
      close[j]++;
    }
    if (w.k < 0) return;
    walk(i, w.k, w.left, w.ls, w.wl);
    walk(w.k + 1, j, w.right, w.rs, w.wr);
  };
  walk(0, n - 1, key, st, false);
  const out = { value: all[st]!.value, open, close };
  if (keep) (ways.done ??= new Map()).set(key, out);
  return out;
}

/** Per value of the side, the count of brackets `bracketingOf` writes for it, without writing them:
 * a way's `cost` sums 2 per wrap that is not a board group (`wraps`: WRAP and EITHER's wrap cost
 * 2, FORCED 0) over its tree, and `bracketingOf`'s walk writes an open and a close for exactly
 * those wraps of the least-cost state's tree, so the count is that least cost. Lets a tabled
 * filling keep this map in place of the whole programme (issue 28, smcost4). Null: no ways. */
export function bracketCounts(ways: SideWays | null): Map<string, number> | null {
  const all = ways?.table[0][ways.ops.length - 1];
  if (!all) return null;
  const out = new Map<string, number>();
  for (const [key, states] of all) {
    let least = Infinity;
    for (let s = 0; s < states.length; s++) if (states[s] && states[s]!.cost < least) least = states[s]!.cost;
    out.set(key, least);
  }
  return out;
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
 * skipped whole by their spans, integers outside `ints`, and the suffixes computed only in their
 * uses' range (tests check that each is exercised) */
export const valueSkips = { n: 0, splits: 0, ints: 0, suffixes: 0 };

/** scratch of `topValues` (reused, no allocation per side): the prefixes' nodes and values, the
 * values of operands i..k (`mids[i * n + k]`, k < n - 1), and per suffix i..n-1 the range its
 * values must lie in to matter (`needLo`, `needHi`) and its values in that range (`Rs`) */
const prefixScratch: MemoNode[] = [];
const Ls: NumValues[] = [];
const mids: Array<NumValues | null> = [];
const needLo: number[] = [];
const needHi: number[] = [];
const Rs: NumValues[] = [];
const NONE: NumValues = { keys: [], n: [], d: [], off: 0, len: 0, min: Infinity, max: -Infinity, mag: 0, den: 0 };
/** the suffixes' values when restricted (one per operand, overwritten by each side) */
const suffixScratch: NumValues[] = [];
/** per prefix operand k, the trie node of operands 0..k whose `Ls[k]` and `mids[·][k]` the
 * scratch holds (null: none), for sides of `scratchN` operands: fillings come in order, so one
 * shares its whole prefix with the one before or all but its last few operands (only the
 * intervals ending at those are looked up again; the lookups were most of `prefixValues`) */
const scratchOf: Array<MemoNode | null> = [];
let scratchN = 0;
/** `needLo`, `needHi` hold for the suffixes 1..needsOk of the scratch's prefix and the range
 * [needsLo, needsHi]: suffix i's range reads only operands 0..i (the intervals ending before
 * operand i and the operator before it), so the last suffix's is always made */
let needsOk = 0;
let needsLo = NaN;
let needsHi = NaN;

/**
 * The whole side's values (`visitSideValues`); false, before any visit, when a sub-interval or
 * a product of the last split could leave the exact range (the caller then takes the bigint
 * programme).
 *
 * The suffixes (operands i..n-1) hold the filling's last operand, so they are new with every
 * filling and were most of the CPU (issue 28, smint). Each is computed only in the range its
 * values must lie in for some use of it to reach [lo, hi]: the top split (prefix op suffix) and
 * the longer suffixes (operands i'..i-1 op suffix), by interval arithmetic on the other operand's
 * span (`rightNeed`). Values outside that range make no visited value, so the visits are the same,
 * in the same order. A suffix with no bound takes the memo as before.
 */
function topValues(
  seq: Sequence,
  memo: IntervalMemo,
  fracs: boolean,
  visit: (iv: number, vkey: string | null) => void,
  lo: number,
  hi: number,
  ints: IntFilter | null,
): boolean {
  const n = seq.n;
  memo.prefixNodes(seq, n - 1, prefixScratch);
  if (!prefixValues(seq, memo)) return false;
  if (lo !== needsLo || hi !== needsHi) {
    needsOk = 0;
    needsLo = lo;
    needsHi = hi;
  }
  // each suffix's range: from the top split, then from the longer suffixes it ends
  for (let i = needsOk + 1; i < n; i++) {
    const op = opAt(seq, i);
    let { lo: a, hi: b } = rightNeed(op, Ls[i - 1], lo, hi);
    for (let p = 1; p < i; p++) {
      if (needLo[p] > needHi[p]) continue;
      const r = rightNeed(op, mids[p * n + i - 1]!, needLo[p], needHi[p]);
      a = Math.min(a, r.lo);
      b = Math.max(b, r.hi);
    }
    needLo[i] = a;
    needHi[i] = b;
  }
  needsOk = n - 2;
  for (let i = n - 1; i >= 1; i--) {
    const R = suffixValues(seq, memo, i, needLo[i], needHi[i]);
    if (!R) return false;
    Rs[i] = R;
  }
  // check the range first, so that a side is either visited here in full or left to the fallback
  for (let k = 0; k < n - 1; k++) if (!safeProducts(opAt(seq, k + 1), Ls[k], Rs[k + 1])) return false;
  visitTop(seq, fracs, visit, lo, hi, ints);
  return true;
}

/** `Ls` and `mids` of a side (`topValues`), those ending at or after the first prefix operand
 * that differs from the scratch's; false past the exact range. */
function prefixValues(seq: Sequence, memo: IntervalMemo): boolean {
  const n = seq.n;
  let from = 0;
  if (n === scratchN) while (from < n - 1 && scratchOf[from] === prefixScratch[from]) from++;
  scratchN = n;
  needsOk = Math.max(0, Math.min(needsOk, from - 1));
  for (let k = from; k < n - 1; k++) {
    scratchOf[k] = null;
    const L = intervalValues(seq, memo, 0, k, prefixScratch[k]);
    if (!L) return false;
    Ls[k] = L;
    for (let i = 1; i <= k; i++) {
      const M = intervalValues(seq, memo, i, k, memo.node(seq, i, k));
      if (!M) return false;
      mids[i * n + k] = M;
    }
    scratchOf[k] = prefixScratch[k];
  }
  return true;
}

/** The values of suffix i..n-1 in [lo, hi], in the order `intervalValues` lists them (the longer
 * suffixes' `Rs` already written); null past the exact range. */
function suffixValues(seq: Sequence, memo: IntervalMemo, i: number, lo: number, hi: number): NumValues | null {
  const n = seq.n;
  if (lo > hi) return NONE;
  // short suffixes recur across fillings: memoised whole, as are those with no bound
  if (i >= n - 2 || (lo === -Infinity && hi === Infinity)) return intervalValues(seq, memo, i, n - 1, memo.node(seq, i, n - 1));
  // a longer one already listed whole (its extra values make no visit)
  const at = memo.peek(seq, i, n - 1);
  if (at && at.vals !== undefined) return at.vals;
  valueSkips.suffixes++;
  const out = (suffixScratch[i] ??= newValues());
  out.len = 0;
  out.min = out.mag = NaN;
  const seen = newSeen();
  for (let k = i; k < n - 1; k++) {
    const op = opAt(seq, k + 1);
    const M = mids[i * n + k]!;
    const R = Rs[k + 1];
    if (splitMisses(op, M, R, lo, hi)) continue;
    if (!combine(op, M, R, out, seen, lo, hi)) return null;
  }
  return out;
}

/** The visits of `topValues`: every split's values in [lo, hi] (integers only where `ints` has them). */
function visitTop(seq: Sequence, fracs: boolean, visit: (iv: number, vkey: string | null) => void, lo: number, hi: number, ints: IntFilter | null): void {
  const bits = ints?.bits;
  const base = ints?.lo ?? 0;
  const n = seq.n;
  for (let k = 0; k < n - 1; k++) {
    const L = Ls[k];
    const R = Rs[k + 1];
    const op = opAt(seq, k + 1);
    if ((lo > -Infinity || hi < Infinity) && splitMisses(op, L, R, lo, hi)) {
      valueSkips.n += L.len * R.len;
      valueSkips.splits++;
      continue;
    }
    const { n: Ln, d: Ld, off: Lo } = L;
    const { n: Rn, d: Rd, off: Ro } = R;
    for (let a = 0; a < L.len; a++) {
      const an = Ln[Lo + a];
      const ad = Ld[Lo + a];
      for (let b = 0; b < R.len; b++) {
        const bn = Rn[Ro + b];
        const bd = Rd[Ro + b];
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
}
