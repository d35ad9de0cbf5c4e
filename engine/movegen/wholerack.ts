/**
 * 'SMATH: whole-rack groups whose probed side cannot take its partners' value with the tiles they
 * leave it (docs/movegen-speed.md, "'SMATH, eleventh round: whole-rack groups"). smath:2 (rack 11 11
 * 11 11 5 5 5 1 ? ?) spent ≈ 76,000 steps probing 200-odd groups that place the whole rack and hold
 * no play: e.g. four one-square sides pin the value to 11 (or 5) and leave the six-square side
 * exactly 5 5 5 1 ? ?, which no filling and bracketing brings to 11. A value hull (valuehull.ts)
 * counts no tiles and takes a blank for any face, so it covers 11; here the tiles are counted.
 *
 * Soundness. In a group that places every rack tile, a play's probed side uses exactly the rack
 * less the other sides' tiles (M) and has their value v; the other sides' tables are joined on value
 * (tile vectors fitting the rack) into the pairs (M, v) — the same tables the probe would look up.
 * For each M, interval dynamic programming over the probed side's squares gives the values of every
 * filling with exactly M's tiles (one a square, a blank any of its faces) under every bracketing:
 * an expression is a number square, or two expressions joined at an operator square or touching
 * (implied ×), so every binary tree of every filling is there (the automaton, cross-checks and board
 * brackets only narrow the side). The values are kept modulo the prime P = 2^31 − 1, exactly: a value
 * p/q built from L number squares with faces ≤ f has |p| + |q| ≤ (f + 1)^L (each +, −, ×, ÷ at most
 * multiplies the two parts' |p| + |q|), so with (f + 1)^L < P (L: the old numbers and M's tiles
 * that may be numbers; otherwise no cut) no denominator is 0 mod P, p/q ↦ p·q⁻¹
 * is a ring homomorphism on these values and a value is 0 mod P only when it is 0 (a ÷ by it makes
 * no expression). A true meeting x = v has equal residues, so no M whose residues hold one of its v
 * means no play, and the group is dropped before the probe (two values with equal residues only keep
 * a group). Past a cap (`MAX_PAIRS`, `MAX_WORK`, `MAX_SQUARES`) the group is searched as before. The
 * residues are memoised per side and M for the search; the last split of the whole side is only
 * tested against v (each left residue looks its partner up among the right part's).
 */
import type { Group } from "./bounds";
import { tileGroups } from "./partners";
import type { SideBoard, SideTable } from "./sides";
import { isOperator } from "../tiles";

/** Switch and count for tests and the bench (the same plays with it off). */
export const wholeRack = { on: true, dropped: 0 };

const MAX_PAIRS = 20_000;
/** tile vectors left to the probed side at most (one set of residues each) */
const MAX_LEFTS = 16;
const MAX_WORK = 150_000;
/** the probed side's squares at most (the residues stay exact while (12 + 1)^8 < P: `SideSets.of`) */
const MAX_SQUARES = 10;

interface SideRef {
  a: number;
  b: number;
  t: SideTable;
}

const memoBySearch = new WeakMap<SideBoard, Map<string, SideSets | null>>();
const tally = new WeakMap<SideBoard, { tries: number; drops: number }>();
const TRIAL = 40;
const RATE = 4;

/**
 * False when the whole-rack group `g` has no play: its probed side meets no partner (module
 * comment). Tried only on groups that place the whole rack, with a probed side of at most
 * `MAX_SQUARES` squares; a search stops trying once its first `TRIAL` tries dropped fewer than one
 * in `RATE` (skipping a try is always sound; counted in tries, so the steps are the same on every
 * machine).
 */
export function probedMayMeet(b: SideBoard, g: Group, sides: readonly SideRef[], probeSide: number): boolean {
  if (!wholeRack.on) return true;
  let t = tally.get(b);
  if (!t) tally.set(b, (t = { tries: 0, drops: 0 }));
  if (t.tries >= TRIAL && t.drops * RATE < t.tries) return true;
  let empties = 0;
  for (const s of sides) empties += b.emptyIn(g.dir, g.lane, s.a, s.b);
  if (empties !== b.rackTiles - (b.eqKey >= 0 ? g.newEqs.length : 0)) return true;
  const { a, b: z } = sides[probeSide];
  if (z - a + 1 > MAX_SQUARES) return true;
  t.tries++;
  if (meetsSomewhere(b, g, sides, probeSide)) return true;
  t.drops++;
  wholeRack.dropped++;
  return false;
}

