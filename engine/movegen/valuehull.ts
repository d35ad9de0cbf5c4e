/**
 * 'SMATH: groups whose sides can share no value (docs/movegen-speed.md, "ninth round"). Most of the
 * steps on several positions went to groups with no play at all, where a `−` (or `÷`, a 0, a blank)
 * stops every value cut (product.ts, parity.ts): `_ 8 − 7 = 12 − 11 _______` with only `×` and
 * numbers 4–12 left is worth 4–89 on the left and (12 − 11·A)·B on the right, ≤ −32 or ≥ 256.
 *
 * A side's **value hull**: for every interval of its squares, the values of every filling (each
 * empty square any face the rack and its cross-check allow, tile counts ignored) under every
 * bracketing, kept as three parts — negatives as a magnitude range, zero, positives as a range —
 * so a side may hold a gap around 0 that one interval cannot. Interval dynamic programming over
 * the squares: an expression is a number square, or two expressions joined at an operator square
 * (any operator the square may hold) or touching (implied `×`, number next to number). Every
 * binary tree of every filling is one of these splits, so a value a side can take is in its hull
 * (board brackets only narrow the trees; counts and the automaton only narrow the fillings).
 * A group whose sides' hulls share no point has no play and is dropped before its tables
 * (join.ts). Bounds are widened by a relative hair per operation, so float rounding never
 * excludes a value.
 */
import type { Direction } from "../board";
import { isOperator } from "../tiles";
import type { SideBoard } from "./sides";

/** Switch and count for tests and the bench (the same plays with it off). */
export const valueHulls = { on: true, dropped: 0 };

// one hull: [negative magnitudes lo, hi, zero (0/1), positive lo, hi]; an empty part has lo > hi
const W = 5;
const EPS = 1e-12;

function clear(h: Float64Array, o: number): void {
  h[o] = Infinity;
  h[o + 1] = -Infinity;
  h[o + 2] = 0;
  h[o + 3] = Infinity;
  h[o + 4] = -Infinity;
}

/** Adds the signed range [lo, hi] (widened by a hair of `scale`) to hull h at o. */
function addRange(h: Float64Array, o: number, lo: number, hi: number, scale: number): void {
  if (lo !== lo || hi !== hi) {
    // NaN (∞ − ∞, 0·∞): anything
    lo = -Infinity;
    hi = Infinity;
  } else {
    const s = EPS * (scale === Infinity ? 0 : scale) + 1e-300;
    lo -= s;
    hi += s;
  }
  if (lo < 0) {
    const mlo = hi < 0 ? -hi : 0;
    if (mlo < h[o]) h[o] = mlo;
    if (-lo > h[o + 1]) h[o + 1] = -lo;
  }
  if (lo <= 0 && hi >= 0) h[o + 2] = 1;
  if (hi > 0) {
    const plo = lo > 0 ? lo : 0;
    if (plo < h[o + 3]) h[o + 3] = plo;
    if (hi > h[o + 4]) h[o + 4] = hi;
  }
}

const mul = (x: number, y: number): number => (x === 0 || y === 0 ? 0 : x * y);
const absMax = (a: number, b: number, c: number, d: number): number => Math.max(Math.abs(a), Math.abs(b), Math.abs(c), Math.abs(d));

/** The hull's parts as signed ranges, written to `out` (lo, hi pairs); returns their count. */
function pieces(h: Float64Array, o: number, out: Float64Array): number {
  let n = 0;
  if (h[o] <= h[o + 1]) {
    out[n++] = -h[o + 1];
    out[n++] = -h[o];
  }
  if (h[o + 2]) {
    out[n++] = 0;
    out[n++] = 0;
  }
  if (h[o + 3] <= h[o + 4]) {
    out[n++] = h[o + 3];
    out[n++] = h[o + 4];
  }
  return n >> 1;
}

// operator codes: bit masks per square
const PLUS = 1;
const MINUS = 2;
const TIMES = 4;
const DIVIDE = 8;
const OP_BIT: Record<string, number> = { "+": PLUS, "-": MINUS, "×": TIMES, "÷": DIVIDE };

/** Combines pieces [a1, a2] op [b1, b2] into hull h at o. */
function combine(op: number, a1: number, a2: number, b1: number, b2: number, h: Float64Array, o: number): void {
  const scale = absMax(a1, a2, b1, b2);
  if (op === PLUS) addRange(h, o, a1 + b1, a2 + b2, scale);
  else if (op === MINUS) addRange(h, o, a1 - b2, a2 - b1, scale);
  else if (op === TIMES) {
    const p = mul(a1, b1);
    const q = mul(a1, b2);
    const r = mul(a2, b1);
    const s = mul(a2, b2);
    const lo = Math.min(p, q, r, s);
    const hi = Math.max(p, q, r, s);
    addRange(h, o, lo, hi, Math.max(Math.abs(lo), Math.abs(hi)));
  } else {
    // a divisor piece is all of one sign or {0}; dividing by 0 is no value
    if (b1 === 0 && b2 === 0) return;
    // 1 / [b1, b2] with 0 at most an endpoint (a part's open end)
    const r1 = b2 === 0 ? -Infinity : 1 / b2;
    const r2 = b1 === 0 ? Infinity : 1 / b1;
    const p = mul(a1, r1);
    const q = mul(a1, r2);
    const r = mul(a2, r1);
    const s = mul(a2, r2);
    const lo = Math.min(p, q, r, s);
    const hi = Math.max(p, q, r, s);
    addRange(h, o, lo, hi, Math.max(Math.abs(lo), Math.abs(hi)));
  }
}

