/**
 * 'SMATH, eleventh round (docs/movegen-speed.md, branch sm19): a side's table built only for the
 * values the group's smaller sides hold. A group of three sides or more tables every side but the
 * probed one, smallest first (join.ts `searchGroup`). Where the tables built so far share few
 * values (smath:19's group 6/8, sides `_____3`, `6`, `2_____`: the board's lone `6` holds one
 * value), the next side is not tabled in full (`2_____`: 11,637 values, 3 M entries, 1.8 M steps)
 * but filled as a probe against them (fill.ts's value cuts: range, integer filter, square
 * classes, hulls, products), and only its fillings' values that every one of them holds are kept.
 *
 * Sound: every play of the group takes one entry of each side, all of one value, whose tiles fit
 * the rack together; so an entry of a value some built table lacks, or one the probe's cuts drop
 * (each drops only fillings none of whose values meets the other sides, or whose tiles cannot fit
 * beside theirs: sound cuts of the probe), is in no play of the group. The kept entries are the
 * full table's entries of those values (same pool tiles, points, cross scores, witnesses), so the
 * join, the bounds and the tie cuts that read the table see a subset that holds every play.
 * The table is kept per side and per the tables it was made against (the same keys give the same
 * tables within one search).
 */
import { lineFactor, premiumAt, tileFactor, type Direction } from "../board";
import { intFilter } from "./brackets";
import { fillSide, type RawFill } from "./fill";
import { otherSide } from "./otherside";
import { parityTargets } from "./parity";
import { probeCuts } from "./partners";
import { sideBracketsAtLeast, smathTieCutOf, type SmathTieCut } from "./smtie";
import { matchedLeast } from "./probebound";
import type { Group } from "./bounds";
import type { ProbeCut } from "./fill";
import type { TopList } from "./recorder";
import type { Entry, SideBoard, SideShape, SideTable } from "./sides";
import type { SmathWit } from "./smathside";

/** `on`: off only in the test that compares plays with and without it; `built`: tables made so,
 * `scored`: of them, made with the score cut */
export const valueTables = { on: true, built: 0, scored: 0 };

/** `on`: a filling kept once per value in a value table (`valueTable`); off only in the test that
 * compares the plays with and without */
export const tableOnce = { on: true };

/** the most values the tables built so far may share for a side to be filled against them: a
 * probe with many target values prunes little, and a full table is shared by every group */
const MAX_VALUES = 16;

/** the fewest empty squares of a side filled so: a short side's full table is cheap, and shared by
 * every group over it (3 on the thirty bench positions: 0.33 M steps more than 4) */
const MIN_EMPTIES = 4;

/** A table built before in `searchGroup`: its key (sides.ts `table`) and itself. */
export interface BuiltTable {
  key: string;
  t: SideTable;
}

/** The `=` squares' share of a group's score (`equalsSquares`). */
export interface EqualsShare {
  mult: number;
  eqPts: number;
  eqCross: number;
  eqOldPts: number;
}

/** The table of side k of group g (lane squares `bounds[k]`) whose other tables so far are `built`
 * (see the module comment): the full table when it exists already or the built tables share many
 * values. */
export function groupTable(b: SideBoard, top: TopList, g: Group, bounds: ReadonlyArray<[number, number]>, k: number, built: readonly BuiltTable[], eq: EqualsShare): SideTable | null {
  const [a, z] = bounds[k];
  const { dir, lane } = g;
  const key = `${dir}:${lane}:${a}:${z}`;
  if (!valueTables.on || !b.smath || built.length === 0 || b.tables.has(key)) return b.table(dir, lane, a, z);
  let common = [...built[0].t.byValue.keys()];
  for (let i = 1; i < built.length; i++) common = common.filter((v) => built[i].t.byValue.has(v));
  const tie = tieHunt(b, top, g, b.emptyIn(dir, lane, a, z));
  const short = b.emptyIn(dir, lane, a, z) < MIN_EMPTIES;
  const tieShort = short && tieShortSide(top, g);
  if ((common.length > MAX_VALUES && !tie && !tieShort) || (short && !tieShort)) return b.table(dir, lane, a, z);
  // the score cut makes the table the group's own: kept per group and the list's need
  const vkey = `${key}|${g.s}-${g.e}:${g.eqs.join("/")}:${g.newEqs.join("/")}|${top.need()}|${built.map((x) => x.key).join("|")}`;
  if (b.tables.has(vkey)) return b.tables.get(vkey)!;
  const shape = b.sideShape(dir, lane, a, z);
  if (b.hasFills(shape.sig)) return b.table(dir, lane, a, z);
  const cut = scoreCut(b, top, g, bounds, k, built, eq, shape);
  if (cut) valueTables.scored++;
  if (tie && common.length > MAX_VALUES) tieTables.made++;
  if (tieShort) tieShorts.made++;
  if (cut && tie) cut.smTie = tieCutOf(b, top, g, bounds, k, built, shape);
  const t = valueTable(b, dir, shape, built.map((x) => x.t), cut);
  if (!b.deadline.hit) b.tables.set(vkey, t);
  return t;
}

