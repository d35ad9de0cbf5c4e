/**
 * 'SMATH: a group's score bound re-made with each rack tile used once (docs/movegen-speed.md, "'SMATH,
 * seventh round"). bounds.ts `bound` takes each square's best cross equation on its own and the
 * rack's points on the tile factors by the rearrangement inequality, so one tile may be counted on
 * many squares (the one number whose cross equation scores, or the one `×` worth two points); the
 * group's play puts one rack tile on each of its non-`=` empty squares. Here the squares and the
 * rack's tiles are matched: a tile on a square is worth its main-line points there times the
 * line's word factor plus the cross equation it makes, a tile the square's cross-check refuses is
 * not allowed, nor an operator on the first or last square of a side (operators sit between
 * numbers); the best matching (Hungarian algorithm) bounds every play of the group. No matching:
 * the group has no play. Computed only for groups the search reaches (exact.ts), never below
 * `bound`'s figure in soundness, and never above it (the minimum of the two is kept).
 */
import { lineFactor, premiumAt, tileFactor } from "../board";
import type { Group } from "./bounds";
import { isOperator } from "../tiles";
import type { SideBoard } from "./sides";

const NONE = -1e9;

/** Off only in tests (groupbound.test.ts: the same top plays with and without it). */
export const matchedBounds = { on: true };

/** The matching bound of group `g` ('SMATH), or -Infinity when no tile can go on some square. */
export function matchedBound(b: SideBoard, g: Group): number {
  const { rs, items, itemPts, keys, counts } = b;
  const { s, e } = g;
  // the rack's tiles one by one: their key (blanks: every item of the blank key)
  const tiles: number[] = [];
  for (let k = 0; k < keys.length; k++) if (k !== b.eqKey) for (let c = 0; c < counts[k]; c++) tiles.push(k);
  const squares: number[] = [];
  let fixed = 0;
  let eqCross = 0;
  let mult = 1;
  for (let i = s; i <= e; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    const o = b.at(r, c);
    if (o) {
      // every tile of the line scores ('SMATH), a blank nothing
      if (rs.scoring === "all-tiles" && !o.blank) fixed += b.points(o.core);
      continue;
    }
    mult *= lineFactor(premiumAt(rs.layout, r, c));
    if (g.newEqs.includes(i)) {
      fixed += b.points("=") * tileFactor(premiumAt(rs.layout, r, c));
      eqCross += b.cross(r, c, g.dir, "=").real;
    } else squares.push(i);
  }
  const n = squares.length;
  const m = tiles.length;
  if (n > m) return -Infinity;
  const eqs = g.eqs;
  const isEq = eqs.length > 0;
  // w[j][t]: square j with tile t (NONE: not allowed)
  const w: Float64Array[] = [];
  const [pr, pc] = g.dir === "across" ? [1, 0] : [0, 1];
  const rows = rowsOf(b);
  for (const i of squares) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    const edge = isEq && (i === s || i === e || eqs.includes(i - 1) || eqs.includes(i + 1));
    // a row depends on the square, the direction, `edge`, `isEq` and `mult` only (the rack is the
    // search's): groups of one lane share most of theirs (issue 28, smfix)
    const rk = mult < 4096 ? ((((r * b.size + c) * 2 + (g.dir === "across" ? 0 : 1)) * 2 + (edge ? 1 : 0)) * 2 + (isEq ? 1 : 0)) * 4096 + mult : -1;
    const had = rk >= 0 ? rows.get(rk) : undefined;
    if (had) {
      w.push(had);
      continue;
    }
    const tf = tileFactor(premiumAt(rs.layout, r, c));
    const hooked = b.at(r - pr, c - pc) !== undefined || b.at(r + pr, c + pc) !== undefined;
    const ic = hooked ? b.itemCross(r, c, g.dir) : null;
    const byKey = new Float64Array(keys.length).fill(NONE);
    for (let k = 0; k < items.length; k++) {
      if (edge && b.itemIsOp[k]) continue;
      const cross = ic ? ic[k] : 0;
      if (cross < 0) continue;
      // a line with no `=` is no equation: only the cross equations score (join.ts `finish`)
      const v = (isEq ? itemPts[k] * tf * mult : 0) + cross;
      const key = items[k].key;
      if (v > byKey[key]) byKey[key] = v;
    }
    const row = new Float64Array(m);
    for (let t = 0; t < m; t++) row[t] = byKey[tiles[t]];
    if (rk >= 0) rows.set(rk, row);
    w.push(row);
  }
  if (isEq && !opsFit(b, g, squares, w, tiles)) return -Infinity;
  const best = maxMatching(w, n, m);
  if (best === -Infinity) return -Infinity;
  if (!isEq) return best;
  const rackPlaced = n + (rs.tileByFace.get("=")?.inBag ? g.newEqs.length : 0);
  const allBonus = b.rackTiles === rs.rackSize && rackPlaced === rs.rackSize ? rs.options.allTilesBonus : 0;
  return fixed * mult + eqCross + best + allBonus;
}

