/**
 * The fillings of one side (docs/bot.md, "Exact generator"; the part macondo's
 * `movegen/movegen.go` calls `recursiveGen`): every way to fill a side's empty squares from the
 * rack that makes it a valid side, with its value(s). Depth-first, left to right, pruned by the
 * per-square cross-checks (sides.ts), by a sound prefix automaton (grammar.ts) and by two tables
 * built backwards over the side before the search: liveness (from this automaton state at this
 * square, can the side still close?) and the operator count (how many operator tiles the squares
 * left take on any accepted path, checked against what the rack holds). Each filling is valued
 * incrementally (sidearith.ts) where the grammar allows, else by the engine's own `checkLine`;
 * 'SMATH sides take every value their bracketings allow (brackets.ts; the operands and leaves in smathside.ts).
 */
import type { Direction } from "../board";
import type { GridCell } from "../play";
import * as Q from "../rational";
import * as R from "../radical";
import { checkLine } from "../validate";
import { PartnerCut, probeCuts, type PartnerUses } from "./partners";
import { leastAt, type MatchedMemo } from "./probebound";
import { ParityCut, type ParityTargets } from "./parity";
import { ProductCut } from "./product";
import type { IntFilter } from "./brackets";
import * as G from "./grammar";
import { nsCuts, type BonusCut } from "./nseval";
import * as A from "./sidearith";
import type { FaceInfo } from "./sidearith";
import type { SideBoard } from "./sides";
import { smathFillings, smathProbeLeaf, type SmathWit } from "./smathside";
import type { SmathTieCut } from "./smtie";
import { keyOrdered, type TieKeyCut } from "./tiekey";
import { HullCut, valueHulls } from "./valuehull";

export { matchedLeast, partnerScore } from "./probebound";

// Module-local copies of what the search reads at every step: where the engine is compiled to
// CommonJS (esbuild under tsx, which runs the bench) each read of an imported binding is a getter
// call, measured at ≈ 19 % of the CPU of the 30 Equate bench positions (Equate, fifth round).
const { REJECT, START } = G;
const { anyIn, BIG, DEAD, faceInfo, K_DIGIT, K_FRACTION, valueKey } = A;

/** a cell's brackets when it has none (one object shared by every such cell, never mutated) */
export const NO_BR = { open: 0, close: 0 };

/** automaton states tracked by the liveness table (grammar.ts has at most 8; any state beyond
 * counts as live, which is sound) */
const AUT_STATES = 8;

/** A filling of a side's shape, before its squares' premiums and cross equations are counted. */
export interface RawFill {
  /** in the fill pool (Entry.off) */
  off: number;
  vkey: string;
  value: unknown;
  open: number[] | null;
  close: number[] | null;
  /** 'SMATH: the filling's operands, to write a value's brackets when it makes a play */
  wit?: SmathWit;
}


/** What the other side of a probed group needs: between lo and hi operator tiles on its empty
 * squares (over its table's fillings). */
export interface OtherSide {
  lo: number;
  hi: number;
  empties: number;
  /** some value of its table is not an integer */
  fracs: boolean;
  /** no value of its table is above this (Infinity: unknown) */
  max: number;
  /** no value of its table is below this (-Infinity: unknown; absent: not computed) */
  min?: number;
  /** its values ascending (Equate's probe; null: unknown) */
  vals: Float64Array | null;
  /** the rack tiles the other sides can take together (partners.ts; null/absent: not known) */
  partners?: PartnerUses | null;
  /** 'SMATH: the integer values every other table has (brackets.ts `intFilter`; null/absent: all) */
  ints?: IntFilter | null;
  /** 'SMATH: the other sides' values as square classes (parity.ts; null/absent: no cut) */
  parity?: ParityTargets | null;
  /** 'SMATH: one other table's values ascending, for the probe's hull cut (valuehull.ts; null/absent: no cut) */
  sorted?: Float64Array | null;
}


/** Score cut for a probed side: an item on its e-th empty square adds at most w[e][item] to the
 * play's score, its squares from e on at most rem[e]; a filling whose sum cannot reach limit()
 * (the score the list needs, less everything outside this side's squares) is not completed. */
