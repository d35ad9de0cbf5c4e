/**
 * Whole-rack Equate groups with one `×` or `÷` (docs/engine.md "Top play: speed", Equate round 2):
 * whether the line's tiles could write `X·Y = Z` at all, board positions and cross-checks ignored.
 * `A÷B=C` is `A = B·C`, `A×B=C` is `C = A·B`. A relaxed, exact test on the tile multiset and the
 * sides' lengths — a superset of the legal lines (any order, a lone `0` before a fraction, any
 * mixed fraction) — so `false` means no legal play; `true` when unsure (work cap, big values).
 * Cached per multiset and shape: the same key repeats over many spans and `=` placements.
 */

import { faceInfo, K_DIGIT, K_FRACTION, K_OP } from "./sidearith";
import type { Direction } from "../board";
import type { SideBoard } from "./sides";

/** a tile: a digit (den 0, value n) or a fraction n/den */
export interface OTile {
  n: number;
  den: number;
}

/** enumeration steps per key before giving up (true): measured on equate:4, a cap of 15,000 saved CPU, 60,000 cost more than it saved */
const CAP = 15_000;

/** Can `tiles` (digits and fractions, no operator) write `X op Y = Z` with the operator's side
 * `opLen` squares long (operands and operator) and the other side `plainLen` squares? */
export function oneOpFeasible(tiles: readonly OTile[], op: 3 | 4, opLen: number, plainLen: number): boolean {
  if (opLen < 3 || plainLen < 1 || opLen - 1 + plainLen !== tiles.length) return true;
  const digits = new Array<number>(10).fill(0);
  const fr: OTile[] = [];
  for (const t of tiles) {
    if (t.den === 0) digits[t.n]++;
    else fr.push(t);
  }
  if (fr.length > 3) return false; // each operand ends with at most one fraction
  const fmax = fr.reduce((m, f) => Math.max(m, f.n / f.den), 0);
  const lo = (l: number): number => (l >= 3 ? 10 ** (l - 2) : 0);
  const hi = (l: number): number => 10 ** l + fmax;
  const st = { work: 0, cap: false };
  const used = new Array<boolean>(fr.length).fill(false);
  for (let lx = 1; lx <= opLen - 2; lx++) {
    // ÷: Z = A (lx squares), X = B, Y = C; ×: X = A (lx), Y = B, Z = C
    const [lX, lY, lZ] = op === 4 ? [opLen - 1 - lx, plainLen, lx] : [lx, opLen - 1 - lx, plainLen];
    if (lo(lX) * lo(lY) > hi(lZ) || hi(lX) * hi(lY) < lo(lZ)) continue;
    let found = false;
    operands(digits, fr, used, lX, st, (xn, xd) => {
      operands(digits, fr, used, lY, st, (yn, yd) => {
        if (writes(digits, fr, used, lZ, xn * yn, xd * yd)) found = true;
        return found;
      });
      return found;
    });
    if (found || st.cap) return true;
  }
  return false;
}

/** Every operand of `l` squares from the tiles left (digits, then at most one fraction last):
 * its value n/d; `visit` returns true to stop. */
function operands(digits: number[], fr: OTile[], used: boolean[], l: number, st: { work: number; cap: boolean }, visit: (n: number, d: number) => boolean): boolean {
  const rec = (k: number, v: number): boolean => {
    if (++st.work > CAP) return (st.cap = true);
    if (k === l) return visit(v, 1);
    if (k === l - 1) {
      for (let i = 0; i < fr.length; i++) {
        if (used[i]) continue;
        used[i] = true;
        const stop = visit(v * fr[i].den + fr[i].n, fr[i].den);
        used[i] = false;
        if (stop) return true;
      }
    }
    for (let dg = 0; dg <= 9; dg++) {
      if (!digits[dg] || (dg === 0 && k === 0 && l >= 2 && !canFracAfter(fr, used, l))) continue;
      digits[dg]--;
      const stop = rec(k + 1, v * 10 + dg);
      digits[dg]++;
      if (stop) return true;
    }
    return false;
  };
  return rec(0, 0);
}

/** a leading 0 is only a run of one digit before a fraction (relaxed: allowed then) */
function canFracAfter(fr: OTile[], used: boolean[], l: number): boolean {
  return l === 2 && used.some((u) => !u);
}

/** Do exactly the tiles left (`l` of them) write the value n/d? */
function writes(digits: number[], fr: OTile[], used: boolean[], l: number, n: number, d: number): boolean {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d)) return true;
  let left = -1;
  let nf = 0;
  for (let i = 0; i < fr.length; i++) {
    if (!used[i]) {
      nf++;
      left = i;
    }
  }
  let nd = 0;
  for (let dg = 0; dg <= 9; dg++) nd += digits[dg];
  if (nf + nd !== l || nf > 1) return false;
  let wn = n;
  let wd = d;
  if (nf === 1) {
    const f = fr[left];
    wn = n * f.den - f.n * d;
    wd = d * f.den;
    if (!Number.isSafeInteger(wn) || !Number.isSafeInteger(wd)) return true;
  }
  if (wn < 0 || wn % wd !== 0) return false;
  const w = wn / wd;
  if (nd === 0) return w === 0;
  const text = String(w);
  if (text.length !== nd) return false;
  const c = new Array<number>(10).fill(0);
  for (const ch of text) c[ch.charCodeAt(0) - 48]++;
  for (let dg = 0; dg <= 9; dg++) if (c[dg] !== digits[dg]) return false;
  return true;
}

const caches = new WeakMap<SideBoard, Map<string, boolean>>();

/** Whether a group could hold a play, by `oneOpFeasible` (true when the test does not apply: not
 * Equate, a blank, not the whole rack, not exactly one operator in the line, or it is + or −). */
export function oneOpGroupOk(b: SideBoard, g: { dir: Direction; lane: number; s: number; e: number; eqs: number[]; newEqs: number[] }): boolean {
  if (!b.sideEval || g.eqs.length !== 1 || b.blankCount > 0) return true;
  const tiles: OTile[] = [];
  let op = 0;
  let opAt = -1; // -1: the operator is a rack tile (either side)
  let placed = 0;
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
  for (let i = g.s; i <= g.e; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    const o = b.at(r, c);
    if (!o) placed++;
    else if (o.core !== "=" && !take(o.core, 1, i)) return true;
  }
  if (placed - g.newEqs.length !== b.rackPts.length) return true;
  const boardOp = opAt;
  for (let k = 0; k < b.keys.length; k++) {
    if (b.keyCls[k] === -1) continue;
    if (!take(b.keys[k], b.counts[k], -1)) return true;
  }
  if (op !== 3 && op !== 4) return true;
  const eq = g.eqs[0];
  const left = eq - g.s;
  const right = g.e - eq;
  const key = `${op}|${tiles.map((t) => `${t.n}/${t.den}`).sort().join(",")}`;
  let cache = caches.get(b);
  if (!cache) caches.set(b, (cache = new Map()));
  const test = (opLen: number, plainLen: number): boolean => {
    const k = `${key}|${opLen}|${plainLen}`;
    let v = cache.get(k);
    if (v === undefined) cache.set(k, (v = oneOpFeasible(tiles, op as 3 | 4, opLen, plainLen)));
    return v;
  };
  const ok = boardOp >= 0 ? (boardOp < eq ? test(left, right) : test(right, left)) : test(left, right) || test(right, left);
  if (!ok) b.stats.groupsNoEquation++;
  return ok;
}
