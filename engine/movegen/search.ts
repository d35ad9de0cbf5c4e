/**
 * Play search: every legal play for small search spaces, a bounded constraint-driven search
 * otherwise (reference/performance.md §1–2, §7.3). docs/bot.md describes it in full.
 *
 * For each lane (a row for across plays, a column for down plays) and each run start (a square
 * whose predecessor is empty or off the board) a depth-first search walks the lane left to right.
 * Old tiles are read as they come; on an empty square it places one rack face that the square's
 * cross-check set allows (lanes.ts). A grammar automaton per ruleset prunes every prefix that can
 * no longer be read (two operators in a row, a leading operator where the ruleset has no sign,
 * `05`, a fraction followed by a digit, 'SMATH numbers side by side, too many `=`), and evaluates
 * each side incrementally in floating point (standard precedence or left to right, Equate's "no
 * negative value part-way").
 *
 * Meet in the middle on `=`: once a side is closed by `=`, its value is the target of every later
 * side. The last operand of an equation is never enumerated: whenever the automaton expects an
 * operand after an `=`, the operand that would make the side equal the target is solved for
 * (N = target − sum, target ÷ product, …), written out in every way the ruleset allows (digits,
 * a fraction tile, a mixed numeral, 'SMATH's 0–12 tile, Number Scrabble's −n, k², √k²) and laid
 * over the remaining squares: old tiles must match, new ones come from the rack (a blank may
 * stand for a missing digit), and the run must end right after it. Middle sides (several `=`)
 * are compared with the target as soon as they close.
 *
 * Every play found this way is a *candidate*: the search's arithmetic is floating point and its
 * grammar is a prefix filter, so the final word is always `adjudicatePlay` with the rack; only
 * valid plays whose ruling is an equation are returned. The bot can never make an illegal play.
 *
 * Budget: a node budget shared fairly among the run starts (unused allowance rolls forward), a
 * time budget checked every 256 nodes, and a cap on the digits of an enumerated number. With the
 * node budget binding the result is deterministic; `complete` says whether nothing was cut.
 */
import { adjudicatePlay } from "../adjudicate";
import type { Direction } from "../board";
import type { Placement } from "../play";
import type { Ruleset } from "../ruleset";
import type { Ruling } from "../ruling";
import { BLANK, normaliseFace, type Face } from "../tiles";
import { CrossChecks, faceTable, OldGrid, type FaceInfo } from "./lanes";

/** A legal play with its ruling (valid, an equation). */
export interface Candidate {
  placements: Placement[];
  score: number;
  ruling: Ruling;
}

export interface GenerateOptions {
  /** the first play of the game (default: the board is empty) */
  firstPlay?: boolean;
  /** keep at most this many plays, best first (default: all) */
  limit?: number;
  /** stop searching after this many ms (default 1000); the plays found so far are returned */
  budgetMs?: number;
  /** stop after this many search nodes (default 400 000); deterministic, unlike budgetMs */
  maxNodes?: number;
  /** at most this many new tiles (default: rack size, plus one unlimited `=`) */
  maxTiles?: number;
  /** longest number the search builds from rack digits, solved last operands excepted (default 3) */
  maxDigits?: number;
  /** 'SMATH (no cap in the rules): new `=` per play the search tries (default 2) */
  maxNewEquals?: number;
  /** use blanks as digits in the solved last operand (default true) */
  blanks?: boolean;
  /** clock for the time budget (default performance.now / Date.now) */
  now?: () => number;
}

export interface SearchStats {
  nodes: number;
  /** candidates sent to adjudicatePlay */
  adjudications: number;
  /** cross-check line checks */
  crossChecks: number;
  /** false when the node or time budget cut the search */
  complete: boolean;
  ms: number;
}

export interface SearchResult {
  plays: Candidate[];
  stats: SearchStats;
}