export interface ProbeCut {
  w: Float64Array[];
  rem: Float64Array;
  limit: () => number;
  /** Number Scrabble: the value bonus by the size the prefix's value can still reach (nseval.ts;
   * `limit` counts the largest) */
  bonus?: BonusCut;
  /** Equate: prefixes that could only tie the list's last play and lose its tie-break (tiekey.ts) */
  tie?: TieKeyCut | null;
  /** prefixes the score and tie cuts took away (otherside.ts `DeadProbe`: a probe cut by neither) */
  pruned: number;
  /** 'SMATH: the same by the brackets touching numbers need (smtie.ts) */
  smTie?: SmathTieCut | null;
  /** 'SMATH: the other sides' empty squares (weights by item, as `w`), the sum of their tables'
   * best entries that `limit` took off and their board tiles' share of it */
  others?: { rows: Float64Array[]; max: number; old: number; partners?: PartnerUses | null };
  /** `leastAt`'s memo (probebound.ts), made at its first use */
  matched?: MatchedMemo | null;
}

/** Called at each valid filling of a probed side (instead of storing it): the tile counts and
 * item choices of the filling, and its value as an integer (`iv`) or, when not one, as text. */
export type Probe = (uses: Uint8Array, chosen: Uint8Array, iv: number, vkey: string | null, wit?: SmathWit) => void;

/** Per empty square, the items its cross-check lets through (a byte per item); null on old tiles.
 * The row of a square depends on the board and the square only (`SideBoard.itemCross`, -1 where
 * refused), so it is made once per square and direction and shared by every side over it (read
 * only): the probe and the tables fill many sides over the same squares. */
function crossAllowed(b: SideBoard, dir: Direction, olds: Array<GridCell | undefined>, rc: Array<[number, number]>): Array<Uint8Array | null> {
  let memo = okRows.get(b);
  if (!memo) okRows.set(b, (memo = []));
  const okAt: Array<Uint8Array | null> = new Array(olds.length).fill(null);
  for (let i = 0; i < olds.length; i++) {
    if (olds[i]) continue;
    const [r, c] = rc[i];
    const key = (r * b.size + c) * 2 + (dir === "across" ? 0 : 1);
    let ok = memo[key];
    if (!ok) {
      const x = b.itemCross(r, c, dir);
      ok = memo[key] = new Uint8Array(x.length);
      for (let k = 0; k < x.length; k++) ok[k] = x[k] >= 0 ? 1 : 0;
    }
    okAt[i] = ok;
  }
  return okAt;
}

const okRows = new WeakMap<SideBoard, Array<Uint8Array | undefined>>();

/** live[i·S + s]: from automaton state s before square i, some filling of the squares left (old
 * tiles as they are, each empty square an item its cross-check allows) is accepted. Backward
 * reachability, so a side that can never close (say, it ends on an old operator) is not
 * enumerated at all, and no branch is followed into a dead end. */
function liveTable(b: SideBoard, olds: Array<GridCell | undefined>, okAt: Array<Uint8Array | null>): Uint8Array {
  const { aut, items } = b;
  const n = olds.length;
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
        const row = b.autRow(st);
        const allowed = okAt[i]!;
        for (let k = 0; k < items.length && !ok; k++) {
          const nx = row[k];
          if (allowed[k] && nx !== REJECT) ok = nx >= S ? 1 : live[(i + 1) * S + nx];
        }
      }
      live[i * S + st] = ok;
    }
  }
  return live;
}

/** Operator count: lo/hi[i·S + s] are the fewest and most operator tiles the empty squares from
 * i on take on any accepted path from state s (over the same relaxation as `liveTable`);
 * restEmpties[i] the empty squares from i on. */
