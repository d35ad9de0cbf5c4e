/**
 * The exact generator's groups and their bounds (docs/bot.md, "Exact generator"; as macondo's
 * `movegen/anchor.go` and `shadow.go`): the spans of every lane a play can fill (connected to
 * the board, or covering the start square), each way of putting `=` on a span (a "group"), and an
 * upper bound of the score of any play of a group, taken before any side table is built:
 * main-line tile points by the rearrangement inequality (the rack's best points on the best
 * premiums), its premiums, each square's best cross equation and the bonuses. exact.ts searches
 * groups in decreasing bound, and `mayTie` says whether a group that only ties the list's last
 * score could still enter it — the group-level form of wolges' shadow play
 * (https://github.com/andy-k/wolges).
 */
import { lineFactor, premiumAt, tileFactor, type Direction } from "../board";
import type { GridCell } from "../play";
import type { TopList } from "./recorder";
import { groupBracketsAtLeast } from "./smtie";
import { faceInfo, K_FRACTION, K_OP, K_OTHER } from "./sidearith";
import { oneOpGroupOk, oneOpSpan, type OneOpSpan } from "./oneop";
import { isDigit, type SideBoard } from "./sides";

/** A span of a lane with one placement of `=` on it. */
export interface Group {
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
  /** 'SMATH: `bound` already re-made by groupbound.ts `matchedBound` (exact.ts) */
  matched?: boolean;
  /** 'SMATH: the order among groups of equal bound (`tieRank`), set when queued */
  tie?: number;
  /** a lazy group's span facts, read when it was bounded and reused when it is expanded */
  span?: Span;
  /** a group that places the whole rack with one `=` (Equate, no blank): its span, for the
   * fraction and one-operator tests (`wholeRackOk`), run only if the search reaches the group */
  wholeRack?: Span;
}

/** Spans of one lane and their `=` placements, with score bounds. */
export function lanesGroups(b: SideBoard, dir: Direction, lane: number, out: Group[]): void {
  const { size, rs } = b;
  const old = (i: number): GridCell | undefined => {
    const [r, c] = b.cellOf(dir, lane, i);
    return b.at(r, c);
  };
  const crossDir: Direction = dir === "across" ? "down" : "across";
  const [pr, pc] = crossDir === "down" ? [1, 0] : [0, 1];
  const hooked = (i: number): boolean => {
    const [r, c] = b.cellOf(dir, lane, i);
    return b.at(r - pr, c - pc) !== undefined || b.at(r + pr, c + pc) !== undefined;
  };
  const nonEqTiles = b.rackPts.length;
  const { maxNewEq, unlimitedEq } = newEqLimit(b);
  const facts = wholeSpanLazy(b) ? laneFacts(b, dir, lane) : undefined;
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
      if (b.firstPlay) {
        const [sr, sc] = rs.layout.start;
        const onLane = dir === "across" ? sr === lane : sc === lane;
        const si = dir === "across" ? sc : sr;
        if (!onLane) continue;
        if (rs.startRule === "cover" ? si < s || si > e : si !== s && si !== e) continue;
      } else if (!hasOld && !hasHook) continue;
      // a lone new tile in this direction: its main line is the other one (decision 9); as the
      // first play it has no line at all, so it is no play (SINGLE_TILE, decision 15)
      if (e === s) continue;
      equalsPlacements(b, dir, lane, s, e, maxNewEq, unlimitedEq, out, facts);
    }
  }
}

/** How many new `=` a play may write, and whether `=` is unlimited (never off the rack). */
function newEqLimit(b: SideBoard): { maxNewEq: number; unlimitedEq: boolean } {
  const { rs } = b;
  const unlimitedEq = rs.tileByFace.get("=")?.unlimited === true;
  return { maxNewEq: Math.min(rs.maxNewEquals, unlimitedEq ? b.size : b.eqKey >= 0 ? b.counts[b.eqKey] : 0), unlimitedEq };
}

/** Equate (the incremental evaluator, no value bonus): every span is one lazy group, split into
 * its `=` placements only when its bound is reached (`spanBound`, `expandSpan`). */
const wholeSpanLazy = (b: SideBoard): boolean => b.sideEval !== null && b.rs.options.valueBonus === "none";

