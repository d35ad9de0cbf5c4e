/**
 * The partners' tiles of a probed side (docs/movegen-speed.md "Top play: speed"): before the largest side
 * of a group is enumerated (join.ts `probe`), the rack tiles the other sides can take together —
 * one vector of tile counts per distinct way, over every pick of fillings, one per other side,
 * that shares a value and fits the rack. A prefix of the probed side that leaves room for none
 * of them can never join, so it is not completed (fill.ts). In 'SMATH's long lines with several
 * `=` (every rack tile placed, a few short sides) this leaves the probed side only the tiles the
 * others do not take: tens of fillings where there were tens of thousands.
 *
 * Sound by construction: a play of the group is a pick of one filling per side, all of one value,
 * whose tiles fit the rack together, so its other sides' tiles are one of the vectors, and the
 * probed side's tiles fit beside it at every prefix. Past `MAX_STEPS` steps or `MAX_VECS` vectors
 * the set is not built (null: no cut), so building it never costs more than a fraction of a
 * group's search.
 */
import type { Entry, SideBoard, SideTable, ValueBucket } from "./sides";

/** Distinct tile-count vectors of the other sides' joint picks: `n` vectors of `k` counts each. */
export interface PartnerUses {
  k: number;
  n: number;
  vecs: Uint8Array;
  /** per vector, the most its joint picks add to the play's score (the `score` given to
   * `partnerUses`, summed over the picks' fillings); absent when not asked for */
  best?: Float64Array;
  /** per vector, 1 once no play that can still enter the list takes it (`retirePartners`) */
  dead?: Uint8Array;
}

/** The 'SMATH probe cuts (partners.ts, product.ts, parity.ts, and fill.ts `leastAt`'s score cut
 * with the tiles left): on unless a test compares the search without them; the counts say how
 * often the first three cut a prefix (tests check that they are exercised). */
export const probeCuts = { on: true, partner: 0, product: 0, parity: 0, parityZero: 0 };

const MAX_VECS = 512;
const MAX_STEPS = 20_000;

/** The partners' tile vectors (module comment); `base` is what the group takes besides its sides
 * (its new `=`). Null when there are too many to be worth it. */
export function partnerUses(b: SideBoard, others: SideTable[], base: Uint8Array, score?: (e: Entry) => number): PartnerUses | null {
  const K = b.keys.length;
  const { counts } = b;
  const buf = b.pool.buf;
  if (others.length === 0 || !probeCuts.on) return null;
  const radix = vecRadix(counts, base);
  if (!radix) return null;
  let steps = 0;
  const all = new Map<number, Uint8Array>();
  // the best score of a vector's joint picks, over every value (`PartnerUses.best`)
  const bestOf = new Map<number, number>();
  // values every other table has (a play's value is in all of them)
  const values: string[] = [];
  for (const v of others[0].byValue.keys()) if (others.every((t) => t.byValue.has(v))) values.push(v);
  // one scratch sum, copied only when it fits and is new (a fresh array and a string key per pick
  // tried were a tenth of 'SMATH's allocation, issue 28 smcost3)
  const sum = new Uint8Array(K);
  const baseKey = vecNumKey(base, radix);
  for (const v of values) {
    let layer = new Map<number, Uint8Array>([[baseKey, base]]);
    let pts = new Map<number, number>([[baseKey, 0]]);
    for (const t of others) {
      const next = new Map<number, Uint8Array>();
      const nextPts = new Map<number, number>();
      const entries = t.byValue.get(v)!.entries;
      for (const [sk, s] of layer) {
        const had = pts.get(sk)!;
        for (let ei = 0; ei < entries.length; ei++) {
          const e = entries[ei];
          if (++steps > MAX_STEPS) return null;
          let fit = true;
          let nk = 0;
          for (let q = 0; q < K; q++) {
            const x = s[q] + buf[e.off + q];
            if (x > counts[q]) {
              fit = false;
              break;
            }
            sum[q] = x;
            nk = nk * radix[q] + x;
          }
          if (!fit) continue;
          if (!next.has(nk)) next.set(nk, sum.slice());
          if (score) nextPts.set(nk, Math.max(nextPts.get(nk) ?? -Infinity, had + score(e)));
        }
      }
      if (next.size > MAX_VECS * 4) return null;
      layer = next;
      pts = nextPts;
    }
    for (const [k, s] of layer) {
      all.set(k, s);
      if (score) bestOf.set(k, Math.max(bestOf.get(k) ?? -Infinity, pts.get(k)!));
    }
    if (all.size > MAX_VECS) return null;
  }
  const vecs = new Uint8Array(all.size * K);
  const best = score ? new Float64Array(all.size) : undefined;
  let i = 0;
  for (const [k, s] of all) {
    if (best) best[i] = bestOf.get(k)!;
    vecs.set(s, K * i++);
  }
  return { k: K, n: all.size, vecs, best };
}

/**
 * Marks `p`'s vectors that `now` lacks as dead, for the partner cut already under way (its lists
 * index `p`'s vectors, so `p` is kept and only masked). `now` is `partnerUses` over the same base
 * with some other side's entries left out: those no play that can still enter the list uses
 * (smtie.ts `tieFirstSide`), so a play that can enter takes a vector of `now`, and a prefix with
 * room for dead vectors only may be cut. `now` null (too many vectors): nothing marked.
 */
