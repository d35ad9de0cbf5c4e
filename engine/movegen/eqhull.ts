/**
 * Equate: groups whose sides can share no value (docs/movegen-speed.md, "Equate, eleventh round:
 * value hulls"). 'SMATH's value hull (valuehull.ts) for Equate's grammar: a side is numbers joined
 * by binary operators, a number being a run of digits (multi-digit) optionally ended by a fraction
 * tile (a mixed numeral N a/b = N + a/b), or a fraction tile alone; there is no implied `×`.
 *
 * Soundness: interval dynamic programming over the side's squares, each empty square any face the
 * rack and its cross-check allow (tile counts ignored). An interval's hull holds (a) the values of
 * the interval read as one number — digits d_i..d_j are Σ d_k·10^(j−k), increasing in every digit,
 * so the least and most digit per square bound it; a final fraction adds its range — and (b) for
 * every operator square m inside, every value of (left hull) op (right hull) (`combine`). Every
 * parse tree of every filling under any precedence is one of these splits, so every value a side
 * can take is in its hull (precedence, "no negative part-way", leading zeros and tile counts only
 * narrow what is read). Two sides whose hulls share no point hold no play; the group is dropped
 * before its tables and probe. Rounding: `addRange` widens by a relative hair, `hullsMeet` too.
 */
import type { Direction } from "../board";
import { isOperator } from "../tiles";
import type { SideBoard } from "./sides";
import { addRange, clear, combine, memoSideHull, nothingIn, OP_BIT, pieces, sideHullsMeet, W } from "./valuehull";

/** Switch and count for tests and the bench (the same plays with it off). */
export const eqHulls = { on: true, dropped: 0 };

/** Per square: digit range (lo > hi: none; 0 included as a digit), fraction range, operator bits. */
interface EqSquares {
  dlo: Float64Array;
  dhi: Float64Array;
  flo: Float64Array;
  fhi: Float64Array;
  ops: Uint8Array;
}

const FRACTION = /^(\d+)\/(\d+)$/;

function putFace(sq: EqSquares, i: number, core: string): void {
  if (isOperator(core)) {
    sq.ops[i] |= OP_BIT[core];
    return;
  }
  const f = FRACTION.exec(core);
  if (/^\d$/.test(core)) {
    const v = Number(core);
    sq.dlo[i] = Math.min(sq.dlo[i], v);
    sq.dhi[i] = Math.max(sq.dhi[i], v);
  } else if (f && Number(f[2]) > 0) {
    const v = Number(f[1]) / Number(f[2]);
    sq.flo[i] = Math.min(sq.flo[i], v);
    sq.fhi[i] = Math.max(sq.fhi[i], v);
  } else {
    // a face of no known kind: anything
    sq.dlo[i] = 0;
    sq.dhi[i] = Infinity;
    sq.flo[i] = 0;
    sq.fhi[i] = Infinity;
    sq.ops[i] = 15;
  }
}

const pa = new Float64Array(6);
const pb = new Float64Array(6);

/** The hull of squares 0..n−1 (null: no filling reads as an expression). */
export function eqHullOf(sq: EqSquares, n: number): Float64Array | null {
  const H = new Float64Array(n * n * W);
  for (let j = 0; j < n; j++) {
    // the number i..j: digits i..j, or digits i..j−1 and a fraction at j (lo > hi: none)
    let lo = 0;
    let hi = 0;
    let digits = true; // squares i..j−1 all may hold digits
    for (let i = j; i >= 0; i--) {
      const o = (i * n + j) * W;
      clear(H, o);
      if (i < j) {
        if (sq.dlo[i] > sq.dhi[i]) digits = false;
        else {
          const p = 10 ** (j - i);
          lo += sq.dlo[i] * p;
          hi += sq.dhi[i] * p;
        }
      }
      if (digits) {
        if (sq.dlo[j] <= sq.dhi[j]) addRange(H, o, lo + sq.dlo[j], hi + sq.dhi[j], hi + sq.dhi[j]);
        if (sq.flo[j] <= sq.fhi[j]) addRange(H, o, lo / 10 + sq.flo[j], hi / 10 + sq.fhi[j], hi / 10 + sq.fhi[j]);
      }
      for (let m = i + 1; m < j; m++) {
        if (!sq.ops[m]) continue;
        const L = (i * n + m - 1) * W;
        const R = ((m + 1) * n + j) * W;
        if (nothingIn(H, L) || nothingIn(H, R)) continue;
        const na = pieces(H, L, pa);
        const nb = pieces(H, R, pb);
        for (let bit = 1; bit <= 8; bit <<= 1) {
          if (!(sq.ops[m] & bit)) continue;
          for (let x = 0; x < na; x++) for (let y = 0; y < nb; y++) combine(bit, pa[2 * x], pa[2 * x + 1], pb[2 * y], pb[2 * y + 1], H, o);
        }
      }
    }
  }
  const o = (n - 1) * W;
  return nothingIn(H, o) ? null : H.slice(o, o + W);
}

/** The hull of side a..z of a lane, memoised on the board per side. */
export function eqSideHull(b: SideBoard, dir: Direction, lane: number, a: number, z: number): Float64Array | null {
  return memoSideHull(
    b, dir, lane, a, z, `e${dir}:${lane}:${a}:${z}`,
    (n): EqSquares => ({
      dlo: new Float64Array(n).fill(Infinity),
      dhi: new Float64Array(n).fill(-Infinity),
      flo: new Float64Array(n).fill(Infinity),
      fhi: new Float64Array(n).fill(-Infinity),
      ops: new Uint8Array(n),
    }),
    putFace,
    eqHullOf,
  );
}

/** An Equate group's sides can share a value (false: no play). */
export function eqSidesMayMeet(b: SideBoard, dir: Direction, lane: number, bounds: ReadonlyArray<readonly [number, number]>): boolean {
  return sideHullsMeet(bounds, (a, z) => eqSideHull(b, dir, lane, a, z));
}
