/**
 * Play search: every legal play for small search spaces, a bounded constraint-driven search
 * otherwise (Scrabble move-generation techniques adapted to equations). docs/bot.md describes it
 * in full, with its sources and targets.
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
import { lineFactor, premiumAt, tileFactor, type Direction } from "../board";
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

/** Parse state of a run prefix: the open operand and the side evaluated so far. A class with a
 * fixed field order, so every state shares one hidden class (the search makes millions). */
class St {
  constructor(
    public ph: number,
    /** digits of the open number: value and count */
    public nv: number,
    public nd: number,
    /** Number Scrabble literal: sign before √, sign after √, √ */
    public oneg: boolean,
    public ineg: boolean,
    public root: boolean,
    /** value of a complete operand (ph DONE) */
    public fin: number,
    /** standard: finished terms, sign and product of the open term (NaN: none), pending × (3)
     * ÷ (4); left to right: acc is the value so far (NaN: none), mop the pending operator 1–4 */
    public acc: number,
    public sgn: number,
    public term: number,
    public mop: number,
    /** value of the first side (NaN before the first `=`) */
    public L: number,
    public eqs: number,
    public newEq: number,
    /** 'SMATH: closing brackets on the last number tile */
    public close: number,
  ) {}

  clone(ph: number): St {
    return new St(ph, this.nv, this.nd, this.oneg, this.ineg, this.root, this.fin, this.acc, this.sgn, this.term, this.mop, this.L, this.eqs, this.newEq, this.close);
  }
}

/** A play found by the search, not yet adjudicated: its estimated score (the score it has if
 * every line the search believes true is true) orders the adjudications. */
interface Raw {
  est: number;
  /** a play on the board, or (first move) pattern `pat` laid from (r0, c0) in `dir` */
  placements: Placement[] | null;
  pat: number;
  r0: number;
  c0: number;
  dir: Direction;
}

/** First move: a run found once on a virtual lane, then laid at every legal offset. */
interface Pattern {
  faces: number[];
  blanks: boolean[];
  L: number;
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
  readonly raw: Raw[] = [];
  readonly patterns: Pattern[] = [];
  /** first move: searching the virtual lane (no board, no start rule) */
  virtual = false;
  plays: Candidate[] = [];
  readonly t0: number;
  readonly hardDeadline: number;
  readonly limit: number;

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
    const budget = opts.budgetMs ?? 1000;
    this.deadline = this.t0 + budget * 0.7;
    this.hardDeadline = this.t0 + budget;
    this.limit = opts.limit ?? Infinity;
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
    if (this.firstPlay) {
      this.runFirst();
      return;
    }
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

  /** First move: the board is empty, so every run is the same wherever it lies; search one
   * virtual lane once and lay each pattern at every offset the start rule allows. */
  private runFirst(): void {
    this.virtual = true;
    this.rootLimit = this.maxNodes;
    const [sr, sc] = this.rs.layout.start;
    this.enterLane("across", sr);
    this.runStart = 0;
    this.dfs(0, this.initial(), 0, true);
    this.virtual = false;
    const { size, premiums } = this.rs.layout;
    let symmetric = sr === sc;
    for (let r = 0; r < size && symmetric; r++) for (let c = 0; c < r; c++) if (premiums[r * size + c] !== premiums[c * size + r]) symmetric = false;
    const dirs: Direction[] = symmetric ? ["across"] : ["across", "down"];
    this.patterns.forEach((pt, pat) => {
      const n = pt.faces.length;
      const offs: number[] = [];
      for (const dir of dirs) {
        const start = dir === "across" ? sc : sr;
        offs.length = 0;
        if (this.rs.startRule === "end") {
          offs.push(start);
          if (n > 1) offs.push(start - n + 1);
        } else for (let o = start - n + 1; o <= start; o++) offs.push(o);
        for (const o of offs) {
          if (o < 0 || o + n > size) continue;
          const r0 = dir === "across" ? sr : o;
          const c0 = dir === "across" ? o : sc;
          this.raw.push({ est: this.estimateFirst(pt, r0, c0, dir), placements: null, pat, r0, c0, dir });
        }
      }
    });
  }

  private estimateFirst(pt: Pattern, r0: number, c0: number, dir: Direction): number {
    let sum = 0;
    let mult = 1;
    let fromBag = 0;
    for (let i = 0; i < pt.faces.length; i++) {
      const r = dir === "across" ? r0 : r0 + i;
      const c = dir === "across" ? c0 + i : c0;
      const p = premiumAt(this.rs.layout, r, c);
      const f = this.faces[pt.faces[i]];
      if (!pt.blanks[i]) sum += f.points * tileFactor(p);
      mult *= lineFactor(p);
      if (pt.blanks[i] || !f.unlimited) fromBag++;
    }
    return this.finishEstimate(sum, mult, fromBag, pt.L);
  }

