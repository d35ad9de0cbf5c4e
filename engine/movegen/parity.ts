/**
 * 'SMATH: the square-class cut of a probed side with no `+` or `−` (docs/movegen-speed.md "Top play:
 * speed", 'SMATH sixth round). A side whose operators are `×`, `÷` and touching numbers only has,
 * whatever its brackets, the value ∏ aᵢ^±1 (each number in a numerator or a denominator), so for
 * every prime p the exponent of p in the value has the parity of its exponent in the product of
 * all the side's numbers: the value's square class (a bit per prime, set when the exponent is
 * odd) is the XOR of its numbers' classes, and the value is positive. None of the numbers may be 0. While no `+`, `−` or 0
 * is in the side so far and none can come (none on the rack, no blank left, none on the board
 * ahead in the side), the classes the rest of the side can add are those of the sub-multisets of
 * the numbers left on the rack (as many as the empty squares left, less the `×`/`÷` tiles that
 * may take some), XOR the board's numbers ahead. A prefix from which no class of a value the
 * other sides have can be reached is not completed. Like Equate's fraction balance, it cuts where
 * the value range cannot: a rack of numbers with one `÷` on a long line whose other side is one
 * tile (smath:27: every split of the numbers leaves a prime odd).
 *
 * With few enough of them, the other sides' picks are taken one tile vector at a time (as
 * partners.ts builds them, each with the classes of its values): the rest of the side then comes
 * from the rack less that vector, so a blank the other sides take no longer stops the cut, and
 * the tiles they take leave the rest's classes exact.
 *
 * A 0 (branch sm3side): such a side holding a 0 is worth 0 in every bracketing (the 0 in a
 * numerator) or has no value (in a denominator), so a 0 does not stop the cut: a side with a 0
 * (placed, or on the board ahead) can reach only 0, and a 0 left on the rack adds 0 to what the
 * rest can reach.
 *
 * Sound by construction: a class outside the reachable set belongs to no completion.
 */
import type { GridCell } from "../play";
import { NumKeyTable } from "./numkeytable";
import { probeCuts, vecNumKey, vecRadix } from "./partners";
import type { SideTable } from "./sides";

/** More primes than this among the numbers: no cut (2^P classes per reachable set). */
const MAX_PRIMES = 8;
/** Past this many partner tile vectors, or steps building them, the cut uses the classes alone. */
const MAX_VECS = 32;
const MAX_STEPS = 5_000;

/** The other sides' values as square classes over `primes` (values no side of × and ÷ reaches — 0, a
 * prime outside `primes` to an odd power — left out); null when a value cannot be read. */
export interface ParityTargets {
  primes: number[];
  classes: number[];
  /** 0 is a value of every other table */
  zero: boolean;
  /** the other sides' joint tile vectors, each with its values' classes (a byte per class, then
   * one for the value 0); null: not built */
  vecs: Array<{ vec: Uint8Array; cls: Uint8Array }> | null;
}

/** A face's number (a non-negative integer), or null when it is not one. */
function numberOf(core: string): number | null {
  return /^\d+$/.test(core) ? Number(core) : null;
}

/** The square class of |x| over `primes`, or -1 when a prime outside them has an odd power or x is 0
 * (no side of × and ÷ without 0 is worth 0). */
function classOf(x: number, primes: readonly number[]): number {
  if (x === 0) return -1;
  let m = 0;
  let r = Math.abs(x);
  for (let j = 0; j < primes.length; j++) {
    const p = primes[j];
    while (r % p === 0) {
      r /= p;
      m ^= 1 << j;
    }
  }
  const s = Math.round(Math.sqrt(r));
  return s * s === r ? m : -1;
}

/** The targets of a probe: the values every other table has, as classes over the primes of the
 * rack's and the side's board numbers (null: no cut); `base` is what the group takes besides its
 * sides (its new `=`), `buf` the fill pool. */