const OPERAND = 0;
const SIGN = 1;
const ROOT = 2;
const ROOTSIGN = 3;
const NUM = 4;
const DONE = 5;

/** Parse state of a run prefix: the open operand and the side evaluated so far. */
interface St {
  ph: number;
  /** digits of the open number: value and count */
  nv: number;
  nd: number;
  /** Number Scrabble literal: sign before √, sign after √, √ */
  oneg: boolean;
  ineg: boolean;
  root: boolean;
  /** value of a complete operand (ph DONE) */
  fin: number;
  /** standard: finished terms, sign and product of the open term (NaN: none), pending × (3) ÷ (4);
   * left to right: acc is the value so far (NaN: none), mop the pending operator 1–4 */
  acc: number;
  sgn: number;
  term: number;
  mop: number;
  /** value of the first side (NaN before the first `=`) */
  L: number;
  eqs: number;
  newEq: number;
  /** 'SMATH: closing brackets on the last number tile */
  close: number;
}

const EPS = 1e-9;
const near = (a: number, b: number): boolean => Math.abs(a - b) <= EPS * Math.max(1, Math.abs(a), Math.abs(b));

function defaultNow(): number {
  const p = (globalThis as { performance?: { now(): number } }).performance;
  return p ? p.now() : Date.now();
}

/** One search over a position; see the module header. */
export class Search {
  readonly faces: FaceInfo[];
  readonly fid = new Map<Face, number>();
  readonly grid: OldGrid;
  readonly size: number;
  readonly firstPlay: boolean;
  readonly std: boolean;
  readonly forbidNeg: boolean;
  readonly ns: boolean;
  readonly smath: boolean;
  readonly maxTiles: number;
  readonly maxDigits: number;
  readonly newEqCap: number;
  readonly useBlanks: boolean;
  readonly now: () => number;
  readonly deadline: number;
  readonly maxNodes: number;
  readonly count: Int32Array;
  blanks: number;
  /** enumerable faces (rack faces and unlimited ones), by id */
  readonly enumFaces: number[];
  readonly digitIds: number[] = [];
  readonly fractionIds: number[] = [];
  minusId = -1;
  squareId = -1;
  rootId = -1;

  // lane being searched
  dir: Direction = "across";
  lane = 0;
  cross!: CrossChecks;
  crossBy: Record<Direction, CrossChecks | null> = { across: null, down: null };
  need: number[] = [];
  runStart = 0;
  // placements on the stack
  readonly pr: number[] = [];
  readonly pc: number[] = [];
  readonly pf: number[] = [];
  readonly pb: boolean[] = [];

  nodes = 0;
  rootLimit = 0;
  stopped = false;
  cut = false;
  adjudications = 0;
  readonly seen = new Set<string>();
  readonly plays: Candidate[] = [];
  readonly t0: number;

