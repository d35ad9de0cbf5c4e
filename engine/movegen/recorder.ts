/**
 * The play recorder of the search (as macondo's `movegen/play_recorder.go`): collects the plays
 * the solver finds — once each, since the same single tile can come from both directions —
 * with their estimated scores (estimator.ts), then adjudicates them best estimate first.
 *
 * Every play found is only a candidate: the search's arithmetic is floating point and its
 * grammar a prefix filter, so the final word is `adjudicatePlay` with the rack, and only valid
 * plays whose ruling is an equation are returned. With `limit`, adjudication stops once the
 * limit-th real score beats the next estimate; it always goes on until one valid play is found.
 *
 * The exact generator (exact.ts) records into a `TopList` instead: its plays are exact, so it
 * keeps only the N best (one per placement of tiles) and adjudicates just those at the end.
 */
import { adjudicatePlay } from "../adjudicate";
import type { Direction } from "../board";
import type { Placement } from "../play";
import type { Ruleset } from "../ruleset";
import type { Ruling } from "../ruling";
import type { Face } from "../tiles";
import type { Budget } from "./budget";
import type { Pattern } from "./estimator";
import type { FaceInfo } from "./lanes";

/** A legal play with its ruling (valid, an equation). */
export interface Candidate {
  placements: Placement[];
  score: number;
  ruling: Ruling;
}

/** A play found by the search, not yet adjudicated: its estimated score (the score it has if
 * every line the search believes true is true) orders the adjudications. */
interface Raw {
  est: number;
  /** a play on the board, or (first move) pattern `pat` laid from (r0, c0) in `dir` */
  placements: Placement[] | null;
  pat: number;
  r0: number;
  c0: number;
  dir: Direction;
}

export class Recorder {
  private readonly seen = new Set<string>();
  private readonly raw: Raw[] = [];
  readonly patterns: Pattern[] = [];
  adjudications = 0;

  constructor(
    readonly rs: Ruleset,
    readonly board: readonly Placement[],
    readonly rack: readonly Face[],
    readonly faces: readonly FaceInfo[],
    readonly firstPlay: boolean,
    readonly budget: Budget,
  ) {}