export function parityTargets(others: readonly SideTable[], numbers: readonly number[], buf: Uint8Array, counts: readonly number[], base: Uint8Array): ParityTargets | null {
  if (!probeCuts.on || others.length === 0) return null;
  const primes: number[] = [];
  for (const x of numbers) {
    let r = x;
    for (let p = 2; r > 1 && p <= 1000; p++) {
      if (r % p !== 0) continue;
      if (!primes.includes(p)) primes.push(p);
      while (r % p === 0) r /= p;
    }
  }
  if (primes.length > MAX_PRIMES) return null;
  const seen = new Uint8Array(1 << primes.length);
  const classes: number[] = [];
  const K = counts.length;
  const radix = vecRadix(counts, base);
  const sum = new Uint8Array(K);
  let vecs: Map<number, { vec: Uint8Array; cls: Uint8Array }> | null = radix ? new Map() : null;
  let steps = 0;
  let zero = false;
  for (const k of others[0].byValue.keys()) {
    if (!others.every((t) => t.byValue.has(k))) continue;
    const slash = k.indexOf("/");
    const a = Number(slash >= 0 ? k.slice(0, slash) : k);
    const d = slash >= 0 ? Number(k.slice(slash + 1)) : 1;
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(d) || d === 0) return null;
    const ca = classOf(a, primes);
    const cd = classOf(d, primes);
    // a key is in lowest terms, so the primes outside are even in the quotient only if in both;
    // such a side's numbers are positive, and so is its value. A value of no class (or ≤ 0) still
    // gives its vectors (with none): a tile they leave may break the cut
    const c = a === 0 ? seen.length : a < 0 || d < 0 || ca < 0 || cd < 0 ? -1 : ca ^ cd;
    if (c === seen.length) zero = true;
    else if (c >= 0 && !seen[c]) classes.push(c);
    if (c >= 0) seen[c] = 1;
    if (!vecs) continue;
    // the joint tile vectors of this value (partners.ts `partnerUses`, one value), on one scratch
    // sum copied only when it fits and is new, keyed by a number (issue 28, smcost3)
    let layer = [base];
    for (const t of others) {
      const next = new Map<number, Uint8Array>();
      const entries = t.byValue.get(k)!.entries;
      for (const s of layer) {
        for (let ei = 0; ei < entries.length; ei++) {
          if (++steps > MAX_STEPS) break;
          const off = entries[ei].off;
          let fit = true;
          let nk = 0;
          for (let q = 0; q < K; q++) {
            const x = s[q] + buf[off + q];
            if (x > counts[q]) {
              fit = false;
              break;
            }
            sum[q] = x;
            nk = nk * radix![q] + x;
          }
          if (fit && !next.has(nk)) next.set(nk, sum.slice());
        }
      }
      layer = [...next.values()];
    }
    for (const v of layer) {
      const vk = vecNumKey(v, radix!);
      let at = vecs.get(vk);
      if (!at) vecs.set(vk, (at = { vec: v, cls: new Uint8Array(seen.length + 1) }));
      if (c >= 0) at.cls[c] = 1;
    }
    if (steps > MAX_STEPS || vecs.size > MAX_VECS) vecs = null;
  }
  return { primes, classes, zero, vecs: vecs ? [...vecs.values()] : null };
}