  constructor(
    readonly rs: Ruleset,
    readonly board: readonly Placement[],
    readonly rack: readonly Face[],
    opts: GenerateOptions = {},
  ) {
    this.faces = faceTable(rs);
    this.faces.forEach((f, i) => this.fid.set(f.face, i));
    this.grid = new OldGrid(rs, board);
    this.size = rs.layout.size;
    this.firstPlay = opts.firstPlay ?? board.length === 0;
    this.std = rs.options.evaluation === "standard" || rs.id !== "number-scrabble";
    this.forbidNeg = rs.grammar.forbidNegative;
    this.ns = rs.grammar.powers;
    this.smath = rs.grammar.numbers === "single-tile";
    this.now = opts.now ?? defaultNow;
    this.t0 = this.now();
    this.deadline = this.t0 + (opts.budgetMs ?? 1000);
    this.maxNodes = opts.maxNodes ?? 400_000;
    this.maxDigits = opts.maxDigits ?? 3;
    this.useBlanks = opts.blanks ?? true;
    this.newEqCap = Math.min(rs.maxNewEquals, opts.maxNewEquals ?? 2);

    this.count = new Int32Array(this.faces.length);
    this.blanks = 0;
    for (const raw of rack) {
      const f = normaliseFace(raw);
      if (f === BLANK) this.blanks++;
      else {
        const id = this.fid.get(f);
        if (id !== undefined) this.count[id]++;
      }
    }
    let unlimitedEq = 0;
    this.faces.forEach((f, i) => {
      if (f.unlimited) {
        this.count[i] = 1 << 20;
        if (f.kind === "eq") unlimitedEq = this.newEqCap;
      }
      if (f.kind === "digit" || f.kind === "number") this.digitIds[f.value] = i;
      if (f.kind === "fraction") this.fractionIds.push(i);
      if (f.face === "-") this.minusId = i;
      if (f.kind === "square") this.squareId = i;
      if (f.kind === "root") this.rootId = i;
    });
    const rackTiles = rack.length;
    this.maxTiles = opts.maxTiles ?? rackTiles + Math.min(unlimitedEq, 1);
    this.enumFaces = [];
    for (let i = 0; i < this.faces.length; i++) {
      if (this.count[i] > 0 && this.faces[i].kind !== "other") this.enumFaces.push(i);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Driver

  run(): void {
    if (this.maxTiles <= 0 || (this.enumFaces.length === 0 && this.blanks === 0)) return;
    const roots: Array<[Direction, number, number]> = [];
    for (const dir of ["across", "down"] as const) {
      for (let lane = 0; lane < this.size; lane++) {
        const need = this.laneNeed(dir, lane);
        for (let s = 0; s < this.size; s++) {
          if (s > 0 && this.old(dir, lane, s - 1)) continue;
          const n = this.old(dir, lane, s) ? 0 : need[s];
          if (n > this.maxTiles) continue;
          if (this.firstPlay && this.rs.startRule === "end") {
            const [sr, sc] = this.rs.layout.start;
            const startPos = dir === "across" ? sc : sr;
            if ((dir === "across" ? sr : sc) !== lane || s > startPos) continue;
          }
          roots.push([dir, lane, s]);
        }
      }
    }
    let i = 0;
    for (const [dir, lane, s] of roots) {
      if (this.stopped) break;
      const left = this.maxNodes - this.nodes;
      this.rootLimit = this.nodes + Math.floor(left / (roots.length - i));
      i++;
      this.enterLane(dir, lane);
      this.runStart = s;
      this.dfs(s, this.initial(), 0, false);
    }
  }

  stats(): SearchStats {
    const crossChecks = (this.crossBy.across?.checks ?? 0) + (this.crossBy.down?.checks ?? 0);
    return { nodes: this.nodes, adjudications: this.adjudications, crossChecks, complete: !this.cut, ms: this.now() - this.t0 };
  }

  private initial(): St {
    return { ph: OPERAND, nv: 0, nd: 0, oneg: false, ineg: false, root: false, fin: 0, acc: this.std ? 0 : NaN, sgn: 1, term: NaN, mop: 0, L: NaN, eqs: 0, newEq: 0, close: 0 };
  }

  private rc(dir: Direction, lane: number, pos: number): [number, number] {
    return dir === "across" ? [lane, pos] : [pos, lane];
  }

  private old(dir: Direction, lane: number, pos: number) {
    const [r, c] = this.rc(dir, lane, pos);
    return this.grid.at(r, c);
  }

  private crossFor(dir: Direction): CrossChecks {
    let c = this.crossBy[dir];
    if (!c) {
      c = new CrossChecks(this.rs, this.grid, this.faces, dir);
      this.crossBy[dir] = c;
    }
    return c;
  }

  private isAnchor(dir: Direction, lane: number, pos: number): boolean {
    const [r, c] = this.rc(dir, lane, pos);
    if (this.firstPlay) return r === this.rs.layout.start[0] && c === this.rs.layout.start[1];
    return this.crossFor(dir).hasPerp[r * this.size + c] === 1;
  }

  /** need[pos]: new tiles needed from pos to connect (0 at an old tile; Infinity: never). */
  private laneNeed(dir: Direction, lane: number): number[] {
    const need = new Array<number>(this.size + 1).fill(Infinity);
    for (let pos = this.size - 1; pos >= 0; pos--) {
      if (this.old(dir, lane, pos)) need[pos] = this.firstPlay ? Infinity : 0;
      else if (this.isAnchor(dir, lane, pos)) need[pos] = 1;
      else need[pos] = need[pos + 1] + 1;
    }
    return need;
  }

  private enterLane(dir: Direction, lane: number): void {
    if (this.dir === dir && this.lane === lane && this.need.length) return;
    this.dir = dir;
    this.lane = lane;
    this.cross = this.crossFor(dir);
    this.need = this.laneNeed(dir, lane);
  }

  private tick(): boolean {
    this.nodes++;
    if (this.nodes > this.rootLimit) {
      this.cut = true;
      return false;
    }
    if ((this.nodes & 255) === 0 && this.now() > this.deadline) {
      this.stopped = true;
      this.cut = true;
    }
    return !this.stopped;
  }

  // -------------------------------------------------------------------------------------------
  // Depth-first search along the lane

  private dfs(pos: number, st: St, newCount: number, conn: boolean): void {
    if (!this.tick()) return;
    if (st.ph === OPERAND && !Number.isNaN(st.L)) this.solve(pos, st, newCount, conn);
    if (pos >= this.size) return;
    if (this.firstPlay && this.rs.startRule === "end" && this.runStart !== this.startPos() && pos > this.startPos()) return;
    const [r, c] = this.rc(this.dir, this.lane, pos);
    const old = this.grid.at(r, c);
    if (old) {
      const f = this.fid.get(old.core);
      if (f === undefined) return;
      const st2 = this.step(st, f, false, old[this.dir].open, old[this.dir].close);
      if (st2) this.dfs(pos + 1, st2, newCount, true);
      return;
    }
    if (newCount >= this.maxTiles) return;
    if (!conn && newCount + this.need[pos] > this.maxTiles) return;
    const anchor = conn || this.isAnchor(this.dir, this.lane, pos);
    for (const f of this.enumFaces) {
      if (this.count[f] <= 0) continue;
      if (!this.cross.allows(r, c, f)) continue;
      const st2 = this.step(st, f, true, 0, 0);
      if (!st2) continue;
      this.count[f]--;
      this.push(r, c, f, false);
      this.dfs(pos + 1, st2, newCount + 1, anchor);
      this.pop();
      this.count[f]++;
      if (this.stopped) return;
    }
  }

  private startPos(): number {
    const [sr, sc] = this.rs.layout.start;
    return this.dir === "across" ? sc : sr;
  }

  private push(r: number, c: number, f: number, blank: boolean): void {
    this.pr.push(r);
    this.pc.push(c);
    this.pf.push(f);
    this.pb.push(blank);
  }

  private pop(): void {
    this.pr.pop();
    this.pc.pop();
    this.pf.pop();
    this.pb.pop();
  }

  // -------------------------------------------------------------------------------------------
  // Grammar automaton and incremental evaluation

  private lit(st: St, square: boolean): number {
    const v = st.nv;
    if (!st.root) {
      const x = st.oneg ? -v : v;
      return square ? x * x : x;
    }
    let q = st.ineg ? -v : v;
    if (square) q = q * q;
    if (q < 0) return NaN;
    const r = Math.sqrt(q);
    return st.oneg ? -r : r;
  }

  private operandValue(st: St): number {
    if (st.ph === DONE) return st.fin;
    return this.ns ? this.lit(st, false) : st.nv;
  }

  /** Fold a complete operand into the side; false on ÷0 or a forbidden negative. */
  private fold(s: St, x: number): boolean {
    if (Number.isNaN(x)) return false;
    if (this.std) {
      if (s.mop === 0) s.term = x;
      else if (s.mop === 3) s.term *= x;
      else {
        if (x === 0) return false;
        s.term /= x;
      }
      s.mop = 0;
      return true;
    }
    if (Number.isNaN(s.acc)) s.acc = x;
    else {
      const a = s.acc;
      switch (s.mop) {
        case 1:
          s.acc = a + x;
          break;
        case 2:
          s.acc = a - x;
          break;
        case 3:
          s.acc = a * x;
          break;
        default:
          if (x === 0) return false;
          s.acc = a / x;
      }
    }
    s.mop = 0;
    return !(this.forbidNeg && s.acc < -EPS);
  }

  private applyOp(s: St, o: number): boolean {
    if (!this.std) {
      s.mop = o;
      return true;
    }
    if (o === 1 || o === 2) {
      s.acc += s.sgn * s.term;
      if (this.forbidNeg && s.acc < -EPS) return false;
      s.sgn = o === 1 ? 1 : -1;
      s.term = NaN;
    } else s.mop = o;
    return true;
  }

  private sideValue(s: St): number {
    return this.std ? s.acc + s.sgn * s.term : s.acc;
  }

  private closeSide(s: St): boolean {
    const v = this.sideValue(s);
    if (!Number.isFinite(v) || (this.forbidNeg && v < -EPS)) return false;
    if (Number.isNaN(s.L)) s.L = v;
    else if (!near(v, s.L)) return false;
    s.acc = this.std ? 0 : NaN;
    s.sgn = 1;
    s.term = NaN;
    s.mop = 0;
    return true;
  }

  /** The state after face f (open/close: 'SMATH brackets of an old tile in this lane). */
  private step(st: St, f: number, isNew: boolean, open: number, close: number): St | null {
    const info = this.faces[f];
    const ph = st.ph;
    switch (info.kind) {
      case "digit":
        if (ph === OPERAND) return { ...st, ph: NUM, nv: info.value, nd: 1, oneg: false, ineg: false, root: false };
        if (ph === SIGN || ph === ROOT || ph === ROOTSIGN) return { ...st, ph: NUM, nv: info.value, nd: 1 };
        if (ph === NUM) {
          if (st.nd === 1 && st.nv === 0) return null;
          if (isNew && st.nd >= this.maxDigits) return null;
          return { ...st, nv: st.nv * 10 + info.value, nd: st.nd + 1 };
        }
        return null;
      case "fraction":
        if (ph === OPERAND) return { ...st, ph: DONE, fin: info.value };
        if (ph === NUM) {
          if (st.nv === 0) return null;
          if (this.rs.options.mixedFractionBelowOne && info.value >= 1) return null;
          return { ...st, ph: DONE, fin: st.nv + info.value };
        }
        return null;
      case "number":
        if (ph === OPERAND) return { ...st, ph: DONE, fin: info.value, close };
        if (ph === DONE && (st.close > 0 || open > 0)) {
          const s = { ...st };
          if (!this.fold(s, s.fin)) return null;
          s.mop = 3;
          s.fin = info.value;
          s.close = close;
          return s;
        }
        return null;
      case "op": {
        if (ph === NUM || ph === DONE) {
          const s = { ...st, ph: OPERAND };
          if (!this.fold(s, this.operandValue(st)) || !this.applyOp(s, info.value)) return null;
          return s;
        }
        if (this.ns && info.value === 2) {
          if (ph === OPERAND) return { ...st, ph: SIGN, oneg: true, ineg: false, root: false };
          if (ph === ROOT && !st.oneg) return { ...st, ph: ROOTSIGN, ineg: true };
        }
        return null;
      }
      case "eq": {
        if (ph !== NUM && ph !== DONE) return null;
        const s = { ...st, ph: OPERAND, eqs: st.eqs + 1, newEq: st.newEq + (isNew ? 1 : 0) };
        if (s.eqs > this.rs.grammar.maxEqualsPerLine || s.newEq > this.newEqCap) return null;
        if (!this.fold(s, this.operandValue(st)) || !this.closeSide(s)) return null;
        return s;
      }
      case "square":
        if (ph === NUM) {
          const x = this.lit(st, true);
          return Number.isNaN(x) ? null : { ...st, ph: DONE, fin: x };
        }
        return null;
      case "root":
        if (ph === OPERAND) return { ...st, ph: ROOT, oneg: false, ineg: false, root: true };
        if (ph === SIGN) return { ...st, ph: ROOT, root: true };
        return null;
      default:
        return null;
    }
  }

  // -------------------------------------------------------------------------------------------
  // The solved last operand

  /** The operand value that closes the current side equal to the target, or NaN. */
  private target(st: St): number {
    const L = st.L;
    if (this.std) {
      if (st.mop === 3 || st.mop === 4) {
        const t = (L - st.acc) * st.sgn;
        if (st.mop === 3) return st.term === 0 ? NaN : t / st.term;
        return t === 0 ? NaN : st.term / t;
      }
      return (L - st.acc) * st.sgn;
    }
    if (Number.isNaN(st.acc)) return L;
    switch (st.mop) {
      case 1:
        return L - st.acc;
      case 2:
        return st.acc - L;
      case 3:
        return st.acc === 0 ? NaN : L / st.acc;
      default:
        return L === 0 ? NaN : st.acc / L;
    }
  }

  private digitsOf(n: number): number[] | null {
    const s = String(n);
    const out: number[] = [];
    for (const ch of s) {
      const id = this.digitIds[ch.charCodeAt(0) - 48];
      if (id === undefined) return null;
      out.push(id);
    }
    return out;
  }

  /** Ways to write value N as one operand, as face-id sequences. */
  private spellings(N: number): number[][] {
    const out: number[][] = [];
    if (!Number.isFinite(N)) return out;
    const n = Math.round(N);
    const isInt = near(N, n) && Math.abs(n) < 1e12;
    if (this.smath) {
      if (isInt && n >= 0 && n <= 12 && this.digitIds[n] !== undefined) out.push([this.digitIds[n]]);
      return out;
    }
    if (this.ns) {
      if (!isInt) return out;
      const a = Math.abs(n);
      const d = this.digitsOf(a);
      if (!d) return out;
      if (n >= 0) {
        out.push(d);
        const k = Math.round(Math.sqrt(a));
        if (k >= 2 && k * k === a && this.squareId >= 0) out.push([...this.digitsOf(k)!, this.squareId]);
        if (a >= 2 && a * a < 1e7 && this.rootId >= 0) out.push([this.rootId, ...this.digitsOf(a * a)!]);
      } else if (this.minusId >= 0) out.push([this.minusId, ...d]);
      return out;
    }
    // Equate: no negative numbers; integers, fraction tiles, mixed numerals
    if (N < -EPS) return out;
    if (isInt) {
      const d = this.digitsOf(n);
      if (d) out.push(d);
    }
    for (const f of this.fractionIds) if (near(this.faces[f].value, N)) out.push([f]);
    const ip = Math.floor(N + EPS);
    const fp = N - ip;
    if (ip >= 1 && fp > EPS) {
      const d = this.digitsOf(ip);
      if (d) for (const f of this.fractionIds) if (near(this.faces[f].value, fp) && this.faces[f].value < 1) out.push([...d, f]);
    }
    return out;
  }

  private solve(pos: number, st: St, newCount: number, conn: boolean): void {
    const N = this.target(st);
    if (Number.isNaN(N)) return;
    for (const sp of this.spellings(N)) this.layOut(pos, sp, newCount, conn);
  }

  /** Lay the spelled operand from pos; the run must end right after it. */
  private layOut(pos: number, sp: number[], newCount: number, conn: boolean): void {
    const end = pos + sp.length;
    if (end > this.size) return;
    if (end < this.size && this.old(this.dir, this.lane, end)) return;
    const taken: number[] = [];
    let blanksUsed = 0;
    let placed = 0;
    let ok = true;
    for (let i = 0; i < sp.length && ok; i++) {
      const p = pos + i;
      const [r, c] = this.rc(this.dir, this.lane, p);
      const old = this.grid.at(r, c);
      const f = sp[i];
      if (old) {
        if (this.fid.get(old.core) !== f) ok = false;
        else conn = true;
        continue;
      }
      if (newCount + placed >= this.maxTiles || !this.cross.allows(r, c, f)) {
        ok = false;
        continue;
      }
      let blank = false;
      if (this.count[f] > 0) {
        this.count[f]--;
        taken.push(f);
      } else if (this.useBlanks && this.blanks > 0 && (this.faces[f].kind === "digit" || this.faces[f].kind === "number")) {
        this.blanks--;
        blanksUsed++;
        blank = true;
      } else {
        ok = false;
        continue;
      }
      if (!conn && this.isAnchor(this.dir, this.lane, p)) conn = true;
      this.push(r, c, f, blank);
      placed++;
    }
    if (ok && conn && newCount + placed > 0) {
      let startOk = true;
      if (this.firstPlay && this.rs.startRule === "end") startOk = this.runStart === this.startPos() || end - 1 === this.startPos();
      if (startOk) this.emit();
    }
    for (let i = 0; i < placed; i++) this.pop();
    for (const f of taken) this.count[f]++;
    this.blanks += blanksUsed;
  }

  private emit(): void {
    const n = this.pr.length;
    const placements: Placement[] = new Array(n);
    let key = "";
    for (let i = 0; i < n; i++) {
      const p: Placement = { row: this.pr[i], col: this.pc[i], tile: this.faces[this.pf[i]].face };
      if (this.pb[i]) p.blank = true;
      placements[i] = p;
      key += `${p.row},${p.col},${p.tile}${p.blank ? "?" : ""};`;
    }
    // the same single tile can come from both directions
    if (n === 1 && this.seen.has(key)) return;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.adjudications++;
    const ruling = adjudicatePlay(this.rs, this.board, placements, { rack: this.rack, firstPlay: this.firstPlay });
    if (ruling.valid && ruling.kind === "equation") this.plays.push({ placements, score: ruling.score, ruling });
  }
}

/** Reading-order key of a play, for deterministic tie-breaks. */
export function playKey(p: readonly Placement[]): string {
  return p.map((x) => `${String(x.row).padStart(2, "0")}${String(x.col).padStart(2, "0")}${x.tile}${x.blank ? "?" : ""}`).join(" ");
}

/** Best first: score, then fewer blanks, then fewer tiles, then reading order. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.score !== b.score) return b.score - a.score;
  const ba = a.placements.filter((p) => p.blank).length;
  const bb = b.placements.filter((p) => p.blank).length;
  if (ba !== bb) return ba - bb;
  if (a.placements.length !== b.placements.length) return a.placements.length - b.placements.length;
  const ka = playKey(a.placements);
  const kb = playKey(b.placements);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Search a position; the plays come sorted best first. */
export function searchPlays(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: GenerateOptions = {}): SearchResult {
  const s = new Search(rs, board, rack, opts);
  s.run();
  const plays = s.plays.sort(compareCandidates);
  if (opts.limit !== undefined && plays.length > opts.limit) plays.length = Math.max(0, opts.limit);
  return { plays, stats: s.stats() };
}

/** Legal plays for `rack` on `board`, best first; every one is valid per adjudicatePlay. */
export function generatePlays(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: GenerateOptions = {}): Candidate[] {
  return searchPlays(rs, board, rack, opts).plays;
}
