/**
 * The probe's tie cut (Equate, docs/movegen-speed.md "Top play: speed", Equate fifth round). When the
 * list is full and a group's bound is at most the last play's score, a play of the group can only
 * enter by tying that score and winning the tie-break (`better`, recorder.ts): no brackets in
 * Equate, and when the group's plays have at least the last play's blanks and exactly its tiles,
 * only the reading-order key is left. When the probed side is the group's first side, its new
 * tiles are the key's first entries, so a prefix whose entries already sort after the last key's
 * cannot complete a play that enters: it is not completed.
 *
 * Sound as the last play changes during the group: a new last has a higher score or a smaller
 * key, fewer blanks or fewer tiles. In the first three cases every play of the group loses to it
 * anyway, whatever is cut; with a smaller key, a prefix equal to the old last's is either equal to
 * the new last's (the comparison goes on) or already after it.
 */
import type { Group } from "./bounds";
import type { TopList } from "./recorder";
import type { SideBoard } from "./sides";

/** `on`: a switch for the test that compares plays with and without the cut; `fired`: prefixes cut */
export const tieCut = { on: true, fired: 0 };

/** Per probed prefix: whether its key entries still equal the last play's (0) or sort before them (1). */
export class TieKeyCut {
  private readonly state: Uint8Array;
  private lastKey = "";
  private lastEntries: string[] = [];
  /** the key entry of item k on the probed side's e-th empty square, written when first compared */
  private readonly entries: Array<string | undefined>;

  constructor(
    private readonly top: TopList,
    private readonly b: SideBoard,
    private readonly emptyRc: Array<[number, number]>,
  ) {
    this.state = new Uint8Array(emptyRc.length + 1);
    this.entries = new Array<string | undefined>(emptyRc.length * b.items.length);
  }

  /** as join.ts `keyOf` writes an entry (without its trailing space: the key is split on it) */
  private entry(e: number, k: number): string {
    return keyEntry(this.entries, this.emptyRc, this.b.items, e, k);
  }

  /** Whether item k on empty square e can still lead to a play that enters (and the state after it). */
  step(e: number, k: number): boolean {
    if (this.state[e] === 1) {
      this.state[e + 1] = 1;
      return true;
    }
    const key = this.top.list[this.top.list.length - 1].key;
    if (key !== this.lastKey) {
      this.lastKey = key;
      this.lastEntries = key.split(" ");
    }
    const mine = this.entry(e, k);
    const theirs = this.lastEntries[e] ?? "";
    if (mine > theirs) {
      tieCut.fired++;
      return false;
    }
    this.state[e + 1] = mine < theirs ? 1 : 0;
    return true;
  }
}

/** The tie cut of a probe of side 0 of an Equate group, or null when it does not apply now. */
export function tieKeyCut(b: SideBoard, top: TopList, g: Group, bound: number, emptyRc: Array<[number, number]>): TieKeyCut | null {
  if (!tieCut.on || !b.sideEval || !top.full()) return null;
  const last = top.list[top.list.length - 1];
  if (bound > last.score || last.brackets > 0) return null;
  let empties = 0;
  for (let i = g.s; i <= g.e; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    if (!b.at(r, c)) empties++;
  }
  const placed = empties - g.newEqs.length;
  const minBlanks = Math.max(0, placed - (b.rackPts.length - b.blankCount));
  const tiles = placed + (b.rs.tileByFace.get("=")?.inBag ? g.newEqs.length : 0);
  if (minBlanks < last.blanks || tiles !== last.tiles) return null;
  return new TieKeyCut(top, b, emptyRc);
}

const pad = (x: number): string => x.toString().padStart(2, "0");

/** Item k on empty square e as join.ts `keyOf` writes it (without its trailing space), memoised in
 * `cache` (e × items + k); shared by the Equate and 'SMATH tie cuts. */
export function keyEntry(cache: Array<string | undefined>, emptyRc: ReadonlyArray<readonly [number, number]>, items: SideBoard["items"], e: number, k: number): string {
  const at = e * items.length + k;
  let s = cache[at];
  if (s === undefined) {
    const [r, c] = emptyRc[e];
    const it = items[k];
    s = cache[at] = `${pad(r)},${pad(c)}:${it.core}${it.blank ? "?" : ""}`;
  }
  return s;
}
