/**
 * Whole-rack Equate groups with one `×` or `÷` (docs/movegen-speed.md "Top play: speed", Equate round 2):
 * whether the line's tiles could write `X·Y = Z` at all, board positions and cross-checks ignored.
 * `A÷B=C` is `A = B·C`, `A×B=C` is `C = A·B`. A relaxed, exact test on the tile multiset and the
 * sides' lengths — a superset of the legal lines (any order, a lone `0` before a fraction, any
 * mixed fraction) — so `false` means no legal play; `true` when unsure (work cap, big values).
 * Cached per multiset and shape: the same key repeats over many spans and `=` placements.
 * Fifth round: by split, not by ordering (`oneOpFeasible`), so it runs with a cap 13× higher, and
 * an operator side of fewer than three squares is a "no" (it was "unsure").
 */

import { faceInfo, K_DIGIT, K_FRACTION, K_OP } from "./sidearith";
import type { GridCell } from "../play";
import type { SideBoard } from "./sides";

/** a tile: a digit (den 0, value n) or a fraction n/den */
export interface OTile {
  n: number;
  den: number;
}

/** split and ordering steps per key before giving up (true) */
const CAP = 200_000;

/** one operand's tiles in a split: digit counts and at most one fraction (the operand's last tile) */
interface Part {
  d: number[];
  f: OTile | null;
  len: number;
}

/**
 * Can `tiles` (digits and fractions, no operator) write `X op Y = Z` with the operator's side
 * `opLen` squares long (operands and operator) and the other side `plainLen` squares?
 * By split, not by ordering: the tiles are first split into the three operands' multisets, and a
 * split is only ordered when two tests that ignore the order pass — casting out nines (a number's
 * value ≡ its digit sum mod 9; a fraction n/d is n·d⁻¹ mod 9 when 3 ∤ d, so X·Y ≡ Z holds for
 * rationals whose denominators are prime to 3) and each operand's least and greatest value. Then
 * the two operands with fewer orderings are ordered and the third solved for (`Z = X·Y`,
 * `X = Z/Y`) and checked against the tiles left (`writes`).
 */
export function oneOpFeasible(tiles: readonly OTile[], op: 3 | 4, opLen: number, plainLen: number): boolean {
  if (opLen < 3 || plainLen < 1) return false; // no room for X op Y, or nothing after `=`
  if (opLen - 1 + plainLen !== tiles.length) return true;
  const digits = new Array<number>(10).fill(0);
  const fr: OTile[] = [];
  for (const t of tiles) {
    if (t.den === 0) digits[t.n]++;
    else fr.push(t);
  }
  if (fr.length > 3) return false; // each operand ends with at most one fraction
  const st = { work: 0 };
  for (let lx = 1; lx <= opLen - 2; lx++) {
    // ÷: Z = A (lx squares), X = B, Y = C; ×: X = A (lx), Y = B, Z = C
    const lens = op === 4 ? [opLen - 1 - lx, plainLen, lx] : [lx, opLen - 1 - lx, plainLen];
    const found = splits(digits, fr, lens, (parts) => {
      if (++st.work > CAP) return true;
      return splitWrites(parts, st);
    });
    if (found || st.work > CAP) return true;
  }
  return false;
}

/** Every split of the tiles into parts of `lens` squares (X, Y, Z), each with at most one
 * fraction; `visit` returns true to stop. */
function splits(digits: number[], fr: OTile[], lens: number[], visit: (parts: Part[]) => boolean): boolean {
  const parts: Part[] = lens.map((len) => ({ d: new Array<number>(10).fill(0), f: null, len }));
  const need = [...lens];
  const digit = (dg: number): boolean => {
    if (dg === 10) return need[0] === 0 && need[1] === 0 && need[2] === 0 && visit(parts);
    const c = digits[dg];
    for (let a = Math.min(c, need[0]); a >= 0; a--) {
      for (let b = Math.min(c - a, need[1]); b >= 0; b--) {
        const rest = c - a - b;
        if (rest > need[2]) break;
        parts[0].d[dg] = a;
        parts[1].d[dg] = b;
        parts[2].d[dg] = rest;
        need[0] -= a;
        need[1] -= b;
        need[2] -= rest;
        const stop = digit(dg + 1);
        need[0] += a;
        need[1] += b;
        need[2] += rest;
        if (stop) return true;
      }
    }
    return false;
  };
  const frac = (i: number): boolean => {
    if (i === fr.length) return digit(0);
    for (let p = 0; p < 3; p++) {
      if (parts[p].f || need[p] === 0) continue;
      parts[p].f = fr[i];
      need[p]--;
      const stop = frac(i + 1);
      parts[p].f = null;
      need[p]++;
      if (stop) return true;
    }
    return false;
  };
  return frac(0);
}