  private finishEstimate(sum: number, mult: number, fromBag: number, L: number): number {
    const rs = this.rs;
    let est = sum * mult;
    if (rs.scoring === "new-tiles") {
      const a = Math.abs(L);
      const vb = rs.options.valueBonus;
      const b = vb === "sqrt" ? Math.ceil(Math.sqrt(a) - 1e-9) : vb === "log2" ? (a <= 1 ? 0 : Math.ceil(Math.log2(a) - 1e-9)) : 0;
      est += b * mult;
    }
    if (fromBag >= rs.rackSize) est += rs.options.allTilesBonus;
    return est;
  }

  /** Adjudicate the raw plays best estimate first; stop once `limit` valid plays are certain
   * (the next estimate is below the limit-th score) or the time budget is over. */
  finish(): void {
    const raw = this.raw;
    raw.sort((a, b) => b.est - a.est);
    const plays: Candidate[] = [];
    let kth = -Infinity;
    let tried = 0;
    for (const x of raw) {
      if (plays.length >= this.limit && x.est < kth) break;
      if ((tried & 15) === 15 && this.now() > this.hardDeadline && plays.length > 0) {
        this.cut = true;
        break;
      }
      tried++;
      const placements = x.placements ?? this.layPattern(x);
      this.adjudications++;
      const ruling = adjudicatePlay(this.rs, this.board, placements, { rack: this.rack, firstPlay: this.firstPlay });
      if (!ruling.valid || ruling.kind !== "equation") continue;
      plays.push({ placements, score: ruling.score, ruling });
      if (plays.length >= this.limit) {
        plays.sort(compareCandidates);
        plays.length = this.limit;
        kth = plays[plays.length - 1].score;
      }
    }
    this.plays = plays.sort(compareCandidates);
  }

  private layPattern(x: Raw): Placement[] {
    const pt = this.patterns[x.pat];
    return pt.faces.map((f, i) => {
      const p: Placement = { row: x.dir === "across" ? x.r0 : x.r0 + i, col: x.dir === "across" ? x.c0 + i : x.c0, tile: this.faces[f].face };
      if (pt.blanks[i]) p.blank = true;
      return p;
    });
  }

  stats(): SearchStats {
    const crossChecks = (this.crossBy.across?.checks ?? 0) + (this.crossBy.down?.checks ?? 0);
    return { nodes: this.nodes, adjudications: this.adjudications, crossChecks, complete: !this.cut, ms: this.now() - this.t0 };
  }

