/**
 * The probe's score bound with the tiles left ('SMATH, and Equate since the tenth round; fill.ts
 * `fillSide` asks `leastAt` at every empty square): the most the probed side's squares left and the other sides can still add, by a
 * largest matching of those squares to the rack tiles left (docs/movegen-speed.md, "eighth round:
 * the proofs that remain") and, where the partner vectors are known, per partner vector ("ninth
 * round: blanks"). Split from fill.ts, which fills the squares for every ruleset.
 */
import { maxMatchingFlat } from "./groupbound";
import { probeCuts, type PartnerUses } from "./partners";
import type { ProbeCut } from "./fill";
import type { SideBoard } from "./sides";
import { NumKeyTable } from "./numkeytable";

/** The least a probed filling's squares before e must add to reach the list. 'SMATH's is tighter
 * than `ProbeCut.rem`: the most the empty squares from e on can add with the tiles still on the
 * rack, each rack tile on one square at most (a largest matching, groupbound.ts `maxMatching`;
 * admissible, as every completion puts distinct tiles left on those squares). */
export function leastAt(cut: ProbeCut, b: SideBoard, uses: Uint8Array, e: number): number {
  const lim = cut.limit();
  // no list score to reach yet (nothing is cut), or another ruleset: the static bound
  // (Equate: the boards `sideEval` values; Number Scrabble keeps the static bound)
  if ((!b.smath && !(eqMatched.on && b.sideEval)) || lim <= 0 || !probeCuts.on) return lim - cut.rem[e];
  const { counts } = b;
  // the matching depends on the square and the tiles left only: memoised per probe (a dfs reaches
  // one multiset of tiles left by many orders), keyed by a number, not a string (issue 28, eqhash)
  const memo = cut.matched ?? (cut.matched = matchedMemo(cut, b));
  let mk = 0;
  for (let k = 0; k < counts.length; k++) mk = mk * (counts[k] + 1) + uses[k];
  mk += e * memo.size;
  const { flat } = memo;
  const known = flat ? flat[mk] : memo.table!.get(mk);
  // NaN: never set (a bound is a number or -Infinity, never NaN)
  if (known !== undefined && known === known) return lim + known;
  const got = matchedRest(cut, b, uses, e);
  if (!b.smath) eqMatched.fired++;
  if (flat) flat[mk] = got;
  else memo.table!.set(mk, got);
  return lim + got;
}

/** `leastAt`'s memo for one probe: the key of (e, tiles left) is e·size + the tiles left in mixed
 * radix (digit k counts uses[k] ≤ counts[k]; size = Π (counts[k] + 1), one per multiset), unique
 * per pair; a flat table while e's range times size is small (Equate: at most a few thousand),
 * else a hash table */
export interface MatchedMemo {
  size: number;
  flat: Float64Array | null;
  table: NumKeyTable<number> | null;
}

const FLAT_MAX = 1 << 14;

function matchedMemo(cut: ProbeCut, b: SideBoard): MatchedMemo {
  const { counts } = b;
  // Equate (no other sides' rows): `matchedRest` reads the probe only through its squares' best
  // weights by rack key (`keyWeights`), so probes with the same weights share one memo; many
  // probes of a search have the same squares (equate:28, 32: 954 probes, 164 weight tables)
  const key = cut.others ? null : keyWeights(cut, b).map((r) => r.join(",")).join("|");
  const shared = key === null ? null : sharedMemos(b);
  const had = key === null ? undefined : shared!.get(key);
  if (had) return had;
  let size = 1;
  for (let k = 0; k < counts.length; k++) size *= counts[k] + 1;
  const all = size * (cut.w.length + 1);
  const memo = all <= FLAT_MAX ? { size, flat: new Float64Array(all).fill(NaN), table: null } : { size, flat: null, table: new NumKeyTable<number>() };
  if (key !== null) shared!.set(key, memo);
  return memo;
}

const memosOf = new WeakMap<SideBoard, Map<string, MatchedMemo>>();
/** one search's memos shared by probes of the same weights (one board and rack: one `counts`) */
function sharedMemos(b: SideBoard): Map<string, MatchedMemo> {
  let m = memosOf.get(b);
  if (!m) memosOf.set(b, (m = new Map()));
  return m;
}

/** `leastAt`'s part beyond the limit: minus the most the squares from e on (and the other sides'
 * squares) can add with the tiles left */
function matchedRest(cut: ProbeCut, b: SideBoard, uses: Uint8Array, e: number): number {
  const { w } = cut;
  const { counts } = b;
  const rows = w.length - e;
  const byKey = keyWeights(cut, b);
  const cols: number[] = [];
  for (let k = 0; k < counts.length; k++) for (let c = uses[k]; c < counts[k]; c++) cols.push(k);
  // the other sides' squares join the matching in place of their tables' best entries (those
  // may use tiles the prefix holds); their board tiles' points stay fixed
  const ext = cut.others && matchedLeast.on ? cut.others : null;
  if (ext?.partners?.best && partnerScore.on) return ext.max - partnersRest(ext.partners, byKey, w.length, b, uses, e);
  const all = rows + (ext ? ext.rows.length : 0);
  if (!matchedLeast.on || all > cols.length) {
    let s = 0;
    for (let q = e; q < w.length; q++) {
      let m = 0;
      for (const k of cols) m = Math.max(m, byKey[q][k]);
      s += m;
    }
    return -s;
  }
  const s = matchFlat(byKey, e, e + all, cols);
  return ext ? ext.max - ext.old - s : -s;
}