/** a part's value mod 9, or -1 when its fraction's denominator is a multiple of 3 */
function mod9(p: Part): number {
  let s = 0;
  for (let dg = 1; dg <= 9; dg++) s += dg * p.d[dg];
  if (!p.f) return s % 9;
  if (p.f.den % 3 === 0) return -1;
  let inv = 1;
  while ((p.f.den * inv) % 9 !== 1) inv++;
  return (s + p.f.n * inv) % 9;
}

/** a part's least and greatest value (no leading zero before two or more digits), or null */
function range(p: Part): [number, number] | null {
  const nd = p.len - (p.f ? 1 : 0);
  const fv = p.f ? p.f.n / p.f.den : 0;
  if (nd <= 1) {
    let v = 0;
    for (let dg = 0; dg <= 9; dg++) if (p.d[dg]) v = dg;
    return [v + fv, v + fv];
  }
  let first = 1;
  while (first <= 9 && !p.d[first]) first++;
  if (first > 9) return null;
  let lo = first;
  let hi = 0;
  for (let dg = 0; dg <= 9; dg++) for (let k = p.d[dg] - (dg === first ? 1 : 0); k > 0; k--) lo = lo * 10 + dg;
  for (let dg = 9; dg >= 0; dg--) for (let k = p.d[dg]; k > 0; k--) hi = hi * 10 + dg;
  return [lo + fv, hi + fv];
}

/** distinct orderings of a part's digits (its fraction is last) */
function orderings(p: Part): number {
  let n = 1;
  let k = 0;
  for (let dg = 0; dg <= 9; dg++) for (let c = 1; c <= p.d[dg]; c++) n = (n * ++k) / c;
  return n;
}

/** Whether a split (X, Y, Z with X·Y = Z) writes an equation. */
function splitWrites(parts: Part[], st: { work: number }): boolean {
  const m = parts.map(mod9);
  if (m[0] >= 0 && m[1] >= 0 && m[2] >= 0 && (m[0] * m[1] - m[2]) % 9 !== 0) return false;
  const r = parts.map(range);
  if (!r[0] || !r[1] || !r[2]) return false;
  const slack = 1e-9;
  if (r[0][0] * r[1][0] > r[2][1] * (1 + slack) + slack || r[0][1] * r[1][1] < r[2][0] * (1 - slack) - slack) return false;
  // solve for the part with the most orderings
  const o = parts.map(orderings);
  const solve = o[2] >= o[0] && o[2] >= o[1] ? 2 : o[1] >= o[0] ? 1 : 0;
  const [a, b] = solve === 2 ? [0, 1] : solve === 1 ? [0, 2] : [1, 2];
  let found = false;
  operands(parts[a], st, (an, ad) => {
    operands(parts[b], st, (bn, bd) => {
      // Z = X·Y; X = Z/Y (a = the other factor, b = Z)
      if (solve === 2) found = writes(parts[2], an * bn, ad * bd);
      else if (an === 0) found = bn === 0; // 0·anything = 0: relaxed, any operand
      else found = writes(parts[solve], bn * ad, bd * an);
      return found || st.work > CAP;
    });
    return found || st.work > CAP;
  });
  return found || st.work > CAP;
}

/** Every ordering of a part's digits (no leading zero before two or more digits), its fraction
 * last: its value n/d; `visit` returns true to stop. */
function operands(p: Part, st: { work: number }, visit: (n: number, d: number) => boolean): boolean {
  const nd = p.len - (p.f ? 1 : 0);
  const f = p.f;
  const rec = (k: number, v: number): boolean => {
    st.work++;
    if (k === nd) return f ? visit(v * f.den + f.n, f.den) : visit(v, 1);
    for (let dg = k === 0 && nd >= 2 ? 1 : 0; dg <= 9; dg++) {
      if (!p.d[dg]) continue;
      p.d[dg]--;
      const stop = rec(k + 1, v * 10 + dg);
      p.d[dg]++;
      if (stop) return true;
    }
    return false;
  };
  return rec(0, 0);
}

