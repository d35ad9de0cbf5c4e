/**
 * 'SMATH's tie cut (docs/movegen-speed.md, "'SMATH, seventh round: tie hunts" and "eighth round:
 * the fewest brackets"). Once the list is full, a probed prefix whose every completion scores at
 * most the last play's score can only enter by tying it and winning the tie-break (`better`,
 * recorder.ts): fewer brackets, then fewer blanks, fewer tiles, an earlier reading-order key. Such
 * a prefix: its own score bound or its group's (groupbound.ts) reaches only the last play's score.
 * Brackets are bounded per prefix: two numbers that touch need a bracket at their boundary
 * (brackets.ts writes one there: the tree's or a wrap), unless a board tile of the line has one
 * there already; each new bracket sits at one boundary, and a side's new brackets come in pairs,
 * so a side with p such boundaries writes at least p + (p & 1). The other sides add at least the
 * fewest their tables' entries write (`othersLeastByOps`; each value's witness writes the fewest of
 * any bracketing, brackets.ts), the rack's operators and blanks shared between the sides
 * (`bracketsAtLeast`). A prefix is cut when that bound is above the last play's brackets, or
 * equal to it and the blanks (those placed so far, or the group's least), the tiles (fixed per
 * group) and, when the probed side is the group's first, the key's entries so far do not come
 * before the last play's.
 *
 * Sound as the last play changes during the group: it only moves up the order (a higher score, or
 * the same score and an earlier tie-break), so a prefix that could not beat the old last cannot
 * beat the new one; each decision reads the current last.
 */
import type { Direction } from "../board";
import type { GridCell } from "../play";
import type { Group } from "./bounds";
import type { TopList } from "./recorder";
import { leadOrder, vectorFacts, type VectorFacts } from "./leadkey";
import type { PartnerCut } from "./partners";
import { leastOverVectors, vectorBrackets, type VectorLeast } from "./vecbrackets";
import type { Entry, SideBoard, SideTable, ValueBucket } from "./sides";
import { witnessAtLeast } from "./smathside";
import { entryBrackets, othersLeastByOps } from "./tableleast";
import { groupTieFacts, keyEntry } from "./tiekey";

/** `on`: a switch for the test that compares plays with and without the cut; `fired`: prefixes cut */
export const smathTieCut = { on: true, fired: 0 };
/** the key tie-break asked of the first side's entries when another side is probed (`keyMayWin`);
 * `fired`: prefixes it cut */
export const smathTieKeyFirst = { on: true, fired: 0 };
/** `on`: `keyMayWin`'s bound taken per value (`firstLeast`; off: over the cut table as a whole,
 * eleventh round sm19c), for the test that compares plays with and without */
export const smathTieKeyValue = { on: true };

const isOp = (core: string): boolean => core === "+" || core === "-" || core === "×" || core === "÷";

export class SmathTieCut {
  /** per depth (cells placed): touching number pairs without a board bracket at their boundary */
  private readonly pairs: Int32Array;
  /** per depth: the last cell is a number (1), and it has a board close bracket in the line (2) */
  private readonly numEnd: Uint8Array;
  /** the key entry of item k on the probed side's e-th empty square */
  private readonly entries: Array<string | undefined>;
  private readonly chosen: Int32Array;
  /** per cell i: the board's numbers, operators and bracket marks in the line from cell i on */
  private readonly oldNums: Int32Array;
  private readonly oldOps: Int32Array;
  private readonly oldMarks: Int32Array;
  /** the rack's keys of operators and of the blank (each may be placed as an operator) */
  readonly opKeys: number[] = [];
  /** per Q: the fewest brackets the other sides' entries write (summed over the sides) when they
   * take Q of the rack's operators and blanks together (`othersLeastByOps`), once asked for */
  private otherMin: number[] | null = null;
  /** `otherMin` over the plays whose first-side entry does not sort after the last key, per key
   * (null: no such entry) */
  private keyMin: { key: string; min: number[] | null } | null = null;