export function retirePartners(p: PartnerUses, now: PartnerUses | null): number {
  if (!now) return 0;
  const { k } = p;
  const alive = new Set<string>();
  for (let i = 0; i < now.n; i++) alive.add(key(now.vecs.subarray(i * k, (i + 1) * k)));
  const dead = (p.dead ??= new Uint8Array(p.n));
  let n = 0;
  for (let i = 0; i < p.n; i++) {
    if (dead[i] || alive.has(key(p.vecs.subarray(i * k, (i + 1) * k)))) continue;
    dead[i] = 1;
    n++;
  }
  return n;
}

/** Per key, one more than the most any vector over `base` and within `counts` holds: the radix of
 * `vecNumKey`, so distinct vectors get distinct numbers. Null past 2^53 (no exact key; no cut). */
export function vecRadix(counts: readonly number[], base: Uint8Array): number[] | null {
  const radix: number[] = [];
  let size = 1;
  for (let q = 0; q < counts.length; q++) {
    radix.push(Math.max(counts[q], base[q]) + 1);
    size *= radix[q];
  }
  return size <= Number.MAX_SAFE_INTEGER ? radix : null;
}

/** a tile vector as one mixed-radix number (`vecRadix`) */
export function vecNumKey(v: Uint8Array, radix: readonly number[]): number {
  let k = 0;
  for (let q = 0; q < radix.length; q++) k = k * radix[q] + v[q];
  return k;
}

function key(v: Uint8Array): string {
  let s = "";
  for (let i = 0; i < v.length; i++) s += String.fromCharCode(v[i]);
  return s;
}

/**
 * The partner vectors still possible as a side is filled: `alive(d)` lists them after d tiles
 * (indices into `vecs`). Tile counts only grow along a filling, so a vector with no room once
 * stays without room deeper: each step filters its parent's list on the one key just used.
 */
export class PartnerCut {
  private readonly lists: Int32Array[];
  private readonly len: Int32Array;
  /** `takenAt`'s functions, by depth */
  private readonly takers: Array<(key: number) => number> = [];

  constructor(
    private readonly p: PartnerUses,
    depth: number,
    private readonly counts: Uint8Array | number[],
  ) {
    this.lists = [];
    for (let d = 0; d <= depth; d++) this.lists.push(new Int32Array(p.n));
    this.len = new Int32Array(depth + 1);
    for (let i = 0; i < p.n; i++) this.lists[0][i] = i;
    this.len[0] = p.n;
  }

  /** After the d-th tile (key `key`, now used `used` times by the side): keep the vectors with
   * room for it at depth d + 1; false when none is left. */
  step(d: number, key: number, used: number): boolean {
    const { vecs, k, dead } = this.p;
    const from = this.lists[d];
    const to = this.lists[d + 1];
    const room = this.counts[key] - used;
    let m = 0;
    for (let j = 0, n = this.len[d]; j < n; j++) {
      const v = from[j];
      if (vecs[v * k + key] <= room && !(dead && dead[v])) to[m++] = v;
    }
    this.len[d + 1] = m;
    if (m === 0) probeCuts.partner++;
    return m > 0;
  }

  /** the vectors still possible at depth d: the first `aliveCount(d)` of `alive(d)` */
  alive(d: number): Int32Array {
    return this.lists[d];
  }

  aliveCount(d: number): number {
    return this.len[d];
  }

  /** `minUse` at depth d as one function (the product cut's `taken`), made once per depth: one
   * made per call was most of the fill's garbage (issue 28, smcost2) */
  takenAt(d: number): (key: number) => number {
    return (this.takers[d] ??= (key: number): number => this.minUse(d, key));
  }

  /** The fewest tiles of `key` any vector still possible at depth d takes (product.ts: a breaker
   * every partner pick takes is not left to the side). */
  minUse(d: number, key: number): number {
    const { vecs, k } = this.p;
    const list = this.lists[d];
    let m = Infinity;
    for (let j = 0, n = this.len[d]; j < n && m > 0; j++) m = Math.min(m, vecs[list[j] * k + key]);
    return m === Infinity ? 0 : m;
  }
}

/** A value bucket's fillings with one tile-count vector (`off`: the first one's pool offset,
 * whose first K bytes are the vector). */
export interface TileGroup {
  off: number;
  entries: Entry[];
}

const tileGroupsOf = new WeakMap<ValueBucket, TileGroup[]>();

/**
 * A bucket's fillings grouped by their rack tiles (issue 28, fifth round): the probe's join tests
 * whether a partner fits the rack once per distinct vector instead of once per filling — on
 * smath:18, 57 million fillings scanned for 885,000 value hits, 12,700 fitting. Made once per
 * bucket (tables are finished and cached before any join, their fillings never change) in the
 * bucket's order, so the fillings of a group keep their order.
 */
export function tileGroups(bucket: ValueBucket, buf: Uint8Array, K: number): TileGroup[] {
  let groups = tileGroupsOf.get(bucket);
  if (groups) return groups;
  const byVec = new Map<string, TileGroup>();
  groups = [];
  for (const e of bucket.entries) {
    let key = "";
    for (let k = 0; k < K; k++) key += String.fromCharCode(buf[e.off + k]);
    let g = byVec.get(key);
    if (!g) {
      byVec.set(key, (g = { off: e.off, entries: [] }));
      groups.push(g);
    }
    g.entries.push(e);
  }
  tileGroupsOf.set(bucket, groups);
  return groups;
}
