/**
 * Play search: every legal play for small search spaces, a bounded constraint-driven search
 * otherwise (Scrabble move-generation techniques adapted to equations). docs/bot.md describes it
 * in full, with its sources and targets. This module is the front door; the search is split the
 * way macondo splits its `movegen/` (https://github.com/domino14/macondo):
 * - solver.ts: lanes, run starts and the depth-first search over placements, the solved last
 *   operand laid over the board, first-move patterns;
 * - automaton.ts: the grammar automaton (which face may come next) with the incremental
 *   evaluation of each side, the target of the last operand and its spellings;
 * - estimator.ts: the score estimate (shadow) that orders adjudication;
 * - recorder.ts: plays found, once each, adjudicated best estimate first;
 * - budget.ts: the node and time budget;
 * - lanes.ts: the board as a grid, face table and cross-check sets.
 *
 * Every play found is a candidate; `adjudicatePlay` with the rack has the final word, so the bot
 * can never make an illegal play. With the node budget binding the result is deterministic;
 * `complete` says whether nothing was cut.
 */
import type { Placement } from "../play";
import type { Ruleset } from "../ruleset";
import type { Face } from "../tiles";
import { Budget } from "./budget";
import type { Candidate } from "./recorder";
import { Solver } from "./solver";

export { compareCandidates, playKey, type Candidate } from "./recorder";

export interface GenerateOptions {
  /** the first play of the game (default: the board is empty) */
  firstPlay?: boolean;
  /** keep at most this many plays, best first (default: all) */
  limit?: number;
  /** stop searching after this many ms (default 1000); the plays found so far are returned */
  budgetMs?: number;
  /** stop after this many search nodes (default 400 000); deterministic, unlike budgetMs */
  maxNodes?: number;
  /** at most this many new tiles (default: rack size, plus one unlimited `=`) */
  maxTiles?: number;
  /** longest number the search builds from rack digits, solved last operands excepted (default 3) */
  maxDigits?: number;
  /** 'SMATH (no cap in the rules): new `=` per play the search tries (default 2) */
  maxNewEquals?: number;
  /** use blanks as digits in the solved last operand (default true) */
  blanks?: boolean;
  /** clock for the time budget (default performance.now / Date.now) */
  now?: () => number;
}

export interface SearchStats {
  nodes: number;
  /** candidates sent to adjudicatePlay */
  adjudications: number;
  /** cross-check line checks */
  crossChecks: number;
  /** false when the node or time budget cut the search */
  complete: boolean;
  ms: number;
}

export interface SearchResult {
  plays: Candidate[];
  stats: SearchStats;
}

/** Search a position; the plays come sorted best first. */
export function searchPlays(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: GenerateOptions = {}): SearchResult {
  const budget = new Budget(opts.now, opts.budgetMs ?? 1000, opts.maxNodes ?? 400_000);
  const solver = new Solver(
    rs,
    board,
    rack,
    {
      firstPlay: opts.firstPlay ?? board.length === 0,
      maxTiles: opts.maxTiles,
      maxDigits: opts.maxDigits ?? 3,
      maxNewEquals: opts.maxNewEquals ?? 2,
      blanks: opts.blanks ?? true,
    },
    budget,
  );
  solver.run();
  const plays = solver.recorder.adjudicate(opts.limit ?? Infinity);
  const stats: SearchStats = {
    nodes: budget.nodes,
    adjudications: solver.recorder.adjudications,
    crossChecks: solver.crossChecks(),
    complete: !budget.cut,
    ms: budget.elapsed(),
  };
  return { plays, stats };
}

/** Legal plays for `rack` on `board`, best first; every one is valid per adjudicatePlay. */
export function generatePlays(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: GenerateOptions = {}): Candidate[] {
  return searchPlays(rs, board, rack, opts).plays;
}
