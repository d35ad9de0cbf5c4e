/**
 * The exact generator's board and sides (docs/bot.md, "Exact generator"; as macondo's
 * `movegen/cross_set.go` and `board.go`): the board as grid cells ('SMATH bracket owners
 * resolved as play.ts does), the rack as keys and items (a face a square can take, blanks
 * standing for every bag face), the cross-checks of Appel & Jacobson ("The World's Fastest
 * Scrabble Program", CACM 1988) with the points of the cross equation each face completes, and
 * each side's table: its fillings (fill.ts) indexed by exact value, with their points.
 *
 * `SideBoard` is the state the parts of the search share; bounds.ts, join.ts and exact.ts read
 * it. Sides of one shape (old tiles, free squares, squares with a cross-check) have the same
 * fillings, so a shape is enumerated once and only its scores are per side.
 */
import { premiumAt, tileFactor, type Direction } from "../board";
import { guessOwner, ownedBrackets, type GridCell, type Placement } from "../play";
import type { Ruleset } from "../ruleset";
import { scorePlay } from "../score";
import { BLANK, isOperator, normaliseFace, splitBrackets, type Face } from "../tiles";
import { checkLine } from "../validate";
import { defaultNow, Deadline } from "./budget";
import type { ExactOptions, ExactStats } from "./exact";
import { IntervalMemo, type Operand } from "./brackets";
import { fillSide, NO_BR, type RawFill, type SideNeed } from "./fill";
import type { SmathWit } from "./smathside";
import * as Q from "../rational";
import type { Rational } from "../rational";
import { REJECT, sideAutomaton, START, type SideAutomaton } from "./grammar";
import { NsEval, nsFaceInfo } from "./nseval";
import { faceInfo, SideEval, type FaceInfo } from "./sidearith";

export const isDigit = (f: Face): boolean => f.length === 1 && f >= "0" && f <= "9";

/** a cross-check that refuses the face (shared, never mutated) */
const REFUSED: CrossInfo = Object.freeze({ ok: false, real: 0, blank: 0, eq: false });

/** A face a square can take from the rack. */
export interface Item {
  core: Face;
  blank: boolean;
  /** rack key index */
  key: number;
}

/** One filling of a side. */
export interface Entry {
  /** in the fill pool: rack key counts at off, then the item of each empty square */
  off: number;
  pts: number;
  cross: number;
  blanks: number;
  tiles: number;
  crossEq: boolean;
  /** 'SMATH: brackets added per cell of the side (written lazily from `wit`, fill.ts) */
  open: number[] | null;
  close: number[] | null;
  wit?: SmathWit;
}

/** One growing byte array for every filling's tile counts and item choices: no small typed
 * arrays per filling (there can be millions). Readers go through `buf`, which growing replaces. */
export class FillPool {
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

export interface ValueBucket {
  value: unknown;
  entries: Entry[];
}

export interface SideTable {
  byValue: Map<string, ValueBucket>;
  /** the same buckets, for integer values, by number (probes look them up without a string) */
  byInt: Map<number, ValueBucket>;
}

export interface SideShape {
  cells: GridCell[];
  olds: Array<GridCell | undefined>;
  rc: Array<[number, number]>;
  emptyIdx: number[];
  hooked: boolean[];
  oldPts: number;
  sig: string;
}

export interface SquareScores {
  ptsOf: Float64Array[];
  crossOf: Array<Float64Array | null>;
  eqOf: Array<Uint8Array | null>;
}

export interface CrossInfo {
  ok: boolean;
  /** points of the cross equation this face completes (0 when none), real tile / blank */
  real: number;
  blank: number;
  /** the cross run is a (true) equation */
  eq: boolean;
}

/** The board, the rack and the side tables one exact search shares (see the module comment). */
export class SideBoard {
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
  readonly stats: ExactStats = { groups: 0, groupsSearched: 0, groupsTieSkipped: 0, groupsNoEquation: 0, groupsRebounded: 0, tables: 0, sideFillings: 0, candidates: 0, adjudications: 0, rejected: 0, steps: 0, ms: 0 };
  private readonly crossMemo = new Map<number, CrossInfo>();
  private readonly maxCrossMemo = new Map<number, number>();
  /** per square and direction (`itemCross`), once asked for */
  private readonly itemCrossMemo: Array<Float64Array | undefined> = [];
  private readonly faceIndex = new Map<Face, number>();
  readonly tables = new Map<string, SideTable | null>();
  /** each side's needs of the rack, or null when it has no filling (fill.ts `sideNeeds`) */
  readonly needs = new Map<string, SideNeed | null>();
  /** each side's value hull, or null when no filling reads as an expression (valuehull.ts) */
  readonly hulls = new Map<string, Float64Array | null>();
  private readonly fills = new Map<string, RawFill[]>();
  /** 'SMATH: values of operand sequences over their bracketings (brackets.ts `IntervalMemo`) */
  readonly smathMemo = new IntervalMemo();
  private readonly smallRats = new Map<string, Rational>();
  /** 'SMATH: the operands tabled fillings share, per number face (smathside.ts `tableOperands`) */
  readonly smathOperands = new Map<string, Operand[]>();

