/**
 * What a probe of a group's side knows of the other sides before it fills its own (join.ts
 * `GroupJoin`): per other table, its operator counts, value range and sorted values, read once per
 * table (eqspeed) and summed over the tables (`otherSide`). Split from join.ts for its size.
 */
import type { OtherSide } from "./fill";
import { tileGroups } from "./partners";
import type { SideBoard, SideTable } from "./sides";

/** The operators the other sides' fillings place, fewest and most (summed over the sides). */
export function otherSide(b: SideBoard, others: SideTable[]): OtherSide {
  const sum: OtherSide = { lo: 0, hi: 0, empties: 0, fracs: false, max: Infinity, min: -Infinity, vals: null };
  for (const other of others) {
    const f = tableFacts(b, other);
    if (f.fracs) sum.fracs = true;
    sum.max = Math.min(sum.max, f.max);
    sum.min = Math.max(sum.min!, f.min);
    // Equate (one other side, valued incrementally): its values sorted, for the probe's range cut
    if (b.sideEval && others.length === 1) sum.vals = f.vals === undefined ? (f.vals = sortedValues(other)) : f.vals;
    // 'SMATH: the smallest other table's values, for the probe's hull cut
    if (b.smath && other.byValue.size < (sum.sorted?.length ?? Infinity)) sum.sorted = f.vals === undefined ? (f.vals = sortedValues(other)) : f.vals;
    sum.lo += f.lo;
    sum.hi += f.hi;
    sum.empties += f.empties;
  }
  return sum;
}

/** One table's part of `otherSide`: its operator counts, empties, value range and sorted values. */
interface TableFacts {
  lo: number;
  hi: number;
  empties: number;
  fracs: boolean;
  max: number;
  min: number;
  /** `sortedValues`, made when first asked */
  vals?: Float64Array | null;
}

/** A table is built once per board and never changes after (sides.ts `table`), and a search probes
 * against the same table from many groups (Equate: every `=` placement sharing that side), so its
 * facts are read once (they were a full pass over its entries per probe). */
const factsOf = new WeakMap<SideTable, TableFacts>();

function tableFacts(b: SideBoard, other: SideTable): TableFacts {
  const had = factsOf.get(other);
  if (had) return had;
  const buf = b.pool.buf;
  const K = b.keys.length;
  const f: TableFacts = { lo: 1 << 14, hi: 0, empties: 0, fracs: false, max: -Infinity, min: Infinity };
  // a play's value is in every other table: the least of their largest values bounds it
  for (const k of other.byValue.keys()) {
    const slash = k.indexOf("/");
    if (slash >= 0) f.fracs = true;
    const v = slash >= 0 ? Number(k.slice(0, slash)) / Number(k.slice(slash + 1)) : Number(k);
    f.max = Math.max(f.max, Number.isNaN(v) ? Infinity : v);
    f.min = Math.min(f.min, Number.isNaN(v) ? -Infinity : v);
  }
  for (const bk of other.byValue.values()) {
    for (const e of bk.entries) {
      let ops = 0;
      for (let q = 0; q < e.tiles; q++) ops += b.itemIsOp[buf[e.off + K + q]];
      f.lo = Math.min(f.lo, ops);
      f.hi = Math.max(f.hi, ops);
      f.empties = e.tiles;
    }
  }
  factsOf.set(other, f);
  return f;
}

/** A table's values as numbers, ascending (a value that is no finite number: null, no cut). */
function sortedValues(t: SideTable): Float64Array | null {
  const vals = new Float64Array(t.byValue.size);
  let n = 0;
  for (const k of t.byValue.keys()) {
    const slash = k.indexOf("/");
    const v = slash >= 0 ? Number(k.slice(0, slash)) / Number(k.slice(slash + 1)) : Number(k);
    if (!Number.isFinite(v)) return null;
    vals[n++] = v;
  }
  return vals.sort();
}

/** `on`: the memo's switch. Off: with the fit condition and small tables only it saves 7.8 % of
 * Equate's steps (equate:32 −14 %) but no CPU in a same-process A/B, and its key leaves out the rack
 * tiles the group's new `=` takes (a blank played as `=` in one group is free in its mirror), which
 * the argument below does not cover and no search test reaches (docs/movegen-speed.md "Equate,
 * eleventh round: value hulls and dead probes"). `skipped`: probes not run, `kept`: facts kept. */