function operatorRange(b: SideBoard, olds: Array<GridCell | undefined>, okAt: Array<Uint8Array | null>, live: Uint8Array): { lo: Int16Array; hi: Int16Array; restEmpties: Int16Array } {
  const { aut, items } = b;
  const n = olds.length;
  const S = AUT_STATES;
  const lo = new Int16Array((n + 1) * S);
  const hi = new Int16Array((n + 1) * S);
  const restEmpties = new Int16Array(n + 1);
  for (let i = n - 1; i >= 0; i--) restEmpties[i] = restEmpties[i + 1] + (olds[i] ? 0 : 1);
  for (let i = n - 1; i >= 0; i--) {
    for (let st = 0; st < S; st++) {
      if (!live[i * S + st]) continue;
      let a = 1 << 14;
      let z = -1;
      if (olds[i]) {
        const nx = aut.step(st, olds[i]!.core);
        if (nx >= S) z = restEmpties[i + 1];
        else {
          a = lo[(i + 1) * S + nx];
          z = hi[(i + 1) * S + nx];
        }
        if (nx >= S) a = 0;
      } else {
        const row = b.autRow(st);
        const allowed = okAt[i]!;
        for (let k = 0; k < items.length; k++) {
          const nx = row[k];
          if (!allowed[k] || nx === REJECT) continue;
          const c = b.itemIsOp[k];
          if (nx >= S) {
            a = Math.min(a, c);
            z = Math.max(z, restEmpties[i]);
          } else if (live[(i + 1) * S + nx]) {
            a = Math.min(a, c + lo[(i + 1) * S + nx]);
            z = Math.max(z, c + hi[(i + 1) * S + nx]);
          }
        }
      }
      lo[i * S + st] = a;
      hi[i * S + st] = z;
    }
  }
  return { lo, hi, restEmpties };
}

/** Whether the rack can supply the operators and numbers (blanks standing for either) the side
 * needs from square 0 and, when probing, the other side's: this kills most full-rack groups at
 * once. (Checked at every square it cost more than it cut.) */
function rackCanFill(b: SideBoard, olds: Array<GridCell | undefined>, okAt: Array<Uint8Array | null>, live: Uint8Array, other: OtherSide | null): boolean {
  const { lo, hi, restEmpties } = operatorRange(b, olds, okAt, live);
  const avail = [0, 0, 0]; // numbers, operators, blanks on the rack
  for (let k = 0; k < b.counts.length; k++) if (b.keyCls[k] >= 0) avail[b.keyCls[k]] += b.counts[k];
  const st = START;
  if (st >= AUT_STATES) return true;
  const pLo = lo[st] + (other ? other.lo : 0);
  const pHi = hi[st] + (other ? other.hi : 0);
  const e = restEmpties[0] + (other ? other.empties : 0);
  const nums = avail[0];
  const ops = avail[1];
  const cost = (p: number): number => Math.max(0, p - ops) + Math.max(0, e - p - nums);
  const p1 = Math.min(pHi, Math.max(pLo, ops));
  const p2 = Math.min(pHi, Math.max(pLo, e - nums));
  return Math.min(cost(p1), cost(p2)) <= avail[2];
}

/** What one side needs of the rack, whatever the other sides take (`sideNeeds`): null when no
 * filling of its squares passes the cross-checks and the automaton. */
export interface SideNeed {
  /** fewest and most operator tiles on its empty squares */
  lo: number;
  hi: number;
  empties: number;
}

/** A side's `SideNeed` from its squares alone (the first tests `fillSide` makes, `liveTable` and
 * `operatorRange`), memoised on the board per side; `groupCanFill` reads it for every side of a group. */
export function sideNeeds(b: SideBoard, dir: Direction, lane: number, a: number, z: number): SideNeed | null {
  const key = `${dir}:${lane}:${a}:${z}`;
  const had = b.needs.get(key);
  if (had !== undefined) return had;
  const { olds, rc } = b.sideShape(dir, lane, a, z);
  const okAt = crossAllowed(b, dir, olds, rc);
  const live = liveTable(b, olds, okAt);
  let need: SideNeed | null = null;
  if (START >= AUT_STATES) need = { lo: 0, hi: 0, empties: 0 };
  else if (live[START]) {
    const { lo, hi, restEmpties } = operatorRange(b, olds, okAt, live);
    need = { lo: lo[START], hi: hi[START], empties: restEmpties[0] };
  }
  b.needs.set(key, need);
  return need;
}