function meetsSomewhere(b: SideBoard, g: Group, sides: readonly SideRef[], probeSide: number): boolean {
  const { a, b: z } = sides[probeSide];
  const pairs = partnerPairs(b, sides, probeSide, g.newEqs.length);
  if (pairs === null || pairs.size > MAX_LEFTS) return true;
  let memo = memoBySearch.get(b);
  if (!memo) memoBySearch.set(b, (memo = new Map()));
  for (const [mk, { left, vals }] of pairs) {
    const key = `${g.dir}:${g.lane}:${a}:${z}:${mk}`;
    let got = memo.get(key);
    if (got === undefined) memo.set(key, (got = SideSets.of(b, g, a, z, left)));
    if (got === null) return true;
    for (const v of vals) if (v < 0 || got.takes(v)) return true;
  }
  return false;
}
// ---- arithmetic modulo the prime P = 2^31 − 1 (module comment: exact for the sides checked) ----
const P = 2147483647;
/** a·b mod P for a, b in [0, P): b split in 16-bit halves, every product below 2^53 */
const mulMod = (a: number, b: number): number => ((((a * (b >>> 16)) % P) * 65536 + a * (b & 65535)) % P);
/** a⁻¹ mod P (a ≠ 0): extended Euclid */
function invMod(a: number): number {
  let [r0, r1, t0, t1] = [P, a, 0, 1];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  return t0 < 0 ? t0 + P : t0;
}
/** an integer (|x| < 2^53) mod P, in [0, P) */
const modOf = (x: number): number => ((x % P) + P) % P;

/** A table's value key ("12", "-3", "7/2") mod P; -1 when it is no fraction of safe integers
 * (then no cut). */
function residueOf(k: string): number {
  const slash = k.indexOf("/");
  const p = Number(slash >= 0 ? k.slice(0, slash) : k);
  const q = slash >= 0 ? Number(k.slice(slash + 1)) : 1;
  if (!Number.isSafeInteger(p) || !Number.isSafeInteger(q) || modOf(q) === 0) return -1;
  return mulMod(modOf(p), invMod(modOf(q)));
}

const residueMemo = new WeakMap<SideTable, Map<string, number>>();
/** a table's value keys and their residues (`residueOf`), memoised with the table */
function residuesOf(t: SideTable): Map<string, number> {
  let r = residueMemo.get(t);
  if (!r) {
    r = new Map();
    for (const k of t.byValue.keys()) r.set(k, residueOf(k));
    residueMemo.set(t, r);
  }
  return r;
}

/** The other sides joined on value: per tile vector left to the probed side, its values (mod P);
 * null past the cap. Per value, the distinct sums of the sides' tile vectors so far (a frontier,
 * packed 4 bits a key: the rack holds at most 10 of a key), not every combination of them. */
function partnerPairs(b: SideBoard, sides: readonly SideRef[], probeSide: number, newEqs: number): Map<number, { left: Uint8Array; vals: number[] }> | null {
  const K = b.keys.length;
  if (K > 13) return null;
  const others = sides.filter((_, k) => k !== probeSide).map((s) => s.t);
  others.sort((x, y) => x.byValue.size - y.byValue.size);
  const out = new Map<number, { left: Uint8Array; vals: number[] }>();
  const start = new Uint8Array(K);
  if (b.eqKey >= 0) start[b.eqKey] = newEqs;
  const buf = b.pool.buf;
  const { counts } = b;
  let work = 0;
  const residues = residuesOf(others[0]);
  values: for (const [vk, v] of residues) {
    for (let si = 1; si < others.length; si++) if (!others[si].byValue.has(vk)) continue values;
    let cur = new Map<number, Uint8Array>([[0, start]]);
    for (const t of others) {
      const next = new Map<number, Uint8Array>();
      for (const tg of tileGroups(t.byValue.get(vk)!, buf, K)) {
        for (const run of cur.values()) {
          if (++work > MAX_PAIRS) return null;
          let key = 0;
          let fit = true;
          for (let k = K - 1; k >= 0 && fit; k--) {
            const c = run[k] + buf[tg.off + k];
            if (c > counts[k]) fit = false;
            key = key * 16 + c;
          }
          if (!fit || next.has(key)) continue;
          const sum = new Uint8Array(K);
          for (let k = 0; k < K; k++) sum[k] = run[k] + buf[tg.off + k];
          next.set(key, sum);
        }
      }
      cur = next;
      if (cur.size === 0) break;
    }
    if (cur.size === 0) continue;
    for (const [key, run] of cur) {
      const had = out.get(key);
      if (!had) out.set(key, { left: run.map((c, k) => counts[k] - c), vals: [v] });
      else if (!had.vals.includes(v)) had.vals.push(v);
    }
  }
  return out;
}