  constructor(
    private readonly top: TopList,
    private readonly b: SideBoard,
    private readonly dir: Direction,
    private readonly olds: Array<GridCell | undefined>,
    private readonly emptyRc: Array<[number, number]>,
    /** the probed side is the group's first: its new tiles open the play's key */
    private readonly keyed: boolean,
    private readonly minBlanks: number,
    private readonly tiles: number,
    /** the group's bound (bounds.ts, groupbound.ts): no play of the group scores above it */
    private readonly groupBound: number,
    /** the other sides' tables: each play takes one entry of each, with its witness's brackets */
    private others: readonly SideTable[],
    /** the probed side is not the first (others[0] is): its entries' keys against the last's
     * (`firstKeyAfter`), for the plays that can still come first on key (`keyMayWin`) */
    private readonly firstAfter: ((lastKey: string) => (off: number) => boolean) | null = null,
    /** the fewest brackets the sides with no table yet write with at most so many operators and
     * blanks (valuetable.ts: a side tabled for its group before the probed side is filled) */
    private readonly unbuilt: ((ops: number) => number) | null = null,
  ) {
    const n = olds.length;
    this.pairs = new Int32Array(n + 1);
    this.numEnd = new Uint8Array(n + 1);
    this.entries = new Array<string | undefined>(emptyRc.length * b.items.length);
    this.chosen = new Int32Array(emptyRc.length);
    this.oldNums = new Int32Array(n + 1);
    this.oldOps = new Int32Array(n + 1);
    this.oldMarks = new Int32Array(n + 1);
    for (let i = n - 1; i >= 0; i--) {
      const o = olds[i];
      const op = o !== undefined && isOp(o.core);
      this.oldNums[i] = this.oldNums[i + 1] + (o && !op ? 1 : 0);
      this.oldOps[i] = this.oldOps[i + 1] + (op ? 1 : 0);
      this.oldMarks[i] = this.oldMarks[i + 1] + (o && !op ? o[dir].open + o[dir].close : 0);
    }
    for (let k = 0; k < b.keys.length; k++) if (isOp(b.keys[k]) || k === b.blankKey) this.opKeys.push(k);
  }

  /**
   * The touching pairs the cells after cell i must still make: with N numbers and O operators in
   * a row (the last number placed counted in), the numbers form at most O + 1 runs, so N - O - 1
   * pairs at least; each board bracket covers at most one boundary. The rest of the side's empty
   * squares take at most `ops` operators (the rack's operators and blanks not yet placed).
   */
  private pairsAhead(i: number, e: number, ops: number): number {
    const rest = this.emptyRc.length - e - 1;
    const o = Math.min(rest, ops);
    const nums = rest - o + this.oldNums[i + 1] + (this.numEnd[i + 1] === 1 ? 1 : 0);
    return Math.max(0, nums - o - this.oldOps[i + 1] - 1 - this.oldMarks[i + 1]);
  }

  /** cell i holds `core`: the counts after it (board tiles and placed items alike) */
  private advance(i: number, core: string): void {
    if (isOp(core)) {
      this.pairs[i + 1] = this.pairs[i];
      this.numEnd[i + 1] = 0;
      return;
    }
    const br = this.olds[i]?.[this.dir];
    const touching = this.numEnd[i] === 1 && !(br && br.open > 0);
    this.pairs[i + 1] = this.pairs[i] + (touching ? 1 : 0);
    this.numEnd[i + 1] = br && br.close > 0 ? 2 : 1;
  }

  /** The other sides' tables with entries left out that no play that can still enter the list
   * uses (join.ts `renewTie`): their fewest brackets are asked again (no fewer than before). */
  othersChanged(others: readonly SideTable[]): void {
    this.others = others;
    this.otherMin = null;
    this.keyMin = null;
  }

  /** a board tile at cell i */
  old(i: number, core: string): void {
    this.advance(i, core);
  }

