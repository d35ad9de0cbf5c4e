/**
 * The interval values of 'SMATH sides in exact rationals of two JS numbers (issue 28): the memo of
 * operand sub-sequences (a trie), the interval programme over split points, and the spans the
 * range cuts read. brackets.ts holds the bigint programme with witnesses and the whole side's visit.
 */

import * as Q from "../rational";
import type { Rational } from "../rational";
import { NumKeyTable } from "./numkeytable";

/** One operand (a number tile) of a side and the operator before it ("" = side by side). */
export interface Operand {
  value: Rational;
  /** the operator between the previous operand and this one; "imul" when they touch */
  op: "+" | "-" | "×" | "÷" | "imul" | "";
  /** brackets the board already has on this tile in this line */
  oldOpen: number;
  oldClose: number;
  /** a board tile (brackets added to it are an overlay) */
  old?: boolean;
}

/** One node of the memo's trie: the values of one operand sub-sequence (undefined: not yet
 * computed; null: past the exact range) and its number (the key of the sequences one operand
 * longer in the memo's `edges`). */
export interface MemoNode {
  vals: NumValues | null | undefined;
  id: number;
}

/** A side's operands as the memo reads them: per operand its token's code (and, from the second
 * on, its operator's), its text and its value. Reused from call to call (no allocation per side). */
export interface Sequence {
  n: number;
  code: Int32Array;
  tok: string[];
  num: Float64Array;
  /** the operator before each operand (`opAt`) */
  op: Array<Operand["op"]>;
}

const OP_CODE: Record<Operand["op"], number> = { "": 0, "+": 1, "-": 2, "×": 3, "÷": 4, imul: 5 };
/** an operand's code: operator · TOKENS + token (tokens beyond TOKENS use the slow path) */
const TOKENS = 1 << 16;
/** values per chunk of the memo's pool */
const CHUNK = 1 << 14;
/** codes are below this: a trie edge's key is its parent's id · CODES + the code */
const CODES = 6 * TOKENS;

/**
 * The interval values of 'SMATH sides, memoised by operand sub-sequence (issue 28) over a trie whose
 * edges are small integers (operator and token codes): finding a filling's intervals walks the
 * trie, where keying a map by each sub-sequence's text built and hashed a string per interval per
 * filling (most of 'SMATH's search time, by `--cpu-prof`). The prefix intervals of a side are one
 * walk. One memo per search (sides.ts).
 */
export class IntervalMemo {
  /** the trie's edges, keyed by parent id · CODES + code: a Map of children per node was a
   * Map allocated per node (issue 28, smval); the root (id 0) is keyed by the token alone */
  private readonly edges = new NumKeyTable<MemoNode>();
  private readonly root: MemoNode = { vals: undefined, id: 0 };
  private ids = 0;
  /** the memoised intervals' values, one after another in chunks (`NumValues.off`): an
   * interval's own numerator and denominator arrays, copied at their exact size from a listing,
   * were two allocations per interval and a copy (issue 28, smval); one growing array was copied
   * on each growth. The memo never drops an interval, so a full chunk is only left. */
  poolN: number[] = [];
  poolD: number[] = [];
  top = 0;

  /** `chunk`: values per chunk of the pool (small in tests, so that chunks fill) */
  constructor(private readonly chunk = CHUNK) {}

  /** room for `need` more values at `top` (a new chunk when the current one is short) */
  reserve(need: number): void {
    if (this.top + need <= this.poolN.length) return;
    const size = Math.max(this.chunk, need);
    this.poolN = new Array<number>(size).fill(0);
    this.poolD = new Array<number>(size).fill(0);
    this.top = 0;
  }
  private readonly tokens = new Map<Rational, { code: number; tok: string; num: number }>();
  private readonly codes = new Map<string, number>();
  private readonly seq: Sequence = { n: 0, code: new Int32Array(16), tok: [], num: new Float64Array(16), op: [] };
  /** the nodes of the current sequence's intervals met so far (`nodes[i · w + j]`): walking the
   * trie from its root for every interval of every split was a tenth of the search's CPU (issue
   * 28, smcost); each node is now one lookup from the one before it. Kept across sequences for
   * the intervals within the operands they share at the start (fillings come in order, so most
   * share all but their last operand); `kept` operands of `seq` are the cache's. */
  private nodes: Array<MemoNode | undefined> = new Array<MemoNode | undefined>(16 * 16).fill(undefined);
  /** the sequence (`epoch`) in which each node was met; one is stale when its column was
   * dropped after (`since[j]`: intervals ending at operand j hold no node met before it) */
  private met = new Float64Array(16 * 16);
  private since = new Float64Array(16);
  private epoch = 1;
  private w = 16;
  private kept = 0;

