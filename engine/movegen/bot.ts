/**
 * The practice bot: a greedy player on top of the exact generator (exact.ts). It plays the best
 * scoring legal play; with none it exchanges when the bag allows (ruleset option
 * `exchangeMinimum`), else passes. Within its budget the exact generator proves its play is the
 * best; when the budget cuts it, the older bounded search (search.ts) gets the rest of the
 * budget and the better of the two plays is taken (docs/bot.md, "The bot"). Deterministic for the
 * same position and options whenever the work budget, not the clock, ends the search. Every play
 * it returns has been adjudicated valid with the rack, so the server can feed it to its move
 * procedure unchanged. Levels (levels.ts): `best` is this greedy player; weaker levels pick among
 * the plays of a smaller bounded search by a rule.
 */
import type { GameState } from "../game";
import { toMove } from "../game";
import { plainPlacement, type Placement } from "../play";
import type { Ruleset } from "../ruleset";
import { BLANK, type Face } from "../tiles";
import type { GameView } from "../view";
import { exactPlays } from "./exact";
import { DEFAULT_BOT_LEVEL, LEVEL_SPECS, levelCandidates, pickByRule, type BotLevel } from "./levels";
import { compareCandidates, searchPlays, type Candidate, type GenerateOptions } from "./search";

/** Bot defaults (the `best` level's): a quarter of a second, 300 000 nodes. */
export const BOT_DEFAULTS = { budgetMs: LEVEL_SPECS.best.budgetMs, maxNodes: LEVEL_SPECS.best.maxNodes } as const;

function clock(): number {
  const p = (globalThis as { performance?: { now(): number } }).performance;
  return p ? p.now() : Date.now();
}

/** Share of the budget the exact generator gets before the bounded search takes over. */
const EXACT_SHARE = 0.5;

/** The best-scoring legal play found, or null: the exact best when the exact generator finishes
 * within `budgetMs` and `maxNodes` (its search steps), else the better of what it found and what
 * the bounded search finds in the rest of the budget. */
export function bestPlay(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: GenerateOptions = {}): Candidate | null {
  const o = { ...BOT_DEFAULTS, ...opts };
  const firstPlay = o.firstPlay ?? board.length === 0;
  const now = o.now ?? clock;
  const t0 = now();
  const exact = exactPlays(rs, board, rack, { top: 1, firstPlay, deadlineMs: o.budgetMs * EXACT_SHARE, maxWork: o.maxNodes, now });
  const found: Candidate | null = exact.plays[0] ?? null;
  if (exact.complete) return found;
  // the bounded search gets what is left of the budget, and at least the other share
  const left = Math.max(o.budgetMs * (1 - EXACT_SHARE), o.budgetMs - (now() - t0));
  const r = searchPlays(rs, board, rack, { ...o, firstPlay, budgetMs: left, limit: 1 });
  const other = r.plays[0] ?? null;
  if (!found) return other;
  if (!other) return found;
  return compareCandidates(found, other) <= 0 ? found : other;
}

/** What the bot needs to know: the ruleset, the board, its own rack and the bag's size. */
export interface BotPosition {
  ruleset: Ruleset;
  board: readonly Placement[];
  rack: readonly Face[];
  bagCount: number;
  /** default: the board is empty */
  firstPlay?: boolean;
  /** false when only a pass is accepted (e.g. the final pass after a going-out play) */
  canPlay?: boolean;
  /** default: from the bag size and the ruleset's exchange minimum */
  canExchange?: boolean;
}

export type BotAction =
  | { type: "play"; placements: Placement[]; score: number }
  | { type: "exchange"; tiles: Face[] }
  | { type: "pass" };

const stripBoard = (b: readonly Placement[]): Placement[] => b.map(plainPlacement);

/** The position of the player on move (null when nobody may move: game decided or paused). */
export function botPositionFromState(state: GameState): BotPosition | null {
  const tm = toMove(state);
  if (!tm) return null;
  return {
    ruleset: state.ruleset,
    board: stripBoard(state.board),
    rack: state.racks[tm.player].slice(),
    bagCount: state.bag.tiles.length,
    firstPlay: state.board.length === 0,
    canPlay: tm.canPlay,
    canExchange: tm.canExchange,
  };
}

/** The viewer's position from a player view (views carry no ruleset options: pass the game's
 * resolved ruleset). Null for a spectator. */
export function botPositionFromView(view: GameView, ruleset: Ruleset): BotPosition | null {
  if (view.rack === null) return null;
  return {
    ruleset,
    board: stripBoard(view.board),
    rack: view.rack.slice(),
    bagCount: view.bagCount,
    firstPlay: view.board.length === 0,
    canPlay: view.pending?.goesOut !== true,
  };
}

/** Which tiles to trade: all when the bag allows, else the least useful ones (duplicates
 * beyond the first, then by points, high first), deterministic. */
export function exchangeTiles(rs: Ruleset, rack: readonly Face[], bagCount: number): Face[] {
  const n = rs.options.exchangeMinimum === "rack-size" ? rack.length : Math.min(rack.length, bagCount);
  const seen = new Map<Face, number>();
  const ranked = rack.map((f, i) => {
    const k = seen.get(f) ?? 0;
    seen.set(f, k + 1);
    const keep = f === BLANK ? 3 : k === 0 ? 1 : 0;
    return { f, i, keep, pts: f === BLANK ? 0 : (rs.tileByFace.get(f)?.points ?? 0) };
  });
  ranked.sort((a, b) => a.keep - b.keep || b.pts - a.pts || a.i - b.i);
  return ranked.slice(0, n).map((x) => x.f);
}

/** Options of a bot move: the level (default `best`) and the seed of its tie-breaks; budgets
 * given here override the level's. */
export type BotOptions = GenerateOptions & { level?: BotLevel; seed?: string };

/** The play a level chooses, or null when its search finds none. */
export function levelPlay(pos: BotPosition, opts: BotOptions = {}): Candidate | null {
  const level = opts.level ?? DEFAULT_BOT_LEVEL;
  const spec = LEVEL_SPECS[level];
  const firstPlay = pos.firstPlay ?? pos.board.length === 0;
  if (spec.exact) {
    const { level: _l, seed: _s, ...o } = opts;
    return bestPlay(pos.ruleset, pos.board, pos.rack, { budgetMs: spec.budgetMs, maxNodes: spec.maxNodes, ...o, firstPlay });
  }
  const plays = levelCandidates(level, pos.ruleset, pos.board, pos.rack, {
    firstPlay,
    ...(opts.budgetMs !== undefined ? { budgetMs: opts.budgetMs } : {}),
    ...(opts.maxNodes !== undefined ? { maxNodes: opts.maxNodes } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  return pickByRule(spec.rule, plays, `${level}:${opts.seed ?? ""}`);
}

/** The bot's move: its level's play, else an exchange if the bag allows, else a pass. */
export function chooseBotAction(pos: BotPosition, opts: BotOptions = {}): BotAction {
  const rs = pos.ruleset;
  if (pos.canPlay !== false && pos.rack.length > 0) {
    const play = levelPlay(pos, opts);
    if (play) return { type: "play", placements: play.placements, score: play.score };
  }
  if (pos.canPlay === false) return { type: "pass" };
  const minimum = rs.options.exchangeMinimum === "rack-size" ? rs.rackSize : 1;
  const canExchange = pos.canExchange ?? (pos.rack.length > 0 && pos.bagCount >= minimum);
  if (canExchange) {
    const tiles = exchangeTiles(rs, pos.rack, pos.bagCount);
    if (tiles.length > 0) return { type: "exchange", tiles };
  }
  return { type: "pass" };
}