  /**
   * Item k on cell i (empty square e). `onlyTies`: no completion scores above the list's last
   * play. False when the prefix cannot enter the list (it is cut); else the counts go on.
   */
  step(i: number, e: number, k: number, uses: Uint8Array, onlyTies: boolean): boolean {
    const it = this.b.items[k];
    this.advance(i, it.core);
    this.chosen[e] = k;
    if (!this.top.full()) return true;
    const last = this.top.list[this.top.list.length - 1];
    // a group bounded at the last play's score only ties it, whatever the prefix's own bound says
    // (the group's matched bound is the tighter one where the top's own group is hunted for ties)
    if (!onlyTies && this.groupBound > last.score) return true;
    // a play above the floor's score enters on score (need() is the floor's): no tie to break
    if (last.score < this.top.floor) return true;
    let br = this.bracketsAtLeast(i, e, uses);
    if (br <= last.brackets && this.vecs) {
      // it changes nothing unless it reaches the last's brackets (or passes them, from there)
      const floor = Math.max(br, last.brackets - 1);
      const v = this.vectorsAtLeast(i, e, uses, floor);
      if (v > floor) {
        br = v;
        vectorBrackets.fired++;
      }
    }
    if (br < last.brackets) return true;
    if (br === last.brackets) {
      const bl = Math.max(this.b.blankKey >= 0 ? uses[this.b.blankKey] : 0, this.minBlanks);
      if (bl < last.blanks) return true;
      if (bl === last.blanks) {
        if (this.tiles < last.tiles) return true;
        if (this.tiles === last.tiles && !this.keyAfter(e, last.key) && this.keyMayWin(i, e, uses, last.key, last.brackets)) return true;
      }
    }
    smathTieCut.fired++;
    return false;
  }

  /**
   * The fewest brackets of any play through this prefix: the probed side's pairs (made and ahead)
   * plus the other sides' fewest, the rack's operators and blanks shared between them. Other
   * sides' entries that take Q of those (disjoint tiles: every play's sides fit the rack together)
   * leave the probed side's rest at most `left` - Q operators, and `pairsAhead` only grows as
   * operators shrink; so the least over Q (Q ≤ left: more cannot fit) bounds every play.
   */
  private bracketsAtLeast(i: number, e: number, uses: Uint8Array): number {
    this.otherMin ??= othersLeastByOps(this.others, this.opKeys, this.b.pool.buf, sharedOps.on);
    return this.atLeastWith(i, e, uses, this.otherMin);
  }

  /**
   * The prefix's plays tie the last on brackets, blanks and tiles: can one come first on key? The
   * probed side not the first, its plays whose first-side entry sorts after the last key's cannot
   * (`firstKeyAfter`); the rest write at least the bound with the first side's table cut to its
   * other entries (the same argument as `bracketsAtLeast`, over fewer plays), per value
   * (`firstLeast`). None such, or that bound above the last's brackets (no other sides' entries
   * that fit the operators and blanks left: none such), no play through the prefix comes first.
   */
  private keyMayWin(i: number, e: number, uses: Uint8Array, key: string, brackets: number): boolean {
    if (!this.firstAfter || !smathTieKeyFirst.on || this.others.length === 0) return true;
    if (this.keyMin?.key !== key) this.keyMin = { key, min: this.firstLeast(key) };
    if (this.keyMin.min === null) return false;
    if (this.atLeastWith(i, e, uses, this.keyMin.min, smathTieKeyValue.on) <= brackets) return true;
    smathTieKeyFirst.fired++;
    return false;
  }