/** A set of residues (open addressing, -1 marks a free slot), reused: `clear` frees only the slots taken. */
class RSet {
  keys = new Int32Array(1024).fill(-1);
  size = 0;
  private taken = new Int32Array(512);
  clear(): void {
    for (let i = 0; i < this.size; i++) this.keys[this.taken[i]] = -1;
    this.size = 0;
  }
  add(v: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const { keys } = this;
    const mask = keys.length - 1;
    let i = Math.imul(v ^ (v >>> 15), 0x2c1b3c6d);
    i ^= i >>> 12;
    for (;;) {
      i &= mask;
      const k = keys[i];
      if (k === -1) {
        keys[i] = v;
        this.taken[this.size++] = i;
        return;
      }
      if (k === v) return;
      i++;
    }
  }
  private grow(): void {
    const old = this.values(false);
    this.keys = new Int32Array(this.keys.length * 2).fill(-1);
    this.taken = new Int32Array(this.keys.length >> 1);
    this.size = 0;
    for (let i = 0; i < old.length; i++) this.add(old[i]);
  }
  /** the residues (ascending when `sort`) */
  values(sort: boolean): Int32Array {
    const out = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) out[i] = this.keys[this.taken[i]];
    return sort ? out.sort() : out;
  }
}

/** the sets of one interval's sub-multisets, reused from interval to interval (a search is one thread) */
const POOL: RSet[] = [];
const TIMES = 0;
const OP_CODE: Record<string, number> = { "×": TIMES, "+": 1, "-": 2, "÷": 3 };

/** one interval's residues per sub-multiset used: parallel lists (`inv`: the inverses, made when
 * the cell is first a divisor) */
interface Cell {
  ms: number[];
  vs: Int32Array[];
  inv: Array<Int32Array | undefined>;
}

/** every residue of one split into `d` (÷: `r` holds the divisors' inverses, 0 for a zero divisor,
 * which makes no expression) */
function combine(d: RSet, l: Int32Array, r: Int32Array, op: number): void {
  if (op === TIMES) for (let x = 0; x < l.length; x++) for (let y = 0; y < r.length; y++) d.add(mulMod(l[x], r[y]));
  else if (op === 1) {
    for (let x = 0; x < l.length; x++) for (let y = 0; y < r.length; y++) {
      const s = l[x] + r[y];
      d.add(s >= P ? s - P : s);
    }
  } else if (op === 2) {
    for (let x = 0; x < l.length; x++) for (let y = 0; y < r.length; y++) {
      const s = l[x] - r[y];
      d.add(s < 0 ? s + P : s);
    }
  } else for (let x = 0; x < l.length; x++) for (let y = 0; y < r.length; y++) if (r[y] !== 0) d.add(mulMod(l[x], r[y]));
}

const inverses = (vs: Int32Array): Int32Array => vs.map((v) => (v === 0 ? 0 : invMod(v)));

/** `xs` (ascending) holds v */
function has(xs: Int32Array, v: number): boolean {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo < xs.length && xs[lo] === v;
}