/** Tracks a probed side's square class along a depth-first filling (module comment). */
export class ParityCut {
  /** class of the numbers of squares before i; `size` once the side holds a 0; -1 once it holds `+` or `−` */
  private readonly cls: Int32Array;
  /** XOR of the classes of the board numbers at square i or after; -1 if a board `+ −` is there */
  private readonly ahead: Int32Array;
  /** a board 0 is at square i or after */
  private readonly zeroAhead: Uint8Array;
  private readonly restEmpties: Int32Array;
  /** per rack key: its class, or -1 (an operator), -2 (a key that breaks the cut: `+ − ?`), -3 (0) */
  private readonly keyCls: Int32Array;
  private readonly reach = new Map<string, Uint8Array>();
  /** `bases` by the tiles left and the squares left, as one mixed-radix number (a string key
   * built per search step was garbage, issue 28 smcost; a Map keyed by that number, past 2^31,
   * boxed it per lookup: 5 % of the allocation, smval) */
  private readonly ok = new NumKeyTable<Uint8Array | null>();
  private readonly classOfFace = new Map<string, number>();
  private readonly size: number;
  /** rack keys that break the cut, and the most of each any partner vector takes */
  private readonly breakers: number[] = [];
  private readonly breakerTaken: number[] = [];
  /** rack keys of 0 (for the count of cuts a 0 used to stop, `probeCuts.parityZero`) */
  private readonly zeroKeys: number[] = [];

  constructor(
    private readonly t: ParityTargets,
    olds: Array<GridCell | undefined>,
    keys: readonly string[],
    private readonly counts: readonly number[],
  ) {
    const n = olds.length;
    this.size = 1 << t.primes.length;
    this.cls = new Int32Array(n + 1);
    this.ahead = new Int32Array(n + 1);
    this.restEmpties = new Int32Array(n + 1);
    this.zeroAhead = new Uint8Array(n + 1);
    for (let i = n - 1; i >= 0; i--) {
      const o = olds[i];
      this.restEmpties[i] = this.restEmpties[i + 1] + (o ? 0 : 1);
      const c = o ? this.faceClass(o.core) : 0;
      this.ahead[i] = this.ahead[i + 1] < 0 || c === -2 ? -1 : c >= 0 ? this.ahead[i + 1] ^ c : this.ahead[i + 1];
      this.zeroAhead[i] = this.zeroAhead[i + 1] || c === -3 ? 1 : 0;
    }
    this.keyCls = new Int32Array(keys.length);
    for (let k = 0; k < keys.length; k++) {
      this.keyCls[k] = this.faceClass(keys[k]);
      if (this.keyCls[k] === -3) this.zeroKeys.push(k);
      if (this.keyCls[k] !== -2 || counts[k] === 0) continue;
      this.breakers.push(k);
      let most = 0;
      for (const v of t.vecs ?? []) most = Math.max(most, v.vec[k]);
      this.breakerTaken.push(most);
    }
  }

  /** a number's class, -1 for `×`/`÷`, -3 for 0, -2 for what breaks the cut (`+ −`, a blank, anything else) */
  private faceClass(core: string): number {
    let c = this.classOfFace.get(core);
    if (c !== undefined) return c;
    if (core === "×" || core === "÷") c = -1;
    else {
      const x = numberOf(core);
      if (x === 0) c = -3;
      else {
        c = x === null ? -2 : classOf(x, this.t.primes);
        if (c < 0) c = -2;
      }
    }
    this.classOfFace.set(core, c);
    return c;
  }

  /** Square i now holds `core` (the rack's `uses` already counting it): false when no value of
   * the other sides can be reached. */
  step(i: number, core: string, uses: Uint8Array): boolean {
    const { size } = this;
    const p = this.cls[i];
    const c = p < 0 ? -2 : this.faceClass(core);
    const q = c === -2 ? -1 : p === size || c === -3 ? size : c === -1 ? p : p ^ c;
    this.cls[i + 1] = q;
    if (q < 0 || this.ahead[i + 1] < 0) return true;
    // the usual case first: a breaker is left beside any pick of the other sides
    for (let j = 0; j < this.breakers.length; j++) if (this.counts[this.breakers[j]] - uses[this.breakers[j]] > this.breakerTaken[j]) return true;
    const ok = this.bases(uses, this.restEmpties[i + 1]);
    if (!ok || ok[q === size || this.zeroAhead[i + 1] ? size : q ^ this.ahead[i + 1]]) return true;
    probeCuts.parity++;
    if (q === size || this.zeroAhead[i + 1] || this.zeroKeys.some((k) => uses[k] < this.counts[k])) probeCuts.parityZero++;
    return false;
  }