  /**
   * `othersLeastByOps` over the plays whose first-side entry does not sort after `key`: per value
   * of those entries, with every other side's table cut to that value (a play's sides all hold
   * one value: smath:19's 1/13, whose only such entry is a blank as `0`, so its third side must be
   * one too), the least over the values per Q. Null: no such play (no entry, or no value that
   * every side holds).
   */
  private firstLeast(key: string): number[] | null {
    const after = this.firstAfter!(key);
    if (!smathTieKeyValue.on) {
      const byValue = new Map<string, ValueBucket>();
      for (const [vkey, bucket] of this.others[0].byValue) {
        const kept = bucket.entries.filter((x) => !after(x.off));
        if (kept.length > 0) byValue.set(vkey, { value: bucket.value, entries: kept });
      }
      return byValue.size === 0 ? null : othersLeastByOps([{ byValue, byInt: new Map() }, ...this.others.slice(1)], this.opKeys, this.b.pool.buf, sharedOps.on);
    }
    let best: number[] | null = null;
    for (const [vkey, bucket] of this.others[0].byValue) {
      const kept = bucket.entries.filter((x) => !after(x.off));
      if (kept.length === 0) continue;
      const tables: SideTable[] = [{ byValue: new Map([[vkey, { value: bucket.value, entries: kept }]]), byInt: new Map() }];
      for (let s = 1; s < this.others.length && tables.length === s; s++) {
        const same = this.others[s].byValue.get(vkey);
        if (same) tables.push({ byValue: new Map([[vkey, same]]), byInt: new Map() });
      }
      if (tables.length < this.others.length) continue;
      const m = othersLeastByOps(tables, this.opKeys, this.b.pool.buf, sharedOps.on);
      if (!best) best = m;
      else for (let q = 0; q < m.length; q++) best[q] = Math.min(best[q] ?? Infinity, m[q]);
    }
    return best === null ? null : Array.from(best, (v) => v ?? Infinity);
  }

  /** the partner cut of the probe (fill.ts) and its vectors' facts (vecbrackets.ts), made when first asked */
  live: PartnerCut | null = null;
  vecs: (() => VectorLeast | null) | VectorLeast | null = null;

  /** `bracketsAtLeast` per partner vector still alive (vecbrackets.ts) when above `floor`, else at most `floor` */
  private vectorsAtLeast(i: number, e: number, uses: Uint8Array, floor: number): number {
    if (typeof this.vecs === "function") this.vecs = this.vecs();
    if (!this.vecs || !this.live) return floor;
    let left = 0;
    for (const k of this.opKeys) left += this.b.counts[k] - uses[k];
    // per q ≤ left (a vector alive fits beside the prefix): the probed side's brackets with left - q
    const rest = (this.restByQ ??= new Int32Array(this.opKeys.reduce((n, k) => n + this.b.counts[k], 0) + 1));
    for (let q = 0; q <= left; q++) {
      const p = this.pairs[i + 1] + this.pairsAhead(i, e, left - q);
      rest[q] = p + (p & 1);
    }
    return leastOverVectors(this.vecs, this.live, e + 1, rest, floor);
  }

  private restByQ: Int32Array | null = null;

  /** `strict`: no other sides' entries fit the operators and blanks left: no play (Infinity).
   * `unbuilt` (a side's fill for its group's own table, valuetable.ts) adds the sides with no table
   * yet, each at its fewest with the operators and blanks the others leave (a lower bound each). */
  private atLeastWith(i: number, e: number, uses: Uint8Array, om: number[], strict = false): number {
    let left = 0;
    for (const k of this.opKeys) left += this.b.counts[k] - uses[k];
    let best = Infinity;
    for (let q = 0; q < om.length && q <= left; q++) {
      if (om[q] === Infinity) continue;
      const p = this.pairs[i + 1] + this.pairsAhead(i, e, sharedOps.on ? left - q : left);
      best = Math.min(best, p + (p & 1) + om[q] + (this.unbuilt ? this.unbuilt(sharedOps.on ? left - q : left) : 0));
    }
    // no other side's entry fits the tiles left: no play through this prefix (kept as before: 0)
    if (best === Infinity && !strict) {
      const p = this.pairs[i + 1] + this.pairsAhead(i, e, left);
      best = p + (p & 1) + (this.unbuilt ? this.unbuilt(left) : 0);
    }
    return best;
  }

  /** The probed side is the group's last: per partner vector the least key of the sides before
   * it (leadkey.ts) and the vectors still possible (fill.ts' `PartnerCut`), for `leadAfter`. */
  lead: { facts: (() => VectorFacts | null) | VectorFacts | null; live: PartnerCut | null } | null = null;
  private leadFor = "";
  private leadCmp: Int8Array | null = null;

