/**
 * The exact move generator (docs/bot.md, "Exact generator"): every legal play for a board and a
 * rack, or the top N by score with proof that nothing better exists, for all three rulesets.
 *
 * Algorithm. A play fills the empty squares of one maximal run ("span") of a row or column, and
 * the `=` squares of that run split it into sides. For each span and each way of putting `=` on
 * its squares (a "group"), the sides are independent: each must be a valid side on its own, and
 * all sides must have the same value. So each side's possible fillings from the rack are
 * enumerated once (depth-first, left to right, pruned by the per-square cross-checks of Appel &
 * Jacobson, "The World's Fastest Scrabble Program", CACM 1988, and by a sound prefix automaton,
 * grammar.ts), checked with the engine's own `checkLine`, and indexed by exact value; a group's
 * plays are the joins of its sides' tables on equal value whose tiles fit the rack together
 * (meet in the middle on `=`). 'SMATH sides take every value their bracketings allow
 * (brackets.ts). Nothing is cut by a budget, so the enumeration is exhaustive. Sides that no
 * filling from the rack can close (automaton liveness over the fixed squares, operator count)
 * are not enumerated; in a two-sided Equate group the larger side is probed against the other
 * side's table instead of being tabled itself.
 *
 * Top N: every group gets an upper bound of its score before any table is built (main-line tile
 * points by the rearrangement inequality, its premiums, each square's best cross equation, the
 * bonuses), groups are taken in decreasing bound, and the search stops once N plays score more
 * than the next bound — the group-level form of wolges' shadow play
 * (https://github.com/andy-k/wolges). Ties at the Nth score are all found, so the order
 * (score, fewer brackets, fewer blanks, fewer tiles, reading order) is deterministic. `complete` is false only
 * when the caller's deadline stopped the search.
 *
 * Every play returned has been adjudicated (`adjudicatePlay` with the rack); the computed score
 * must equal the ruling's (stats.rejected counts any disagreement: a bug, kept at 0 by tests).
 *
 * Scope (docs/bot.md "Exact generator"): 'SMATH plays are one per placement of number and
 * operator tiles, with the fewest brackets found (new tiles' brackets and overlays on board tiles
 * of the main line). A single new tile whose line is not the one decision 9 picks is a play only
 * with an overlay in that line: two touching numbers take their bracket boundary on the board
 * tile (brackets.ts), so "(2)7" is found (issue 28; it was the one gap, and made `complete` lie).
 *
 * The parts (named as in macondo's `movegen/` package, https://github.com/domino14/macondo):
 * sides.ts the board, the rack, cross-checks and side tables; fill.ts a side's fillings;
 * bounds.ts the groups and their score bounds; join.ts the join of a group's sides;
 * recorder.ts the top-N list (`TopList`); budget.ts the cut (`Deadline`).
 */
import { adjudicatePlay } from "../adjudicate";
import type { Placement } from "../play";
import type { Ruleset } from "../ruleset";
import type { Ruling } from "../ruling";
import type { Face } from "../tiles";
import { defaultNow } from "./budget";
import { bound, expandSpan, lanesGroups, mayTie, tieRank, wholeRackOk, type Group } from "./bounds";
import { matchedBound, matchedBounds } from "./groupbound";
import { searchGroup } from "./join";
import { TopList } from "./recorder";
import { SideBoard } from "./sides";

export interface ExactOptions {
  /** keep the N best plays (default: every legal play) */
  top?: number;
  /** stop after this many ms (default: never); then `complete` is false */
  deadlineMs?: number;
  /** stop after this many search steps (squares tried while filling sides, plus join steps;
   * default: no limit). Unlike
   * the deadline this cut is deterministic; either way `complete` is false. */
  maxWork?: number;
  /** clock for the deadline (default performance.now) */
  now?: () => number;
  /** the first play of the game (default: the board is empty) */
  firstPlay?: boolean;
  /** look only for plays scoring at least this (a score a legal play is known to reach; the
   * top play's seed, top.ts): groups bounded below it are never searched */
  floor?: number;
}

export interface ExactPlay {
  placements: Placement[];
  score: number;
  ruling: Ruling;
  /** blanks placed */
  blanks: number;
  /** 'SMATH brackets written (new tiles' and overlays'); 0 elsewhere */
  brackets: number;
  /** rack tiles placed */
  tiles: number;
}

export interface ExactStats {
  groups: number;
  groupsSearched: number;
  /** groups whose bound only tied the list's last score and whose tie-breaks could not win */
  groupsTieSkipped: number;
  /** whole-rack Equate groups with one × or ÷ whose tiles write no equation (oneop.ts) */
  groupsNoEquation: number;
  /** 'SMATH groups whose matched bound (groupbound.ts) was below their first bound */
  groupsRebounded: number;
  tables: number;
  sideFillings: number;
  candidates: number;
  adjudications: number;
  /** plays the adjudicator refused or scored differently (a bug if ever non-zero) */
  rejected: number;
  /** the search's steps (budget.ts `Deadline.work`): the same on every machine, unlike `ms` */
  steps: number;
  ms: number;
}

export interface ExactResult {
  plays: ExactPlay[];
  /** true when the list is provably every legal play (or the top N): no deadline cut it */
  complete: boolean;
  stats: ExactStats;
}

/** The exact search of one board and rack (see the module comment); `exactPlays` runs it. */
export class ExactGenerator extends SideBoard {
  private readonly top: TopList;

  constructor(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: ExactOptions = {}) {
    super(rs, board, rack, opts);
    this.top = new TopList(opts.top ?? Infinity, opts.floor);
  }