  /** The side's operands as a sequence; null when a board bracket is in the line (those sides
   * take `sideValues`) or a token is out of the codes' range. */
  sequence(ops: readonly Operand[]): Sequence | null {
    const n = ops.length;
    const seq = this.seq;
    const was = this.kept;
    if (seq.code.length < n) {
      seq.code = new Int32Array(n);
      seq.num = new Float64Array(n);
    }
    if (n > this.w) {
      this.w = n;
      this.nodes = new Array<MemoNode | undefined>(n * n).fill(undefined);
      this.met = new Float64Array(n * n);
      this.since = new Float64Array(n);
    }
    const epoch = ++this.epoch;
    // `same`: the operands this sequence shares with the cache's at the start
    let same = 0;
    this.kept = 0;
    for (let i = 0; i < n; i++) {
      const o = ops[i];
      if (o.oldOpen || o.oldClose) return this.forget();
      let t = this.tokens.get(o.value);
      if (!t) {
        const tok = Q.toString(o.value);
        let code = this.codes.get(tok);
        if (code === undefined) this.codes.set(tok, (code = this.codes.size));
        t = { code, tok, num: Number(tok) };
        this.tokens.set(o.value, t);
      }
      if (t.code >= TOKENS) return this.forget();
      const code = i === 0 ? t.code : OP_CODE[o.op] * TOKENS + t.code;
      if (same === i && i < was && seq.code[i] === code) same++;
      seq.code[i] = code;
      seq.op[i] = i === 0 ? "" : o.op;
      seq.tok[i] = t.tok;
      seq.num[i] = t.num;
    }
    // intervals ending at or after the first operand that differs are other nodes now
    for (let j = same; j < n; j++) this.since[j] = epoch;
    seq.n = n;
    this.kept = n;
    return seq;
  }

  /** no node is kept (the sequence's codes were left half written) */
  private forget(): null {
    this.since.fill(this.epoch);
    this.kept = 0;
    return null;
  }

  /** the node of operands i..j met since its column was last dropped, if any */
  private metAt(i: number, j: number): MemoNode | undefined {
    const at = i * this.w + j;
    return this.met[at] >= this.since[j] ? this.nodes[at] : undefined;
  }

  /** the node of operands i..j (created empty when new), from the longest i..k already met */
  node(seq: Sequence, i: number, j: number): MemoNode {
    const node = this.metAt(i, j);
    if (node) return node;
    const { nodes, met, epoch } = this;
    const row = i * this.w;
    let k = j - 1;
    let at: MemoNode | undefined;
    while (k >= i && !(at = this.metAt(i, k))) k--;
    if (!at) at = this.child(this.root, seq.code[(k = i)] % TOKENS);
    nodes[row + k] = at;
    met[row + k] = epoch;
    for (k++; k <= j; k++) {
      nodes[row + k] = at = this.child(at, seq.code[k]);
      met[row + k] = epoch;
    }
    return at;
  }

  /** the nodes of operands 0..k for every k < last (one walk; the whole side's node is not
   * made: a filling's own values are never memoised, they were most of the garbage) */
  prefixNodes(seq: Sequence, last: number, out: MemoNode[]): void {
    for (let k = 0; k < last; k++) out[k] = this.node(seq, 0, k);
  }