/** `on`: a tie hunt's side tabled for its group (`tieHunt`) where its full table would hold more
 * than `fills` fillings (`fillsAtMost`): a cheap full table is shared by every group over the side
 * (smath:2's 4-square sides, 2 blanks, count 15,300: tabled per group 54,537 → 67,248 steps;
 * smath:19's, 3 blanks: 181,000). `on` off and `fills` 0 only in tests. */
export const tieTables = { on: true, fills: 50_000, made: 0 };

/** `on`: a tie hunt's short side tabled for its group (`tieShortSide`); off only in the test that
 * compares; `made`: tables made so */
export const tieShorts = { on: true, made: 0 };

/**
 * Twelfth round (branch sm19f): a short side (fewer than `MIN_EMPTIES` empty squares) of a group
 * bounded at the list's need is filled against the built tables with the score cut, whatever the
 * values they share. Its full table is cheap but joins dear: smath:19's 2/8 tabled `__3_6` in full
 * (20,354 steps, 812 values, 13,198 entries), and the probe of `2_____` against so many values and
 * its join took 73,700 more; filled for `__`'s 60 values with the score cut at 331 it holds 30
 * values, 125 entries (1,113 steps), and the group ends in 2,010. A short side is in few groups, so
 * little sharing is lost (smath:2 unchanged). A heuristic: the table is sound either way (module
 * comment).
 */
function tieShortSide(top: TopList, g: Group): boolean {
  return tieShorts.on && g.bound <= top.need();
}

/** `on`: the tie cut in such a table's fill (`tieCutOf`); off only in the test that compares;
 * `made`: fills given it */
export const tieTableCut = { on: true, made: 0 };

/**
 * Side k (`empties` empty squares) of a group that scores at most the list's last play (its
 * bound, bounds.ts / groupbound.ts) is tabled for the group alone, whatever the values the built
 * tables share: every play of it ties the last on score at best, so the score cut keeps only the
 * fillings that reach the group's best (smath:19's 4/12: its middle side, 4 empty squares among
 * board tiles, fills 2,823 entries of the 60 values of `__` in 11,860 steps with the tie cut
 * (`tieCutOf`; 4,990 in 22,709 without), against 337,701 entries and 166,581 steps in full); only
 * where the full table would be large (`tieTables`).
 * A heuristic: the table is sound either way (module comment).
 */
function tieHunt(b: SideBoard, top: TopList, g: Group, empties: number): boolean {
  return tieTables.on && top.full() && g.bound <= top.list[top.list.length - 1].score && fillsAtMost(b, empties) > tieTables.fills;
}

/**
 * The fillings of `n` empty squares the rack allows, grammar and cross-checks aside:
 * the sequences of n of its tiles, a blank counted once per face it may take (`items`). The
 * exponential generating function Π_k Σ_{c ≤ counts[k]} (w_k x)^c / c! (w_k: the blank's faces,
 * else 1), its coefficient of x^n times n!.
 */
