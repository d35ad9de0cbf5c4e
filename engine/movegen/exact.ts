/**
 * The exact move generator (docs/bot.md, "Exact generator"): every legal play for a board and a
 * rack, or the top N by score with proof that nothing better exists, for all three rulesets.
 *
 * Algorithm. A play fills the empty squares of one maximal run ("span") of a row or column, and
 * the `=` squares of that run split it into sides. For each span and each way of putting `=` on
 * its squares (a "group"), the sides are independent: each must be a valid side on its own, and
 * all sides must have the same value. So each side's possible fillings from the rack are
 * enumerated once (depth-first, left to right, pruned by the per-square cross-checks of Appel &
 * Jacobson, "The World's Fastest Scrabble Program", CACM 1988, and by a sound prefix automaton,
 * grammar.ts), checked with the engine's own `checkLine`, and indexed by exact value; a group's
 * plays are the joins of its sides' tables on equal value whose tiles fit the rack together
 * (meet in the middle on `=`). 'SMATH sides take every value their bracketings allow
 * (brackets.ts). Nothing is cut by a budget, so the enumeration is exhaustive. Sides that no
 * filling from the rack can close (automaton liveness over the fixed squares, operator count)
 * are not enumerated; in a two-sided Equate group the larger side is probed against the other
 * side's table instead of being tabled itself.
 *
 * Top N: every group gets an upper bound of its score before any table is built (main-line tile
 * points by the rearrangement inequality, its premiums, each square's best cross equation, the
 * bonuses), groups are taken in decreasing bound, and the search stops once N plays score more
 * than the next bound — the group-level form of wolges' shadow play
 * (https://github.com/andy-k/wolges). Ties at the Nth score are all found, so the order
 * (score, fewer blanks, fewer tiles, reading order) is deterministic. `complete` is false only
 * when the caller's deadline stopped the search.
 *
 * Every play returned has been adjudicated (`adjudicatePlay` with the rack); the computed score
 * must equal the ruling's (stats.rejected counts any disagreement: a bug, kept at 0 by tests).
 *
 * Scope (docs/bot.md "Exact generator"): 'SMATH plays are one per placement of number and
 * operator tiles, with the fewest brackets found (new tiles' brackets and overlays on board tiles
 * of the main line); the one gap is a single new tile plus overlays whose main line is not the
 * one decision 9 picks for the tile alone.
 */
import { adjudicatePlay } from "../adjudicate";
import { lineFactor, premiumAt, tileFactor, type Direction } from "../board";
import { guessOwner, ownedBrackets, type GridCell, type Placement } from "../play";
import * as Q from "../rational";
import type { Radical } from "../radical";
import type { Ruleset } from "../ruleset";
import type { Ruling } from "../ruling";
import { scorePlay, valueBonus } from "../score";
import { BLANK, normaliseFace, splitBrackets, type Face } from "../tiles";
import { checkLine } from "../validate";
import { sideValues, type Operand } from "./brackets";
import { REJECT, START, sideAutomaton, type SideAutomaton } from "./grammar";
import { BIG, DEAD, faceInfo, SideEval, valueKey, type FaceInfo } from "./sidearith";

export interface ExactOptions {
  /** keep the N best plays (default: every legal play) */
  top?: number;
  /** stop after this many ms (default: never); then `complete` is false */
  deadlineMs?: number;
  /** stop after this many search steps (squares tried while filling sides, plus join steps;
   * default: no limit). Unlike
   * the deadline this cut is deterministic; either way `complete` is false. */
  maxWork?: number;
  /** clock for the deadline (default performance.now) */
  now?: () => number;
  /** the first play of the game (default: the board is empty) */
  firstPlay?: boolean;
}

export interface ExactPlay {
  placements: Placement[];
  score: number;
  ruling: Ruling;
  /** blanks placed */
  blanks: number;
  /** rack tiles placed */
  tiles: number;
}

export interface ExactStats {
  groups: number;
  groupsSearched: number;
  /** groups whose bound only tied the list's last score and whose tie-breaks could not win */
  groupsTieSkipped: number;
  tables: number;
  sideFillings: number;
  candidates: number;
  adjudications: number;
  /** plays the adjudicator refused or scored differently (a bug if ever non-zero) */
  rejected: number;
  ms: number;
}

export interface ExactResult {
  plays: ExactPlay[];
  /** true when the list is provably every legal play (or the top N): no deadline cut it */
  complete: boolean;
  stats: ExactStats;
}

const NO_BR = { open: 0, close: 0 };
/** automaton states tracked by the liveness table of `enumerate` (grammar.ts has at most 8;
 * any state beyond counts as live, which is sound) */
const AUT_STATES = 8;
const EMPTY_TABLE: SideTable = { byValue: new Map(), byInt: new Map() };

function clock(): number {
  const p = (globalThis as { performance?: { now(): number } }).performance;
  return p ? p.now() : Date.now();
}

/** A face a square can take from the rack. */
interface Item {
  core: Face;
  blank: boolean;
  /** rack key index */
  key: number;
}

/** One filling of a side. */
interface Entry {
  /** in the fill pool: rack key counts at off, then the item of each empty square */
  off: number;
  pts: number;
  cross: number;
  blanks: number;
  tiles: number;
  crossEq: boolean;
  /** 'SMATH: brackets added per cell of the side */
  open: number[] | null;
  close: number[] | null;
}

/** A filling of a side's shape, before its squares' premiums and cross equations are counted. */
interface RawFill {
  /** in the fill pool (Entry.off) */
  off: number;
  vkey: string;
  value: unknown;
  open: number[] | null;
  close: number[] | null;
}

/** One growing byte array for every filling's tile counts and item choices: no small typed
 * arrays per filling (there can be millions). Readers go through `buf`, which growing replaces. */
class FillPool {
  buf = new Uint8Array(1 << 16);
  len = 0;
  put(uses: Uint8Array, chosen: Uint8Array): number {
    const need = uses.length + chosen.length;
    if (this.len + need > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + need));
      next.set(this.buf.subarray(0, this.len));
      this.buf = next;
    }
    const off = this.len;
    this.buf.set(uses, off);
    this.buf.set(chosen, off + uses.length);
    this.len += need;
    return off;
  }
}

interface ValueBucket {
  value: unknown;
  entries: Entry[];
}

interface SideTable {
  byValue: Map<string, ValueBucket>;
  /** the same buckets, for integer values, by number (probes look them up without a string) */
  byInt: Map<number, ValueBucket>;
}

/** Called at each valid filling of a probed side (instead of storing it): the tile counts and
 * item choices of the filling, and its value as an integer (`iv`) or, when not one, as text. */
/** What the other side of a probed group needs: between lo and hi operator tiles on its empty
 * squares (over its table's fillings). */
interface OtherSide {
  lo: number;
  hi: number;
  empties: number;
}

/** Score cut for a probed side: an item on its e-th empty square adds at most w[e][item] to the
 * play's score, its squares from e on at most rem[e]; a filling whose sum cannot reach limit()
 * (the score the list needs, less everything outside this side's squares) is not completed. */
interface ProbeCut {
  w: Float64Array[];
  rem: Float64Array;
  limit: () => number;
}

type Probe = (uses: Uint8Array, chosen: Uint8Array, iv: number, vkey: string | null) => void;

interface SideShape {
  cells: GridCell[];
  olds: Array<GridCell | undefined>;
  rc: Array<[number, number]>;
  emptyIdx: number[];
  hooked: boolean[];
  oldPts: number;
  sig: string;
}

interface SquareScores {
  ptsOf: Float64Array[];
  crossOf: Array<Float64Array | null>;
  eqOf: Array<Uint8Array | null>;
}