  private initial(): St {
    return new St(OPERAND, 0, 0, false, false, false, 0, this.std ? 0 : NaN, 1, NaN, 0, NaN, 0, 0, 0);
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
    if (!this.virtual && this.firstPlay && this.rs.startRule === "end" && this.runStart !== this.startPos() && pos > this.startPos()) return;
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
    let s: St;
    switch (info.kind) {
      case "digit":
        if (ph === OPERAND || ph === SIGN || ph === ROOT || ph === ROOTSIGN) {
          s = st.clone(NUM);
          s.nv = info.value;
          s.nd = 1;
          if (ph === OPERAND) {
            s.oneg = false;
            s.ineg = false;
            s.root = false;
          }
          return s;
        }
        if (ph === NUM) {
          if (st.nd === 1 && st.nv === 0) return null;
          if (isNew && st.nd >= this.maxDigits) return null;
          s = st.clone(NUM);
          s.nv = st.nv * 10 + info.value;
          s.nd = st.nd + 1;
          return s;
        }
        return null;
      case "fraction":
        if (ph === OPERAND) {
          s = st.clone(DONE);
          s.fin = info.value;
          return s;
        }
        if (ph === NUM) {
          if (st.nv === 0) return null;
          if (this.rs.options.mixedFractionBelowOne && info.value >= 1) return null;
          s = st.clone(DONE);
          s.fin = st.nv + info.value;
          return s;
        }
        return null;
      case "number":
        if (ph === OPERAND) {
          s = st.clone(DONE);
          s.fin = info.value;
          s.close = close;
          return s;
        }
        if (ph === DONE && (st.close > 0 || open > 0)) {
          s = st.clone(DONE);
          if (!this.fold(s, st.fin)) return null;
          s.mop = 3;
          s.fin = info.value;
          s.close = close;
          return s;
        }
        return null;
      case "op": {
        if (ph === NUM || ph === DONE) {
          s = st.clone(OPERAND);
          if (!this.fold(s, this.operandValue(st)) || !this.applyOp(s, info.value)) return null;
          return s;
        }
        if (this.ns && info.value === 2) {
          if (ph === OPERAND) {
            s = st.clone(SIGN);
            s.oneg = true;
            s.ineg = false;
            s.root = false;
            return s;
          }
          if (ph === ROOT && !st.oneg) {
            s = st.clone(ROOTSIGN);
            s.ineg = true;
            return s;
          }
        }
        return null;
      }
      case "eq": {
        if (ph !== NUM && ph !== DONE) return null;
        if (st.eqs + 1 > this.rs.grammar.maxEqualsPerLine) return null;
        if (isNew && st.newEq + 1 > this.newEqCap) return null;
        s = st.clone(OPERAND);
        s.eqs++;
        if (isNew) s.newEq++;
        if (!this.fold(s, this.operandValue(st)) || !this.closeSide(s)) return null;
        return s;
      }
      case "square":
        if (ph === NUM) {
          const x = this.lit(st, true);
          if (Number.isNaN(x)) return null;
          s = st.clone(DONE);
          s.fin = x;
          return s;
        }
        return null;
      case "root":
        if (ph === OPERAND || ph === SIGN) {
          s = st.clone(ROOT);
          s.root = true;
          if (ph === OPERAND) {
            s.oneg = false;
            s.ineg = false;
          }
          return s;
        }
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
    for (const sp of this.spellings(N)) this.layOut(pos, sp, newCount, conn, st.L);
  }

  /** Lay the spelled operand from pos; the run must end right after it. */
  private layOut(pos: number, sp: number[], newCount: number, conn: boolean, L: number): void {
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
      if (!this.virtual && this.firstPlay && this.rs.startRule === "end") startOk = this.runStart === this.startPos() || end - 1 === this.startPos();
      if (startOk) this.emit(L, end);
    }
    for (let i = 0; i < placed; i++) this.pop();
    for (const f of taken) this.count[f]++;
    this.blanks += blanksUsed;
  }

  private emit(L: number, end: number): void {
    const n = this.pr.length;
    if (this.virtual) {
      const faces = this.pf.slice();
      const blanks = this.pb.slice();
      const key = faces.join(",") + blanks.map((b) => (b ? "?" : ".")).join("");
      if (this.seen.has(key)) return;
      this.seen.add(key);
      this.patterns.push({ faces, blanks, L });
      return;
    }
    const placements: Placement[] = new Array(n);
    let key = "";
    for (let i = 0; i < n; i++) {
      const p: Placement = { row: this.pr[i], col: this.pc[i], tile: this.faces[this.pf[i]].face };
      if (this.pb[i]) p.blank = true;
      placements[i] = p;
      key += `${p.row},${p.col},${p.tile}${p.blank ? "?" : ""};`;
    }
    // the same single tile can come from both directions
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.raw.push({ est: this.estimate(L, end), placements, pat: -1, r0: 0, c0: 0, dir: this.dir });
  }

  /** The score of the stacked play if the main run and every cross equation are true. */
  private estimate(L: number, end: number): number {
    const rs = this.rs;
    const F = this.faces.length;
    let sum = 0;
    let mult = 1;
    let fromBag = 0;
    let cross = 0;
    let j = 0;
    for (let pos = this.runStart; pos < end; pos++) {
      const [r, c] = this.rc(this.dir, this.lane, pos);
      const old = this.grid.at(r, c);
      if (old) {
        if (rs.scoring === "all-tiles" && !old.blank) sum += rs.tileByFace.get(old.core)?.points ?? 0;
        continue;
      }
      const f = this.pf[j];
      const blank = this.pb[j];
      j++;
      const p = premiumAt(rs.layout, r, c);
      const info = this.faces[f];
      if (!blank) sum += info.points * tileFactor(p);
      mult *= lineFactor(p);
      if (blank || !info.unlimited) fromBag++;
      const m = (r * this.size + c) * F + f;
      cross += this.cross.points[m] - (blank ? this.cross.share[m] : 0);
    }
    return this.finishEstimate(sum, mult, fromBag, L) + cross;
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
  s.finish();
  return { plays: s.plays, stats: s.stats() };
}

/** Legal plays for `rack` on `board`, best first; every one is valid per adjudicatePlay. */
export function generatePlays(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: GenerateOptions = {}): Candidate[] {
  return searchPlays(rs, board, rack, opts).plays;
}