/** Do exactly a part's tiles write the value n/d? */
function writes(p: Part, n: number, d: number): boolean {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d)) return true;
  let wn = n;
  let wd = d;
  if (wd < 0) {
    wn = -wn;
    wd = -wd;
  }
  if (p.f) {
    wn = wn * p.f.den - p.f.n * wd;
    wd = wd * p.f.den;
    if (!Number.isSafeInteger(wn) || !Number.isSafeInteger(wd)) return true;
  }
  if (wn < 0 || wn % wd !== 0) return false;
  const w = wn / wd;
  const nd = p.len - (p.f ? 1 : 0);
  if (nd === 0) return w === 0;
  const text = String(w);
  if (text.length !== nd) return false;
  const c = new Array<number>(10).fill(0);
  for (const ch of text) c[ch.charCodeAt(0) - 48]++;
  for (let dg = 0; dg <= 9; dg++) if (c[dg] !== p.d[dg]) return false;
  return true;
}

const caches = new WeakMap<SideBoard, Map<string, boolean>>();

/** A span's part of the one-operator test: the line's number tiles (old and rack), its one
 * operator and where it stands, the same for every `=` placement of the span. */
export interface OneOpSpan {
  tiles: OTile[];
  op: 3 | 4;
  /** lane index of a board operator; −1: the operator is a rack tile (either side) */
  opAt: number;
  key: string;
}

/** The span's part of the test (cells: the span's board tiles from lane index `s`); null when the
 * test does not apply: not exactly one operator in the line and on the rack, or it is + or −, or
 * a tile that is neither a digit nor a fraction. Only for whole-rack groups (bounds.ts). */
export function oneOpSpan(b: SideBoard, cells: ReadonlyArray<GridCell | undefined>, s: number): OneOpSpan | null {
  const tiles: OTile[] = [];
  let op = 0;
  let opAt = -1;
  const take = (core: string, n: number, at: number): boolean => {
    const f = faceInfo(core);
    if (f.kind === K_OP) {
      if (op !== 0 || n > 1) return false; // two operators: not this test
      op = f.a;
      opAt = at;
      return true;
    }
    if (f.kind !== K_DIGIT && f.kind !== K_FRACTION) return false;
    for (let k = 0; k < n; k++) tiles.push(f.kind === K_DIGIT ? { n: f.a, den: 0 } : { n: f.a, den: f.b });
    return true;
  };
  for (let i = 0; i < cells.length; i++) {
    const o = cells[i];
    if (o && o.core !== "=" && !take(o.core, 1, s + i)) return null;
  }
  const boardOp = opAt;
  for (let k = 0; k < b.keys.length; k++) {
    if (b.keyCls[k] === -1) continue;
    if (!take(b.keys[k], b.counts[k], -1)) return null;
  }
  if (op !== 3 && op !== 4) return null;
  return { tiles, op, opAt: boardOp, key: `${op}|${tiles.map((t) => `${t.n}/${t.den}`).sort().join(",")}` };
}

/** Whether a whole-rack group of a span with one `=` at `eq` (lane index; the span s..e) could
 * hold a play, by `oneOpFeasible` (Equate without blanks; cached per multiset and shape). */
export function oneOpGroupOk(b: SideBoard, sp: OneOpSpan, eq: number, s: number, e: number): boolean {
  const left = eq - s;
  const right = e - eq;
  let cache = caches.get(b);
  if (!cache) caches.set(b, (cache = new Map()));
  const test = (opLen: number, plainLen: number): boolean => {
    const k = `${sp.key}|${opLen}|${plainLen}`;
    let v = cache.get(k);
    if (v === undefined) cache.set(k, (v = oneOpFeasible(sp.tiles, sp.op, opLen, plainLen)));
    return v;
  };
  const ok = sp.opAt >= 0 ? (sp.opAt < eq ? test(left, right) : test(right, left)) : test(left, right) || test(right, left);
  if (!ok) b.stats.groupsNoEquation++;
  return ok;
}