/**
 * A group's feasibility before any table is built ('SMATH, docs/movegen-speed.md "seventh round"): every
 * side must have a filling its cross-checks and the automaton allow, and the rack must hold the
 * operators and numbers all sides need together (blanks standing for either; `rackCanFill`'s
 * count over the whole group). A side closed by a cross-check (say, a square whose cross line no
 * tile completes) used to be found only when that side was filled, after its partners' tables.
 */
export function groupCanFill(b: SideBoard, dir: Direction, lane: number, bounds: ReadonlyArray<readonly [number, number]>): boolean {
  let pLo = 0;
  let pHi = 0;
  let e = 0;
  for (const [a, z] of bounds) {
    const need = sideNeeds(b, dir, lane, a, z);
    if (!need) return false;
    pLo += need.lo;
    pHi += need.hi;
    e += need.empties;
  }
  const avail = [0, 0, 0]; // numbers, operators, blanks on the rack
  for (let k = 0; k < b.counts.length; k++) if (b.keyCls[k] >= 0) avail[b.keyCls[k]] += b.counts[k];
  const [nums, ops] = avail;
  if (e > nums + ops + avail[2]) return false;
  const cost = (p: number): number => Math.max(0, p - ops) + Math.max(0, e - p - nums);
  const p1 = Math.min(pHi, Math.max(pLo, ops));
  const p2 = Math.min(pHi, Math.max(pLo, e - nums));
  return Math.min(cost(p1), cost(p2)) <= avail[2];
}

/** The probe's range cut (Equate): once no operator can follow — none left on the rack, no
 * blank, no board operator ahead in the side — the rest of the side only extends the operand
 * being built, so the side's value lies in a range (`SideEval.restRange`); a prefix whose range
 * holds no value of the other side's table (`vals`, ascending) is not completed. With exactly one
 * operator tile left, the rest is that or, for each square the operator may take, "operand,
 * operator, operand" (`SideEval.oneOpMeets`). Returns the test for the state after square i
 * (false: cut), or null when there is nothing to test against. The dfs counts the tiles it takes
 * by role (`take`), so "some stop key / fraction left" and "operators left" are two subtractions,
 * not a loop over the keys at every step: as every `uses[k] ≤ counts[k]`, some key of a set has
 * a tile left exactly when the set's uses sum to less than its counts. */
function rangeCut(b: SideBoard, olds: Array<GridCell | undefined>, uses: Uint8Array, vals: Float64Array | null): RangeCut | null {
  const ev = b.sideEval;
  if (!ev || !vals) return null;
  const n = olds.length;
  const opAhead = new Uint8Array(n + 1);
  const fracAhead = new Uint8Array(n + 1);
  let fmax = 0;
  for (let i = n - 1; i >= 0; i--) {
    const f = olds[i] ? faceInfo(olds[i]!.core) : null;
    opAhead[i] = opAhead[i + 1] || (f !== null && f.kind !== K_DIGIT && f.kind !== K_FRACTION) ? 1 : 0;
    fracAhead[i] = fracAhead[i + 1] || (f !== null && f.kind === K_FRACTION) ? 1 : 0;
    if (f && f.kind === K_FRACTION) fmax = Math.max(fmax, f.a / f.b);
  }
  // each key's role: keys that leave nothing to test (a blank, a face of no known kind),
  // operators, fractions; the rack's tiles per role
  const role = new Uint8Array(b.keys.length);
  const total = new Int32Array(4);
  const opKeys: number[] = [];
  const { counts } = b;
  for (let k = 0; k < b.keys.length; k++) {
    const f = faceInfo(b.keys[k]);
    if (b.keyCls[k] === 2) role[k] = R_STOP;
    else if (b.keyCls[k] === 1) role[k] = R_OP;
    else if (b.keyCls[k] === 0 && f.kind !== K_DIGIT) {
      if (f.kind !== K_FRACTION) role[k] = R_STOP;
      else {
        role[k] = R_FRAC;
        fmax = Math.max(fmax, f.a / f.b);
      }
    }
    if (role[k] === R_OP) opKeys.push(k);
    total[role[k]] += counts[k];
  }
  const used = new Int32Array(4);
  const opCode = b.keys.map((f) => faceInfo(f).a);
  const test = (i: number): boolean => {
    if (opAhead[i + 1]) return true;
    if (used[R_STOP] < total[R_STOP]) return true;
    // operators left: none, or exactly one (`oneOpMeets`); more leave nothing to test
    const opsLeft = total[R_OP] - used[R_OP];
    if (opsLeft > 1) return true;
    let op = 0;
    if (opsLeft === 1) for (const k of opKeys) if (uses[k] < counts[k]) op = opCode[k];
    const frac = fracAhead[i + 1] === 1 || used[R_FRAC] < total[R_FRAC];
    const r = n - i - 1;
    if (!ev.restRange(i + 1, r, frac, fmax)) return true;
    if (anyIn(vals, ev.lo, ev.hi)) return true;
    return opsLeft === 1 && ev.oneOpMeets(i + 1, r, frac, fmax, op, vals);
  };
  return { test, role, used };
}