  run(): ExactResult {
    const start = defaultNow();
    const groups: Group[] = [];
    for (const dir of ["across", "down"] as const) {
      for (let lane = 0; lane < this.size && !this.deadline.checkNow(); lane++) lanesGroups(this, dir, lane, groups);
    }
    for (const g of groups) g.tie = tieRank(this, g);
    groups.sort(byBound);
    this.stats.groups = groups.length;
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i];
      if (this.deadline.hit) break;
      if (g.bound < this.top.need()) break;
      if (this.deadline.checkNow()) break;
      if (g.bound === this.top.need() && !mayTie(this, this.top, g)) {
        this.stats.groupsTieSkipped++;
        continue;
      }
      if (g.lazy) {
        // best first within it too: its `=` placements join the queue, each with its own bound,
        // inserted into the sorted rest (not a sort of the whole queue per expansion: Equate's
        // groups are all lazy, so a search expands dozens to hundreds of them)
        const kids: Group[] = [];
        this.expandLazy(g, kids);
        kids.sort(byBound);
        let at = i + 1;
        for (const kid of kids) at = enqueue(groups, at, kid) + 1;
        continue;
      }
      if (this.smath && !g.matched && matchedBounds.on) {
        // 'SMATH: the bound re-made with each rack tile once (groupbound.ts), only for groups the
        // search reaches; a lower one puts the group back in its place in the queue (or drops it)
        g.matched = true;
        const mb = matchedBound(this, g);
        if (mb < g.bound) {
          this.stats.groupsRebounded++;
          g.bound = mb;
          if (mb !== -Infinity) enqueue(groups, i + 1, g);
          continue;
        }
      }
      if (g.wholeRack && !wholeRackOk(this, g.wholeRack, g.eqs[0])) continue;
      this.stats.groupsSearched++;
      // Equate, the first group searched: aimed at its bound (`aimFirst`)
      const need = this.top.need();
      const aim = this.sideEval && aimFirst.on && this.stats.groupsSearched === 1 && g.bound > need ? g.bound : -Infinity;
      this.top.aim = aim;
      searchGroup(this, this.top, g);
      this.top.aim = -Infinity;
      if (aim > need && this.top.need() < aim && !this.deadline.hit) {
        // its plays below the aim were not offered: searched again when its turn comes, bounded below it
        aimFirst.again++;
        g.bound = aim - 1;
        enqueue(groups, i + 1, g);
      }
      if (this.deadline.hit) break;
    }
    const plays = this.adjudicateAll();
    this.stats.ms = defaultNow() - start;
    this.stats.steps = this.deadline.work;
    return { plays, complete: !this.deadline.hit, stats: this.stats };
  }

  /** A lazy group's `=` placements as groups, each with its own bound (`bound`, admissible for
   * that placement alone), to be searched in bound order with every other group. */
  private expandLazy(g: Group, out: Group[]): void {
    expandSpan(this, g, (c, sp) => {
      c.order = g.order;
      c.bound = bound(this, sp, c);
      c.tie = tieRank(this, c);
      out.push(c);
    });
  }

  private adjudicateAll(): ExactPlay[] {
    const out: ExactPlay[] = [];
    for (const c of this.top.list) {
      this.stats.adjudications++;
      const ruling = adjudicatePlay(this.rs, this.board, c.placements, { rack: this.rack, firstPlay: this.firstPlay });
      if (!ruling.valid || ruling.score !== c.score) {
        this.stats.rejected++;
        continue;
      }
      out.push({ placements: c.placements, score: c.score, ruling, blanks: c.blanks, tiles: c.tiles, brackets: c.brackets });
    }
    return out;
  }
}

/**
 * Equate: the first group the search reaches is searched for plays that score its bound (the list's
 * `aim`), not for any play: with the list empty its probe has no score cut at all, and the play
 * that makes the top often scores the highest bound (equate:28: seven groups bounded 134, its top
 * score; 195,000 steps before the first 134 without the aim, and the probe in key order then ends
 * the group at its smallest key, tiekey.ts `keyOrder`). When that finds no play the list takes (or
 * the list still wants plays below the aim), the group goes back into the queue bounded one below
 * the aim, and is searched again in its turn. Sound: a play of the group below the aim was never
 * offered, and the second search (or the bound's `break`) handles it as any group's; the plays at
 * the aim were offered once and the second search may offer them again (the list keeps one per
 * key) or cut them by the lowered bound (tie cuts), which only drops plays offered before. Only
 * the first group: aimed at every group's bound while the list is empty, the searches doubled
 * where the top is far below the bounds (equate:32: +16 %, the sum of the 30 +12 %).
 */
export const aimFirst = { on: true, again: 0 };

/** The search order: higher bound first, then the tie-breaks' rank ('SMATH, bounds.ts `tieRank`), then
 * the order the groups were made in. */
const byBound = (a: Group, b: Group): number => b.bound - a.bound || (a.tie ?? 0) - (b.tie ?? 0) || a.order - b.order;

/** Put `g` into the sorted queue from index `from` on, after every group that does not sort after
 * it (as a stable sort would put it); its index. */
function enqueue(groups: Group[], from: number, g: Group): number {
  let at = from;
  let hi = groups.length;
  while (at < hi) {
    const mid = (at + hi) >> 1;
    if (byBound(groups[mid], g) <= 0) at = mid + 1;
    else hi = mid;
  }
  groups.splice(at, 0, g);
  return at;
}

/** Every legal play (or the `top` best) of `rack` on `board`, best first, each adjudicated. */
export function exactPlays(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: ExactOptions = {}): ExactResult {
  return new ExactGenerator(rs, board, rack, opts).run();
}