/**
 * The residues of the values of lane squares a..z filled with tiles of `left` (per rack key) under
 * any bracketing: a `Cell` for every interval but the whole side, whose residues are only tested
 * (`takes`) against a target (its last split: each left residue looks its partner up in the
 * right's, ascending). A sub-multiset of `left` is packed 5 bits a kind; m1 + m2 fits `left` when
 * no field of m1 + m2 + bias (15 − left's count per field) reaches 16. Each interval's m has exactly
 * as many tiles as the interval has empty squares (one tile a square).
 */
class SideSets {
  private readonly asked = new Map<number, boolean>();
  private constructor(
    private readonly n: number,
    private readonly full: number,
    private readonly fits: (m: number) => boolean,
    private readonly opAt: ReadonlyArray<ReadonlyArray<[number, number]>>,
    private readonly cells: Cell[],
  ) {}

  static of(b: SideBoard, g: Group, a: number, z: number, left: Uint8Array): SideSets | null {
    const kinds: number[] = [];
    for (let k = 0; k < left.length; k++) if (left[k] > 0) kinds.push(k);
    if (kinds.length > 6) return null;
    let full = 0;
    let bias = 0;
    let high = 0;
    kinds.forEach((k, q) => {
      full += left[k] << (5 * q);
      bias += (15 - left[k]) << (5 * q);
      high += 16 << (5 * q);
    });
    const fits = (m: number): boolean => ((m + bias) & high) === 0;
    // per kind: its number faces and operator faces (a blank: every face it may be)
    const nums: number[][] = [];
    const ops: string[][] = [];
    let top = 0;
    for (const k of kinds) {
      const fs = new Set<string>();
      for (const it of b.items) if (it.key === k) fs.add(it.core);
      nums.push([...fs].filter((f) => /^\d+$/.test(f)).map(Number));
      ops.push([...fs].filter((f) => isOperator(f)));
      for (const v of nums[nums.length - 1]) top = Math.max(top, v);
    }
    const n = z - a + 1;
    const olds = Array.from({ length: n }, (_, i) => {
      const [r, c] = b.cellOf(g.dir, g.lane, a + i);
      return b.at(r, c)?.core;
    });
    // number squares at most: the old numbers and every tile that may be a number
    let leaves = 0;
    for (const o of olds) {
      if (o === undefined || !/^\d+$/.test(o)) continue;
      top = Math.max(top, Number(o));
      leaves++;
    }
    kinds.forEach((k, q) => {
      if (nums[q].length > 0) leaves += left[k];
    });
    // exact only while every value's numerator and denominator stay below P (module comment)
    if ((top + 1) ** leaves >= P) return null;
    // an operator square's choices: [sub-multiset used, operator code]
    const opAt = olds.map((o): Array<[number, number]> => {
      if (o !== undefined) return isOperator(o) ? [[0, OP_CODE[o]]] : [];
      const out: Array<[number, number]> = [];
      kinds.forEach((_, q) => {
        for (const op of ops[q]) out.push([1 << (5 * q), OP_CODE[op]]);
      });
      return out;
    });
    const cells: Cell[] = new Array(n * n);
    let work = 0;
    // every interval but the whole side (a one-square side: its square)
    for (let len = 1; len < Math.max(n, 2); len++) {
      for (let i = 0; i + len <= n; i++) {
        const j = i + len - 1;
        const cell: Cell = { ms: [], vs: [], inv: [] };
        cells[i * n + j] = cell;
        if (len === 1) {
          const o = olds[i];
          if (o !== undefined) {
            if (/^\d+$/.test(o)) {
              cell.ms.push(0);
              cell.vs.push(Int32Array.of(Number(o)));
            }
          } else
            kinds.forEach((_, q) => {
              if (nums[q].length === 0) return;
              cell.ms.push(1 << (5 * q));
              cell.vs.push(Int32Array.from(nums[q]).sort());
            });
          continue;
        }
        // the splits, each into the set of its sub-multiset: touching (implied ×) or an operator square at k
        const byU = new Map<number, RSet>();
        const setOf = (u: number): RSet => {
          let d = byU.get(u);
          if (!d) {
            d = POOL[byU.size] ??= new RSet();
            d.clear();
            byU.set(u, d);
          }
          return d;
        };
        for (let k = i; k < j; k++) {
          const L = cells[i * n + k];
          const R = cells[(k + 1) * n + j];
          for (let p = 0; p < L.ms.length; p++) {
            const m1 = L.ms[p];
            const l = L.vs[p];
            for (let q = 0; q < R.ms.length; q++) {
              const u = m1 + R.ms[q];
              if (((u + bias) & high) !== 0) continue;
              const r = R.vs[q];
              work += l.length * r.length;
              if (work > MAX_WORK) return null;
              combine(setOf(u), l, r, TIMES);
            }
          }
        }
        for (let k = i + 1; k < j; k++) {
          const L = cells[i * n + k - 1];
          const R = cells[(k + 1) * n + j];
          for (const [mo, op] of opAt[k]) {
            for (let p = 0; p < L.ms.length; p++) {
              const m1 = L.ms[p] + mo;
              if (((m1 + bias) & high) !== 0) continue;
              const l = L.vs[p];
              for (let q = 0; q < R.ms.length; q++) {
                const u = m1 + R.ms[q];
                if (((u + bias) & high) !== 0) continue;
                const r = op === 3 ? (R.inv[q] ??= inverses(R.vs[q])) : R.vs[q];
                work += l.length * r.length;
                if (work > MAX_WORK) return null;
                combine(setOf(u), l, r, op);
              }
            }
          }
        }
        // the whole side's right parts are looked up (ascending); the rest only walked
        for (const [u, d] of byU) {
          if (d.size === 0) continue;
          cell.ms.push(u);
          cell.vs.push(d.values(j === n - 1));
        }
      }
    }
    return new SideSets(n, full, fits, opAt, cells);
  }