/** `rangeCut`'s test, each key's role and the count by role of the tiles the dfs has taken
 * (`used[role[key]]`, kept by the dfs beside `uses`) */
interface RangeCut {
  test: (i: number) => boolean;
  role: Uint8Array;
  used: Int32Array;
}
const R_STOP = 1;
const R_OP = 2;
const R_FRAC = 3;

/** Number Scrabble's value-bonus cut (ProbeCut.bonus, nseval.ts `BonusCut`): the test for the
 * state after square i with the score so far (false: keep), or null when there is none. A `²` may
 * (or `×`) follows only while one is on the board ahead or the rack (or a blank) still holds one; only a digit
 * makes a value larger, and the digits that can follow are the old ones ahead and, on the empty
 * squares ahead, at most the digits and blanks left on the rack. */
function bonusCut(b: SideBoard, olds: Array<GridCell | undefined>, uses: Uint8Array, cut: ProbeCut | null): ((i: number, score: number, least: number) => boolean) | null {
  const bonus = cut?.bonus;
  const ev = b.nsEval;
  if (!bonus || !ev || !nsCuts.on) return null;
  const { counts } = b;
  const n = olds.length;
  const sqKey = b.keys.indexOf("²");
  const timesKey = b.keys.indexOf("×");
  const digitKeys: number[] = [];
  for (let k = 0; k < b.keys.length; k++) if (b.keyCls[k] === 2 || /^\d$/.test(b.keys[k])) digitKeys.push(k);
  const sqAhead = new Uint8Array(n + 1);
  const timesAhead = new Uint8Array(n + 1);
  const oldDigits = new Uint8Array(n + 1);
  const emptyAhead = new Uint8Array(n + 1);
  for (let i = n - 1; i >= 0; i--) {
    const o = olds[i];
    sqAhead[i] = sqAhead[i + 1] || (o && o.core === "²") ? 1 : 0;
    timesAhead[i] = timesAhead[i + 1] || (o && o.core === "×") ? 1 : 0;
    oldDigits[i] = oldDigits[i + 1] + (o && /^\d$/.test(o.core) ? 1 : 0);
    emptyAhead[i] = emptyAhead[i + 1] + (o ? 0 : 1);
  }
  return (i: number, score: number, least: number): boolean => {
    const blank = b.blankKey >= 0 && uses[b.blankKey] < counts[b.blankKey];
    const sq = blank || sqAhead[i + 1] === 1 || (sqKey >= 0 && uses[sqKey] < counts[sqKey]);
    const mul = blank || timesAhead[i + 1] === 1 || (timesKey >= 0 && uses[timesKey] < counts[timesKey]);
    let digits = 0;
    for (const k of digitKeys) digits += counts[k] - uses[k];
    const u = ev.magBound(i + 1, oldDigits[i + 1] + Math.min(emptyAhead[i + 1], digits), sq, mul);
    if (score + (bonus.upTo(u) - bonus.max) * bonus.mult >= least) return false;
    nsCuts.fired++;
    return true;
  };
}

/** The value cut (probing Equate, valued incrementally): once no `−` can follow, the side's value
 * is at least its completed terms' sum, so a prefix whose sum is above every value of the other
 * side (`vmax`, which carries a hair of slack, so double rounding can never cut a filling that
 * meets it) is cut. The test after placing square i (depth i + 1): true cuts. */
