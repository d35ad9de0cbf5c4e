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

/** Switches and counts for tests and the bench (the same plays with them off): `on` the group
 * check, `probe` the probe's `HullCut` (off: it cuts steps but costs more CPU than it saves, see
 * docs/movegen-speed.md "ninth round"). */
export const valueHulls = { on: true, dropped: 0, cut: 0, probe: false };

// one hull: [negative magnitudes lo, hi, zero (0/1), positive lo, hi]; an empty part has lo > hi
export const W = 5;
const EPS = 1e-12;

export function clear(h: Float64Array, o: number): void {
  h[o] = Infinity;
  h[o + 1] = -Infinity;
  h[o + 2] = 0;
  h[o + 3] = Infinity;
  h[o + 4] = -Infinity;
}

/** Adds the signed range [lo, hi] (widened by a hair of `scale`) to hull h at o. */
export function addRange(h: Float64Array, o: number, lo: number, hi: number, scale: number): void {
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
export function pieces(h: Float64Array, o: number, out: Float64Array): number {
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
export const OP_BIT: Record<string, number> = { "+": PLUS, "-": MINUS, "×": TIMES, "÷": DIVIDE };

/** Combines pieces [a1, a2] op [b1, b2] into hull h at o. */
export function combine(op: number, a1: number, a2: number, b1: number, b2: number, h: Float64Array, o: number): void {
  const scale = absMax(a1, a2, b1, b2);
  if (op === PLUS) addRange(h, o, a1 + b1, a2 + b2, scale);
  else if (op === MINUS) addRange(h, o, a1 - b2, a2 - b1, scale);
  else if (op === TIMES) addProducts(h, o, a1, a2, b1, b2);
  else {
    // a divisor piece is all of one sign or {0}; dividing by 0 is no value
    if (b1 === 0 && b2 === 0) return;
    // 1 / [b1, b2] with 0 at most an endpoint (a part's open end)
    const r1 = b2 === 0 ? -Infinity : 1 / b2;
    const r2 = b1 === 0 ? Infinity : 1 / b1;
    addProducts(h, o, a1, a2, r1, r2);
  }
}

/** The products of [a1, a2] and [b1, b2] (the least and most of the four corners) added to `h`. */
function addProducts(h: Float64Array, o: number, a1: number, a2: number, b1: number, b2: number): void {
  const p = mul(a1, b1);
  const q = mul(a1, b2);
  const r = mul(a2, b1);
  const s = mul(a2, b2);
  const lo = Math.min(p, q, r, s);
  const hi = Math.max(p, q, r, s);
  addRange(h, o, lo, hi, Math.max(Math.abs(lo), Math.abs(hi)));
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
  fillHulls(sq, n, H, 0);
  const o = (n - 1) * W;
  return nothingIn(H, o) ? null : H.slice(o, o + W);
}

export const nothingIn = (H: Float64Array, o: number): boolean => !(H[o] <= H[o + 1] || H[o + 2] || H[o + 3] <= H[o + 4]);
const pa = new Float64Array(6);
const pb = new Float64Array(6);

/** The hulls of every interval k..j of the squares with j ≥ from, into H at (k·n + j)·W; those
 * ending before `from` are read as they are (the probe's prefix, unchanged since computed). By j
 * up, k down: an interval's parts end earlier or start later, so they are ready. */
function fillHulls(sq: HullSquares, n: number, H: Float64Array, from: number): void {
  for (let j = from; j < n; j++) {
    for (let i = j; i >= 0; i--) {
      const o = (i * n + j) * W;
      clear(H, o);
      if (i === j) {
        if (sq.lo[i] <= sq.hi[i]) addRange(H, o, sq.lo[i], sq.hi[i], 0);
        if (sq.zero[i]) H[o + 2] = 1;
        continue;
      }
      for (let m = i; m < j; m++) {
        // touching at m | m+1, and an operator at m (i < m < j)
        const L = (i * n + m) * W;
        const R = ((m + 1) * n + j) * W;
        if (nothingIn(H, R)) continue;
        if (!nothingIn(H, L)) pairs(H, TIMES, L, R, o);
        if (m > i && sq.ops[m]) {
          const L2 = (i * n + m - 1) * W;
          if (nothingIn(H, L2)) continue;
          for (let bit = 1; bit <= DIVIDE; bit <<= 1) if (sq.ops[m] & bit) pairs(H, bit, L2, R, o);
        }
      }
    }
  }
}

function pairs(H: Float64Array, op: number, L: number, R: number, o: number): void {
  const na = pieces(H, L, pa);
  const nb = pieces(H, R, pb);
  for (let x = 0; x < na; x++) for (let y = 0; y < nb; y++) combine(op, pa[2 * x], pa[2 * x + 1], pb[2 * y], pb[2 * y + 1], H, o);
}

/** Square i may hold an operator (`op`, a bit) or, with op 0, the number v (NaN: any face). */
function putItem(sq: HullSquares, i: number, op: number, v: number): void {
  if (op) sq.ops[i] |= op;
  else if (v === 0) sq.zero[i] = 1;
  else if (v === v) {
    if (v < sq.lo[i]) sq.lo[i] = v;
    if (v > sq.hi[i]) sq.hi[i] = v;
  } else putFace(sq, i, "?");
}

/** Square i may hold `core`. */
function putFace(sq: HullSquares, i: number, core: string): void {
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
}

/** The hull of side a..z of a lane from its board tiles and the faces the rack and each empty
 * square's cross-check allow; memoised on the board per side. */
export function sideHull(b: SideBoard, dir: Direction, lane: number, a: number, z: number): Float64Array | null {
  return memoSideHull(
    b, dir, lane, a, z, `${dir}:${lane}:${a}:${z}`,
    (n): HullSquares => ({ lo: new Float64Array(n).fill(Infinity), hi: new Float64Array(n).fill(-Infinity), zero: new Uint8Array(n), ops: new Uint8Array(n) }),
    putFace,
    hullOf,
  );
}

/**
 * A side's hull memoised on the board under `key` (one home for 'SMATH's and Equate's, eqhull.ts):
 * `put` sees each square's board tile, or every face the rack and the square's cross-check allow,
 * in squares `make` gives; `hull` reads them.
 */
export function memoSideHull<S>(
  b: SideBoard, dir: Direction, lane: number, a: number, z: number, key: string,
  make: (n: number) => S, put: (sq: S, i: number, face: string) => void, hull: (sq: S, n: number) => Float64Array | null,
): Float64Array | null {
  const had = b.hulls.get(key);
  if (had !== undefined) return had;
  const n = z - a + 1;
  const sq = make(n);
  for (let i = 0; i < n; i++) {
    const [r, c] = b.cellOf(dir, lane, a + i);
    const o = b.at(r, c);
    if (o) put(sq, i, o.core);
    else for (const it of b.items) if (b.cross(r, c, dir, it.core).ok) put(sq, i, it.core);
  }
  const h = hull(sq, n);
  b.hulls.set(key, h);
  return h;
}

/** Whether the sides a..z of `bounds` can share a value, by `hullAt`'s hulls (null: the side has none). */
export function sideHullsMeet(bounds: ReadonlyArray<readonly [number, number]>, hullAt: (a: number, z: number) => Float64Array | null): boolean {
  const hs: Float64Array[] = [];
  for (const [a, z] of bounds) {
    const h = hullAt(a, z);
    if (!h) return false;
    hs.push(h);
  }
  return hullsMeet(hs);
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
  return sideHullsMeet(bounds, (a, z) => sideHull(b, dir, lane, a, z));
}

/** Whether an ascending list of values has one in the hull (with the slack of `hullsMeet`). */
export function hullHasValue(h: Float64Array, vals: Float64Array): boolean {
  if (h[2] && hasIn(vals, 0, 0)) return true;
  if (h[0] <= h[1] && hasIn(vals, -h[1], -h[0])) return true;
  return h[3] <= h[4] && hasIn(vals, h[3], h[4]);
}

function hasIn(vals: Float64Array, lo: number, hi: number): boolean {
  lo -= EPS * Math.abs(lo) + 1e-300;
  hi += EPS * Math.abs(hi) + 1e-300;
  let a = 0;
  let z = vals.length;
  while (a < z) {
    const m = (a + z) >> 1;
    if (vals[m] < lo) a = m + 1;
    else z = m;
  }
  return a < vals.length && vals[a] <= hi;
}

/**
 * The probe's hull cut: after square i of the probed side is filled, the side's hull with squares
 * 0..i as placed and every later empty square any face the rack's tiles left and its cross-check
 * allow must hold a value of the other side (`vals`, ascending); otherwise no completion meets it.
 * Tried only where it pays (measured on the frozen positions): with an empty square still to fill
 * and an operator tile left, but no blank (a blank leaves every face to every square: it never
 * cut). With no operator left the rest only multiplies on, and the leaf's own value range
 * (smathside.ts) rejects nearly as soon. A test costs tens of steps' time, so a search stops
 * trying once its first `TRIAL` tests cut fewer than one in `RATE` (skipping a test is always sound;
 * counted in tests, so the steps stay the same on every machine).
 */
const TRIAL = 200;
const RATE = 3;
const tally = new WeakMap<SideBoard, { tests: number; cuts: number }>();

export class HullCut {
  private readonly tally: { tests: number; cuts: number };
  private readonly sq: HullSquares;
  private readonly H: Float64Array;
  /** intervals ending before this square hold the squares as placed now */
  private validTo = 0;
  private readonly opKeys: number[] = [];
  /** per item: its operator bit (0: a number) and its number */
  private readonly itemOp: Uint8Array;
  private readonly itemNum: Float64Array;
  /** empty squares from i on */
  private readonly emptyFrom: Int32Array;
  constructor(
    private readonly b: SideBoard,
    private readonly cells: ReadonlyArray<{ core: string }>,
    private readonly olds: ReadonlyArray<{ core: string } | undefined>,
    private readonly okAt: ReadonlyArray<Uint8Array | null>,
    private readonly vals: Float64Array,
    private readonly counts: readonly number[],
  ) {
    const n = cells.length;
    this.sq = { lo: new Float64Array(n), hi: new Float64Array(n), zero: new Uint8Array(n), ops: new Uint8Array(n) };
    this.H = new Float64Array(n * n * W);
    let t = tally.get(b);
    if (!t) tally.set(b, (t = { tests: 0, cuts: 0 }));
    this.tally = t;
    for (let k = 0; k < b.keys.length; k++) if (isOperator(b.keys[k])) this.opKeys.push(k);
    this.itemOp = new Uint8Array(b.items.length);
    this.itemNum = new Float64Array(b.items.length);
    b.items.forEach((it, t) => {
      if (isOperator(it.core)) this.itemOp[t] = OP_BIT[it.core];
      else this.itemNum[t] = /^\d+$/.test(it.core) ? Number(it.core) : NaN;
    });
    this.emptyFrom = new Int32Array(n + 1);
    for (let k = n - 1; k >= 0; k--) this.emptyFrom[k] = this.emptyFrom[k + 1] + (olds[k] ? 0 : 1);
  }

  /** Squares before i hold their faces and square i `face` (`uses` counting them all): false when
   * no completion can meet the other side. */
  meets(i: number, face: string, uses: Uint8Array): boolean {
    const { sq, cells, olds, okAt, b, counts } = this;
    // square i changed: intervals ending at i or later are stale
    if (i < this.validTo) this.validTo = i;
    if (this.emptyFrom[i + 1] === 0 || (b.blankKey >= 0 && uses[b.blankKey] < counts[b.blankKey])) return true;
    let opLeft = false;
    for (const k of this.opKeys) if (uses[k] < counts[k]) opLeft = true;
    if (!opLeft) return true;
    const t = this.tally;
    if (t.tests >= TRIAL && t.cuts * RATE < t.tests) return true;
    t.tests++;
    const n = cells.length;
    const from = this.validTo;
    for (let k = from; k < n; k++) {
      sq.lo[k] = Infinity;
      sq.hi[k] = -Infinity;
      sq.zero[k] = 0;
      sq.ops[k] = 0;
      if (k === i) putFace(sq, k, face);
      else if (k < i || olds[k]) putFace(sq, k, (olds[k] ?? cells[k]).core);
      else {
        const ok = okAt[k]!;
        for (let t = 0; t < b.items.length; t++) if (ok[t] && uses[b.items[t].key] < counts[b.items[t].key]) putItem(sq, k, this.itemOp[t], this.itemNum[t]);
      }
    }
    fillHulls(sq, n, this.H, from);
    // intervals ending at i or before hold placed squares only
    this.validTo = i + 1;
    const o = (n - 1) * W;
    if (!nothingIn(this.H, o) && hullHasValue(this.H.subarray(o, o + W), this.vals)) return true;
    t.cuts++;
    valueHulls.cut++;
    return false;
  }
}