/** Squares of a side as the hull reads them: per square, a number range it may hold (lo > hi:
 * none), whether 0 is among them, and the operators it may hold (bit mask). */
export interface HullSquares {
  lo: Float64Array;
  hi: Float64Array;
  zero: Uint8Array;
  ops: Uint8Array;
}

/** The hull of squares 0..n−1 (the whole side) from per-square options; null when no filling
 * reads as an expression. */
export function hullOf(sq: HullSquares, n: number): Float64Array | null {
  const H = new Float64Array(n * n * W);
  const pa = new Float64Array(6);
  const pb = new Float64Array(6);
  const at = (i: number, j: number): number => (i * n + j) * W;
  const empty = (o: number): boolean => !(H[o] <= H[o + 1] || H[o + 2] || H[o + 3] <= H[o + 4]);
  for (let len = 1; len <= n; len++) {
    for (let i = 0; i + len <= n; i++) {
      const j = i + len - 1;
      const o = at(i, j);
      clear(H, o);
      if (len === 1) {
        if (sq.lo[i] <= sq.hi[i]) addRange(H, o, sq.lo[i], sq.hi[i], 0);
        if (sq.zero[i]) H[o + 2] = 1;
        continue;
      }
      for (let m = i; m < j; m++) {
        // touching at m | m+1, and an operator at m (i < m < j)
        const L = at(i, m);
        const R = at(m + 1, j);
        if (!empty(L) && !empty(R)) pairs(TIMES, L, R, o);
        if (m > i && sq.ops[m]) {
          const L2 = at(i, m - 1);
          if (empty(L2) || empty(R)) continue;
          for (let bit = 1; bit <= DIVIDE; bit <<= 1) if (sq.ops[m] & bit) pairs(bit, L2, R, o);
        }
      }
    }
  }
  function pairs(op: number, L: number, R: number, o: number): void {
    const na = pieces(H, L, pa);
    const nb = pieces(H, R, pb);
    for (let x = 0; x < na; x++) for (let y = 0; y < nb; y++) combine(op, pa[2 * x], pa[2 * x + 1], pb[2 * y], pb[2 * y + 1], H, o);
  }
  const o = at(0, n - 1);
  return empty(o) ? null : H.slice(o, o + W);
}

/** The hull of side a..z of a lane from its board tiles and the faces the rack and each empty
 * square's cross-check allow; memoised on the board per side. */
export function sideHull(b: SideBoard, dir: Direction, lane: number, a: number, z: number): Float64Array | null {
  const key = `${dir}:${lane}:${a}:${z}`;
  const had = b.hulls.get(key);
  if (had !== undefined) return had;
  const n = z - a + 1;
  const sq: HullSquares = { lo: new Float64Array(n).fill(Infinity), hi: new Float64Array(n).fill(-Infinity), zero: new Uint8Array(n), ops: new Uint8Array(n) };
  const put = (i: number, core: string): void => {
    if (isOperator(core)) sq.ops[i] |= OP_BIT[core];
    else if (/^\d+$/.test(core)) {
      const v = Number(core);
      if (v === 0) sq.zero[i] = 1;
      else {
        sq.lo[i] = Math.min(sq.lo[i], v);
        sq.hi[i] = Math.max(sq.hi[i], v);
      }
    } else {
      // a face of no known kind: anything
      sq.lo[i] = Math.min(sq.lo[i], 1);
      sq.hi[i] = Infinity;
      sq.zero[i] = 1;
      sq.ops[i] = PLUS | MINUS | TIMES | DIVIDE;
    }
  };
  for (let i = 0; i < n; i++) {
    const [r, c] = b.cellOf(dir, lane, a + i);
    const o = b.at(r, c);
    if (o) put(i, o.core);
    else for (const it of b.items) if (b.cross(r, c, dir, it.core).ok) put(i, it.core);
  }
  const h = hullOf(sq, n);
  b.hulls.set(key, h);
  return h;
}

/** Whether hulls share a point (each part intersected, with a hair of slack). */
export function hullsMeet(hs: ReadonlyArray<Float64Array>): boolean {
  let nlo = 0;
  let nhi = Infinity;
  let z = 1;
  let plo = 0;
  let phi = Infinity;
  for (const h of hs) {
    nlo = Math.max(nlo, h[0]);
    nhi = Math.min(nhi, h[1]);
    z &= h[2];
    plo = Math.max(plo, h[3]);
    phi = Math.min(phi, h[4]);
  }
  const le = (x: number, y: number): boolean => x <= y + EPS * Math.abs(y) + 1e-300;
  return z === 1 || le(nlo, nhi) || le(plo, phi);
}

/** A group's sides can share a value (false: no play; a side with no expression: false too). */
export function sidesMayMeet(b: SideBoard, dir: Direction, lane: number, bounds: ReadonlyArray<readonly [number, number]>): boolean {
  const hs: Float64Array[] = [];
  for (const [a, z] of bounds) {
    const h = sideHull(b, dir, lane, a, z);
    if (!h) return false;
    hs.push(h);
  }
  return hullsMeet(hs);
}