  /** the probed side's entries 0..e sort after the last key's (so does every completed key) */
  private keyAfter(e: number, key: string): boolean {
    if (!this.keyed) return this.lead !== null && this.leadAfter(e, key);
    return this.entriesAfter(e, key, 0);
  }

  /**
   * The probed side is the last: every play through this prefix takes a partner vector still
   * possible, and its key opens with that vector's other sides' entries, at least the vector's
   * `minKey`; per vector `leadOrder` of it against the last key (monotone: a later leading text
   * never compares better). Any at -1: some play may come first on key. None at -1 and some at 0:
   * the probed entries decide, from the last key's entry past the leading ones. All at 1: after.
   */
  private leadAfter(e: number, key: string): boolean {
    const lead = this.lead!;
    if (typeof lead.facts === "function") lead.facts = lead.facts();
    const { facts, live } = lead;
    if (!live || !facts?.minKey) return false;
    if (this.leadFor !== key || !this.leadCmp) {
      this.leadFor = key;
      this.leadCmp = new Int8Array(facts.minKey.length).fill(2);
    }
    const cmp = this.leadCmp;
    let equal = false;
    const list = live.alive(e + 1);
    for (let j = 0, n = live.aliveCount(e + 1); j < n; j++) {
      const v = list[j];
      if (cmp[v] === 2) {
        const mk = facts.minKey[v];
        cmp[v] = mk === undefined ? -1 : leadOrder(mk, key);
      }
      if (cmp[v] < 0) return false;
      if (cmp[v] === 0) equal = true;
    }
    const after = !equal || this.entriesAfter(e, key, facts.entries);
    if (after) vectorFacts.fired++;
    return after;
  }

  /** as tiekey.ts `keyOf` writes an entry for 'SMATH (brackets left out), without its trailing space */
  private entry(e: number, k: number): string {
    return keyEntry(this.entries, this.emptyRc, this.b.items, e, k);
  }

  /** The entries of items `chosen[0..e]` sort after `key`'s entries from entry `skip` on (so does
   * every completed key with them). */
  private entriesAfter(e: number, key: string, skip: number): boolean {
    let at = 0;
    for (let q = 0; q < skip; q++) {
      const end = key.indexOf(" ", at);
      if (end < 0) return true;
      at = end + 1;
    }
    for (let q = 0; q <= e; q++) {
      const end = key.indexOf(" ", at);
      const theirs = end < 0 ? "" : key.slice(at, end);
      const mine = this.entry(q, this.chosen[q]);
      if (mine !== theirs) return mine > theirs;
      if (end < 0) return true;
      at = end + 1;
    }
    return false;
  }
}

/** `on`: the other sides' operators counted against the probed side's (`bracketsAtLeast`); off
 * only in the test that compares plays with and without it (smtie.test.ts) */
export const sharedOps = { on: true };

/** The tie cut of a probe of an 'SMATH group's side, or null when off. */
export function smathTieCutOf(b: SideBoard, top: TopList, g: Group, dir: Direction, olds: Array<GridCell | undefined>, emptyRc: Array<[number, number]>, first: boolean, others: readonly SideTable[], firstSide?: [number, number], unbuilt?: (ops: number) => number): SmathTieCut | null {
  if (!smathTieCut.on || !b.smath) return null;
  const { minBlanks, tiles } = groupTieFacts(b, g);
  const firstAfter = !first && firstSide ? firstKeyAfter(b, g, firstSide[0], firstSide[1]) : null;
  return new SmathTieCut(top, b, dir, olds, emptyRc, first, minBlanks, tiles, g.bound, others, firstAfter, unbuilt ?? null);
}

/**
 * The fewest brackets any play of an 'SMATH group writes, by the argument of `pairsAhead` over the
 * whole group: each side of N numbers and O operators makes at least N - O - 1 touching pairs
 * (summed over the sides: numbers - operators - sides), less one per board bracket; the new
 * squares take at most the rack's operators and blanks. A sum of even counts is even.
 */
