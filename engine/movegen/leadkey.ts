/**
 * 'SMATH: what each partner vector of a probe (partners.ts) says about its plays beyond its tiles
 * (docs/movegen-speed.md, "eleventh round: smath:24's tie hunt"). A partner vector is the rack
 * tiles the other sides take together in some pick of their fillings sharing a value; its plays
 * take one of those picks, so they have one of the picks' values and open their key with the
 * other sides' entries when those come first. Two uses:
 * - Retired vectors (`applyVectorFacts`, `productVectors`, `vectorsWithClass`): where the probed
 *   side's tiles are fixed by a vector (the vector and the probed side's empty squares take every
 *   tile left) and those tiles hold no `+`, `−` or blank (nor does the side's board), the side is a
 *   product of its numbers (× ÷ and touching numbers, any bracketing): with a 0 among them every
 *   value it can take is 0 (the subexpression holding the 0 is 0, or a division by it is no
 *   value), without one every value is positive (numbers are ≥ 0). A vector with no pick of a
 *   value of that class is retired (`PartnerUses.dead`): no play takes it.
 * - The leading key (`vectorFactsOf`, `minKey`), when every other side comes before the probed
 *   side (it is the group's last): the least key the other sides' new tiles and `=` write over
 *   the vector's picks; every play of the vector opens its key with one at least that.
 * smath:24's hunt group `_ = _ = _ _ _ 10 _ _ _ 3 _ 7 _` (rack 4 4 4 5 11 12 ÷ × 0 ?): the
 * vectors {x, ?} leave the probed side a 0 and no `+`/`−`, so only {4, 4} stays.
 * `SmathTieCut.leadAfter` (smtie.ts) compares the key past the other sides' entries with it.
 */
import type { Group } from "./bounds";
import type { PartnerUses } from "./partners";
import type { Entry, SideBoard, SideTable } from "./sides";
import type { SmathTieCut } from "./smtie";
import { vectorLeastOf } from "./vecbrackets";

/** Per vector of a `PartnerUses` (same index): the least leading key. */
export interface VectorFacts {
  /** the least key the other sides write (all before the probed side), null when not all are */
  minKey: Array<string | undefined> | null;
  /** the entries (new tiles and new `=`) that key has */
  entries: number;
}

/** `on`: off only in the test that compares plays with and without these cuts; `retired`: vectors
 * retired (`applyVectorFacts`); `fired`: prefixes cut by the lead key (smtie.ts). */
export const vectorFacts = { on: true, retired: 0, fired: 0 };

const MAX_STEPS = 20_000;

function vecKey(v: Uint8Array | number[], from: number, k: number): string {
  let s = "";
  for (let i = 0; i < k; i++) s += String.fromCharCode(v[from + i]);
  return s;
}

/**
 * Where every key that opens with `lead` sorts against `key`: -1 before (they differ within
 * `lead` and `lead` is smaller there), 0 undecided (`key` opens with `lead`), 1 after. Monotone in
 * `lead` among texts of whole entries (each ends with its space, so none is a prefix of another):
 * a later `lead` never gets a smaller answer.
 */
export function leadOrder(lead: string, key: string): -1 | 0 | 1 {
  if (key.startsWith(lead)) return 0;
  return lead < key.slice(0, lead.length) ? -1 : 1;
}

const pad = (n: number): string => n.toString().padStart(2, "0");

/**
 * The leading keys of `p`'s vectors, from the other sides (`sides` without `probeSide`, in lane order)
 * picked as `partnerUses` picks them (one entry per side, all of one value, fitting the rack over
 * `base`). Null when off or past `MAX_STEPS` picks.
 */