  /** some filling of the whole side with all of `left` takes the value of residue v */
  takes(v: number): boolean {
    let got = this.asked.get(v);
    if (got === undefined) this.asked.set(v, (got = this.split(v)));
    return got;
  }

  private split(v: number): boolean {
    const { n, full, cells } = this;
    if (n === 1) {
      const c = cells[0];
      return c.ms.some((m, p) => m === full && has(c.vs[p], v));
    }
    // touching: x·y = v; x = 0 meets only v = 0 (y any)
    for (let k = 0; k < n - 1; k++) {
      const L = cells[k];
      const R = cells[(k + 1) * n + n - 1];
      for (let p = 0; p < L.ms.length; p++) {
        const q = R.ms.indexOf(full - L.ms[p]);
        if (q >= 0 && this.meets(L.vs[p], R.vs[q], TIMES, v)) return true;
      }
    }
    for (let k = 1; k < n - 1; k++) {
      const L = cells[k - 1];
      const R = cells[(k + 1) * n + n - 1];
      for (const [mo, op] of this.opAt[k]) {
        for (let p = 0; p < L.ms.length; p++) {
          if (!this.fits(L.ms[p] + mo)) continue;
          const q = R.ms.indexOf(full - L.ms[p] - mo);
          if (q >= 0 && this.meets(L.vs[p], R.vs[q], op, v)) return true;
        }
      }
    }
    return false;
  }

  /** some x of `xs` and y of `ys` (ascending) have x op y = v (mod P) */
  private meets(xs: Int32Array, ys: Int32Array, op: number, v: number): boolean {
    if (op === TIMES) {
      for (let i = 0; i < xs.length; i++) if (xs[i] === 0 ? v === 0 : has(ys, mulMod(v, invMod(xs[i])))) return true;
    } else if (op === 1) {
      for (let i = 0; i < xs.length; i++) if (has(ys, modOf(v - xs[i]))) return true;
    } else if (op === 2) {
      for (let i = 0; i < xs.length; i++) if (has(ys, modOf(xs[i] - v))) return true;
    } else if (v === 0) {
      // x ÷ y = 0: x = 0 and some y ≠ 0
      return has(xs, 0) && (ys.length > 1 || ys[0] !== 0);
    } else {
      // x ÷ y = v ≠ 0: y = x·v⁻¹, nonzero
      const iv = invMod(v);
      for (let i = 0; i < xs.length; i++) if (xs[i] !== 0 && has(ys, mulMod(xs[i], iv))) return true;
    }
    return false;
  }
}
