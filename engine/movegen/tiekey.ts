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
import type { Placement } from "../play";
import type { Group } from "./bounds";
import type { TopList } from "./recorder";
import type { SideBoard } from "./sides";

/** `on`: a switch for the test that compares plays with and without the cut; `fired`: prefixes cut */
export const tieCut = { on: true, fired: 0 };

/** When the cut applies to a group (`tieKeyCut`): no play of it scores above `bound`, each places at
 * least `minBlanks` blanks and exactly `tiles` tiles. */
export interface TieWhen {
  bound: number;
  minBlanks: number;
  tiles: number;
}

/** `on`: the cut applies from the moment the list's last play lets it inside a probe (it was
 * decided once per probe, at its start: a group searched before the list held its top score,
 * equate:28's first, was hunted for ties without it); `fired`: probes where it began late. */
export const tieLate = { on: true, fired: 0 };

/** `on`: the probe visits items in key order where only the key decides (`TieKeyCut.keyOrder`):
 * the order of a search, never what it finds; for the test that compares with and without. */
export const lexOrder = { on: !process.env.NOLEX };

/** Item k's rank in key order (as `keyOf` writes an entry on one square, so the same on
 * every square), and the passable triples (fill.ts `passable`) sorted by it, memoised per list. */
export function keyOrdered(items: SideBoard["items"]): (next: Int16Array) => Int16Array {
  const text = items.map((it) => `${it.core}${it.blank ? "?" : ""}`);
  const rank = new Int32Array(items.length);
  const byText = items.map((_, k) => k).sort((x, y) => (text[x] < text[y] ? -1 : text[x] > text[y] ? 1 : x - y));
  byText.forEach((k, r) => (rank[k] = r));
  const memo = new Map<Int16Array, Int16Array>();
  return (next: Int16Array): Int16Array => {
    let got = memo.get(next);
    if (got) return got;
    const idx: number[] = [];
    for (let j = 0; j < next.length; j += 3) idx.push(j);
    idx.sort((x, y) => rank[next[x]] - rank[next[y]]);
    got = new Int16Array(next.length);
    idx.forEach((j, q) => got!.set(next.subarray(j, j + 3), 3 * q));
    memo.set(next, got);
    return got;
  };
}

/** Per probed prefix: whether its key entries still equal the last play's (0) or sort before them (1). */
export class TieKeyCut {
  private readonly state: Uint8Array;
  /** the `epoch` each depth's `state` was written in: a state of an older epoch is read as 1 */
  private readonly ep: Int32Array;
  private epoch = 0;
  private lastKey = "";
  private lastEntries: string[] = [];
  /** the list's last play when `active` was last decided, and whether the cut applies to it */
  private lastSeen: unknown = undefined;
  private active = false;
  /** a prefix was stepped while the cut did not apply (it applies late, if at all) */
  private waited = false;
  /** the key entry of item k on the probed side's e-th empty square, written when first compared */
  private readonly entries: Array<string | undefined>;

  constructor(
    private readonly top: TopList,
    private readonly b: SideBoard,
    private readonly emptyRc: Array<[number, number]>,
    /** the group's facts; without them the cut applies whenever the list is full */
    private readonly when: TieWhen | null = null,
  ) {
    this.state = new Uint8Array(emptyRc.length + 1);
    this.ep = new Int32Array(emptyRc.length + 1);
    this.entries = new Array<string | undefined>(emptyRc.length * b.items.length);
  }

  /** as `keyOf` writes an entry (without its trailing space: the key is split on it) */
  private entry(e: number, k: number): string {
    return keyEntry(this.entries, this.emptyRc, this.b.items, e, k);
  }

