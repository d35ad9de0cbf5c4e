/**
 * The other sides' joint tile vectors (partners.ts `partnerUses`, parity.ts `parityTargets`) built
 * on one scratch sum with mixed-radix number keys (issue 28, smcost3) are the vectors of a brute
 * force over every pick of one entry per table of a shared value: the same set, each once, and
 * for `partnerUses` the same best score per vector. Seeded random tables, small enough that
 * neither gives up (null).
 */
import { describe, expect, it } from "vitest";
import { parityTargets } from "./parity";
import { partnerUses } from "./partners";
import type { Entry, SideBoard, SideTable } from "./sides";

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Case {
  counts: number[];
  base: Uint8Array;
  buf: Uint8Array;
  tables: SideTable[];
}

function makeCase(seed: number): Case {
  const r = rng(seed);
  const K = 2 + Math.floor(r() * 5);
  const counts = Array.from({ length: K }, () => Math.floor(r() * 4));
  const base = new Uint8Array(K);
  for (let q = 0; q < K; q++) base[q] = r() < 0.2 ? Math.min(counts[q], 1) : 0;
  const bytes: number[] = [];
  const tables: SideTable[] = [];
  const nt = 1 + Math.floor(r() * 3);
  const values = ["1", "2", "6", "3/2"];
  for (let t = 0; t < nt; t++) {
    const byValue = new Map<string, { value: unknown; entries: Entry[] }>();
    for (const v of values) {
      if (r() < 0.25) continue;
      const entries: Entry[] = [];
      const ne = 1 + Math.floor(r() * 5);
      for (let x = 0; x < ne; x++) {
        const off = bytes.length;
        for (let q = 0; q < K; q++) bytes.push(Math.floor(r() * 3));
        entries.push({ off, pts: Math.floor(r() * 20), cross: Math.floor(r() * 5), blanks: 0, tiles: 1, crossEq: false, open: null, close: null });
      }
      byValue.set(v, { value: v, entries });
    }
    tables.push({ byValue, byInt: new Map() });
  }
  return { counts, base, buf: Uint8Array.from(bytes), tables };
}

/** every fitting pick's vector (as text) and its best score, by brute force */
function brute(c: Case, score: (e: Entry) => number): Map<string, number> {
  const out = new Map<string, number>();
  const K = c.counts.length;
  for (const v of c.tables[0].byValue.keys()) {
    if (!c.tables.every((t) => t.byValue.has(v))) continue;
    const walk = (t: number, sum: number[], pts: number): void => {
      if (sum.some((x, q) => x > c.counts[q])) return;
      if (t === c.tables.length) {
        const k = sum.join(",");
        out.set(k, Math.max(out.get(k) ?? -Infinity, pts));
        return;
      }
      for (const e of c.tables[t].byValue.get(v)!.entries) walk(t + 1, sum.map((x, q) => x + c.buf[e.off + q]), pts + score(e));
    };
    walk(0, Array.from({ length: K }, (_, q) => c.base[q]), 0);
  }
  return out;
}

describe("the other sides' joint tile vectors (partners.ts, parity.ts)", () => {
  it("are the brute force's, each once, with its best score", () => {
    const score = (e: Entry): number => e.pts * 2 + e.cross;
    let nonEmpty = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const c = makeCase(seed);
      const want = brute(c, score);
      const b = { keys: c.counts.map((_, q) => String(q)), counts: c.counts, pool: { buf: c.buf } } as unknown as SideBoard;
      const p = partnerUses(b, c.tables, c.base, score)!;
      expect(p, `seed ${seed}`).not.toBeNull();
      const got = new Map<string, number>();
      for (let i = 0; i < p.n; i++) got.set(Array.from(p.vecs.subarray(i * p.k, (i + 1) * p.k)).join(","), p.best![i]);
      expect(got.size, `seed ${seed}: each vector once`).toBe(p.n);
      expect(got, `seed ${seed}`).toEqual(want);
      const t = parityTargets(c.tables, [2, 3], c.buf, c.counts, c.base)!;
      const vecs = t.vecs!.map((x) => Array.from(x.vec).join(","));
      expect(new Set(vecs).size, `seed ${seed}: each vector once`).toBe(vecs.length);
      expect(new Set(vecs), `seed ${seed}`).toEqual(new Set(want.keys()));
      if (want.size > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });
});