// the matrix `matchFlat` hands to the matching, reused (a fresh one per bound was garbage)
let MAT = new Float64Array(256);

/** the largest matching of rows from..to (weights by key, none below 0) to the tile columns */
function matchFlat(byKey: Float64Array[], from: number, to: number, cols: number[]): number {
  const m = cols.length;
  const n = to - from;
  if (MAT.length < n * m) MAT = new Float64Array(2 * n * m);
  for (let q = from; q < to; q++) {
    const bk = byKey[q];
    const at = (q - from) * m;
    for (let c = 0; c < m; c++) MAT[at + c] = Math.max(0, bk[cols[c]]);
  }
  return maxMatchingFlat(MAT, n, m);
}

/** Switch of the matched prefix bound (`leastAt`) for the test that compares plays with it off. */
export const matchedLeast = { on: true };

/** Switch of the partner-vector score bound (`partnersRest`) for its test; `fired`: bounds made. */
export const partnerScore = { on: true, fired: 0 };

/**
 * The most the probed side's squares from e on and the other sides together can add, by partner
 * vector ('SMATH, docs/movegen-speed.md "ninth round: blanks"): a completion takes the other sides'
 * tiles as one of the partner vectors P still fitting the tiles left (partners.ts), scoring at
 * most `best[P]` there, and puts distinct tiles of the rest (left − P) on the probed side's squares
 * left (at most their largest matching). So the most is the largest of best[P] + that matching;
 * -Infinity when no vector leaves a filling. Tighter than one matching over both sides' squares,
 * which may give the other sides tiles whose values no pick of theirs can join (smath:19: every
 * tile placed, the best squares of the short sides only reachable by fillings of another value).
 */
function partnersRest(p: PartnerUses, byKey: Float64Array[], n: number, b: SideBoard, uses: Uint8Array, e: number): number {
  const { counts } = b;
  const { vecs, k: K, best } = p;
  // the probed side's rows (the other sides' follow them in `byKey`)
  const rows = byKey.slice(e, n);
  const order = byBest(p);
  partnerScore.fired++;
  // the rows matched to every tile left bound each vector's matching: vectors in descending
  // best stop once best + that cannot beat the most found
  const upper = matchRows(rows, restCols(counts, uses, null, 0, K));
  let most = -Infinity;
  for (const j of order) {
    if (best![j] + upper <= most) break;
    const cols = restCols(counts, uses, vecs, j * K, K);
    if (cols === null || cols.length < rows.length) continue;
    most = Math.max(most, best![j] + matchRows(rows, cols));
  }
  return most;
}

/** the rack keys left, one column per tile, less vector `vecs[at..at + K)` (null: it does not fit) */
function restCols(counts: readonly number[] | Uint8Array, uses: Uint8Array, vecs: Uint8Array | null, at: number, K: number): number[] | null {
  const cols: number[] = [];
  for (let q = 0; q < K; q++) {
    const left = counts[q] - uses[q] - (vecs ? vecs[at + q] : 0);
    if (left < 0) return null;
    for (let c = 0; c < left; c++) cols.push(q);
  }
  return cols;
}

/** the largest matching of rows (weights by key) to the tile columns */
function matchRows(rows: Float64Array[], cols: number[] | null): number {
  if (!cols || cols.length < rows.length) return -Infinity;
  return matchFlat(rows, 0, rows.length, cols);
}

const byBestOf = new WeakMap<PartnerUses, number[]>();
/** the partner vectors by their best score, descending */
function byBest(p: PartnerUses): number[] {
  let o = byBestOf.get(p);
  if (!o) byBestOf.set(p, (o = Array.from({ length: p.n }, (_, j) => j).sort((x, y) => p.best![y] - p.best![x])));
  return o;
}

const keyWeightsOf = new WeakMap<ProbeCut, Float64Array[]>();
/** per empty square, per rack key: the best weight of that key's items (a blank: its best face) */
function keyWeights(cut: ProbeCut, b: SideBoard): Float64Array[] {
  let kw = keyWeightsOf.get(cut);
  if (kw) return kw;
  kw = [...cut.w, ...(cut.others?.rows ?? [])].map((we) => {
    const out = new Float64Array(b.keys.length);
    for (let k = 0; k < b.items.length; k++) out[b.items[k].key] = Math.max(out[b.items[k].key], we[k]);
    return out;
  });
  keyWeightsOf.set(cut, kw);
  return kw;
}

/** Switch of the matched prefix bound for Equate (off: Equate reads the static `rem[e]`, as
 * before the tenth round) for its test; `fired`: matchings made for Equate. The bound is the
 * 'SMATH one: admissible for any ruleset, as a completion puts distinct rack tiles left on the
 * squares left, each adding at most its weight there (`w`, Equate's too), so their sum is at most
 * a largest matching of those squares to those tiles, never above `rem[e]` (each square's best). */
export const eqMatched = { on: true, fired: 0 };