/** The groups of a span: each way of putting `=` on it, with its bound. 'SMATH (no cap on new
 * `=`) gets two: no new `=`, and one "lazy" group for all the rest, bounded as a whole and
 * split into its `=` placements only when it is searched (there can be thousands). Equate gets
 * one lazy group for the whole span: of its 4,000–6,000 groups a position searches a few dozen to
 * a few hundred, and most of the cost of making a group (its bound, the whole-rack tests) is then
 * paid only for spans whose bound the search reaches. */
export function equalsPlacements(b: SideBoard, dir: Direction, lane: number, s: number, e: number, maxNewEq: number, unlimitedEq: boolean, out: Group[], facts = wholeSpanLazy(b) ? laneFacts(b, dir, lane) : undefined): void {
  if (facts) {
    // the span's facts (`Span`) are read only if the search reaches it (`expandSpan`)
    out.push({ dir, lane, s, e, eqs: [], newEqs: [], bound: laneSpanBound(b, facts, s, e, maxNewEq), order: out.length, lazy: true });
    return;
  }
  if (maxNewEq === Infinity || maxNewEq >= b.size) {
    const span = spanOf(b, dir, lane, s, e);
    configs(b, dir, lane, s, e, 0, unlimitedEq, (g, sp) => {
      g.order = out.length;
      g.bound = bound(b, sp, g);
      out.push(g);
    }, 0, span);
    const lazy: Group = { dir, lane, s, e, eqs: [], newEqs: [], bound: 0, order: out.length, lazy: true };
    lazy.bound = lazyBound(b, span);
    out.push(lazy);
    return;
  }
  configs(b, dir, lane, s, e, maxNewEq, unlimitedEq, (g, sp) => {
    g.order = out.length;
    g.bound = bound(b, sp, g);
    out.push(g);
  });
}

/** Off only in tests (spanbound.test.ts): the whole-rack tests run when a group is made, as before. */
export const wholeRackLate = { on: true };

/** Every placement of at most `maxNewEq` new `=` on a span (`minNew` at least), as groups, each
 * visited with the span's shared facts (`Span`). */
export function configs(b: SideBoard, dir: Direction, lane: number, s: number, e: number, maxNewEq: number, unlimitedEq: boolean, visit: (g: Group, sp: Span) => void, minNew = 0, sp = spanOf(b, dir, lane, s, e)): void {
  const rs = b.rs;
  const { oldEqs, empties } = sp;
  const nonEqTiles = b.rackPts.length;
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
      const z = k === eqs.length ? e : eqs[k] - 1;
      if (a > z) return;
    }
    const g: Group = { dir, lane, s, e, eqs, newEqs: chosen.slice(), bound: 0, order: 0, lazy: false };
    // a whole-rack group's own tests (fractions, one operator) wait until the search reaches it
    // (exact.ts: `wholeRackOk` before it is searched); most groups never are
    if (eqs.length === 1 && empties.length - chosen.length === nonEqTiles && b.sideEval && b.blankCount === 0) {
      if (!wholeRackLate.on) {
        if (!wholeRackOk(b, sp, eqs[0])) return;
      } else g.wholeRack = sp;
    }
    visit(g, sp);
  };
  const rec = (idx: number): void => {
    if (chosen.length + (empties.length - idx) < needed) return;
    if (idx === empties.length) {
      emit();
      return;
    }
    rec(idx + 1);
    if (chosen.length >= maxNewEq || (!unlimitedEq && chosen.length >= (b.eqKey >= 0 ? b.counts[b.eqKey] : 0))) return;
    const p = empties[idx];
    if (p === s || p === e) return;
    if (oldEqs.length + chosen.length >= maxPerLine) return;
    const prevEq = chosen.length ? chosen[chosen.length - 1] : -9;
    if (prevEq === p - 1 || oldEqs.includes(p - 1) || oldEqs.includes(p + 1)) return;
    const [r, c] = b.cellOf(dir, lane, p);
    const eq = b.cross(r, c, dir, "=");
    if (!eq.ok) return;
    sp.eqCross[p - s] = eq.real;
    chosen.push(p);
    rec(idx + 1);
    chosen.pop();
  };
  rec(0);
}

/** What every `=` placement of one span shares, read once per span rather than once per group
 * (a position has thousands of groups, a span up to dozens): its cells, the squares' premiums and
 * best cross points for the bound, and the whole-rack tests' verdicts (computed when first asked). */