interface CrossInfo {
  ok: boolean;
  /** points of the cross equation this face completes (0 when none), real tile / blank */
  real: number;
  blank: number;
  /** the cross run is a (true) equation */
  eq: boolean;
}

interface Group {
  dir: Direction;
  lane: number;
  s: number;
  e: number;
  /** positions (lane index) of `=`: old and new */
  eqs: number[];
  newEqs: number[];
  bound: number;
  order: number;
  /** all `=` placements of the span with at least one new `=`, expanded when searched */
  lazy: boolean;
}

interface Cand {
  score: number;
  blanks: number;
  tiles: number;
  key: string;
  brackets: number;
  placements: Placement[];
}

function better(a: Cand, b: Cand): number {
  return b.score - a.score || a.blanks - b.blanks || a.tiles - b.tiles || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** The N best candidates, one per key (the fewest brackets represent an 'SMATH placement). */
class TopList {
  readonly list: Cand[] = [];
  readonly byKey = new Map<string, Cand>();
  constructor(readonly n: number) {}
  full(): boolean {
    return this.list.length >= this.n;
  }
  last(): number {
    return this.list[this.list.length - 1].score;
  }
  wants(score: number): boolean {
    return !this.full() || score >= this.last();
  }
  add(c: Cand): void {
    const had = this.byKey.get(c.key);
    if (had) {
      if (c.brackets < had.brackets) {
        had.placements = c.placements;
        had.brackets = c.brackets;
      }
      return;
    }
    if (this.full() && better(c, this.list[this.list.length - 1]) > 0) return;
    let i = this.list.length;
    this.list.push(c);
    while (i > 0 && better(c, this.list[i - 1]) < 0) {
      this.list[i] = this.list[i - 1];
      i--;
    }
    this.list[i] = c;
    this.byKey.set(c.key, c);
    if (this.list.length > this.n) {
      const out = this.list.pop()!;
      this.byKey.delete(out.key);
    }
  }
}

class Deadline {
  hit = false;
  private reads = 0;
  private work = 0;
  constructor(
    private readonly now: () => number,
    private readonly at: number,
    private readonly maxWork: number,
  ) {}
  check(): boolean {
    if (this.hit) return true;
    if (++this.work > this.maxWork) return (this.hit = true);
    if (this.at === Infinity) return false;
    if ((++this.reads & 255) !== 0) return false;
    if (this.now() > this.at) this.hit = true;
    return this.hit;
  }
  checkNow(): boolean {
    if (this.hit || this.at === Infinity) return this.hit;
    if (this.now() > this.at) this.hit = true;
    return this.hit;
  }
}

const isOperator = (f: Face): boolean => f === "+" || f === "-" || f === "×" || f === "÷";
const isDigit = (f: Face): boolean => f.length === 1 && f >= "0" && f <= "9";

export class ExactGenerator {
  readonly size: number;
  readonly grid: (GridCell | undefined)[];
  /** the face each board tile shows (all its brackets), for overlays */
  readonly faceOf: (Face | undefined)[];
  readonly keys: Face[] = [];
  readonly counts: number[] = [];
  blankKey = -1;
  eqKey = -1;
  readonly items: Item[] = [];
  readonly aut: SideAutomaton;
  readonly firstPlay: boolean;
  readonly stats: ExactStats = { groups: 0, groupsSearched: 0, groupsTieSkipped: 0, tables: 0, sideFillings: 0, candidates: 0, adjudications: 0, rejected: 0, ms: 0 };
  private readonly crossMemo = new Map<number, CrossInfo>();
  private readonly maxCrossMemo = new Map<number, number>();
  private readonly faceIndex = new Map<Face, number>();
  private readonly tables = new Map<string, SideTable | null>();
  private readonly fills = new Map<string, RawFill[]>();
  private readonly pool = new FillPool();
  private readonly itemPts: number[] = [];
  /** per item: its role for the incremental evaluator */
  private readonly itemInfo: FaceInfo[] = [];
  /** per item: 1 when it is a binary operator (+ − × ÷), else 0 */
  private readonly itemIsOp: number[] = [];
  /** per rack key: 0 a number tile, 1 an operator, 2 a blank, −1 `=` (counted apart) */
  private readonly keyCls: number[] = [];
  private readonly autRows: Int16Array[] = [];
  /** incremental side evaluator, for the grammars it covers (sidearith.ts); null: checkLine */
  private readonly sideEval: SideEval | null;
  private readonly deadline: Deadline;
  private readonly top: TopList;
  private readonly smath: boolean;
  /** rack tiles (blanks included, `=` of Number Scrabble excluded) points, high first */
  private readonly rackPts: number[] = [];
  private readonly rackDigits: number;
  private readonly rackTiles: number;
  /** blanks on the rack */
  private readonly blankCount: number;

  constructor(
    readonly rs: Ruleset,
    readonly board: readonly Placement[],
    readonly rack: readonly Face[],
    readonly opts: ExactOptions = {},
  ) {
    this.size = rs.layout.size;
    this.grid = new Array(this.size * this.size);
    this.faceOf = new Array(this.size * this.size);
    this.smath = rs.grammar.brackets;
    this.aut = sideAutomaton(rs.grammar);
    this.firstPlay = opts.firstPlay ?? board.length === 0;
    const now = opts.now ?? clock;
    this.deadline = new Deadline(now, opts.deadlineMs === undefined ? Infinity : now() + opts.deadlineMs, opts.maxWork ?? Infinity);
    this.top = new TopList(opts.top ?? Infinity);
    rs.tiles.forEach((t, i) => this.faceIndex.set(t.face, i));
    this.readBoard();
    // Rack keys: bag faces of this ruleset and blanks; unlimited faces never come off a rack.
    let digits = 0;
    let tiles = 0;
    for (const raw of rack) {
      const f = normaliseFace(raw);
      const spec = rs.tileByFace.get(f);
      if (f !== BLANK && (!spec || !spec.inBag)) continue;
      tiles++;
      let k = this.keys.indexOf(f);
      if (k < 0) {
        k = this.keys.length;
        this.keys.push(f);
        this.counts.push(0);
      }
      this.counts[k]++;
      if (f === "=") continue;
      this.rackPts.push(f === BLANK ? 0 : spec!.points);
      if (f === BLANK || isDigit(f) || /^\d+$/.test(f)) digits++;
    }
    this.rackTiles = tiles;
    this.rackDigits = digits;
    this.rackPts.sort((a, b) => b - a);
    this.blankCount = rack.filter((f) => normaliseFace(f) === BLANK).length;
    this.blankKey = this.keys.indexOf(BLANK);
    this.eqKey = this.keys.indexOf("=");
    for (let k = 0; k < this.keys.length; k++) {
      const f = this.keys[k];
      if (f === BLANK || f === "=") continue;
      this.items.push({ core: f, blank: false, key: k });
    }
    if (this.blankKey >= 0) {
      for (const t of rs.tiles) {
        if (!t.inBag || t.face === BLANK || t.face === "=") continue;
        this.items.push({ core: t.face, blank: true, key: this.blankKey });
      }
    }
    for (const it of this.items) this.itemPts.push(it.blank ? 0 : this.points(it.core));
    for (const it of this.items) this.itemInfo.push(faceInfo(it.core));
    for (const it of this.items) this.itemIsOp.push(isOperator(it.core) ? 1 : 0);
    for (const f of this.keys) this.keyCls.push(f === BLANK ? 2 : f === "=" ? -1 : isOperator(f) ? 1 : 0);
    const g = rs.grammar;
    const fast = g.numbers === "multi-digit" && !g.brackets && !g.powers && !g.unaryMinus && rs.options.evaluation === "standard";
    this.sideEval = fast ? new SideEval(this.size, g.forbidNegative, rs.options.mixedFractionBelowOne) : null;
  }

  /** Board tiles as grid cells, 'SMATH bracket owners resolved as play.ts does (decision 10). */
  private readBoard(): void {
    const { rs, size } = this;
    const pending: GridCell[] = [];
    for (const t of this.board) {
      if (t.row < 0 || t.col < 0 || t.row >= size || t.col >= size) continue;
      const face = normaliseFace(t.tile);
      const b = rs.grammar.brackets ? splitBrackets(face) : null;
      const core = b ? b.core : face;
      const open = b ? b.open : 0;
      const close = b ? b.close : 0;
      const owned = open || close ? ownedBrackets(open, close, t) : null;
      const c: GridCell = {
        row: t.row,
        col: t.col,
        core,
        blank: t.blank === true,
        isNew: false,
        overlay: false,
        across: owned ? owned.across : { open, close },
        down: owned ? owned.down : NO_BR,
      };
      if (!owned && (open || close)) pending.push(c);
      this.grid[t.row * size + t.col] = c;
      this.faceOf[t.row * size + t.col] = face;
    }
    for (const c of pending) {
      const g = guessOwner(this.runLen(c.row, c.col, 0, 1), this.runLen(c.row, c.col, 1, 0));
      if (g.direction === "down") {
        c.down = c.across;
        c.across = NO_BR;
      }
    }
  }

  private runLen(r: number, c: number, dr: number, dc: number): number {
    let n = 1;
    for (let i = 1; this.at(r + dr * i, c + dc * i); i++) n++;
    for (let i = 1; this.at(r - dr * i, c - dc * i); i++) n++;
    return n;
  }

  at(r: number, c: number): GridCell | undefined {
    if (r < 0 || c < 0 || r >= this.size || c >= this.size) return undefined;
    return this.grid[r * this.size + c];
  }

  /** lane index i of lane `lane` in direction d → [row, col] */
  cellOf(d: Direction, lane: number, i: number): [number, number] {
    return d === "across" ? [lane, i] : [i, lane];
  }

  /** The cross-check of a face on an empty square, with the cross equation's points. */
  cross(r: number, c: number, d: Direction, core: Face): CrossInfo {
    const fi = this.faceIndex.get(core) ?? this.rs.tiles.length;
    const key = ((r * this.size + c) * 2 + (d === "across" ? 0 : 1)) * (this.rs.tiles.length + 1) + fi;
    const memo = this.crossMemo.get(key);
    if (memo) return memo;
    // the run perpendicular to d through (r, c)
    const [dr, dc] = d === "across" ? [1, 0] : [0, 1];
    const before: GridCell[] = [];
    for (let i = 1; this.at(r - dr * i, c - dc * i); i++) before.push(this.at(r - dr * i, c - dc * i)!);
    const after: GridCell[] = [];
    for (let i = 1; this.at(r + dr * i, c + dc * i); i++) after.push(this.at(r + dr * i, c + dc * i)!);
    let info: CrossInfo;
    if (before.length + after.length === 0) info = { ok: true, real: 0, blank: 0, eq: false };
    else {
      const crossDir: Direction = d === "across" ? "down" : "across";
      const mk = (blank: boolean): GridCell => ({ row: r, col: c, core, blank, isNew: true, overlay: false, across: NO_BR, down: NO_BR });
      const cells = [...before.reverse(), mk(false), ...after];
      const line = checkLine(this.rs, cells, crossDir, false);
      const ok = line.violations.length === 0;
      let real = 0;
      let blank = 0;
      if (ok && line.trueEquation) {
        real = scorePlay(this.rs, [line], []).score;
        const cellsB = [...before, mk(true), ...after];
        blank = scorePlay(this.rs, [{ ...line, cells: cellsB }], []).score;
      }
      info = { ok, real, blank, eq: ok && line.trueEquation };
    }
    this.crossMemo.set(key, info);
    return info;
  }

  private maxCross(r: number, c: number, d: Direction): number {
    const key = (r * this.size + c) * 2 + (d === "across" ? 0 : 1);
    const memo = this.maxCrossMemo.get(key);
    if (memo !== undefined) return memo;
    const hooked = d === "across" ? this.at(r - 1, c) || this.at(r + 1, c) : this.at(r, c - 1) || this.at(r, c + 1);
    let best = 0;
    if (!hooked) {
      this.maxCrossMemo.set(key, 0);
      return 0;
    }
    for (const it of this.items) {
      const x = this.cross(r, c, d, it.core);
      if (x.ok) best = Math.max(best, it.blank ? x.blank : x.real);
    }
    this.maxCrossMemo.set(key, best);
    return best;
  }

  private points(core: Face): number {
    return this.rs.tileByFace.get(core)?.points ?? 0;
  }

  run(): ExactResult {
    const start = clock();
    const groups: Group[] = [];
    for (const dir of ["across", "down"] as const) {
      for (let lane = 0; lane < this.size && !this.deadline.checkNow(); lane++) this.lanesGroups(dir, lane, groups);
    }
    groups.sort((a, b) => b.bound - a.bound || a.order - b.order);
    this.stats.groups = groups.length;
    for (const g of groups) {
      if (this.deadline.hit) break;
      if (g.bound < this.need()) break;
      if (this.deadline.checkNow()) break;
      if (g.bound === this.need() && !this.mayTie(g)) {
        this.stats.groupsTieSkipped++;
        continue;
      }
      this.stats.groupsSearched++;
      if (g.lazy) this.searchLazy(g);
      else this.searchGroup(g);
      if (this.deadline.hit) break;
    }
    const plays = this.adjudicateAll();
    this.stats.ms = clock() - start;
    return { plays, complete: !this.deadline.hit, stats: this.stats };
  }

  /**
   * Whether a group whose bound equals the list's last score could still hold a play that enters
   * the list: such a play only ties on score, so it must come first on the tie-breaks (`better`:
   * fewer blanks, fewer tiles, reading order). A group places a known number of tiles, at least
   * a known number of blanks, and every play of it starts its key with the group's first empty
   * square; when those already put it behind the last play, nothing in it can enter.
   */
  private mayTie(g: Group): boolean {
    if (g.lazy || !this.top.full()) return true;
    const last = this.top.list[this.top.list.length - 1];
    let empties = 0;
    let first = -1;
    for (let i = g.s; i <= g.e; i++) {
      const [r, c] = this.cellOf(g.dir, g.lane, i);
      if (this.at(r, c)) continue;
      empties++;
      if (first < 0) first = r * this.size + c;
    }
    const placed = empties - g.newEqs.length; // rack tiles other than `=`
    const minBlanks = Math.max(0, placed - (this.rackPts.length - this.blankCount));
    if (minBlanks !== last.blanks) return minBlanks < last.blanks;
    const tiles = placed + (this.rs.tileByFace.get("=")?.inBag ? g.newEqs.length : 0);
    if (tiles !== last.tiles) return tiles < last.tiles;
    const r = Math.floor(first / this.size);
    const c = first % this.size;
    const prefix = `${r.toString().padStart(2, "0")},${c.toString().padStart(2, "0")}:`;
    return prefix <= last.key.slice(0, prefix.length);
  }

  /** the lowest score a play must have to make the list now (-Infinity until it is full) */
  private need(): number {
    return this.top.full() ? this.top.last() : -Infinity;
  }

  private adjudicateAll(): ExactPlay[] {
    const out: ExactPlay[] = [];
    for (const c of this.top.list) {
      this.stats.adjudications++;
      const ruling = adjudicatePlay(this.rs, this.board, c.placements, { rack: this.rack, firstPlay: this.firstPlay });
      if (!ruling.valid || ruling.score !== c.score) {
        this.stats.rejected++;
        continue;
      }
      out.push({ placements: c.placements, score: c.score, ruling, blanks: c.blanks, tiles: c.tiles });
    }
    return out;
  }

  /** Spans of one lane and their `=` placements, with score bounds. */
  private lanesGroups(dir: Direction, lane: number, out: Group[]): void {
    const { size, rs } = this;
    const old = (i: number): GridCell | undefined => {
      const [r, c] = this.cellOf(dir, lane, i);
      return this.at(r, c);
    };
    const crossDir: Direction = dir === "across" ? "down" : "across";
    const [pr, pc] = crossDir === "down" ? [1, 0] : [0, 1];
    const hooked = (i: number): boolean => {
      const [r, c] = this.cellOf(dir, lane, i);
      return this.at(r - pr, c - pc) !== undefined || this.at(r + pr, c + pc) !== undefined;
    };
    const nonEqTiles = this.rackPts.length;
    const eqTiles = this.eqKey >= 0 ? this.counts[this.eqKey] : 0;
    const unlimitedEq = rs.tileByFace.get("=")?.unlimited === true;
    const maxNewEq = Math.min(rs.maxNewEquals, unlimitedEq ? size : eqTiles);
    for (let s = 0; s < size; s++) {
      if (s > 0 && old(s - 1)) continue;
      let empties = 0;
      let hasOld = false;
      let hasHook = false;
      for (let e = s; e < size; e++) {
        if (old(e)) hasOld = true;
        else {
          empties++;
          if (hooked(e)) hasHook = true;
        }
        if (empties > nonEqTiles + maxNewEq) break;
        if (e + 1 < size && old(e + 1)) continue;
        if (empties === 0) continue;
        // connection
        if (this.firstPlay) {
          const [sr, sc] = rs.layout.start;
          const onLane = dir === "across" ? sr === lane : sc === lane;
          const si = dir === "across" ? sc : sr;
          if (!onLane) continue;
          if (rs.startRule === "cover" ? si < s || si > e : si !== s && si !== e) continue;
        } else if (!hasOld && !hasHook) continue;
        // a lone new tile in this direction: its main line is the other one (decision 9); as the
        // first play it has no line at all, so it is no play (SINGLE_TILE, decision 15)
        if (e === s) continue;
        this.equalsPlacements(dir, lane, s, e, maxNewEq, unlimitedEq, out);
      }
    }
  }

  /** The groups of a span: each way of putting `=` on it, with its bound. 'SMATH (no cap on new
   * `=`) gets two: no new `=`, and one "lazy" group for all the rest, bounded as a whole and
   * split into its `=` placements only when it is searched (there can be thousands). */
  private equalsPlacements(dir: Direction, lane: number, s: number, e: number, maxNewEq: number, unlimitedEq: boolean, out: Group[]): void {
    if (maxNewEq === Infinity || maxNewEq >= this.size) {
      this.configs(dir, lane, s, e, 0, unlimitedEq, (g) => {
        g.order = out.length;
        g.bound = this.bound(g);
        out.push(g);
      });
      const lazy: Group = { dir, lane, s, e, eqs: [], newEqs: [], bound: 0, order: out.length, lazy: true };
      lazy.bound = this.lazyBound(lazy);
      out.push(lazy);
      return;
    }
    this.configs(dir, lane, s, e, maxNewEq, unlimitedEq, (g) => {
      g.order = out.length;
      g.bound = this.bound(g);
      out.push(g);
    });
  }

  /** Every placement of at most `maxNewEq` new `=` on a span (`minNew` at least), as groups. */
  private configs(dir: Direction, lane: number, s: number, e: number, maxNewEq: number, unlimitedEq: boolean, visit: (g: Group) => void, minNew = 0): void {
    const rs = this.rs;
    const cells: Array<GridCell | undefined> = [];
    for (let i = s; i <= e; i++) {
      const [r, c] = this.cellOf(dir, lane, i);
      cells.push(this.at(r, c));
    }
    const oldEqs: number[] = [];
    for (let i = s; i <= e; i++) if (cells[i - s]?.core === "=") oldEqs.push(i);
    const empties: number[] = [];
    for (let i = s; i <= e; i++) if (!cells[i - s]) empties.push(i);
    const nonEqTiles = this.rackPts.length;
    const maxPerLine = rs.grammar.maxEqualsPerLine;
    const needed = Math.max(minNew, empties.length - nonEqTiles);
    const chosen: number[] = [];
    const emit = (): void => {
      if (chosen.length < needed) return;
      const eqs = [...oldEqs, ...chosen].sort((a, b) => a - b);
      if (eqs.length > maxPerLine) return;
      if (eqs.length === 0 && rs.requireEquation === "main") return;
      // no empty side
      for (let k = 0; k <= eqs.length; k++) {
        const a = k === 0 ? s : eqs[k - 1] + 1;
        const b = k === eqs.length ? e : eqs[k] - 1;
        if (a > b) return;
      }
      visit({ dir, lane, s, e, eqs, newEqs: chosen.slice(), bound: 0, order: 0, lazy: false });
    };
    const rec = (idx: number): void => {
      if (chosen.length + (empties.length - idx) < needed) return;
      if (idx === empties.length) {
        emit();
        return;
      }
      rec(idx + 1);
      if (chosen.length >= maxNewEq || (!unlimitedEq && chosen.length >= (this.eqKey >= 0 ? this.counts[this.eqKey] : 0))) return;
      const p = empties[idx];
      if (p === s || p === e) return;
      if (oldEqs.length + chosen.length >= maxPerLine) return;
      const prevEq = chosen.length ? chosen[chosen.length - 1] : -9;
      if (prevEq === p - 1 || oldEqs.includes(p - 1) || oldEqs.includes(p + 1)) return;
      const [r, c] = this.cellOf(dir, lane, p);
      if (!this.cross(r, c, dir, "=").ok) return;
      chosen.push(p);
      rec(idx + 1);
      chosen.pop();
    };
    rec(0);
  }

  /** Bound of every group of a span with at least one new `=`: each empty square is a rack tile
   * or a `=`, whichever could score more (used where `=` is unlimited and scores 0). */
  private lazyBound(g: Group): number {
    const { rs } = this;
    let mult = 1;
    let pts = 0;
    let cross = 0;
    let empties = 0;
    const tfs: number[] = [];
    for (let i = g.s; i <= g.e; i++) {
      const [r, c] = this.cellOf(g.dir, g.lane, i);
      const o = this.at(r, c);
      if (o) {
        if (rs.scoring === "all-tiles" && !o.blank) pts += this.points(o.core);
        continue;
      }
      empties++;
      const p = premiumAt(rs.layout, r, c);
      mult *= lineFactor(p);
      tfs.push(tileFactor(p));
      const eq = this.cross(r, c, g.dir, "=");
      cross += Math.max(this.maxCross(r, c, g.dir), eq.ok ? eq.real : 0);
    }
    tfs.sort((a, b) => b - a);
    for (let k = 0; k < tfs.length && k < this.rackPts.length; k++) pts += Math.max(tfs[k] * this.rackPts[k], tfs[k] * this.points("="));
    const allBonus = this.rackTiles === rs.rackSize && empties > rs.rackSize ? rs.options.allTilesBonus : 0;
    return pts * mult + cross + allBonus;
  }

  private searchLazy(g: Group): void {
    this.configs(g.dir, g.lane, g.s, g.e, Infinity, true, (c) => {
      if (this.deadline.hit) return;
      this.searchGroup(c);
    }, 1);
  }

  /** Upper bound of the score of any play of a group (see the module comment). */
  private bound(g: Group): number {
    const { rs } = this;
    const allTiles = rs.scoring === "all-tiles";
    const isEq = g.eqs.length > 0;
    let mult = 1;
    let oldPts = 0;
    let eqPts = 0;
    let cross = 0;
    const tfs: number[] = [];
    for (let i = g.s; i <= g.e; i++) {
      const [r, c] = this.cellOf(g.dir, g.lane, i);
      const o = this.at(r, c);
      if (o) {
        if (allTiles && !o.blank) oldPts += this.points(o.core);
        continue;
      }
      const p = premiumAt(rs.layout, r, c);
      mult *= lineFactor(p);
      if (g.newEqs.includes(i)) {
        eqPts += this.points("=") * tileFactor(p);
        cross += this.cross(r, c, g.dir, "=").real;
      } else {
        tfs.push(tileFactor(p));
        cross += this.maxCross(r, c, g.dir);
      }
    }
    if (!isEq) return cross;
    tfs.sort((a, b) => b - a);
    let newPts = 0;
    for (let k = 0; k < tfs.length && k < this.rackPts.length; k++) newPts += tfs[k] * this.rackPts[k];
    let bonus = 0;
    if (rs.scoring === "new-tiles" && rs.options.valueBonus !== "none") {
      // |v| < 10^(2·digits) for a side with that many digits (module comment in docs/bot.md)
      let minDigits = Infinity;
      for (let k = 0; k <= g.eqs.length; k++) {
        const a = k === 0 ? g.s : g.eqs[k - 1] + 1;
        const b = k === g.eqs.length ? g.e : g.eqs[k] - 1;
        let d = 0;
        let newSq = 0;
        for (let i = a; i <= b; i++) {
          const [r, c] = this.cellOf(g.dir, g.lane, i);
          const o = this.at(r, c);
          if (o) d += isDigit(o.core) ? 1 : 0;
          else newSq++;
        }
        minDigits = Math.min(minDigits, d + Math.min(newSq, this.rackDigits));
      }
      bonus = rs.options.valueBonus === "sqrt" ? Math.pow(10, minDigits) : Math.ceil(2 * minDigits * Math.log2(10));
    }
    const rackPlaced = tfs.length + (rs.tileByFace.get("=")?.inBag ? g.newEqs.length : 0);
    const allBonus = this.rackTiles === rs.rackSize && rackPlaced === rs.rackSize ? rs.options.allTilesBonus : 0;
    return (oldPts + newPts + eqPts + bonus) * mult + cross + allBonus;
  }

  /** The fillings of one side (lane squares a..b), indexed by value; null when there is none. */
  private table(dir: Direction, lane: number, a: number, b: number): SideTable | null {
    const key = `${dir}:${lane}:${a}:${b}`;
    if (this.tables.has(key)) return this.tables.get(key)!;
    const t = this.buildTable(dir, lane, a, b);
    if (!this.deadline.hit) this.tables.set(key, t);
    return t;
  }

  /** A side's squares: old tiles, fresh cells for the empty ones, and its shape signature. */
  private sideShape(dir: Direction, lane: number, a: number, b: number): SideShape {
    const { rs } = this;
    const n = b - a + 1;
    const allTiles = rs.scoring === "all-tiles";
    const cells: GridCell[] = new Array(n);
    const olds: Array<GridCell | undefined> = new Array(n);
    const rc: Array<[number, number]> = [];
    const emptyIdx: number[] = [];
    const hooked: boolean[] = [];
    let oldPts = 0;
    // The side's shape: old tiles, free squares, and squares with a cross-check (unique to the
    // square). Sides of one shape have the same fillings, so they are enumerated once.
    let sig = `${dir[0]}`;
    const [pr, pc] = dir === "across" ? [1, 0] : [0, 1];
    for (let i = 0; i < n; i++) {
      const [r, c] = this.cellOf(dir, lane, a + i);
      rc.push([r, c]);
      const o = this.at(r, c);
      olds[i] = o;
      if (o) {
        cells[i] = o;
        if (allTiles && !o.blank) oldPts += this.points(o.core);
        const br = o[dir];
        sig += `|${o.core}${br.open ? `(${br.open}` : ""}${br.close ? `)${br.close}` : ""}`;
      } else {
        emptyIdx.push(i);
        const h = this.at(r - pr, c - pc) !== undefined || this.at(r + pr, c + pc) !== undefined;
        hooked.push(h);
        sig += h ? `|x${r},${c}` : "|_";
        cells[i] = { row: r, col: c, core: "", blank: false, isNew: true, overlay: false, across: NO_BR, down: NO_BR };
      }
    }
    return { cells, olds, rc, emptyIdx, hooked, oldPts, sig };
  }

  /** Per empty square of a side: each item's points there, its cross equation's points, and
   * whether it makes one (null on squares with no cross-check). */
  private squareScores(dir: Direction, shape: SideShape): SquareScores {
    const { rs, items } = this;
    const { rc, emptyIdx, hooked } = shape;
    const ne = emptyIdx.length;
    const ptsOf: Float64Array[] = [];
    const crossOf: Array<Float64Array | null> = [];
    const eqOf: Array<Uint8Array | null> = [];
    for (let e = 0; e < ne; e++) {
      const [r, c] = rc[emptyIdx[e]];
      const tf = tileFactor(premiumAt(rs.layout, r, c));
      const pv = new Float64Array(items.length);
      for (let k = 0; k < items.length; k++) pv[k] = this.itemPts[k] * tf;
      ptsOf.push(pv);
      if (!hooked[e]) {
        crossOf.push(null);
        eqOf.push(null);
        continue;
      }
      const cv = new Float64Array(items.length);
      const ev = new Uint8Array(items.length);
      for (let k = 0; k < items.length; k++) {
        const x = this.cross(r, c, dir, items[k].core);
        cv[k] = items[k].blank ? x.blank : x.real;
        ev[k] = x.eq ? 1 : 0;
      }
      crossOf.push(cv);
      eqOf.push(ev);
    }
    return { ptsOf, crossOf, eqOf };
  }

  private buildTable(dir: Direction, lane: number, a: number, b: number): SideTable | null {
    this.stats.tables++;
    const shape = this.sideShape(dir, lane, a, b);
    const { cells, olds, rc, emptyIdx, oldPts, sig } = shape;
    if (emptyIdx.length > this.rackPts.length) return null;
    let raws = this.fills.get(sig);
    if (!raws) {
      raws = this.enumerate(dir, cells, olds, rc);
      if (this.deadline.hit) return null;
      this.fills.set(sig, raws);
    }
    if (raws.length === 0) return null;
    const byValue = new Map<string, ValueBucket>();
    const byInt = new Map<number, ValueBucket>();
    const items = this.items;
    const ne = emptyIdx.length;
    const { ptsOf, crossOf, eqOf } = this.squareScores(dir, shape);
    const K = this.keys.length;
    const buf = this.pool.buf;
    for (const raw of raws) {
      let pts = oldPts;
      let cross = 0;
      let blanks = 0;
      let crossEq = false;
      const at = raw.off + K;
      for (let e = 0; e < ne; e++) {
        const k = buf[at + e];
        if (items[k].blank) blanks++;
        pts += ptsOf[e][k];
        const cv = crossOf[e];
        if (cv) {
          cross += cv[k];
          if (eqOf[e]![k]) crossEq = true;
        }
      }
      let bucket = byValue.get(raw.vkey);
      if (!bucket) {
        bucket = { value: raw.value, entries: [] };
        byValue.set(raw.vkey, bucket);
        const iv = Number(raw.vkey);
        if (Number.isSafeInteger(iv) && String(iv) === raw.vkey) byInt.set(iv, bucket);
      }
      bucket.entries.push({ off: raw.off, pts, cross, blanks, tiles: ne, crossEq, open: raw.open, close: raw.close });
    }
    return { byValue, byInt };
  }

  /** Every filling of a side's empty squares that makes it a valid side, with its value(s). */
  private enumerate(dir: Direction, cells: GridCell[], olds: Array<GridCell | undefined>, rc: Array<[number, number]>, probe: Probe | null = null, cut: ProbeCut | null = null, other: OtherSide | null = null): RawFill[] {
    const { rs } = this;
    const n = cells.length;
    const out: RawFill[] = [];
    const uses = new Uint8Array(this.keys.length);
    let empties = 0;
    for (let i = 0; i < n; i++) if (!olds[i]) empties++;
    const chosen = new Uint8Array(empties);
    const pool = this.pool;
    const items = this.items;
    const counts = this.counts;
    const aut = this.aut;
    const ev = this.sideEval;
    const infos = this.itemInfo;
    const oldInfo: Array<FaceInfo | null> = olds.map((o) => (o ? faceInfo(o.core) : null));
    if (ev) {
      ev.ensure(n);
      ev.reset();
    }
    // per empty square, the items its cross-check lets through (a bit per item)
    const okAt: Array<Uint8Array | null> = new Array(n).fill(null);
    for (let i = 0; i < n; i++) {
      if (olds[i]) continue;
      const [r, c] = rc[i];
      const ok = new Uint8Array(items.length);
      for (let k = 0; k < items.length; k++) ok[k] = this.cross(r, c, dir, items[k].core).ok ? 1 : 0;
      okAt[i] = ok;
    }
    // live[i·S + s]: from automaton state s before square i, some filling of the squares left
    // (old tiles as they are, each empty square an item its cross-check allows) is accepted.
    // Backward reachability, so a side that can never close (say, it ends on an old operator)
    // is not enumerated at all, and no branch is followed into a dead end.
    const S = AUT_STATES;
    const live = new Uint8Array((n + 1) * S);
    for (let st = 0; st < S; st++) live[n * S + st] = aut.accepts(st) ? 1 : 0;
    for (let i = n - 1; i >= 0; i--) {
      for (let st = 0; st < S; st++) {
        let ok = 0;
        if (olds[i]) {
          const nx = aut.step(st, olds[i]!.core);
          ok = nx === REJECT ? 0 : nx >= S ? 1 : live[(i + 1) * S + nx];
        } else {
          const row = this.autRow(st);
          const allowed = okAt[i]!;
          for (let k = 0; k < items.length && !ok; k++) {
            const nx = row[k];
            if (allowed[k] && nx !== REJECT) ok = nx >= S ? 1 : live[(i + 1) * S + nx];
          }
        }
        live[i * S + st] = ok;
      }
    }
    const isLive = (i: number, st: number): boolean => st >= S || live[i * S + st] === 1;
    if (!isLive(0, START)) return out;
    // Operator count: lo/hi[i·S + s] are the fewest and most operator tiles the empty squares
    // from i on take on any accepted path from state s (over the same relaxation as `live`).
    // The side is not enumerated when the rack cannot supply that many operators and numbers
    // (blanks standing for either) for its squares and, when probing, the other side's: this
    // kills most full-rack groups at once. (Checked at every square it cost more than it cut.)
    const lo = new Int16Array((n + 1) * S);
    const hi = new Int16Array((n + 1) * S);
    const restEmpties = new Int16Array(n + 1);
    for (let i = n - 1; i >= 0; i--) restEmpties[i] = restEmpties[i + 1] + (olds[i] ? 0 : 1);
    for (let i = n - 1; i >= 0; i--) {
      for (let st = 0; st < S; st++) {
        if (!live[i * S + st]) continue;
        let a = 1 << 14;
        let b = -1;
        if (olds[i]) {
          const nx = aut.step(st, olds[i]!.core);
          if (nx >= S) b = restEmpties[i + 1];
          else {
            a = lo[(i + 1) * S + nx];
            b = hi[(i + 1) * S + nx];
          }
          if (nx >= S) a = 0;
        } else {
          const row = this.autRow(st);
          const allowed = okAt[i]!;
          for (let k = 0; k < items.length; k++) {
            const nx = row[k];
            if (!allowed[k] || nx === REJECT) continue;
            const c = this.itemIsOp[k];
            if (nx >= S) {
              a = Math.min(a, c);
              b = Math.max(b, restEmpties[i]);
            } else if (live[(i + 1) * S + nx]) {
              a = Math.min(a, c + lo[(i + 1) * S + nx]);
              b = Math.max(b, c + hi[(i + 1) * S + nx]);
            }
          }
        }
        lo[i * S + st] = a;
        hi[i * S + st] = b;
      }
    }
    const keyCls = this.keyCls;
    const avail = [0, 0, 0]; // numbers, operators, blanks left on the rack
    for (let k = 0; k < counts.length; k++) if (keyCls[k] >= 0) avail[keyCls[k]] += counts[k];
    const oLo = other ? other.lo : 0;
    const oHi = other ? other.hi : 0;
    const oE = other ? other.empties : 0;
    const fits = (i: number, st: number): boolean => {
      if (st >= S) return true;
      const pLo = lo[i * S + st] + oLo;
      const pHi = hi[i * S + st] + oHi;
      const e = restEmpties[i] + oE;
      const nums = avail[0];
      const ops = avail[1];
      const cost = (p: number): number => Math.max(0, p - ops) + Math.max(0, e - p - nums);
      const p1 = Math.min(pHi, Math.max(pLo, ops));
      const p2 = Math.min(pHi, Math.max(pLo, e - nums));
      return Math.min(cost(p1), cost(p2)) <= avail[2];
    };
    if (!fits(0, START)) return out;
    const values = new Map<string, unknown>();
    const slowLeaf = (): void => {
      if (this.smath) {
        const ops: Operand[] = [];
        const cellOfOp: number[] = [];
        let pending: Operand["op"] = "";
        for (let i = 0; i < n; i++) {
          const core = cells[i].core;
          if (core === "+" || core === "-" || core === "×" || core === "÷") {
            pending = core;
            continue;
          }
          const br = olds[i] ? olds[i]![dir] : NO_BR;
          ops.push({ value: Q.rat(BigInt(core)), op: ops.length === 0 ? "" : pending || "imul", oldOpen: br.open, oldClose: br.close });
          cellOfOp.push(i);
          pending = "";
        }
        const sv = sideValues(ops);
        if (!sv) return;
        // every value of this filling shares its tile counts and choices
        const off = pool.put(uses, chosen);
        for (const [vkey, w] of sv.values) {
          let open: number[] | null = null;
          let close: number[] | null = null;
          if (w.open.some((x) => x > 0) || w.close.some((x) => x > 0)) {
            open = new Array(n).fill(0);
            close = new Array(n).fill(0);
            for (let k = 0; k < w.open.length; k++) {
              open[cellOfOp[k]] = w.open[k];
              close[cellOfOp[k]] = w.close[k];
            }
          }
          out.push({ off, vkey, value: w.value, open, close });
        }
        return;
      }
      const line = checkLine(rs, cells, dir, true);
      if (line.violations.length || line.kind === "equation" || line.valueText === null) return;
      if (probe) {
        probe(uses, chosen, NaN, line.valueText);
        return;
      }
      out.push({ off: pool.put(uses, chosen), vkey: line.valueText, value: line.value, open: null, close: null });
    };
    const leaf = (big: boolean): void => {
      this.stats.sideFillings++;
      if (!ev || big) {
        slowLeaf();
        return;
      }
      const r = ev.finish(n);
      if (r === DEAD) return;
      if (r === BIG) {
        slowLeaf();
        return;
      }
      if (probe) {
        if (ev.vd === 1) probe(uses, chosen, ev.vn, null);
        else probe(uses, chosen, NaN, valueKey(ev.vn, ev.vd));
        return;
      }
      const vkey = valueKey(ev.vn, ev.vd);
      let value = values.get(vkey);
      if (value === undefined) {
        value = Q.rat(BigInt(ev.vn), BigInt(ev.vd));
        values.set(vkey, value);
      }
      out.push({ off: pool.put(uses, chosen), vkey, value, open: null, close: null });
    };
    const dfs = (i: number, state: number, e: number, big: boolean, acc: number): void => {
      if (this.deadline.check()) return;
      if (i === n) {
        if (aut.accepts(state)) leaf(big);
        return;
      }
      const o = olds[i];
      if (o) {
        const st = aut.step(state, o.core);
        if (st === REJECT || !isLive(i + 1, st)) return;
        let b = big;
        if (ev && !big) {
          const r = ev.step(i, oldInfo[i]!);
          if (r === DEAD) return;
          if (r === BIG) b = true;
        }
        dfs(i + 1, st, e, b, acc);
        return;
      }
      const cell = cells[i];
      const ok = okAt[i]!;
      const row = this.autRow(state);
      const w = cut ? cut.w[e] : null;
      const least = cut ? cut.limit() - cut.rem[e + 1] : 0;
      for (let k = 0; k < items.length; k++) {
        if (!ok[k]) continue;
        const st = row[k];
        if (st === REJECT || !isLive(i + 1, st)) continue;
        const it = items[k];
        if (uses[it.key] >= counts[it.key]) continue;
        if (w && acc + w[k] < least) continue;
        let b = big;
        if (ev && !big) {
          const r = ev.step(i, infos[k]);
          if (r === DEAD) continue;
          if (r === BIG) b = true;
        }
        uses[it.key]++;
        chosen[e] = k;
        cell.core = it.core;
        cell.blank = it.blank;
        dfs(i + 1, st, e + 1, b, w ? acc + w[k] : 0);
        uses[it.key]--;
      }
    };
    dfs(0, START, 0, false, 0);
    return out;
  }

  /** The automaton's next state for every item from `state` (states are small integers). */
  private autRow(state: number): Int16Array {
    let row = this.autRows[state];
    if (!row) {
      row = new Int16Array(this.items.length);
      for (let k = 0; k < this.items.length; k++) row[k] = this.aut.step(state, this.items[k].core);
      this.autRows[state] = row;
    }
    return row;
  }

  private searchGroup(g: Group): void {
    const { rs } = this;
    const bounds: Array<[number, number]> = [];
    for (let k = 0; k <= g.eqs.length; k++) {
      const a = k === 0 ? g.s : g.eqs[k - 1] + 1;
      const b = k === g.eqs.length ? g.e : g.eqs[k] - 1;
      bounds.push([a, b]);
    }
    // Two sides valued incrementally: the side with more empty squares (the larger enumeration)
    // is not tabled unless a table of it exists already; its fillings are enumerated once more
    // and each looks up the other side's table by value at once ("probe"), so the millions of
    // fillings that meet no partner are never stored.
    let probeSide = -1;
    if (bounds.length === 2 && this.sideEval && !this.smath) {
      const em = bounds.map(([a, b]) => this.emptyIn(g.dir, g.lane, a, b));
      const big = em[1] > em[0] ? 1 : 0;
      if (!this.tables.has(`${g.dir}:${g.lane}:${bounds[big][0]}:${bounds[big][1]}`)) probeSide = big;
    }
    const sides: Array<{ a: number; b: number; t: SideTable }> = [];
    for (let k = 0; k < bounds.length; k++) {
      const [a, b] = bounds[k];
      if (k === probeSide) {
        sides.push({ a, b, t: EMPTY_TABLE });
        continue;
      }
      const t = this.table(g.dir, g.lane, a, b);
      if (this.deadline.hit || !t) return;
      sides.push({ a, b, t });
    }
    // the `=` squares
    let mult = 1;
    let eqPts = 0;
    let eqCross = 0;
    let eqOldPts = 0;
    const allTiles = rs.scoring === "all-tiles";
    for (let i = g.s; i <= g.e; i++) {
      const [r, c] = this.cellOf(g.dir, g.lane, i);
      const o = this.at(r, c);
      if (o) {
        if (o.core === "=" && allTiles && !o.blank) eqOldPts += this.points("=");
        continue;
      }
      const p = premiumAt(rs.layout, r, c);
      mult *= lineFactor(p);
      if (g.newEqs.includes(i)) {
        eqPts += this.points("=") * tileFactor(p);
        eqCross += this.cross(r, c, g.dir, "=").real;
      }
    }
    const eqUses = this.eqKey >= 0 ? g.newEqs.length : 0;
    if (eqUses > (this.eqKey >= 0 ? this.counts[this.eqKey] : 0)) return;
    const isEq = g.eqs.length > 0;
    const running = new Uint8Array(this.keys.length);
    if (this.eqKey >= 0) running[this.eqKey] = eqUses;
    const picked: Entry[] = new Array(sides.length);
    const single = g.e === g.s || this.emptyCount(g) === 1;
    const eqInBag = rs.tileByFace.get("=")?.inBag === true;

    const finish = (value: unknown): void => {
      this.stats.candidates++;
      let pts = eqPts + eqOldPts;
      let cross = eqCross;
      let blanks = 0;
      let tiles = eqInBag ? g.newEqs.length : 0;
      let crossEq = false;
      let brackets = 0;
      for (const e of picked) {
        pts += e.pts;
        cross += e.cross;
        blanks += e.blanks;
        tiles += e.tiles;
        if (e.crossEq) crossEq = true;
        if (e.open) for (let i = 0; i < e.open.length; i++) brackets += e.open[i] + e.close![i];
      }
      if (!isEq && rs.requireEquation === "any" && !crossEq) return;
      let score = cross;
      if (isEq) {
        score += pts * mult;
        if (rs.scoring === "new-tiles") score += valueBonus(rs.options.valueBonus, value as Radical) * mult;
        if (tiles === rs.rackSize) score += rs.options.allTilesBonus;
      }
      if (!this.top.wants(score)) return;
      if (probeSide >= 0 && probed.off < 0) probed.off = this.pool.put(probeUses!, probeChosen!);
      const placements = this.placementsOf(g, sides, picked);
      if (single && !placements.some((p) => this.at(p.row, p.col)) && !this.mainIs(g.dir, placements[0])) return;
      const key = this.keyOf(placements);
      this.top.add({ score, blanks, tiles, key, brackets, placements });
    };
    // the probed side's current filling (its pool offset taken only when it makes the list)
    const probed: Entry = { off: -1, pts: 0, cross: 0, blanks: 0, tiles: 0, crossEq: false, open: null, close: null };
    let probeUses: Uint8Array | null = null;
    let probeChosen: Uint8Array | null = null;
    if (probeSide >= 0) {
      const other = sides[1 - probeSide].t;
      const [a, b] = bounds[probeSide];
      const shape = this.sideShape(g.dir, g.lane, a, b);
      if (shape.emptyIdx.length > this.rackPts.length) return;
      const { ptsOf, crossOf, eqOf } = this.squareScores(g.dir, shape);
      const ne = shape.emptyIdx.length;
      const items = this.items;
      const counts = this.counts;
      const K = this.keys.length;
      this.stats.tables++;
      // score cut (scoring without a value bonus: the rest of the score is known per square)
      let cut: ProbeCut | null = null;
      if (isEq && !(rs.scoring === "new-tiles" && rs.options.valueBonus !== "none")) {
        let otherMax = -Infinity;
        for (const bk of other.byValue.values()) for (const e of bk.entries) otherMax = Math.max(otherMax, e.pts * mult + e.cross);
        const tiles = (eqInBag ? g.newEqs.length : 0) + ne + this.emptyIn(g.dir, g.lane, bounds[1 - probeSide][0], bounds[1 - probeSide][1]);
        const fixed = (eqPts + eqOldPts + shape.oldPts) * mult + eqCross + (tiles === rs.rackSize ? rs.options.allTilesBonus : 0) + otherMax;
        const w: Float64Array[] = [];
        for (let e = 0; e < ne; e++) {
          const we = new Float64Array(items.length);
          const cv = crossOf[e];
          for (let k = 0; k < items.length; k++) we[k] = ptsOf[e][k] * mult + (cv ? cv[k] : 0);
          w.push(we);
        }
        const rem = new Float64Array(ne + 1);
        for (let e = ne - 1; e >= 0; e--) {
          let m = 0;
          for (let k = 0; k < items.length; k++) m = Math.max(m, w[e][k]);
          rem[e] = rem[e + 1] + m;
        }
        // a hair of slack so that rounding can never cut a play that ties the list's last score
        cut = { w, rem, limit: () => this.need() - fixed - 1e-9 };
      }
      // the operators the other side's fillings place, fewest and most
      const os: OtherSide = { lo: 1 << 14, hi: 0, empties: 0 };
      {
        const buf = this.pool.buf;
        for (const bk of other.byValue.values()) {
          for (const e of bk.entries) {
            let ops = 0;
            for (let q = 0; q < e.tiles; q++) ops += this.itemIsOp[buf[e.off + K + q]];
            os.lo = Math.min(os.lo, ops);
            os.hi = Math.max(os.hi, ops);
            os.empties = e.tiles;
          }
        }
      }
      this.enumerate(g.dir, shape.cells, shape.olds, shape.rc, (uses, chosen, iv, vkey) => {
        const bucket = vkey === null ? other.byInt.get(iv) : other.byValue.get(vkey);
        if (!bucket) return;
        let pts = shape.oldPts;
        let cross = 0;
        let blanks = 0;
        let crossEq = false;
        for (let e = 0; e < ne; e++) {
          const k = chosen[e];
          if (items[k].blank) blanks++;
          pts += ptsOf[e][k];
          const cv = crossOf[e];
          if (cv) {
            cross += cv[k];
            if (eqOf[e]![k]) crossEq = true;
          }
        }
        probed.off = -1;
        probed.pts = pts;
        probed.cross = cross;
        probed.blanks = blanks;
        probed.tiles = ne;
        probed.crossEq = crossEq;
        probeUses = uses;
        probeChosen = chosen;
        picked[probeSide] = probed;
        const buf = this.pool.buf;
        for (const e of bucket.entries) {
          let fit = true;
          for (let k = 0; k < K; k++) {
            if (running[k] + uses[k] + buf[e.off + k] > counts[k]) {
              fit = false;
              break;
            }
          }
          if (!fit) continue;
          picked[1 - probeSide] = e;
          finish(bucket.value);
        }
      }, cut, os);
      return;
    }
    const fits = (e: Entry): boolean => {
      const buf = this.pool.buf;
      for (let k = 0; k < running.length; k++) if (running[k] + buf[e.off + k] > this.counts[k]) return false;
      return true;
    };
    const join = (si: number, vkey: string | null, value: unknown): void => {
      if (this.deadline.check()) return;
      if (si === sides.length) {
        finish(value);
        return;
      }
      const t = sides[si].t;
      const buckets: Array<[string, ValueBucket]> = [];
      if (vkey === null || !isEq) for (const kv of t.byValue) buckets.push(kv);
      else {
        const bk = t.byValue.get(vkey);
        if (!bk) return;
        buckets.push([vkey, bk]);
      }
      for (const [k, bucket] of buckets) {
        if (isEq && si === 0) {
          let all = true;
          for (let j = 1; j < sides.length; j++) if (!sides[j].t.byValue.has(k)) all = false;
          if (!all) continue;
        }
        for (const e of bucket.entries) {
          if (!fits(e)) continue;
          const buf = this.pool.buf;
          for (let q = 0; q < running.length; q++) running[q] += buf[e.off + q];
          picked[si] = e;
          join(si + 1, k, bucket.value);
          for (let q = 0; q < running.length; q++) running[q] -= buf[e.off + q];
        }
      }
    };
    join(0, null, null);
  }

  private emptyIn(dir: Direction, lane: number, a: number, b: number): number {
    let n = 0;
    for (let i = a; i <= b; i++) {
      const [r, c] = this.cellOf(dir, lane, i);
      if (!this.at(r, c)) n++;
    }
    return n;
  }

  private emptyCount(g: Group): number {
    let n = 0;
    for (let i = g.s; i <= g.e; i++) {
      const [r, c] = this.cellOf(g.dir, g.lane, i);
      if (!this.at(r, c)) n++;
    }
    return n;
  }

  /** Decision 9 for a play of one new tile: is `dir` its main line? */
  private mainIs(dir: Direction, p: Placement): boolean {
    const core = normaliseFace(p.tile).replace(/[()]/g, "");
    const runHasEq = (dr: number, dc: number): boolean => {
      if (core === "=") return true;
      for (let i = 1; this.at(p.row + dr * i, p.col + dc * i); i++) if (this.at(p.row + dr * i, p.col + dc * i)!.core === "=") return true;
      for (let i = 1; this.at(p.row - dr * i, p.col - dc * i); i++) if (this.at(p.row - dr * i, p.col - dc * i)!.core === "=") return true;
      return false;
    };
    const a = this.runLen(p.row, p.col, 0, 1);
    const d = this.runLen(p.row, p.col, 1, 0);
    let main: Direction;
    if (a < 2) main = d >= 2 ? "down" : "across";
    else if (d < 2) main = "across";
    else main = !runHasEq(0, 1) && runHasEq(1, 0) ? "down" : "across";
    return main === dir;
  }

  private placementsOf(g: Group, sides: Array<{ a: number; b: number }>, picked: Entry[]): Placement[] {
    const out: Placement[] = [];
    for (let si = 0; si < sides.length; si++) {
      const { a, b } = sides[si];
      const e = picked[si];
      let k = 0;
      for (let i = a; i <= b; i++) {
        const [r, c] = this.cellOf(g.dir, g.lane, i);
        const o = this.at(r, c);
        const open = e.open ? e.open[i - a] : 0;
        const close = e.close ? e.close[i - a] : 0;
        if (o) {
          if (open || close) {
            const shown = splitBrackets(this.faceOf[r * this.size + c]!);
            const tile = "(".repeat((shown?.open ?? 0) + open) + o.core + ")".repeat((shown?.close ?? 0) + close);
            out.push({ row: r, col: c, tile });
          }
          continue;
        }
        const it = this.items[this.pool.buf[e.off + this.keys.length + k++]];
        const p: Placement = { row: r, col: c, tile: "(".repeat(open) + it.core + ")".repeat(close) };
        if (it.blank) p.blank = true;
        out.push(p);
      }
      if (si < sides.length - 1) {
        const q = b + 1;
        if (g.newEqs.includes(q)) {
          const [r, c] = this.cellOf(g.dir, g.lane, q);
          out.push({ row: r, col: c, tile: "=" });
        }
      }
    }
    return out;
  }

  /** Reading-order key; 'SMATH keys leave brackets out (one play per placement of tiles). */
  private keyOf(ps: readonly Placement[]): string {
    let s = "";
    for (const p of ps) {
      if (this.smath && this.at(p.row, p.col)) continue;
      const tile = this.smath ? p.tile.replace(/[()]/g, "") : p.tile;
      s += `${p.row.toString().padStart(2, "0")},${p.col.toString().padStart(2, "0")}:${tile}${p.blank ? "?" : ""} `;
    }
    return s;
  }
}

/** Every legal play (or the `top` best) of `rack` on `board`, best first, each adjudicated. */
export function exactPlays(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: ExactOptions = {}): ExactResult {
  return new ExactGenerator(rs, board, rack, opts).run();
}