export function groupBracketsAtLeast(b: SideBoard, g: Group): number {
  if (!smathTieCut.on || !b.smath) return 0;
  let empties = 0;
  let pairs = -(g.eqs.length + 1);
  for (let i = g.s; i <= g.e; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    const o = b.at(r, c);
    if (!o) {
      if (!g.newEqs.includes(i)) empties++;
      continue;
    }
    if (o.core === "=") continue;
    if (isOp(o.core)) pairs--;
    else pairs += 1 - o[g.dir].open - o[g.dir].close;
  }
  let ops = 0;
  for (let k = 0; k < b.keys.length; k++) if (isOp(b.keys[k]) || k === b.blankKey) ops += b.counts[k];
  const o = Math.min(empties, ops);
  pairs += empties - 2 * o;
  return pairs <= 0 ? 0 : pairs + (pairs & 1);
}


/**
 * The fewest brackets a side a..z of an 'SMATH group writes when at most `ops` of its empty squares
 * take operators: `groupBracketsAtLeast`'s argument on one side (N - O - 1 touching pairs, less one
 * per board bracket), and a side's new brackets come in pairs.
 */
export function sideBracketsAtLeast(b: SideBoard, g: Group, a: number, z: number, ops: number): number {
  let empties = 0;
  let pairs = -1;
  for (let i = a; i <= z; i++) {
    const [r, c] = b.cellOf(g.dir, g.lane, i);
    const o = b.at(r, c);
    if (!o) empties++;
    else if (isOp(o.core)) pairs--;
    else pairs += 1 - o[g.dir].open - o[g.dir].close;
  }
  const o = Math.min(empties, ops);
  pairs += empties - 2 * o;
  return pairs <= 0 ? 0 : pairs + (pairs & 1);
}

/** `on`: a switch for the test that compares plays with and without `tieFirstSide` renewed inside a
 * probe (join.ts `renewTie`); `renewed`: tables filtered there, `retired`: partner vectors retired */
export const smathTieRenew = { on: true, renewed: 0, retired: 0 };

/** `on`: switch of `tieFirstSide`'s per-entry bracket test (groups that could write fewer brackets than the last) */
export const smathTieEntry = { on: true };

/** `on`: a switch for the test that compares plays with and without `tieFirstSide`; `dropped`: entries left out */
export const smathTieFirst = { on: true, dropped: 0 };

/** `on`: a switch for the test that compares Equate's plays with and without `tieFirstSide` (and
 * its renewal inside the probe); Equate's groups whose probed side is not the first (equate:28's
 * tie hunts: the key opens on the tabled side, where the probe's own tie cut cannot look). */
export const eqTieFirst = { on: true };

/**
 * The first side's table of an 'SMATH (or Equate) group that can only tie the list's last play, without the
 * entries whose key already sorts after the last play's (docs/movegen-speed.md, ninth round). The
 * first side's empty squares (and a new `=` right after it) are the first entries of every key of
 * the group (reading order), so an entry whose entries there sort after the last key's puts every
 * play it joins after the last on key. Such a play cannot enter when it cannot come first on an
 * earlier field either: its score is at most the group's bound ≤ the last's, its brackets at
 * least the group's fewest (`groupBracketsAtLeast`) ≥ the last's, its blanks and tiles at least
 * the group's ≥ the last's. Where the group's fewest brackets are below the last's, per entry: its
 * play writes the entry's witness's brackets (exact) plus, per other side, at least
 * `sideBracketsAtLeast` with the operators and blanks the entry leaves (tenth round, smath:18).
 * (A listed play of the same key is not displaced: same placement, same score, and no fewer
 * brackets than the last's.) Sound as the last play changes while the group is searched, or
 * inside its probe (join.ts `renewTie`): it only moves up the order. The table itself (shared,
 * sides.ts) is not changed.
 */