  /** the node of operands i..j, or undefined when none was made */
  peek(seq: Sequence, i: number, j: number): MemoNode | undefined {
    let k = j;
    let node: MemoNode | undefined;
    while (k >= i && !(node = this.metAt(i, k))) k--;
    if (k < i) node = this.edges.get(seq.code[(k = i)] % TOKENS);
    for (k++; k <= j && node; k++) node = this.edges.get(node.id * CODES + seq.code[k]);
    return node;
  }

  /** the node one operand (its code `code`) longer than `node` */
  next(node: MemoNode, code: number): MemoNode {
    return this.child(node, code);
  }

  private child(parent: MemoNode, code: number): MemoNode {
    const key = parent.id * CODES + code;
    let c = this.edges.get(key);
    if (!c) this.edges.set(key, (c = { vals: undefined, id: ++this.ids }));
    return c;
  }
}

/** the values of an interval: keys (`Q.toString`'s text; null until asked for), exact
 * numerators and denominators, and their least and largest value (NaN until `spanOf`) */
export interface NumValues {
  keys: string[] | null;
  /** the numerators and denominators are `n[off..off + len)`, `d[off..off + len)` (a memoised
   * interval's are in its memo's pool; a reused scratch's arrays may be longer: emptying an array
   * by `length = 0` dropped its store, which was then grown again) */
  n: number[];
  d: number[];
  off: number;
  len: number;
  min: number;
  max: number;
  /** the largest |numerator| and denominator (NaN until `magOf`) */
  mag: number;
  den: number;
}

const SAFE = Number.MAX_SAFE_INTEGER;