  /** a number tile's value, one object per face */
  smallRat(core: string): Rational {
    let q = this.smallRats.get(core);
    if (!q) this.smallRats.set(core, (q = Q.rat(BigInt(core))));
    return q;
  }
  readonly pool = new FillPool();
  readonly itemPts: number[] = [];
  /** per item: its role for the incremental evaluator */
  readonly itemInfo: FaceInfo[] = [];
  /** per item: 1 when it is a binary operator (+ − × ÷), else 0 */
  readonly itemIsOp: number[] = [];
  /** per rack key: 0 a number tile, 1 an operator, 2 a blank, −1 `=` (counted apart) */
  readonly keyCls: number[] = [];
  readonly autRows: Int16Array[] = [];
  /** incremental side evaluator, for the grammars it covers (sidearith.ts); null: checkLine */
  readonly sideEval: SideEval | null;
  /** Number Scrabble's incremental evaluator (nseval.ts): it values sides and lets two-sided
   * groups probe, but takes none of the Equate-only cuts gated on `sideEval` */
  readonly nsEval: NsEval | null;
  readonly deadline: Deadline;
  readonly smath: boolean;
  /** rack tiles (blanks included, `=` of Number Scrabble excluded) points, high first */
  readonly rackPts: number[] = [];
  readonly rackDigits: number;
  readonly rackTiles: number;
  /** blanks on the rack */
  readonly blankCount: number;

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
    const now = opts.now ?? defaultNow;
    this.deadline = new Deadline(now, opts.deadlineMs === undefined ? Infinity : now() + opts.deadlineMs, opts.maxWork ?? Infinity);
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
    const g = rs.grammar;
    const fast = g.numbers === "multi-digit" && !g.brackets && !g.powers && !g.unaryMinus && rs.options.evaluation === "standard";
    this.sideEval = fast ? new SideEval(this.size, g.forbidNegative, rs.options.mixedFractionBelowOne) : null;
    const ns = g.numbers === "multi-digit" && !g.brackets && !g.fractions && g.powers && g.unaryMinus && !g.forbidNegative && rs.options.evaluation === "left-to-right";
    this.nsEval = ns ? new NsEval(this.size) : null;
    for (const it of this.items) this.itemInfo.push(this.infoOf(it.core));
    for (const it of this.items) this.itemIsOp.push(isOperator(it.core) ? 1 : 0);
    for (const f of this.keys) this.keyCls.push(f === BLANK ? 2 : f === "=" ? -1 : isOperator(f) ? 1 : 0);
  }