export function fillsAtMost(b: SideBoard, n: number): number {
  let faces = 0;
  for (const it of b.items) if (it.blank) faces++;
  let poly = [1];
  for (let k = 0; k < b.keys.length; k++) {
    const w = k === b.blankKey ? faces : 1;
    const next = new Array<number>(n + 1).fill(0);
    for (let d = 0; d < poly.length; d++) {
      let term = 1;
      for (let c = 0; c <= b.counts[k] && d + c <= n; c++) {
        next[d + c] += poly[d] * term;
        term = (term * w) / (c + 1);
      }
    }
    poly = next;
  }
  let f = poly[n] ?? 0;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

/**
 * The probe's tie cut (smtie.ts `SmathTieCut`) on side k's fill in a tie hunt: a prefix none of
 * whose plays can beat the last on brackets, blanks, tiles or key is not completed, as a probed
 * side's is. Sound as there: the bound of a play's brackets is the side's pairs plus the fewest the
 * built sides' entries write, plus what each side not built yet (the probed one) writes at least
 * with every operator and blank the built sides and the prefix leave (smtie.ts
 * `sideBracketsAtLeast`, which only falls as operators grow, as `pairsAhead` does: each part is a
 * lower bound of its side's count in any play); the blanks and tiles are the group's, and the key
 * is asked where this side is the first (its squares open every key) or, through `keyMayWin`,
 * where the first side is built (it is then `others[0]`). An entry so dropped is in no play that
 * can enter the list, and the table is the group's own: kept per group and need, and the last play
 * only moves up the order, so one made for an earlier last holds more (smath:19 666,113 → 541,900
 * steps: 6/8 67,247 → 30,486, 4/13 19,184 → 5,784, 4/8 29,353 → 14,262, 1/8 14,144 → 2,099).
 */
function tieCutOf(b: SideBoard, top: TopList, g: Group, bounds: ReadonlyArray<[number, number]>, k: number, built: readonly BuiltTable[], shape: SideShape): SmathTieCut | null {
  if (!tieTableCut.on) return null;
  const others: SideTable[] = [];
  const rest: Array<[number, number]> = [];
  let firstBuilt = false;
  for (let si = 0; si < bounds.length; si++) {
    if (si === k) continue;
    const t = built.find((x) => x.key === `${g.dir}:${g.lane}:${bounds[si][0]}:${bounds[si][1]}`)?.t;
    if (!t) {
      rest.push(bounds[si]);
      continue;
    }
    if (si === 0) firstBuilt = true;
    others.push(t);
  }
  const least = new Map<number, number>();
  const unbuilt = (ops: number): number => {
    let n = least.get(ops);
    if (n === undefined) {
      n = 0;
      for (const [a, z] of rest) n += sideBracketsAtLeast(b, g, a, z, ops);
      least.set(ops, n);
    }
    return n;
  };
  const emptyRc = shape.emptyIdx.map((i) => shape.rc[i]);
  tieTableCut.made++;
  return smathTieCutOf(b, top, g, g.dir, shape.olds, emptyRc, k === 0, others, firstBuilt ? bounds[0] : undefined, unbuilt);
}

/**
 * The score cut of side k's fill (fill.ts `ProbeCut`, as join.ts `scoreCut` makes the probe's): a
 * prefix is completed only while its squares, the rest of its squares and every other side's
 * squares matched to the tiles left (probebound.ts `leastAt`: each completion puts distinct tiles
 * left on those squares) and their board tiles can still reach the list's need. In that bound a
 * side's `max` cancels, so a side not built (the probed one, later ones) counts its board tiles
 * only there; the bound's other paths never cut a play here: `limit` ≤ 0 (`rem`: never above a
 * prefix's points) or more squares left than tiles (no completion). With the matched bound or
 * the probe's cuts off (tests), no cut.
 */
function scoreCut(b: SideBoard, top: TopList, g: Group, bounds: ReadonlyArray<[number, number]>, k: number, built: readonly BuiltTable[], eq: EqualsShare, shape: SideShape): ProbeCut | null {
  // the matched bound only (`leastAt`): the sides not built count their squares nowhere else
  if ((!top.full() && top.floor === -Infinity) || !probeCuts.on || !matchedLeast.on) return null;
  const { items } = b;
  const { mult } = eq;
  const weights = (sh: SideShape): Float64Array[] => {
    const sq = b.squareScores(g.dir, sh);
    return sh.emptyIdx.map((_, e) => {
      const we = new Float64Array(items.length);
      const cv = sq.crossOf[e];
      for (let q = 0; q < items.length; q++) we[q] = sq.ptsOf[e][q] * mult + (cv ? cv[q] : 0);
      return we;
    });
  };
  const others: NonNullable<ProbeCut["others"]> = { rows: [], max: 0, old: 0 };
  let tiles = (b.rs.tileByFace.get("=")?.inBag ? g.newEqs.length : 0) + shape.emptyIdx.length;
  for (let si = 0; si < bounds.length; si++) {
    if (si === k) continue;
    const [a, z] = bounds[si];
    const sh = b.sideShape(g.dir, g.lane, a, z);
    const rows = weights(sh);
    tiles += sh.emptyIdx.length;
    others.old += sh.oldPts * mult;
    others.rows.push(...rows);
    const t = built.find((x) => x.key === `${g.dir}:${g.lane}:${a}:${z}`)?.t;
    let m = -Infinity;
    if (t) for (const bk of t.byValue.values()) for (const e of bk.entries) m = Math.max(m, e.pts * mult + e.cross);
    // not built: its board tiles only; its squares are among the matched rows (below)
    else m = sh.oldPts * mult;
    others.max += m;
  }
  const fixed = (eq.eqPts + eq.eqOldPts + shape.oldPts) * mult + eq.eqCross + (tiles === b.rs.rackSize ? b.rs.options.allTilesBonus : 0) + others.max;
  const w = weights(shape);
  const rem = new Float64Array(w.length + 1);
  for (let e = w.length - 1; e >= 0; e--) rem[e] = rem[e + 1] + Math.max(0, ...w[e]);
  const need = top.need();
  return { w, rem, limit: () => need - fixed - 1e-9, others, pruned: 0 };
}

function valueTable(b: SideBoard, dir: Direction, shape: SideShape, tables: SideTable[], cut: ProbeCut | null): SideTable | null {
  b.stats.tables++;
  valueTables.built++;
  if (shape.emptyIdx.length > b.rackPts.length) return null;
  // what the probe of the group knows of its other sides (join.ts `probe`), here of the built ones
  const os = otherSide(b, tables);
  os.ints = intFilter(tables.map((t) => t.byInt));
  const numbers = [...b.keys, ...shape.olds.map((o) => o?.core ?? "")].filter((f) => /^\d+$/.test(f)).map(Number);
  os.parity = parityTargets(tables, numbers, b.pool.buf, b.counts, new Uint8Array(b.keys.length));
  const raws: RawFill[] = [];
  let filling = -1;
  let off = -1;
  let own: SmathWit | undefined;
  // the values of the current filling kept so far
  const seen = new Set<string>();
  fillSide(b, dir, shape.cells, shape.olds, shape.rc, (uses, chosen, iv, vkey, wit) => {
    const v = vkey ?? String(iv);
    if (!tables.every((t) => t.byValue.has(v))) return;
    // one pool entry and one witness per filling, shared by its values (as a table's fillings);
    // the probe's leaf reuses its operands, so they are copied
    if (filling !== b.stats.sideFillings) {
      filling = b.stats.sideFillings;
      seen.clear();
      off = b.pool.put(uses, chosen);
      own = wit ? { ops: wit.ops.map((o) => ({ ...o })), cellOfOp: wit.cellOfOp.slice(0, wit.ops.length), n: wit.n, sv: undefined } : undefined;
    }
    // the leaf visits a value once per bracketing that gives it (brackets.ts `visitSideValues`);
    // the table holds a filling once per value, as a full one does: each copy was joined again
    // (smath:19's groups 6/13 and 6/10: 37,581 → 16,546 and 16,544 → 11,504 steps)
    if (tableOnce.on && seen.has(v)) return;
    seen.add(v);
    raws.push({ off, vkey: v, value: v, open: null, close: null, wit: own });
  }, cut, os);
  if (b.deadline.hit) return null;
  return b.tableOf(dir, shape, raws);
}

/** The `=` squares of a group: the line's word factor over all its new squares, the new `=`'s
 * points and cross equations, and the old `=`'s points. */
export function equalsSquares(b: SideBoard, g: Group): EqualsShare {
  const { rs } = b;
  let mult = 1;
  let eqPts = 0;
  let eqCross = 0;
  let eqOldPts = 0;
  const allTiles = rs.scoring === "all-tiles";
  for (let i = g.s; i <= g.e; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    const o = b.at(r, c);
    if (o) {
      if (o.core === "=" && allTiles && !o.blank) eqOldPts += b.points("=");
      continue;
    }
    const p = premiumAt(rs.layout, r, c);
    mult *= lineFactor(p);
    if (g.newEqs.includes(i)) {
      eqPts += b.points("=") * tileFactor(p);
      eqCross += b.cross(r, c, g.dir, "=").real;
    }
  }
  return { mult, eqPts, eqCross, eqOldPts };
}

/** `on`: off only in the test that compares plays with and without it; `fired`: joins cut */
export const valueMaxCut = { on: true, fired: 0 };

/** Per side of a group, per value: the best score of its table's entries of that value (points
 * times the line's factor plus cross equations), made when first asked. A table the search
 * filters later (join.ts `renewTie`) holds a subset, so its old best stays an upper bound. */
export class ValueMax {
  private readonly byValue: Array<Map<string, number>>;

  constructor(
    private readonly mult: number,
    private readonly sides: ReadonlyArray<{ t: SideTable }>,
  ) {
    this.byValue = sides.map(() => new Map<string, number>());
  }

  /**
   * The most a full pick of value `vkey` can score: `base` (the `=` squares, the bonus) plus the
   * picks of the sides before `si` and of the probed side, plus each later side's best entry of
   * that value. Every play's score is that sum over its sides (join.ts `finish`), so none below
   * scores more: the join below is cut when this is under the list's need.
   */
  most(si: number, vkey: string, picked: readonly Entry[], probeSide: number, base: number): number {
    let s = base;
    for (let j = 0; j < this.sides.length; j++) s += j < si || j === probeSide ? picked[j].pts * this.mult + picked[j].cross : this.best(j, vkey);
    return s;
  }

  private best(si: number, vkey: string): number {
    const m = this.byValue[si];
    let v = m.get(vkey);
    if (v === undefined) {
      v = -Infinity;
      for (const e of this.sides[si].t.byValue.get(vkey)?.entries ?? []) v = Math.max(v, e.pts * this.mult + e.cross);
      m.set(vkey, v);
    }
    return v;
  }
}