  /** The classes of the side so far (with the board's ahead) from which some value of the other
   * sides can be reached, `e` empty squares left (memoised on the tiles left), and last (at
   * `size`) whether a side worth 0 meets them; null: no cut. */
  private bases(uses: Uint8Array, e: number): Uint8Array | null {
    const { counts, size } = this;
    // e < 256 squares; each key's count left in 0..counts[k] (the radices' product is below 2^53
    // for any rack: at most 2^tiles)
    let key = e;
    let radix = 256;
    for (let k = 0; k < counts.length; k++) {
      key += (counts[k] - uses[k]) * radix;
      radix *= counts[k] + 1;
    }
    let ok = this.ok.get(key);
    if (ok !== undefined) return ok;
    ok = new Uint8Array(size + 1);
    const mark = (reach: Uint8Array, t: number): void => {
      // a 0 still to come makes the side 0 whatever it holds now
      if (t === size) ok!.fill(1, reach[size] ? 0 : size);
      else for (let x = 0; x < size; x++) if (reach[x]) ok![t ^ x] = 1;
    };
    const { vecs } = this.t;
    for (const { vec, cls } of vecs ?? [{ vec: null, cls: null }]) {
      const reach = this.rest(uses, vec, e);
      if (reach === undefined) continue;
      if (reach === null) {
        ok = null;
        break;
      }
      if (cls) for (let t = 0; t <= size; t++) if (cls[t]) mark(reach, t);
      if (!cls) for (const t of this.t.zero ? [...this.t.classes, size] : this.t.classes) mark(reach, t);
    }
    this.ok.set(key, ok);
    return ok;
  }

  /** The classes `e` more empty squares can add from the rack's tiles left beside the other
   * sides' vector `vec`, and last (at `size`) whether they can take a 0 (memoised on what is
   * left); null when a tile left breaks the cut, undefined when `vec` does not fit. */
  private rest(uses: Uint8Array, vec: Uint8Array | null, e: number): Uint8Array | null | undefined {
    const { counts, keyCls, size } = this;
    let key = String.fromCharCode(e);
    for (let k = 0; k < counts.length; k++) {
      const left = counts[k] - uses[k] - (vec ? vec[k] : 0);
      if (left < 0) return undefined;
      key += String.fromCharCode(left);
    }
    for (let k = 0; k < counts.length; k++) if (keyCls[k] === -2 && key.charCodeAt(k + 1) > 0) return null;
    let out = this.reach.get(key);
    if (out) return out;
    // at[c·size + x]: c numbers left on the rack can make class x
    let at = new Uint8Array((e + 1) * size);
    at[0] = 1;
    let ops = 0;
    let zeros = 0;
    for (let k = 0; k < counts.length; k++) {
      const left = key.charCodeAt(k + 1);
      if (left === 0) continue;
      // a completion with a 0 is worth 0 (the slot at `size`); the classes are those without one
      if (keyCls[k] === -3) {
        zeros += left;
        continue;
      }
      if (keyCls[k] === -1) {
        ops += left;
        continue;
      }
      const m = keyCls[k];
      const next = at.slice();
      for (let c = 0; c < e; c++) {
        for (let x = 0; x < size; x++) {
          if (!at[c * size + x]) continue;
          for (let j = 1; j <= left && c + j <= e; j++) next[(c + j) * size + (x ^ (j & 1 ? m : 0))] = 1;
        }
      }
      at = next;
    }
    out = new Uint8Array(size + 1);
    if (zeros > 0 && e > 0) out[size] = 1;
    // the squares left take between e − (operators left) and e numbers
    for (let c = Math.max(0, e - ops); c <= e; c++) for (let x = 0; x < size; x++) if (at[c * size + x]) out[x] = 1;
    this.reach.set(key, out);
    return out;
  }
}