export function tieFirstSide(b: SideBoard, top: TopList, g: Group, a: number, z: number, t: SideTable): SideTable {
  if (!top.full() || !(b.smath ? smathTieFirst.on : b.sideEval && eqTieFirst.on)) return t;
  const last = top.list[top.list.length - 1];
  if (g.bound > last.score) return t;
  // fewer brackets than the last's: possible for the group, so asked per entry (`lose`)
  // (Equate writes no brackets: every play ties the last's 0)
  const perEntry = b.smath && groupBracketsAtLeast(b, g) < last.brackets;
  if (perEntry && !smathTieEntry.on) return t;
  const { minBlanks, tiles } = groupTieFacts(b, g);
  if (minBlanks < last.blanks || tiles < last.tiles) return t;
  const K = b.keys.length;
  const after = firstKeyAfter(b, g, a, z)(last.key);
  // the rack's operators and blanks (each may be placed as an operator): the other sides take at
  // most those the entry leaves, so each writes at least `sideBracketsAtLeast` with them
  const opKeys: number[] = [];
  for (let k = 0; k < K; k++) if (isOp(b.keys[k]) || k === b.blankKey) opKeys.push(k);
  const restLeast = new Map<number, number>();
  const rest = (off: number): number => {
    let ops = 0;
    for (const k of opKeys) ops += b.counts[k] - b.pool.buf[off + k];
    let n = restLeast.get(ops);
    if (n === undefined) {
      n = 0;
      for (let k = 0; k < g.eqs.length; k++) n += sideBracketsAtLeast(b, g, g.eqs[k] + 1, k + 1 === g.eqs.length ? g.e : g.eqs[k + 1] - 1, ops);
      restLeast.set(ops, n);
    }
    return n;
  };
  // an entry whose play would write no fewer brackets than the last's: its own witness's brackets
  // (exact) and the other sides' fewest; the cheap bound first (smathside.ts `witnessAtLeast`)
  const lose = (e: Entry, vkey: string): boolean => {
    if (!perEntry) return true;
    const r = rest(e.off);
    if (witnessAtLeast(e) + r >= last.brackets) return true;
    return entryBrackets(e, vkey) + r >= last.brackets;
  };
  const byValue = new Map<string, ValueBucket>();
  const byInt = new Map<number, ValueBucket>();
  const moved = new Map<ValueBucket, ValueBucket>();
  let dropped = 0;
  for (const [vkey, bucket] of t.byValue) {
    const kept = bucket.entries.filter((e) => !(after(e.off) && lose(e, vkey)));
    dropped += bucket.entries.length - kept.length;
    if (kept.length === 0) continue;
    const nb = kept.length === bucket.entries.length ? bucket : { value: bucket.value, entries: kept };
    byValue.set(vkey, nb);
    moved.set(bucket, nb);
  }
  if (dropped === 0) return t;
  smathTieFirst.dropped += dropped;
  for (const [iv, bucket] of t.byInt) {
    const nb = moved.get(bucket);
    if (nb) byInt.set(iv, nb);
  }
  return { byValue, byInt };
}

/**
 * The group's first side (squares a..z): per last key, whether an entry's key entries there (its
 * empty squares, then a new `=` right after the side) already sort after that key's. They open
 * every key of the group (reading order), so such an entry puts every play it joins after the key.
 */
export function firstKeyAfter(b: SideBoard, g: Group, a: number, z: number): (lastKey: string) => (off: number) => boolean {
  const shape = b.sideShape(g.dir, g.lane, a, z);
  const emptyRc = shape.emptyIdx.map((i) => shape.rc[i]);
  const ne = emptyRc.length;
  let eq = "";
  if (g.eqs.length > 0 && g.newEqs.includes(g.eqs[0])) {
    const [r, c] = b.cellOf(g.dir, g.lane, g.eqs[0]);
    eq = `${r.toString().padStart(2, "0")},${c.toString().padStart(2, "0")}:=`;
  }
  const cache = new Array<string | undefined>(ne * b.items.length);
  const K = b.keys.length;
  return (lastKey) => {
    const theirs = lastKey.split(" ");
    return (off) => {
      const buf = b.pool.buf;
      for (let e = 0; e < ne; e++) {
        const mine = keyEntry(cache, emptyRc, b.items, e, buf[off + K + e]);
        const other = theirs[e] ?? "";
        if (mine !== other) return mine > other;
      }
      return eq !== "" && eq > (theirs[ne] ?? "");
    };
  };
}