  /**
   * Whether the cut applies to the list's last play now. Inactive to active starts a new epoch:
   * the prefixes on the path were compared (or not at all) against a last play the group could
   * beat on score, blanks or tiles, so each is read as "before" (never cut) until the search
   * returns to a depth compared in this epoch; the root is always "equal so far". Active to active
   * keeps them (module comment: the new last has a higher score, fewer blanks or tiles — every
   * play of the group loses to it — or a smaller key).
   */
  private applies(): boolean {
    const { top } = this;
    if (!top.full()) return false;
    const last = top.list[top.list.length - 1];
    if (last === this.lastSeen) return this.active;
    this.lastSeen = last;
    const w = this.when;
    const now = w === null || (w.bound <= last.score && last.brackets === 0 && w.minBlanks >= last.blanks && w.tiles === last.tiles);
    if (now && !this.active) {
      this.epoch++;
      if (this.waited) tieLate.fired++;
    }
    this.active = now;
    if (last.key !== this.lastKey) {
      this.lastKey = last.key;
      this.lastEntries = last.key.split(" ");
    }
    return now;
  }

  /** Every play the list still wants of this group scores exactly its bound (`need` is at it), so
   * only the key decides among them: the probe may visit items in key order (fill.ts), and the
   * first play it completes is then the group's smallest key. */
  keyOrder(): boolean {
    return this.when !== null && lexOrder.on && this.top.need() >= this.when.bound;
  }

  /** Whether item k on empty square e can still lead to a play that enters (and the state after it). */
  step(e: number, k: number): boolean {
    if (!this.applies()) {
      this.waited = true;
      return true;
    }
    const { epoch } = this;
    this.ep[e + 1] = epoch;
    if (e > 0 && (this.ep[e] !== epoch || this.state[e] === 1)) {
      this.state[e + 1] = 1;
      return true;
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

/**
 * What every play of group `g` spends, for the tie cuts (tiekey.ts, smtie.ts): at least
 * `minBlanks` blanks (its new number and operator tiles beyond the rack's non-blank ones) and
 * `tiles` rack tiles (those and the new `=` when it comes from the rack).
 */
export function groupTieFacts(b: SideBoard, g: Group): { minBlanks: number; tiles: number } {
  let empties = 0;
  for (let i = g.s; i <= g.e; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    if (!b.at(r, c)) empties++;
  }
  const placed = empties - g.newEqs.length;
  const minBlanks = Math.max(0, placed - (b.rackPts.length - b.blankCount));
  const tiles = placed + (b.rs.tileByFace.get("=")?.inBag ? g.newEqs.length : 0);
  return { minBlanks, tiles };
}

/** The tie cut of a probe of side 0 of an Equate group, or null when it cannot apply. With
 * `tieLate` on it is made whatever the list holds at the probe's start and applies once the
 * list's last play lets it (`TieKeyCut.applies`); off, only when the list lets it at the start. */
export function tieKeyCut(b: SideBoard, top: TopList, g: Group, bound: number, emptyRc: Array<[number, number]>): TieKeyCut | null {
  if (!tieCut.on || !b.sideEval) return null;
  const { minBlanks, tiles } = groupTieFacts(b, g);
  if (!tieLate.on) {
    if (!top.full()) return null;
    const last = top.list[top.list.length - 1];
    if (bound > last.score || last.brackets > 0 || minBlanks < last.blanks || tiles !== last.tiles) return null;
  }
  return new TieKeyCut(top, b, emptyRc, { bound, minBlanks, tiles });
}

const pad = (x: number): string => x.toString().padStart(2, "0");

/** Item k on empty square e as `keyOf` writes it (without its trailing space), memoised in
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

/** Reading-order key; 'SMATH keys leave brackets out (one play per placement of tiles). */
export function keyOf(b: SideBoard, ps: readonly Placement[]): string {
  let s = "";
  for (const p of ps) {
    if (b.smath && b.at(p.row, p.col)) continue;
    const tile = b.smath ? p.tile.replace(/[()]/g, "") : p.tile;
    s += `${p.row.toString().padStart(2, "0")},${p.col.toString().padStart(2, "0")}:${tile}${p.blank ? "?" : ""} `;
  }
  return s;
}
