/**
 * The fewest brackets the other sides of an 'SMATH group write, per rack operators and blanks they
 * take (issue 28): the bound the tie cut (smtie.ts) adds to the probed side's own. Kept apart from
 * smtie.ts, which asks it, because it reads only built tables and their witnesses.
 */
import type { Entry, SideTable } from "./sides";
import { smathWitnessBrackets, witnessAtLeast } from "./smathside";

/**
 * The fewest brackets a play takes from the other sides, by the rack operators and blanks Q their
 * entries take together: per table and per q, the least over its entries taking q of the brackets
 * their witness writes for their value (brackets.ts `sideValues`, the fewest of any bracketing, so
 * each side's count in the play is its entry's); the tables' arrays summed min-plus. Witnesses
 * are costly (a six-square side's table on smath:19 took 10 s), so entries are taken in the order
 * of a cheap bound below their count (smathside.ts `witnessAtLeast`) and none once that bound
 * reaches the least of their q. A table with no entries adds 0 (as before: its side ends the group).
 * With `byOps` off every entry counts as q = 0 (the least over all entries).
 */
export function othersLeastByOps(tables: readonly SideTable[], opKeys: readonly number[], buf: Uint8Array, byOps: boolean): number[] {
  let sum = [0];
  for (const t of tables) {
    const least = tableLeast(t, opKeys, buf, byOps);
    // a table with no entries adds 0 (its `least` is empty: any entry sets the least of its q)
    if (least.length === 0) continue;
    const next: number[] = [];
    for (let a = 0; a < sum.length; a++) {
      for (let q = 0; q < least.length; q++) {
        const v = sum[a] + (least[q] ?? Infinity);
        if (v < (next[a + q] ?? Infinity)) next[a + q] = v;
      }
    }
    sum = Array.from(next, (v) => v ?? Infinity);
  }
  return sum;
}

/** `tableLeast` per table, by `byOps`: a table is never changed once built (sides.ts `tableOf`;
 * filtered tables are new objects), its pool offsets' tiles neither, and `opKeys` are the
 * search's (its rack's), so a table's least per q is the same on every call; smath:19's probes
 * asked three times for one table of 146,116 entries (issue 28, smcost4). */
const leastMemo = [new WeakMap<SideTable, number[]>(), new WeakMap<SideTable, number[]>()];

/** Per q, the least brackets of `t`'s entries taking q of the operators and blanks (`opKeys`), as
 * `othersLeastByOps` says (undefined: no entry takes q). */
function tableLeast(t: SideTable, opKeys: readonly number[], buf: Uint8Array, byOps: boolean): number[] {
  const memo = leastMemo[byOps ? 1 : 0];
  const had = memo.get(t);
  if (had) return had;
  // the entries in the order of their bound, stable (a counting sort over flat arrays: a tuple
  // per entry was garbage, issue 28 smcost3)
  const ents: Entry[] = [];
  const vkeys: string[] = [];
  const bounds: number[] = [];
  const qs: number[] = [];
  let top = 0;
  for (const [vkey, bucket] of t.byValue) {
    const list = bucket.entries;
    for (let x = 0; x < list.length; x++) {
      const e = list[x];
      let q = 0;
      if (byOps) for (let y = 0; y < opKeys.length; y++) q += buf[e.off + opKeys[y]];
      const lb = witnessAtLeast(e);
      if (lb > top) top = lb;
      ents.push(e);
      vkeys.push(vkey);
      bounds.push(lb);
      qs.push(q);
    }
  }
  const start = new Int32Array(top + 2);
  for (let x = 0; x < bounds.length; x++) start[bounds[x] + 1]++;
  for (let lb = 0; lb <= top; lb++) start[lb + 1] += start[lb];
  const order = new Int32Array(ents.length);
  for (let x = 0; x < bounds.length; x++) order[start[bounds[x]]++] = x;
  const least: number[] = [];
  for (let y = 0; y < order.length; y++) {
    const x = order[y];
    const q = qs[x];
    if ((least[q] ?? Infinity) <= bounds[x]) continue;
    least[q] = Math.min(least[q] ?? Infinity, entryBrackets(ents[x], vkeys[x]));
  }
  memo.set(t, least);
  return least;
}

/** The brackets entry `e` of value `vkey` writes in a play: its witness's (the fewest, brackets.ts). */
export function entryBrackets(e: Entry, vkey: string): number {
  if (e.wit) return smathWitnessBrackets(e.wit, vkey);
  const w = e;
  let n = 0;
  if (w.open) for (let i = 0; i < w.open.length; i++) n += w.open[i] + w.close![i];
  return n;
}