  /** A face's role for the incremental evaluator in use. */
  infoOf(core: Face): FaceInfo {
    return this.nsEval ? nsFaceInfo(core) : faceInfo(core);
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

  runLen(r: number, c: number, dr: number, dc: number): number {
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
    else if ((this.sideEval || this.smath) && !this.sidesMayPass(before, core, after)) info = REFUSED;
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

  /** A necessary condition for a cross run (old tiles `before`, nearest first, the new face, `after`)
   * to pass `checkLine` (Equate, 'SMATH): each of its `=`-separated parts is a side the prefix
   * automaton accepts — a number, an expression or a side of a true equation is one ('SMATH: the
   * cores, brackets aside, as the fill reads a side). Most refused cross faces are refused here
   * without lexing, parsing and evaluating the run ('SMATH: the group setup's cross points were
   * half its time, issue 28 smcost2). */
  private sidesMayPass(before: readonly GridCell[], core: Face, after: readonly GridCell[]): boolean {
    const aut = this.aut;
    let st = START;
    const step = (f: Face): boolean => {
      if (f === "=") {
        if (!aut.accepts(st)) return false;
        st = START;
        return true;
      }
      st = st === REJECT ? REJECT : aut.step(st, f);
      return st !== REJECT;
    };
    for (let i = before.length - 1; i >= 0; i--) if (!step(before[i].core)) return false;
    if (!step(core)) return false;
    for (const c of after) if (!step(c.core)) return false;
    return aut.accepts(st);
  }

  maxCross(r: number, c: number, d: Direction): number {
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

  /** Each item's cross points on an empty square (a blank item's as a blank), -1 where the
   * cross-check refuses it: groupbound.ts asks it for every group the search reaches, where two
   * map lookups per item and square were a tenth of a small search (issue 28, smfix). */
  itemCross(r: number, c: number, d: Direction): Float64Array {
    const key = (r * this.size + c) * 2 + (d === "across" ? 0 : 1);
    let out = this.itemCrossMemo[key];
    if (out) return out;
    const { items } = this;
    out = new Float64Array(items.length);
    for (let k = 0; k < items.length; k++) {
      const x = this.cross(r, c, d, items[k].core);
      out[k] = !x.ok ? -1 : items[k].blank ? x.blank : x.real;
    }
    this.itemCrossMemo[key] = out;
    return out;
  }

  points(core: Face): number {
    return this.rs.tileByFace.get(core)?.points ?? 0;
  }

  /** The fillings of one side (lane squares a..b), indexed by value; null when there is none. */
  table(dir: Direction, lane: number, a: number, b: number): SideTable | null {
    const key = `${dir}:${lane}:${a}:${b}`;
    if (this.tables.has(key)) return this.tables.get(key)!;
    const t = this.buildTable(dir, lane, a, b);
    if (!this.deadline.hit) this.tables.set(key, t);
    return t;
  }

  /** the fillings of a side of this shape signature are known (a table of it costs no fill) */
  hasFills(sig: string): boolean {
    return this.fills.has(sig);
  }

  /** A side's squares: old tiles, fresh cells for the empty ones, and its shape signature. */
  sideShape(dir: Direction, lane: number, a: number, b: number): SideShape {
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
  squareScores(dir: Direction, shape: SideShape): SquareScores {
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

  buildTable(dir: Direction, lane: number, a: number, b: number): SideTable | null {
    this.stats.tables++;
    const shape = this.sideShape(dir, lane, a, b);
    const { cells, olds, rc, emptyIdx, sig } = shape;
    if (emptyIdx.length > this.rackPts.length) return null;
    let raws = this.fills.get(sig);
    if (!raws) {
      raws = fillSide(this, dir, cells, olds, rc);
      if (this.deadline.hit) return null;
      this.fills.set(sig, raws);
    }
    return this.tableOf(dir, shape, raws);
  }

  /** A side's table from its fillings (null when none): each filling's points, cross score and
   * blanks, by value. */
  tableOf(dir: Direction, shape: SideShape, raws: readonly RawFill[]): SideTable | null {
    const { emptyIdx, oldPts } = shape;
    if (raws.length === 0) return null;
    const byValue = new Map<string, ValueBucket>();
    const byInt = new Map<number, ValueBucket>();
    const items = this.items;
    const ne = emptyIdx.length;
    const { ptsOf, crossOf, eqOf } = this.squareScores(dir, shape);
    const K = this.keys.length;
    const buf = this.pool.buf;
    // 'SMATH lists one raw per value of a filling, all at the filling's `off`: its sums are the
    // same, so they are summed once per run of one `off` (issue 28, smcost3), and its values share
    // one `Entry` (no field of an entry is its value's, and table entries are never changed; an
    // entry per value was 81 MB of smath:19's 294 MB live at 800,000 steps; smcost4)
    let lastOff = -1;
    let last: Entry | null = null;
    let pts = oldPts;
    let cross = 0;
    let blanks = 0;
    let crossEq = false;
    for (let ri = 0; ri < raws.length; ri++) {
      const raw = raws[ri];
      if (raw.off === lastOff) {
        if (last && (raw.open !== last.open || raw.close !== last.close || raw.wit !== last.wit)) last = null;
        last = pushEntry(byValue, byInt, raw, last, pts, cross, blanks, ne, crossEq);
        continue;
      }
      lastOff = raw.off;
      pts = oldPts;
      cross = 0;
      blanks = 0;
      crossEq = false;
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
      last = pushEntry(byValue, byInt, raw, null, pts, cross, blanks, ne, crossEq);
    }
    return { byValue, byInt };
  }

  /** The automaton's next state for every item from `state` (states are small integers). */
  autRow(state: number): Int16Array {
    let row = this.autRows[state];
    if (!row) {
      row = new Int16Array(this.items.length);
      for (let k = 0; k < this.items.length; k++) row[k] = this.aut.step(state, this.items[k].core);
      this.autRows[state] = row;
    }
    return row;
  }

  emptyIn(dir: Direction, lane: number, a: number, b: number): number {
    let n = 0;
    for (let i = a; i <= b; i++) {
      const [r, c] = this.cellOf(dir, lane, i);
      if (!this.at(r, c)) n++;
    }
    return n;
  }
}

/** `buildTable`'s entry of one raw filling, in its value's bucket (made on the value's first):
 * `shared` when given (the same filling's entry), else a new one. */
function pushEntry(byValue: Map<string, ValueBucket>, byInt: Map<number, ValueBucket>, raw: RawFill, shared: Entry | null, pts: number, cross: number, blanks: number, tiles: number, crossEq: boolean): Entry {
  let bucket = byValue.get(raw.vkey);
  if (!bucket) {
    bucket = { value: raw.value, entries: [] };
    byValue.set(raw.vkey, bucket);
    const iv = Number(raw.vkey);
    if (Number.isSafeInteger(iv) && String(iv) === raw.vkey) byInt.set(iv, bucket);
  }
  const e = shared ?? { off: raw.off, pts, cross, blanks, tiles, crossEq, open: raw.open, close: raw.close, wit: raw.wit };
  bucket.entries.push(e);
  return e;
}