function valueCut(b: SideBoard, olds: Array<GridCell | undefined>, uses: Uint8Array, vmax: number): (i: number) => boolean {
  const { counts } = b;
  const n = olds.length;
  const minusKey = b.keys.indexOf("-");
  const minusAhead = new Uint8Array(n + 1);
  for (let i = n - 1; i >= 0; i--) minusAhead[i] = minusAhead[i + 1] || (olds[i] && olds[i]!.core === "-") ? 1 : 0;
  return (i: number): boolean => {
    if (minusAhead[i + 1]) return false;
    if (minusKey >= 0 && uses[minusKey] < counts[minusKey]) return false;
    if (b.blankKey >= 0 && uses[b.blankKey] < counts[b.blankKey]) return false;
    return b.sideEval!.sumAbove(i + 1, vmax);
  };
}

/** The items square i lets through from automaton state `state` to a live state, ascending, with
 * that state and the item's rack key (triples k, st, key): fixed for a whole `fillSide` (its
 * cross-checks, the automaton, liveness), so made once per square and state (lazily) rather than
 * re-tested for every item at every node of the search. */
function passable(b: SideBoard, okAt: Array<Uint8Array | null>, live: Uint8Array, n: number): (i: number, state: number) => Int16Array {
  const S = AUT_STATES;
  const { items } = b;
  const nexts: Array<Int16Array | undefined> = new Array(n * S);
  return (i: number, state: number): Int16Array => {
    const at = state < S ? i * S + state : -1;
    const had = at >= 0 ? nexts[at] : undefined;
    if (had) return had;
    const ok = okAt[i]!;
    const row = b.autRow(state);
    const triples: number[] = [];
    for (let k = 0; k < items.length; k++) {
      const st = row[k];
      if (ok[k] && st !== REJECT && (st >= S || live[(i + 1) * S + st] === 1)) triples.push(k, st, items[k].key);
    }
    const got = Int16Array.from(triples);
    if (at >= 0) nexts[at] = got;
    return got;
  };
}

/** Every filling of a side's empty squares that makes it a valid side, with its value(s); with
 * `probe`, each valid filling goes to it instead of the list (see the module comment). */