export const deadProbes = { on: false, skipped: 0, kept: 0 };

/** per board: the probes known to meet no value of their other side (`DeadProbe`) */
const deadOf = new WeakMap<SideBoard, Set<string>>();
/** per table: a number for its set of value keys, the same for a board's tables of the same values */
const valuesOf = new WeakMap<SideTable, number>();
const valueSetsOf = new WeakMap<SideBoard, Map<string, number>>();

/** Tables of more entries than this are not keyed (the key's cost grows with the table). */
const MAX_ENTRIES = 64;

/** A table's values and, per value, its entries' tile vectors, as text; null past `MAX_ENTRIES`. */
export function tableKey(b: SideBoard, table: SideTable): string | null {
  let n = 0;
  for (const bucket of table.byValue.values()) n += bucket.entries.length;
  if (n > MAX_ENTRIES) return null;
  const K = b.keys.length;
  const buf = b.pool.buf;
  const parts: string[] = [];
  for (const [v, bucket] of table.byValue) {
    let t = v;
    for (const g of tileGroups(bucket, buf, K)) {
      t += "|";
      for (let k = 0; k < K; k++) t += String.fromCharCode(48 + buf[g.off + k]);
    }
    parts.push(t);
  }
  return parts.sort().join(" ");
}

/**
 * Equate, two sides: a probe of one side none of whose completed fillings met a partner of the
 * other side's table — a value in it with a tile vector that fits the rack beside the filling's
 * (`met`, set at the fit: equate:32's whole-rack groups meet values whose tiles never fit) — while
 * nothing cut it by score or tie (`pruned`) nor by the deadline. Its fillings then depend on the
 * side's squares and on the other side only through what `otherSide` reads of it — operator
 * counts, filling size and values (the cuts: `rackCanFill`, value, range) — and the fit on the
 * table's tile vectors per value, so a later probe of the same side against a table of the same
 * counts, values and vectors per value (`tableKey`) completes the same fillings or fewer (its score
 * and tie cuts only take more away), none of which fits a partner: it cannot make a play, and is
 * not run. Tables of more than `MAX_ENTRIES` entries are not keyed (their key cost more than the
 * probes it saved: equate:43). Mirrored
 * groups (`A = B` and `B = C` on one lane, A and C one square each) probed B twice: equate:32's
 * 2,000 groups, 43 % of its steps in groups of equal steps on one lane.
 */
export class DeadProbe {
  /** a filling met a value of the table */
  met = false;
  private constructor(
    private readonly set: Set<string>,
    private readonly key: string,
  ) {}

  /** The memo of probing side a..z of group `g` against `table` (facts `os`), or null when it does
   * not apply (not Equate, more than two sides, switched off). */
  static of(b: SideBoard, dir: string, lane: number, a: number, z: number, table: SideTable, os: OtherSide, sides: number): DeadProbe | null {
    if (!deadProbes.on || !b.sideEval || sides !== 2) return null;
    let set = deadOf.get(b);
    if (!set) deadOf.set(b, (set = new Set()));
    let vals = valuesOf.get(table);
    if (vals === undefined) {
      let valueSets = valueSetsOf.get(b);
      if (!valueSets) valueSetsOf.set(b, (valueSets = new Map()));
      const text = tableKey(b, table);
      vals = text === null ? -1 : valueSets.get(text);
      if (vals === undefined) valueSets.set(text!, (vals = valueSets.size));
      valuesOf.set(table, vals);
    }
    if (vals < 0) return null;
    return new DeadProbe(set, `${dir}:${lane}:${a}:${z}|${os.lo}:${os.hi}:${os.empties}|${vals}`);
  }

  /** the probe is known to meet no value: not run */
  known(): boolean {
    if (!this.set.has(this.key)) return false;
    deadProbes.skipped++;
    return true;
  }

  /** After the probe: kept when it met no value with nothing cut by score or tie, or by the deadline. */
  settle(pruned: number, hit: boolean): void {
    if (this.met || pruned > 0 || hit) return;
    this.set.add(this.key);
    deadProbes.kept++;
  }
}