export function vectorFactsOf(b: SideBoard, g: Group, sides: ReadonlyArray<{ a: number; b: number; t: SideTable }>, probeSide: number, base: Uint8Array, p: PartnerUses): VectorFacts | null {
  if (!vectorFacts.on) return null;
  const K = b.keys.length;
  const { counts } = b;
  const buf = b.pool.buf;
  const index = new Map<string, number>();
  for (let i = 0; i < p.n; i++) index.set(vecKey(p.vecs, i * K, K), i);
  const keyed = probeSide === sides.length - 1;
  const others = sides.filter((_, si) => si !== probeSide);
  // each other side's entry text: its new tiles, then the `=` after it when new
  let entries = 0;
  const sideText: Array<(e: Entry) => string> = others.map((s, oi) => {
    const cells: Array<[number, number]> = [];
    for (let i = s.a; i <= s.b; i++) {
      const [r, c] = b.cellOf(g.dir, g.lane, i);
      if (!b.at(r, c)) cells.push([r, c]);
    }
    const q = g.eqs[oi];
    let eq = "";
    if (keyed && g.newEqs.includes(q)) {
      const [r, c] = b.cellOf(g.dir, g.lane, q);
      eq = `${pad(r)},${pad(c)}:= `;
    }
    entries += cells.length + (eq ? 1 : 0);
    const memo = new Map<Entry, string>();
    return (e: Entry): string => {
      let t = memo.get(e);
      if (t === undefined) {
        t = "";
        for (let j = 0; j < cells.length; j++) {
          const it = b.items[buf[e.off + K + j]];
          t += `${pad(cells[j][0])},${pad(cells[j][1])}:${it.core}${it.blank ? "?" : ""} `;
        }
        memo.set(e, (t += eq));
      }
      return t;
    };
  });
  const f: VectorFacts = { minKey: keyed ? new Array<string | undefined>(p.n) : null, entries };
  let steps = 0;
  for (const v of others[0].t.byValue.keys()) {
    if (!others.every((s) => s.t.byValue.has(v))) continue;
    // layer: tile vector so far → the least key so far
    let layer = new Map<string, [Uint8Array, string]>([[vecKey(base, 0, K), [base, ""]]]);
    for (let oi = 0; oi < others.length; oi++) {
      const next = new Map<string, [Uint8Array, string]>();
      for (const [s, text] of layer.values()) {
        for (const e of others[oi].t.byValue.get(v)!.entries) {
          if (++steps > MAX_STEPS) return null;
          const sum = new Uint8Array(K);
          let fit = true;
          for (let q = 0; q < K && fit; q++) if ((sum[q] = s[q] + buf[e.off + q]) > counts[q]) fit = false;
          if (!fit) continue;
          const nk = vecKey(sum, 0, K);
          const t = keyed ? text + sideText[oi](e) : "";
          const had = next.get(nk);
          if (!had || t < had[1]) next.set(nk, [sum, t]);
        }
      }
      layer = next;
    }
    for (const [k, [, text]] of layer) {
      const i = index.get(k);
      // a vector partnerUses did not make (it cannot: the same picks): nothing known of it
      if (i === undefined) return null;
      if (f.minKey && (f.minKey[i] === undefined || text < f.minKey[i]!)) f.minKey[i] = text;
    }
  }
  return f;
}

/**
 * The vectors whose plays have values the probed side may not take with the tiles they leave it
 * (module comment): the probed side's `ne` empty squares take every tile the vector leaves, none
 * of them `+`, `−` or a blank, and its board tiles (`olds`) no `+` or `−`. Per vector: 0 not such,
 * 1 such without a 0 (its values must be positive), 2 such with a 0 (its values must be 0).
 */
function productVectors(b: SideBoard, p: PartnerUses, olds: ReadonlyArray<{ core: string } | undefined>, ne: number): Uint8Array | null {
  const K = b.keys.length;
  let oldZero = false;
  for (const o of olds) {
    if (!o) continue;
    if (o.core === "+" || o.core === "-") return null;
    if (o.core === "0") oldZero = true;
  }
  const out = new Uint8Array(p.n);
  let some = false;
  for (let i = 0; i < p.n; i++) {
    if (p.dead?.[i]) continue;
    let left = 0;
    let zero = oldZero;
    let product = true;
    for (let q = 0; q < K && product; q++) {
      const m = b.counts[q] - p.vecs[i * K + q];
      if (m === 0) continue;
      left += m;
      const face = b.keys[q];
      if (q === b.blankKey || !(face === "×" || face === "÷" || /^\d+$/.test(face))) product = false;
      if (face === "0") zero = true;
    }
    if (left !== ne || !product) continue;
    out[i] = zero ? 2 : 1;
    some = true;
  }
  return some ? out : null;
}