export function fillSide(b: SideBoard, dir: Direction, cells: GridCell[], olds: Array<GridCell | undefined>, rc: Array<[number, number]>, probe: Probe | null = null, cut: ProbeCut | null = null, other: OtherSide | null = null): RawFill[] {
  const { rs, pool, items, counts, aut, deadline } = b;
  const n = cells.length;
  const out: RawFill[] = [];
  const uses = new Uint8Array(b.keys.length);
  let empties = 0;
  for (let i = 0; i < n; i++) if (!olds[i]) empties++;
  const chosen = new Uint8Array(empties);
  // Number Scrabble's evaluator (nseval.ts) values sides; the value and range cuts below are
  // Equate's (every term ≥ 0) and stay gated on `sideEval`
  const ev = b.sideEval ?? b.nsEval;
  const infos = b.itemInfo;
  const oldInfo: Array<FaceInfo | null> = olds.map((o) => (o ? b.infoOf(o.core) : null));
  if (ev) {
    ev.ensure(n);
    ev.reset();
  }
  const okAt = crossAllowed(b, dir, olds, rc);
  const live = liveTable(b, olds, okAt);
  const S = AUT_STATES;
  const isLive = (i: number, st: number): boolean => st >= S || live[i * S + st] === 1;
  if (!isLive(0, START)) return out;
  if (!rackCanFill(b, olds, okAt, live, other)) return out;
  const vmax = b.sideEval && probe && other && other.max < Infinity ? other.max * (1 + 1e-9) + 1e-9 : Infinity;
  const aboveAll = vmax < Infinity ? valueCut(b, olds, uses, vmax) : null;
  const range = rangeCut(b, olds, uses, b.sideEval && probe && other ? other.vals : null);
  const inRange = range ? range.test : null;
  const role = range ? range.role : null;
  const used = range ? range.used : null;
  const bonus = bonusCut(b, olds, uses, cut);
  const partners = other?.partners ? new PartnerCut(other.partners, empties, counts) : null;
  const product = b.smath && probe && other && other.max < Infinity && probeCuts.on ? new ProductCut(olds, b.keys, counts, other.max) : null;
  const parity = b.smath && probe && other?.parity ? new ParityCut(other.parity, olds, b.keys, counts) : null;
  const hull = b.smath && probe && other?.sorted && valueHulls.probe ? new HullCut(b, cells, olds, okAt, other.sorted, counts) : null;
  const values = new Map<string, unknown>();
  const tie = cut?.tie ?? null;
  const smTie = cut?.smTie ?? null;
  if (smTie?.lead) smTie.lead.live = partners;
  if (smTie) smTie.live = partners;
  const smathProbe = b.smath && probe ? smathProbeLeaf(b, dir, cells, olds, probe, uses, chosen, other) : null;
  const put = (): number => pool.put(uses, chosen);
  const slowLeaf = (): void => {
    if (smathProbe) {
      smathProbe();
      return;
    }
    if (b.smath) {
      smathFillings(b, dir, cells, olds, put, out);
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
    b.stats.sideFillings++;
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
      const q = Q.rat(BigInt(ev.vn), BigInt(ev.vd));
      value = b.nsEval ? R.fromRational(q) : q;
      values.set(vkey, value);
    }
    out.push({ off: pool.put(uses, chosen), vkey, value, open: null, close: null });
  };
  const nextOf = passable(b, okAt, live, n);
  const inKeyOrder = tie ? keyOrdered(items) : null;
  const dfs = (i: number, state: number, e: number, big: boolean, acc: number): void => {
    if (deadline.check()) return;
    if (i === n) {
      if (aut.accepts(state)) leaf(big);
      return;
    }
    const o = olds[i];
    if (o) {
      const st = aut.step(state, o.core);
      if (st === REJECT || !isLive(i + 1, st)) return;
      if (product && !product.step(i, o.core, uses, partners ? partners.takenAt(e) : undefined)) return;
      if (parity && !parity.step(i, o.core, uses)) return;
      smTie?.old(i, o.core);
      let bg = big;
      if (ev && !big) {
        const r = ev.step(i, oldInfo[i]!);
        if (r === DEAD) return;
        if (r === BIG) bg = true;
        else if ((aboveAll && aboveAll(i)) || (inRange && !inRange(i))) return;
      }
      dfs(i + 1, st, e, bg, acc);
      return;
    }
    const cell = cells[i];
    const w = cut ? cut.w[e] : null;
    const least = cut ? leastAt(cut, b, uses, e + 1) : 0;
    const next = inKeyOrder && tie!.keyOrder() ? inKeyOrder(nextOf(i, state)) : nextOf(i, state);
    for (let j = 0; j < next.length; j += 3) {
      const k = next[j];
      const st = next[j + 1];
      const key = next[j + 2];
      const it = items[k];
      if (uses[key] >= counts[key]) continue;
      if ((w && acc + w[k] < least) || (tie && !tie.step(e, k))) {
        cut!.pruned++;
        continue;
      }
      let bg = big;
      if (ev && !big) {
        const r = ev.step(i, infos[k]);
        if (r === DEAD) continue;
        if (r === BIG) bg = true;
      }
      uses[key]++;
      if (role) used![role[key]]++;
      if ((partners && !partners.step(e, key, uses[key])) || (product && !product.step(i, it.core, uses, partners ? partners.takenAt(e + 1) : undefined)) || (parity && !parity.step(i, it.core, uses)) || (!bg && ((aboveAll && aboveAll(i)) || (inRange && !inRange(i)) || (bonus && bonus(i, acc + w![k], least)))) || (hull && !hull.meets(i, it.core, uses)) || (smTie && !smTie.step(i, e, k, uses, acc + w![k] < least + 0.5))) {
        uses[key]--;
        if (role) used![role[key]]--;
        continue;
      }
      chosen[e] = k;
      cell.core = it.core;
      cell.blank = it.blank;
      dfs(i + 1, st, e + 1, bg, w ? acc + w[k] : 0);
      uses[key]--;
      if (role) used![role[key]]--;
    }
  };
  dfs(0, START, 0, false, 0);
  return out;
}
