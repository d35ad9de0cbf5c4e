/**
 * Bot levels (docs/bot.md, "Levels"). `best` is the bot as it always was: the exact generator's
 * top play (exact.ts) with the bounded search as its fallback (bot.ts `bestPlay`). The weaker
 * levels run only the bounded search (search.ts) with a smaller budget and, some of them, a cap on
 * new tiles, then pick among the plays it found by a stated rule:
 * - `strong`: a play from the top quarter of the plays found (by score rank);
 * - `club`: at most 4 new tiles, a play from the middle half of the plays found;
 * - `beginner`: at most 3 new tiles, a play from the lower half of the plays found.
 * Ties inside a rule's band are broken by a seeded generator (engine/random.ts), so a level is
 * deterministic for a seed (the server passes the match and move number) whenever the node budget,
 * not the clock, ends the search. Weaker levels cannot outscore `best` on the same position: they
 * search a subset of its bounded search (fewer nodes, fewer tiles) and never pick above their own
 * top play — the engine tests check it on seeded positions.
 */
import type { Placement } from "../play";
import { createRng } from "../random";
import type { Ruleset } from "../ruleset";
import type { Face } from "../tiles";
import { compareCandidates, searchPlays, type Candidate, type GenerateOptions } from "./search";

export const BOT_LEVELS = ["best", "strong", "club", "beginner"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** How a level picks among the plays its search found (sorted best first). */
export type LevelRule =
  | { kind: "top" }
  /** a seeded pick among the plays whose score rank lies in [from, to) of the list (fractions) */
  | { kind: "rank-band"; from: number; to: number };

export interface LevelSpec {
  /** shown to players */
  label: string;
  /** the rule in words (the picker, docs/bot.md) */
  describe: string;
  /** the time budget per move, ms (the search stops there; adjudication may add a little). A cap
   * for a busy machine: on an idle one the node budget ends a weaker level's search well before */
  budgetMs: number;
  /** the search's node budget (deterministic, unlike the clock) */
  maxNodes: number;
  /** cap on new tiles per play (default: the rack) */
  maxTiles?: number;
  /** how many plays the bounded search keeps, best first */
  keep: number;
  /** true: the exact generator first (`bestPlay`) */
  exact: boolean;
  rule: LevelRule;
}

export const LEVEL_SPECS: Readonly<Record<BotLevel, LevelSpec>> = {
  best: { label: "Best", describe: "the best play it can prove or find", budgetMs: 250, maxNodes: 300_000, keep: 1, exact: true, rule: { kind: "top" } },
  strong: {
    label: "Strong",
    describe: "a play from the top quarter of the plays it finds",
    budgetMs: 150,
    maxNodes: 60_000,
    keep: 12,
    exact: false,
    rule: { kind: "rank-band", from: 0, to: 0.25 },
  },
  club: {
    label: "Club",
    describe: "at most 4 new tiles; a play from the middle half of the plays it finds",
    budgetMs: 80,
    maxNodes: 12_000,
    maxTiles: 4,
    keep: 12,
    exact: false,
    rule: { kind: "rank-band", from: 0.25, to: 0.75 },
  },
  beginner: {
    label: "Beginner",
    describe: "at most 3 new tiles; a play from the lower half of the plays it finds",
    budgetMs: 40,
    maxNodes: 3_000,
    maxTiles: 3,
    keep: 12,
    exact: false,
    rule: { kind: "rank-band", from: 0.5, to: 1 },
  },
};

/** The default level: the bot as it played before levels existed. */
export const DEFAULT_BOT_LEVEL: BotLevel = "best";

/** The play a rule picks from `plays` (sorted best first); null for an empty list. */
export function pickByRule(rule: LevelRule, plays: readonly Candidate[], seed: string): Candidate | null {
  if (plays.length === 0) return null;
  if (rule.kind === "top") return plays[0];
  const n = plays.length;
  const from = Math.min(n - 1, Math.floor(n * rule.from));
  const to = Math.max(from + 1, Math.ceil(n * rule.to));
  const band = plays.slice(from, to);
  return band[createRng(seed).below(band.length)];
}

export interface LevelOptions {
  /** tie-breaks inside a rule's band (default: the empty string) */
  seed?: string;
  firstPlay?: boolean;
  /** overrides of the level's budgets (the demo and tests) */
  budgetMs?: number;
  maxNodes?: number;
  now?: () => number;
}

/** The plays a weaker level chooses from, best first (its bounded search). */
export function levelCandidates(level: BotLevel, rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: LevelOptions = {}): Candidate[] {
  const spec = LEVEL_SPECS[level];
  const o: GenerateOptions = {
    firstPlay: opts.firstPlay ?? board.length === 0,
    budgetMs: opts.budgetMs ?? spec.budgetMs,
    maxNodes: opts.maxNodes ?? spec.maxNodes,
    limit: spec.keep,
  };
  if (spec.maxTiles !== undefined) o.maxTiles = spec.maxTiles;
  if (opts.now) o.now = opts.now;
  const plays = searchPlays(rs, board, rack, o).plays;
  return plays.slice().sort(compareCandidates);
}