export interface Span {
  dir: Direction;
  lane: number;
  s: number;
  e: number;
  cells: Array<GridCell | undefined>;
  oldEqs: number[];
  /** lane indices of the empty squares */
  empties: number[];
  /** per empty square (index into `empties`): tile factor, best cross points (NaN: not read yet) */
  tf: number[];
  maxCross: number[];
  /** per span square (lane index − s): points of the cross equation `=` completes there (configs) */
  eqCross: number[];
  /** empty squares (indices into `empties`) by tile factor, high first */
  byTf: number[];
  /** product of the empty squares' line factors; old tiles' points ('SMATH's all-tiles scoring) */
  mult: number;
  oldPts: number;
  /** per span square (lane index − s) + 1: old digits and empty squares up to it (value bonus) */
  digitsTo: number[];
  emptyTo: number[];
  /** 1 on the span squares (lane index − s) of the group being bounded */
  mark: Uint8Array;
  /** the fraction balance of a whole-rack group (`spanFractionsBalance`) */
  fractions?: boolean;
  /** the one-operator test's tiles (oneop.ts `oneOpSpan`; null: the test does not apply) */
  oneOp?: OneOpSpan | null;
}

/** The shared facts of one span (see `Span`). */
export function spanOf(b: SideBoard, dir: Direction, lane: number, s: number, e: number): Span {
  const { rs } = b;
  const n = e - s + 1;
  const sp: Span = { dir, lane, s, e, cells: [], oldEqs: [], empties: [], tf: [], maxCross: [], eqCross: new Array<number>(n).fill(0), byTf: [], mult: 1, oldPts: 0, digitsTo: [0], emptyTo: [0], mark: new Uint8Array(n) };
  for (let i = s; i <= e; i++) {
    const [r, c] = b.cellOf(dir, lane, i);
    const o = b.at(r, c);
    sp.cells.push(o);
    if (o) {
      if (o.core === "=") sp.oldEqs.push(i);
      if (rs.scoring === "all-tiles" && !o.blank) sp.oldPts += b.points(o.core);
    } else {
      const p = premiumAt(rs.layout, r, c);
      sp.empties.push(i);
      sp.mult *= lineFactor(p);
      sp.tf.push(tileFactor(p));
      sp.maxCross.push(NaN);
    }
    sp.digitsTo.push(sp.digitsTo[i - s] + (o && isDigit(o.core) ? 1 : 0));
    sp.emptyTo.push(sp.emptyTo[i - s] + (o ? 0 : 1));
  }
  sp.byTf = sp.tf.map((_, j) => j).sort((x, y) => sp.tf[y] - sp.tf[x]);
  return sp;
}

/** A whole-rack group with one `=` at `eq` of a span passes the fraction balance and the
 * one-operator test (each true when it does not apply); the span's parts of both are computed once.
 * Either failing means the group has no play, so it is skipped where it would have been searched:
 * the search visits the same groups in the same order as when the tests dropped it at making. */
export function wholeRackOk(b: SideBoard, sp: Span, eq: number): boolean {
  if (!b.sideEval || b.blankCount > 0) return true;
  sp.fractions ??= spanFractionsBalance(b, sp);
  if (!sp.fractions) return false;
  if (sp.oneOp === undefined) sp.oneOp = oneOpSpan(b, sp.cells, sp.s);
  return sp.oneOp === null || oneOpGroupOk(b, sp.oneOp, eq, sp.s, sp.e);
}

/**
 * Whether a group of a span that places the whole rack with one `=` can balance its fraction
 * tiles (Equate; true when the test does not apply). With no `×` or `÷` on the rack or in the
 * line (and no blank), an equation of two sides is a signed sum of operands, so the difference of
 * its sides is an integer plus a signed sum of its fraction tiles' values (a mixed numeral's
 * fraction included): some choice of signs must make that sum an integer. A rack whose fractions
 * cannot — 1/3 alone, or 1/2 with 1/3 — has no such play, whatever the bound. Checked over the
 * residues modulo the denominators' least common multiple. Where `=` stands does not matter.
 */
function spanFractionsBalance(b: SideBoard, sp: Span): boolean {
  const fr: Array<[number, number]> = [];
  const take = (core: string, n: number): boolean => {
    const f = faceInfo(core);
    if (f.kind === K_OTHER || (f.kind === K_OP && f.a >= 3)) return false;
    if (f.kind === K_FRACTION && f.b > 1) for (let k = 0; k < n; k++) fr.push([f.a, f.b]);
    return true;
  };
  for (const o of sp.cells) if (o && o.core !== "=" && !take(o.core, 1)) return true;
  for (let k = 0; k < b.keys.length; k++) if (b.keyCls[k] !== -1 && !take(b.keys[k], b.counts[k])) return true;
  return fractionsCanBalance(fr);
}