export function gcd(a: number, b: number): number {
  a = Math.abs(a);
  while (b) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

export const newValues = (): NumValues => ({ keys: null, n: [], d: [], off: 0, len: 0, min: NaN, max: NaN, mag: NaN, den: NaN });
/** every split's parts of the intervals being listed, a stack shared by `intervalValues`' nested
 * calls (each pops back to where it began; an array per interval was garbage) */
const parts: NumValues[] = [];
let partsTop = 0;

/** The values of operands i..j (their node `at`), from the memo or computed from its splits.
 * Integer values (most of them) are told apart by number, not by text: building and hashing a
 * key string per value was most of this function's time (issue 28, fifth round); the keys are
 * written only when a table asks for them (`keysOf`). */
export function intervalValues(seq: Sequence, memo: IntervalMemo, i: number, j: number, at: MemoNode): NumValues | null {
  if (at.vals !== undefined) return at.vals;
  if (i === j) {
    memo.reserve(1);
    const off = memo.top++;
    memo.poolN[off] = seq.num[i];
    memo.poolD[off] = 1;
    return (at.vals = { keys: [seq.tok[i]], n: memo.poolN, d: memo.poolD, off, len: 1, min: seq.num[i], max: seq.num[i], mag: NaN, den: NaN });
  }
  // every split's parts first: `seen`'s marks hold only while no other interval is listed
  const base = partsTop;
  // the left parts i..k are one walk down the trie (one node longer each split)
  let left = memo.node(seq, i, i);
  // at most every split's products (the chunk is reserved after the parts, which may take one)
  let need = 0;
  for (let k = i; k < j; k++) {
    if (k > i) left = memo.next(left, seq.code[k]);
    const L = intervalValues(seq, memo, i, k, left);
    const R = intervalValues(seq, memo, k + 1, j, memo.node(seq, k + 1, j));
    if (!L || !R) {
      partsTop = base;
      return (at.vals = null);
    }
    parts[partsTop++] = L;
    parts[partsTop++] = R;
    need += L.len * R.len;
  }
  partsTop = base;
  const seen = newSeen();
  // listed straight into the pool's end: every part is listed already, so nothing else writes there
  memo.reserve(need);
  const out: NumValues = { keys: null, n: memo.poolN, d: memo.poolD, off: memo.top, len: 0, min: NaN, max: NaN, mag: NaN, den: NaN };
  for (let k = i; k < j; k++) if (!combine(opAt(seq, k + 1), parts[base + 2 * (k - i)], parts[base + 2 * (k - i) + 1], out, seen)) return (at.vals = null);
  memo.top += out.len;
  return (at.vals = out);
}

/** The values an interval has listed so far: small integers (most values) marked in `marks`
 * with the interval's own mark (a table shared by all intervals, never cleared between them:
 * a Set per interval was most of the listing's time, issue 28 smint), other integers by number,
 * fractions by text. Valid only until the next `newSeen`. */
export interface Seen {
  mark: number;
  ints: Set<number> | null;
  fracs: Set<string> | null;
}

const MARK_OFF = 1 << 17;
const marks = new Uint32Array(2 * MARK_OFF);
let lastMark = 0;

/** the one `Seen` (an object per interval was garbage; only one is ever in use) */
const seen1: Seen = { mark: 0, ints: null, fracs: null };

export function newSeen(): Seen {
  if (lastMark === 0xffffffff) {
    marks.fill(0);
    lastMark = 0;
  }
  seen1.mark = ++lastMark;
  // clearing an empty Set is not free, and most intervals list no large integer or fraction
  if (seen1.ints?.size) seen1.ints.clear();
  if (seen1.fracs?.size) seen1.fracs.clear();
  return seen1;
}

/** Appends to `out` the values of L op R in [lo, hi] not yet `seen`, in order (L's, then R's);
 * false when a product leaves the exact range (|·| > 2^53). */
export function combine(op: Operand["op"], L: NumValues, R: NumValues, out: NumValues, seen: Seen, lo = -Infinity, hi = Infinity): boolean {
  const mark = seen.mark;
  const add = op === "+" || op === "-";
  const { n: Ln, d: Ld, off: Lo } = L;
  const { n: Rn, d: Rd, off: Ro } = R;
  const { n: On, d: Od, off: Oo } = out;
  for (let a = 0; a < L.len; a++) {
    const an = Ln[Lo + a];
    const ad = Ld[Lo + a];
    for (let b = 0; b < R.len; b++) {
      const bn = Rn[Ro + b];
      const bd = Rd[Ro + b];
      let n: number;
      let d: number;
      if (add) {
        const x = an * bd;
        const y = bn * ad;
        n = op === "+" ? x + y : x - y;
        d = ad * bd;
        if (Math.abs(x) > SAFE || Math.abs(y) > SAFE) return false;
      } else if (op === "÷") {
        if (bn === 0) continue;
        n = an * bd;
        d = ad * bn;
      } else {
        n = an * bn;
        d = ad * bd;
      }
      if (Math.abs(n) > SAFE || Math.abs(d) > SAFE) return false;
      const v = n / d;
      if (v < lo || v > hi) continue;
      if (d < 0) {
        n = -n;
        d = -d;
      }
      if (n === 0) {
        n = 0; // never -0
        d = 1;
      } else if (d !== 1) {
        const g = gcd(n, d);
        n /= g;
        d /= g;
      }
      if (d === 1) {
        if (n >= -MARK_OFF && n < MARK_OFF) {
          if (marks[n + MARK_OFF] === mark) continue;
          marks[n + MARK_OFF] = mark;
        } else {
          if ((seen.ints ??= new Set()).has(n)) continue;
          seen.ints.add(n);
        }
      } else {
        const vk = `${n}/${d}`;
        if ((seen.fracs ??= new Set()).has(vk)) continue;
        seen.fracs.add(vk);
      }
      On[Oo + out.len] = n;
      Od[Oo + out.len++] = d;
    }
  }
  return true;
}

/** the operator before operand k */
export const opAt = (seq: Sequence, k: number): Operand["op"] => seq.op[k];

/** an interval's value keys (`Q.toString`'s text), written on first use */
export function keysOf(V: NumValues): string[] {
  if (V.keys) return V.keys;
  const keys: string[] = [];
  for (let a = V.off; a < V.off + V.len; a++) keys.push(V.d[a] === 1 ? String(V.n[a]) : `${V.n[a]}/${V.d[a]}`);
  return (V.keys = keys);
}


/** Writes the least and largest value of an interval's values on it (`min`, `max`). */
export function spanOf(V: NumValues): void {
  if (V.min !== V.min) {
    let a = Infinity;
    let b = -Infinity;
    for (let i = V.off; i < V.off + V.len; i++) {
      const v = V.n[i] / V.d[i];
      if (v < a) a = v;
      if (v > b) b = v;
    }
    V.min = a;
    V.max = b;
  }
}

/** No value of L op R can lie in [lo, hi] (interval arithmetic on the two spans; `÷` by a span
 * holding 0 and an unknown operator are never ruled out). */
export function splitMisses(op: Operand["op"], L: NumValues, R: NumValues, lo: number, hi: number): boolean {
  if (L.len === 0 || R.len === 0) return false;
  spanOf(L);
  spanOf(R);
  const a = L.min;
  const b = L.max;
  const c = R.min;
  const d = R.max;
  let x: number;
  let y: number;
  if (op === "+") {
    x = a + c;
    y = b + d;
  } else if (op === "-") {
    x = a - d;
    y = b - c;
  } else if (op === "×" || op === "imul") {
    x = Math.min(a * c, a * d, b * c, b * d);
    y = Math.max(a * c, a * d, b * c, b * d);
  } else if (op === "÷" && (c > 0 || d < 0)) {
    x = Math.min(a / c, a / d, b / c, b / d);
    y = Math.max(a / c, a / d, b / c, b / d);
  } else return false;
  return y < lo || x > hi;
}

/** `rightNeed`'s answer (one object, overwritten by each call) */
const need = { lo: 0, hi: 0 };

/** The range [lo, hi] (returned) holding every r for which l op r lies in [lo, hi] for some value l of
 * L (interval arithmetic on L's span, widened by a hair so rounding never drops a value; empty,
 * lo > hi, when L has no value or [lo, hi] is empty). */
export function rightNeed(op: Operand["op"], L: NumValues, lo: number, hi: number): { lo: number; hi: number } {
  spanOf(L);
  const a = L.min;
  const b = L.max;
  if (a > b || lo > hi) {
    need.lo = Infinity;
    need.hi = -Infinity;
    return need;
  }
  let x: number;
  let y: number;
  if (op === "+") {
    x = lo - b;
    y = hi - a;
  } else if (op === "-") {
    x = a - hi;
    y = b - lo;
  } else if ((op === "×" || op === "imul") && (a > 0 || b < 0)) {
    // r = v / l, monotone in each on the box (l keeps its sign)
    x = Math.min(lo / a, lo / b, hi / a, hi / b);
    y = Math.max(lo / a, lo / b, hi / a, hi / b);
  } else if (op === "÷" && (lo > 0 || hi < 0)) {
    // r = l / v (v keeps its sign)
    x = Math.min(a / lo, a / hi, b / lo, b / hi);
    y = Math.max(a / lo, a / hi, b / lo, b / hi);
  } else {
    x = -Infinity;
    y = Infinity;
  }
  // NaN (∞ − ∞ cannot arise from finite spans, but never trust it): no bound
  need.lo = x === x ? x - 1e-9 * (1 + Math.abs(x)) : -Infinity;
  need.hi = y === y ? y + 1e-9 * (1 + Math.abs(y)) : Infinity;
  return need;
}

/** Writes the largest |numerator| and denominator of an interval's values on it (`mag`, `den`):
 * a memoised interval's are read by every filling that shares it (issue 28, smcost). */
export function magOf(V: NumValues): void {
  if (V.mag !== V.mag) {
    let a = 0;
    let b = 0;
    for (let i = V.off; i < V.off + V.len; i++) {
      a = Math.max(a, Math.abs(V.n[i]));
      b = Math.max(b, V.d[i]);
    }
    V.mag = a;
    V.den = b;
  }
}

/** every product and sum of one split stays exact in doubles (|·| ≤ 2^53) */
export function safeProducts(op: Operand["op"], L: NumValues, R: NumValues): boolean {
  magOf(L);
  magOf(R);
  const la = L.mag;
  const lb = L.den;
  const ra = R.mag;
  const rb = R.den;
  const m = Math.max(la * rb, ra * lb, la * ra, lb * rb);
  return op === "+" || op === "-" ? 2 * m <= SAFE : m <= SAFE;
}