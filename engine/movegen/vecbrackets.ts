/**
 * 'SMATH's tie cut by partner vector (docs/movegen-speed.md, "twelfth round: smath:19's small
 * groups"). The probe's bracket bound (smtie.ts `bracketsAtLeast`) lets the other sides take Q of
 * the rack's operators and blanks, and takes the least over Q: on smath:19's group 1/13 (sides `_`,
 * eleven squares, `_`; rack 5 10 2 7 3 12 7 and three blanks, no operator tile) Q = 0 (the two 7s
 * outside) leaves the middle all three blanks as operators, 4 touching pairs. Once the prefix has
 * placed a 7 no pick of the outer sides without a blank fits, and the middle has fewer operators.
 *
 * So per partner vector v (partners.ts: the tiles the other sides take together in some pick of
 * entries sharing a value) its operators and blanks q(v) and the fewest brackets its picks write
 * (each entry's `bracketsBelow`, at most its witness's count: the witnesses themselves cost more
 * than they saved, smath:19 759,313 steps against 787,071 for ≈ 0.3 s a search). Sound: every play through the
 * prefix takes a pick of the other sides whose vector still fits beside the prefix's tiles (the
 * partner cut's `alive` list at that depth, fill.ts), so it writes at least, for that vector, the
 * probed side's pairs with at most the operators left less q(v) (`pairsAhead` only grows as they
 * shrink) plus the vector's least; the least over the vectors still alive bounds every such play.
 */
import type { PartnerCut, PartnerUses } from "./partners";
import { vecNumKey, vecRadix } from "./partners";
import type { SideBoard, SideTable } from "./sides";
import { bracketsBelow } from "./smathside";

/** `on`: off only in the test that compares plays with and without it; `fired`: prefixes whose
 * bound it raised to the last play's brackets or above (the bound by Q alone was below) */
export const vectorBrackets = { on: true, fired: 0 };

/** Per vector of a `PartnerUses` (same index): its operators and blanks, its picks' fewest brackets. */
export interface VectorLeast {
  q: Int32Array;
  least: Float64Array;
}

const MAX_STEPS = 20_000;

/** The vectors' facts (module comment), walked as `partnerUses` walks them; null when off, past
 * `MAX_STEPS` picks, or a pick makes a vector `p` lacks (then nothing is known of it). */
export function vectorLeastOf(b: SideBoard, others: readonly SideTable[], base: Uint8Array, p: PartnerUses, opKeys: readonly number[]): VectorLeast | null {
  if (!vectorBrackets.on || others.length === 0) return null;
  const K = b.keys.length;
  const buf = b.pool.buf;
  const radix = vecRadix(b.counts, base);
  if (!radix) return null;
  const index = new Map<number, number>();
  for (let i = 0; i < p.n; i++) index.set(vecNumKey(p.vecs.subarray(i * K, (i + 1) * K), radix), i);
  const q = new Int32Array(p.n);
  for (let i = 0; i < p.n; i++) for (const k of opKeys) q[i] += p.vecs[i * K + k];
  const least = new Float64Array(p.n).fill(Infinity);
  let steps = 0;
  const sum = new Uint8Array(K);
  for (const v of others[0].byValue.keys()) {
    if (!others.every((t) => t.byValue.has(v))) continue;
    // tile vector so far → [the vector, the fewest brackets so far]
    let layer = new Map<number, [Uint8Array, number]>([[vecNumKey(base, radix), [base, 0]]]);
    for (const t of others) {
      const next = new Map<number, [Uint8Array, number]>();
      for (const [s, br] of layer.values()) {
        for (const e of t.byValue.get(v)!.entries) {
          if (++steps > MAX_STEPS) return null;
          let fit = true;
          for (let k = 0; k < K && fit; k++) if ((sum[k] = s[k] + buf[e.off + k]) > b.counts[k]) fit = false;
          if (!fit) continue;
          const nk = vecNumKey(sum, radix);
          const had = next.get(nk);
          const n = br + bracketsBelow(e);
          if (!had) next.set(nk, [sum.slice(), n]);
          else if (n < had[1]) had[1] = n;
        }
      }
      layer = next;
    }
    for (const [nk, [, br]] of layer) {
      const i = index.get(nk);
      if (i === undefined) return null;
      if (br < least[i]) least[i] = br;
    }
  }
  return { q, least };
}

/** The least over the vectors alive at depth `d` of `rest[q(v)]` (the probed side's brackets with
 * q(v) of the operators left taken) plus the vector's least, or `floor` as soon as one is at most
 * `floor` (the bound the caller has already: this one can only raise it); Infinity when none is alive. */
export function leastOverVectors(v: VectorLeast, live: PartnerCut, d: number, rest: ArrayLike<number>, floor: number): number {
  const list = live.alive(d);
  let best = Infinity;
  for (let j = 0, n = live.aliveCount(d); j < n; j++) {
    const x = list[j];
    const m = rest[v.q[x]] + v.least[x];
    if (m <= floor) return floor;
    if (m < best) best = m;
  }
  return best;
}