/**
 * Which of the vectors `kind` names (1: its plays must be positive, 2: must be 0) some pick of the
 * other sides makes with a value of that class: a depth-first walk over the other sides' entries
 * of each value of a wanted class, a partial sum followed only while it fits under a vector still
 * undecided. Null past `MAX_STEPS` entries tried (nothing is retired then).
 */
function vectorsWithClass(b: SideBoard, others: ReadonlyArray<SideTable>, base: Uint8Array, p: PartnerUses, kind: Uint8Array): Uint8Array | null {
  const K = b.keys.length;
  const buf = b.pool.buf;
  const found = new Uint8Array(p.n);
  const open: number[] = [];
  for (let i = 0; i < p.n; i++) if (kind[i]) open.push(i);
  const sum = Int16Array.from(base);
  let steps = 0;
  let want = 0;
  const under = (v: number): boolean => {
    for (let q = 0; q < K; q++) if (sum[q] > p.vecs[v * K + q]) return false;
    return true;
  };
  const walk = (oi: number, vkey: string): boolean => {
    if (oi === others.length) {
      for (const v of open) if (kind[v] === want && !found[v] && under(v) && sum.every((x, q) => x === p.vecs[v * K + q])) found[v] = 1;
      return true;
    }
    for (const e of others[oi].byValue.get(vkey)!.entries) {
      if (++steps > MAX_STEPS) return false;
      for (let q = 0; q < K; q++) sum[q] += buf[e.off + q];
      let fits = false;
      for (const v of open) if (kind[v] === want && !found[v] && under(v)) fits = true;
      const ok = !fits || walk(oi + 1, vkey);
      for (let q = 0; q < K; q++) sum[q] -= buf[e.off + q];
      if (!ok) return false;
    }
    return true;
  };
  for (const vkey of others[0].byValue.keys()) {
    want = vkey === "0" ? 2 : vkey.startsWith("-") ? 0 : 1;
    if (want === 0 || !open.some((v) => kind[v] === want && !found[v])) continue;
    if (!others.every((t) => t.byValue.has(vkey))) continue;
    if (!walk(0, vkey)) return null;
  }
  return found;
}

/** The probe's use of its vectors' facts (join.ts `probe`): the vectors no play takes retired
 * (only where some vector fixes a product-only probed side), and the tie cut given the leading
 * keys, enumerated when it first compares a key, when the probed side is the last. */
export function applyVectorFacts(b: SideBoard, g: Group, sides: ReadonlyArray<{ a: number; b: number; t: SideTable }>, probeSide: number, base: Uint8Array, p: PartnerUses | null, olds: ReadonlyArray<{ core: string } | undefined>, ne: number, tie: SmathTieCut | null | undefined): void {
  if (p && tie) tie.vecs = () => vectorLeastOf(b, sides.filter((_, si) => si !== probeSide).map((x) => x.t), base, p, tie.opKeys);
  if (!p || !vectorFacts.on) return;
  const kind = productVectors(b, p, olds, ne);
  const found = kind ? vectorsWithClass(b, sides.filter((_, si) => si !== probeSide).map((x) => x.t), base, p, kind) : null;
  if (kind && found) {
    const dead = (p.dead ??= new Uint8Array(p.n));
    for (let i = 0; i < p.n; i++) {
      if (kind[i] === 0 || dead[i] || found[i]) continue;
      dead[i] = 1;
      vectorFacts.retired++;
    }
  }
  // the keys after any retirement: `leadAfter` reads `p.dead` through the partner cut
  if (tie && probeSide === sides.length - 1) tie.lead = { facts: () => vectorFactsOf(b, g, sides, probeSide, base, p), live: null };
}