/** Some choice of signs makes the sum of these fractions (numerator, denominator) an integer. */
export function fractionsCanBalance(fr: ReadonlyArray<readonly [number, number]>): boolean {
  if (fr.length === 0) return true;
  let m = 1;
  for (const [, d] of fr) m = (m * d) / gcdOf(m, d);
  if (m > 1 << 16) return true;
  let reach = new Uint8Array(m);
  reach[0] = 1;
  for (const [n, d] of fr) {
    const x = ((n * (m / d)) % m + m) % m;
    const next = new Uint8Array(m);
    for (let v = 0; v < m; v++) {
      if (!reach[v]) continue;
      next[(v + x) % m] = 1;
      next[(v - x + m) % m] = 1;
    }
    reach = next;
  }
  return reach[0] === 1;
}

function gcdOf(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** A lazy group's `=` placements as groups (exact.ts `expandLazy`): Equate's all of the span's,
 * 'SMATH's those with at least one new `=` (its others are groups of their own). */
export function expandSpan(b: SideBoard, g: Group, visit: (c: Group, sp: Span) => void): void {
  if (wholeSpanLazy(b)) {
    const { maxNewEq, unlimitedEq } = newEqLimit(b);
    configs(b, g.dir, g.lane, g.s, g.e, maxNewEq, unlimitedEq, visit);
  } else configs(b, g.dir, g.lane, g.s, g.e, Infinity, true, visit, 1);
}

/** Per square of one lane, what `laneSpanBound` reads (Equate's lazy spans): a lane has up to a few
 * hundred spans over the same squares, so each square's premium, old tile's points and cross
 * points are read once per lane (the cross points when first asked, NaN until then), and no
 * `Span` is made for the spans the search never reaches (most of them). */
interface LaneFacts {
  dir: Direction;
  lane: number;
  /** 1 on an old tile */
  old: Uint8Array;
  /** old tile: its points (all-tiles scoring, not a blank); empty square: its tile and line factors */
  oldPts: Float64Array;
  tf: Float64Array;
  lf: Float64Array;
  maxCross: Float64Array;
  /** the cross points `=` makes there (-Infinity: the cross-check refuses it) */
  eqCross: Float64Array;
}

function laneFacts(b: SideBoard, dir: Direction, lane: number): LaneFacts {
  const { rs, size } = b;
  const f: LaneFacts = { dir, lane, old: new Uint8Array(size), oldPts: new Float64Array(size), tf: new Float64Array(size), lf: new Float64Array(size), maxCross: new Float64Array(size).fill(NaN), eqCross: new Float64Array(size).fill(NaN) };
  for (let i = 0; i < size; i++) {
    const [r, c] = b.cellOf(dir, lane, i);
    const o = b.at(r, c);
    if (o) {
      f.old[i] = 1;
      if (rs.scoring === "all-tiles" && !o.blank) f.oldPts[i] = b.points(o.core);
      continue;
    }
    const p = premiumAt(rs.layout, r, c);
    f.tf[i] = tileFactor(p);
    f.lf[i] = lineFactor(p);
  }
  return f;
}

const tfScratch: number[] = [];

/** Bound of every group of a span with at most `maxNewEq` new `=` (Equate's lazy groups; at least
 * each group's `bound`): every empty square takes the best of its rack tiles' cross points and
 * its `=` cross points (not on the span's ends), the tile factors take the rack's and the `=`
 * tiles' points high to high (rearrangement inequality: any group places a subset of them on a
 * subset of the squares), and the all-tiles bonus counts when some number of new `=` would place
 * the whole rack. Read from the lane's facts; spanbound.test.ts holds it equal to the same
 * figure read from the span's `Span` (its `spanBound`, this function before the ninth round). */
function laneSpanBound(b: SideBoard, f: LaneFacts, s: number, e: number, maxNewEq: number): number {
  const { rs } = b;
  let cross = 0;
  let mult = 1;
  let oldPts = 0;
  let n = 0;
  for (let i = s; i <= e; i++) {
    if (f.old[i]) {
      oldPts += f.oldPts[i];
      continue;
    }
    mult *= f.lf[i];
    // the empties' tile factors, high first (insertion: a span has at most a rack's worth and a few `=`)
    let at = n++;
    while (at > 0 && tfScratch[at - 1] < f.tf[i]) {
      tfScratch[at] = tfScratch[at - 1];
      at--;
    }
    tfScratch[at] = f.tf[i];
    if (Number.isNaN(f.maxCross[i])) {
      const [r, c] = b.cellOf(f.dir, f.lane, i);
      f.maxCross[i] = b.maxCross(r, c, f.dir);
    }
    let best = f.maxCross[i];
    if (maxNewEq > 0 && i !== s && i !== e) {
      if (Number.isNaN(f.eqCross[i])) {
        const [r, c] = b.cellOf(f.dir, f.lane, i);
        const eq = b.cross(r, c, f.dir, "=");
        f.eqCross[i] = eq.ok ? eq.real : -Infinity;
      }
      best = Math.max(best, f.eqCross[i]);
    }
    cross += best;
  }
  // the rack's points and min(maxNewEq, n) `=` points, high first, on the tile factors high first
  const eqPts = b.points("=");
  const { rackPts } = b;
  let eqLeft = Math.min(maxNewEq, n);
  let newPts = 0;
  for (let x = 0, k = 0; x < n && (k < rackPts.length || eqLeft > 0); x++) {
    if (k < rackPts.length && (eqLeft === 0 || rackPts[k] >= eqPts)) newPts += tfScratch[x] * rackPts[k++];
    else {
      newPts += tfScratch[x] * eqPts;
      eqLeft--;
    }
  }
  const eqInBag = rs.tileByFace.get("=")?.inBag === true;
  let allBonus = 0;
  for (let k = 0; k <= Math.min(maxNewEq, n); k++) {
    if (b.rackTiles === rs.rackSize && n - k + (eqInBag ? k : 0) === rs.rackSize) allBonus = rs.options.allTilesBonus;
  }
  return (oldPts + newPts) * mult + cross + allBonus;
}

/** Bound of every group of a span with at least one new `=`: each empty square is a rack tile
 * or a `=`, whichever could score more (used where `=` is unlimited and scores 0). Read from the
 * span its other groups were bounded with (`spanOf`: its premiums, old points and best cross
 * points once per span; issue 28, smfix). */
export function lazyBound(b: SideBoard, sp: Span): number {
  const { rs } = b;
  const { empties, tf, byTf, maxCross, dir, lane } = sp;
  let cross = 0;
  for (let j = 0; j < empties.length; j++) {
    const r = dir === "across" ? lane : empties[j];
    const c = dir === "across" ? empties[j] : lane;
    if (Number.isNaN(maxCross[j])) maxCross[j] = b.maxCross(r, c, dir);
    const eq = b.cross(r, c, dir, "=");
    cross += Math.max(maxCross[j], eq.ok ? eq.real : 0);
  }
  // the tile factors high first (`byTf`), against the rack's points high first
  const eqPts = b.points("=");
  let pts = sp.oldPts;
  for (let x = 0; x < byTf.length && x < b.rackPts.length; x++) pts += Math.max(tf[byTf[x]] * b.rackPts[x], tf[byTf[x]] * eqPts);
  const allBonus = b.rackTiles === rs.rackSize && empties.length > rs.rackSize ? rs.options.allTilesBonus : 0;
  return pts * sp.mult + cross + allBonus;
}

/** Upper bound of the score of any play of a group of span `sp` (see the module comment). */
export function bound(b: SideBoard, sp: Span, g: Group): number {
  const { rs } = b;
  const { empties, tf, maxCross, mark, s } = sp;
  for (const p of g.newEqs) mark[p - s] = 1;
  let eqPts = 0;
  let cross = 0;
  for (let j = 0; j < empties.length; j++) {
    const i = empties[j];
    if (mark[i - s]) {
      eqPts += b.points("=") * tf[j];
      cross += sp.eqCross[i - s];
      continue;
    }
    if (Number.isNaN(maxCross[j])) {
      const [r, c] = b.cellOf(sp.dir, sp.lane, i);
      maxCross[j] = b.maxCross(r, c, sp.dir);
    }
    cross += maxCross[j];
  }
  // the rack's best points on the best tile factors (rearrangement inequality)
  let newPts = 0;
  let k = 0;
  for (let x = 0; x < sp.byTf.length && k < b.rackPts.length; x++) {
    const j = sp.byTf[x];
    if (!mark[empties[j] - s]) newPts += tf[j] * b.rackPts[k++];
  }
  for (const p of g.newEqs) mark[p - s] = 0;
  if (g.eqs.length === 0) return cross;
  let bonus = 0;
  if (rs.scoring === "new-tiles" && rs.options.valueBonus !== "none") {
    // |v| < 10^(2·digits) for a side with that many digits (module comment in docs/bot.md)
    let minDigits = Infinity;
    for (let q = 0; q <= g.eqs.length; q++) {
      const a = (q === 0 ? g.s : g.eqs[q - 1] + 1) - s;
      const z = (q === g.eqs.length ? g.e : g.eqs[q] - 1) - s + 1;
      const newSq = sp.emptyTo[z] - sp.emptyTo[a];
      minDigits = Math.min(minDigits, sp.digitsTo[z] - sp.digitsTo[a] + Math.min(newSq, b.rackDigits));
    }
    bonus = rs.options.valueBonus === "sqrt" ? Math.pow(10, minDigits) : Math.ceil(2 * minDigits * Math.log2(10));
  }
  const rackPlaced = empties.length - g.newEqs.length + (rs.tileByFace.get("=")?.inBag ? g.newEqs.length : 0);
  const allBonus = b.rackTiles === rs.rackSize && rackPlaced === rs.rackSize ? rs.options.allTilesBonus : 0;
  return (sp.oldPts + newPts + eqPts + bonus) * sp.mult + cross + allBonus;
}

/**
 * Whether a group whose bound equals the list's last score could still hold a play that enters
 * the list: such a play only ties on score, so it must come first on the tie-breaks (`better`:
 * fewer brackets, fewer blanks, fewer tiles, reading order). A group places a known number of tiles, at least
 * a known number of blanks, and every play of it starts its key with the group's first empty
 * square; when those already put it behind the last play, nothing in it can enter.
 */
export function mayTie(b: SideBoard, top: TopList, g: Group): boolean {
  if (g.lazy || !top.full()) return true;
  const last = top.list[top.list.length - 1];
  // 'SMATH: fewer brackets come first; a group's count is bounded below by its touching numbers
  const t = tieFields(b, g);
  if (t.brackets !== last.brackets) return t.brackets < last.brackets;
  if (t.blanks !== last.blanks) return t.blanks < last.blanks;
  if (t.tiles !== last.tiles) return t.tiles < last.tiles;
  const r = Math.floor(t.first / b.size);
  const c = t.first % b.size;
  const prefix = `${r.toString().padStart(2, "0")},${c.toString().padStart(2, "0")}:`;
  return prefix <= last.key.slice(0, prefix.length);
}

/** A group's tie-break fields that hold for every play of it (`mayTie`): the fewest brackets
 * ('SMATH), the fewest blanks, the tiles placed, and its first empty square (r * size + c). */
function tieFields(b: SideBoard, g: Group): { brackets: number; blanks: number; tiles: number; first: number } {
  let empties = 0;
  let first = -1;
  for (let i = g.s; i <= g.e; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    if (b.at(r, c)) continue;
    empties++;
    if (first < 0) first = r * b.size + c;
  }
  const placed = empties - g.newEqs.length; // rack tiles other than `=`
  const blanks = Math.max(0, placed - (b.rackPts.length - b.blankCount));
  const tiles = placed + (b.rs.tileByFace.get("=")?.inBag ? g.newEqs.length : 0);
  return { brackets: groupBracketsAtLeast(b, g), blanks, tiles, first };
}

/** Switch of `tieRank` for the test that compares plays with and without it (tieorder.test.ts). */
export const tieOrder = { on: true };

/**
 * 'SMATH: the search order among groups of equal bound (exact.ts `byBound`): the group whose
 * plays could come first on the tie-breaks (fewest brackets, then blanks, then tiles) first, so
 * the top's own tie is found before groups that can only tie it worse and `mayTie` skips those.
 * Any order of equal-bound groups gives the same list: `better` is a total order (the key is
 * unique per placement) and every cut compares with the list's current last, so the order
 * changes only how soon the last play comes near the top. Lazy groups (and other rulesets): 0.
 */
export function tieRank(b: SideBoard, g: Group): number {
  if (g.lazy || !b.smath || !tieOrder.on) return 0;
  const t = tieFields(b, g);
  return t.brackets * 65536 + t.blanks * 256 + t.tiles;
}

