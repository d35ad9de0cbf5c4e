/**
 * The join's first-side key cut of an 'SMATH tie hunt (docs/movegen-speed.md, eleventh round,
 * branch sm19c), beside the probe's (smtie.ts `keyMayWin`).
 */
import type { Group } from "./bounds";
import type { TopList } from "./recorder";
import type { Entry, SideBoard, SideTable } from "./sides";
import { witnessAtLeast } from "./smathside";
import { firstKeyAfter } from "./smtie";
import { groupTieFacts } from "./tiekey";

/** `on`: off only in the test that compares plays with and without it; `fired`: picks cut */
export const smathTieJoin = { on: true, fired: 0 };

/**
 * The join's first-side picks of a probe whose plays can only tie the list's last (the probed
 * side not the first): an entry whose key sorts after the last's (`firstKeyAfter`) can only enter
 * on fewer brackets, and its play writes at least the probed filling's cheap bound, its own and
 * each later side's least over the value's entries (smathside.ts `witnessAtLeast`); when that is
 * not below the last's brackets the pick is skipped. Sound under the conditions of `tieFirstSide`
 * (score at most the last's, blanks and tiles at least its) for the same reason.
 */
export function tieJoinOf(b: SideBoard, top: TopList, g: Group, a: number, z: number, rest: readonly SideTable[]): ((probed: Entry, e: Entry, vkey: string) => boolean) | null {
  if (!smathTieJoin.on || !b.smath || !top.full()) return null;
  const { minBlanks, tiles } = groupTieFacts(b, g);
  const afterOf = firstKeyAfter(b, g, a, z);
  let seen: { key: string; after: (off: number) => boolean } | null = null;
  const restLeast = new Map<string, number>();
  return (probed, e, vkey) => {
    const last = top.list[top.list.length - 1];
    if (g.bound > last.score || minBlanks < last.blanks || tiles < last.tiles) return false;
    if (seen?.key !== last.key) seen = { key: last.key, after: afterOf(last.key) };
    let r = restLeast.get(vkey);
    if (r === undefined) {
      r = 0;
      for (const t of rest) {
        let m = Infinity;
        for (const x of t.byValue.get(vkey)?.entries ?? []) m = Math.min(m, witnessAtLeast(x));
        r += m === Infinity ? 0 : m;
      }
      restLeast.set(vkey, r);
    }
    if (witnessAtLeast(probed) + witnessAtLeast(e) + r < last.brackets || !seen.after(e.off)) return false;
    smathTieJoin.fired++;
    return true;
  };
}