const rowsBySearch = new WeakMap<SideBoard, Map<number, Float64Array>>();
/** `matchedBound`'s rows of one search (read only once made: `opsFit` and `maxMatching` only read) */
function rowsOf(b: SideBoard): Map<number, Float64Array> {
  let rows = rowsBySearch.get(b);
  if (!rows) rowsBySearch.set(b, (rows = new Map()));
  return rows;
}

/**
 * The rack's tiles other than numbers and blanks all fit the group: operators sit between
 * numbers, so no two touch (nor touch an old operator or `=`) and none ends a side; a run of k
 * squares where one may go takes at most ⌈k/2⌉ of them. The matching alone would put operators
 * on neighbouring squares, so an operator-heavy rack on a long group passes it.
 */
function opsFit(b: SideBoard, g: Group, squares: readonly number[], w: readonly Float64Array[], tiles: readonly number[]): boolean {
  let numbers = 0;
  for (const k of tiles) if (b.keyCls[k] !== 1) numbers++;
  const need = squares.length - numbers;
  if (need <= 0) return true;
  const opAt = (i: number): boolean => {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    const o = b.at(r, c);
    return o !== undefined && (isOperator(o.core) || o.core === "=");
  };
  let cap = 0;
  let run = 0;
  let last = -2;
  for (let j = 0; j < squares.length; j++) {
    const i = squares[j];
    // an operator tile may go here: some operator of the rack is allowed (edges and cross-checks: w)
    let ok = !opAt(i - 1) && !opAt(i + 1);
    if (ok) {
      ok = false;
      for (let t = 0; t < tiles.length && !ok; t++) if (b.keyCls[tiles[t]] === 1 && w[j][t] > NONE) ok = true;
    }
    if (!ok) continue;
    if (i !== last + 1) {
      cap += (run + 1) >> 1;
      run = 0;
    }
    run++;
    last = i;
  }
  cap += (run + 1) >> 1;
  return need <= cap;
}

/** The largest total weight of a matching of all n rows to distinct columns (n ≤ m), or
 * -Infinity when none avoids a NONE entry (Hungarian algorithm, potentials, O(n²m)). */
export function maxMatching(w: readonly Float64Array[], n: number, m: number): number {
  if (n === 0) return 0;
  const flat = new Float64Array(n * m);
  for (let i = 0; i < n; i++) flat.set(w[i].subarray(0, m), i * m);
  return maxMatchingFlat(flat, n, m);
}

// `maxMatchingFlat`'s work arrays, grown as needed and reused: the probe's bound (probebound.ts)
// matches once per new (square, tiles left) of a dfs, and fresh arrays per call were most of the
// search's garbage (issue 28, eqhash)
let U = new Float64Array(16);
let V = new Float64Array(16);
let P = new Int32Array(16);
let WAY = new Int32Array(16);
let MINV = new Float64Array(16);
let USED = new Uint8Array(16);

/** `maxMatching` on a row-major n×m matrix (entry (i, j) at w[i·m + j]); the same arithmetic, so
 * the same total, without allocating */
export function maxMatchingFlat(w: Float64Array, n: number, m: number): number {
  if (n === 0) return 0;
  // minimise cost = -w; a NONE entry costs BIG so that any matching using one is recognised
  const BIG = 1e7;
  if (U.length < n + 1) U = new Float64Array(2 * (n + 1));
  if (P.length < m + 1) {
    V = new Float64Array(2 * (m + 1));
    P = new Int32Array(2 * (m + 1));
    WAY = new Int32Array(2 * (m + 1));
    MINV = new Float64Array(2 * (m + 1));
    USED = new Uint8Array(2 * (m + 1));
  }
  const u = U;
  const v = V;
  const p = P;
  const way = WAY;
  const minv = MINV;
  const used = USED;
  u.fill(0, 0, n + 1);
  v.fill(0, 0, m + 1);
  p.fill(0, 0, m + 1);
  way.fill(0, 0, m + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity, 0, m + 1);
    used.fill(0, 0, m + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      const row = (i0 - 1) * m - 1;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const x = w[row + j];
        const cur = (x <= NONE ? BIG : -x) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  let total = 0;
  for (let j = 1; j <= m; j++) {
    if (p[j] === 0) continue;
    const x = w[(p[j] - 1) * m + j - 1];
    if (x <= NONE) return -Infinity;
    total += x;
  }
  return total;
}