  /** True the first time a play (or first-move pattern) with this key is found. */
  claim(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  addPattern(pattern: Pattern): void {
    this.patterns.push(pattern);
  }

  addPlay(est: number, placements: Placement[], dir: Direction): void {
    this.raw.push({ est, placements, pat: -1, r0: 0, c0: 0, dir });
  }

  /** First move: pattern `pat` laid from (r0, c0) in `dir`. */
  addLaid(est: number, pat: number, r0: number, c0: number, dir: Direction): void {
    this.raw.push({ est, placements: null, pat, r0, c0, dir });
  }

  /** Adjudicate the plays best estimate first; stop once `limit` valid plays are certain
   * (the next estimate is below the limit-th score) or the time budget is over. */
  adjudicate(limit: number): Candidate[] {
    const raw = this.raw;
    raw.sort((a, b) => b.est - a.est);
    const plays: Candidate[] = [];
    let kth = -Infinity;
    let tried = 0;
    for (const x of raw) {
      if (plays.length >= limit && x.est < kth) break;
      if ((tried & 15) === 15 && this.budget.overtime() && plays.length > 0) {
        this.budget.cut = true;
        break;
      }
      tried++;
      const placements = x.placements ?? this.layPattern(x);
      this.adjudications++;
      const ruling = adjudicatePlay(this.rs, this.board, placements, { rack: this.rack, firstPlay: this.firstPlay });
      if (!ruling.valid || ruling.kind !== "equation") continue;
      plays.push({ placements, score: ruling.score, ruling });
      if (plays.length >= limit) {
        plays.sort(compareCandidates);
        plays.length = limit;
        kth = plays[plays.length - 1].score;
      }
    }
    return plays.sort(compareCandidates);
  }

  private layPattern(x: Raw): Placement[] {
    const pt = this.patterns[x.pat];
    return pt.faces.map((f, i) => {
      const p: Placement = { row: x.dir === "across" ? x.r0 : x.r0 + i, col: x.dir === "across" ? x.c0 + i : x.c0, tile: this.faces[f].face };
      if (pt.blanks[i]) p.blank = true;
      return p;
    });
  }
}

/** Reading-order key of a play, for deterministic tie-breaks. */
export function playKey(p: readonly Placement[]): string {
  return p.map((x) => `${String(x.row).padStart(2, "0")}${String(x.col).padStart(2, "0")}${x.tile}${x.blank ? "?" : ""}`).join(" ");
}

/** Best first: score, then fewer blanks, then fewer tiles, then reading order. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.score !== b.score) return b.score - a.score;
  const ba = a.placements.filter((p) => p.blank).length;
  const bb = b.placements.filter((p) => p.blank).length;
  if (ba !== bb) return ba - bb;
  if (a.placements.length !== b.placements.length) return a.placements.length - b.placements.length;
  const ka = playKey(a.placements);
  const kb = playKey(b.placements);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** A play the exact generator found: its exact score, tie-breaks and reading-order key. */
export interface Cand {
  score: number;
  blanks: number;
  tiles: number;
  key: string;
  brackets: number;
  placements: Placement[];
}

/** The exact generator's order (docs/engine.md "Top play"): score, then fewer brackets ('SMATH;
 * 0 elsewhere), fewer blanks, fewer tiles, then the reading-order key — the same on every server. */
export function better(a: Cand, b: Cand): number {
  return b.score - a.score || a.brackets - b.brackets || a.blanks - b.blanks || a.tiles - b.tiles || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** The N best candidates, one per key (the fewest brackets represent an 'SMATH placement). */
export class TopList {
  readonly list: Cand[] = [];
  readonly byKey = new Map<string, Cand>();
  /** @param floor a score some legal play is known to reach (top play: a quick search's play);
   * plays below it cannot make the list, so neither can groups bounded below it */
  constructor(
    readonly n: number,
    readonly floor = -Infinity,
  ) {}
  /** a score the current group's search aims at (exact.ts `aimFirst`): plays below it are not
   * wanted while it is set (that group is searched again below it if need be) */
  aim = -Infinity;
  full(): boolean {
    return this.list.length >= this.n;
  }
  last(): number {
    return this.list[this.list.length - 1].score;
  }
  /** the lowest score a play must have to make the list now (the floor until it is full) */
  need(): number {
    return Math.max(this.full() ? this.last() : -Infinity, this.floor, this.aim);
  }
  wants(score: number): boolean {
    return score >= this.need();
  }
  /** A play of these fields is refused by `add` whatever its key: the list is full and its last
   * comes first on a field before the key (a play of a listed key with fewer brackets comes
   * before that key's entry, so before the last too, and is never refused here). */
  refuses(score: number, brackets: number, blanks: number, tiles: number): boolean {
    if (!this.full()) return false;
    const l = this.list[this.list.length - 1];
    return (l.score - score || brackets - l.brackets || blanks - l.blanks || tiles - l.tiles) > 0;
  }
  add(c: Cand): void {
    const had = this.byKey.get(c.key);
    if (had) {
      if (c.brackets >= had.brackets) return;
      // the same placement with fewer brackets: it may move up among equal scores
      this.list.splice(this.list.indexOf(had), 1);
      this.byKey.delete(had.key);
    }
    if (this.full() && better(c, this.list[this.list.length - 1]) > 0) return;
    let i = this.list.length;
    this.list.push(c);
    while (i > 0 && better(c, this.list[i - 1]) < 0) {
      this.list[i] = this.list[i - 1];
      i--;
    }
    this.list[i] = c;
    this.byKey.set(c.key, c);
    if (this.list.length > this.n) {
      const out = this.list.pop()!;
      this.byKey.delete(out.key);
    }
  }
}
