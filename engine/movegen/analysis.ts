/**
 * Game analysis (docs/analysis.md): replay a game's events and, before every turn, ask the exact
 * generator for the best plays the player on move had with the rack they held; compare with what
 * they did. Pure: no I/O. The caller decides who may see it (it reveals every rack).
 */
import { applyEvent, toMove, type GameEvent, type GameState } from "../game";
import { adjudicatePlay } from "../adjudicate";
import { plainPlacement, type Placement } from "../play";
import type { Face } from "../tiles";
import type { Ruleset } from "../ruleset";
import { exactPlays } from "./exact";
import { playKey, searchPlays } from "./search";

export interface AnalysedPlay {
  placements: Placement[];
  score: number;
}

export interface TurnAnalysis {
  /** index of the event in the log */
  index: number;
  /** seat of the player on move */
  seat: number;
  player: string;
  rack: Face[];
  /** the board before the turn (plain placements) */
  board: Placement[];
  kind: "play" | "exchange" | "pass";
  /** the play made (null for an exchange or pass) and its score as placed */
  made: AnalysedPlay | null;
  madeScore: number;
  /** the best plays, best first */
  best: AnalysedPlay[];
  /** best score minus the score made (never negative) */
  lost: number;
  /** true when the generator proved the list (no deadline cut it) */
  complete: boolean;
}

export interface PlayerSummary {
  seat: number;
  player: string;
  turns: number;
  pointsLost: number;
  /** turns where the move scored as much as the best play, over turns */
  bestRate: number;
}

export interface GameAnalysis {
  turns: TurnAnalysis[];
  players: PlayerSummary[];
}

export interface AnalyseOptions {
  /** best plays kept per turn (default 3) */
  top?: number;
  /** per-turn deadline of the exact generator in ms (default 1500) */
  deadlineMs?: number;
  /** when the deadline cuts it, the bounded search's budget in ms (default 500) */
  fallbackMs?: number;
  /** a cut in search steps instead of the clock (exact.ts `maxWork`; the fallback then stops by its
   * node budget alone): the same answer however busy the machine — tests use it */
  maxWork?: number;
  /** called after each turn with (done, total) */
  progress?: (done: number, total: number) => void;
}

const TURN_TYPES = new Set(["play", "exchange", "pass"]);

export interface BestPlaysOptions {
  top?: number;
  deadlineMs?: number;
  fallbackMs?: number;
  /** as AnalyseOptions.maxWork */
  maxWork?: number;
  firstPlay?: boolean;
}

/**
 * The best plays for one position and rack: the exact generator with a deadline; when the deadline
 * cuts it, the bounded search (as the bot does) fills in, the better plays of the two are kept and
 * `complete` is false ("unproven"). One home for the analysis's turns and the judge's desk's
 * "best play here".
 */
export function bestPlaysAt(
  rs: Ruleset,
  board: readonly Placement[],
  rack: readonly Face[],
  opts: BestPlaysOptions = {},
): { plays: AnalysedPlay[]; complete: boolean } {
  const top = opts.top ?? 3;
  const firstPlay = opts.firstPlay ?? board.length === 0;
  const steps = opts.maxWork !== undefined;
  const r = exactPlays(rs, board, rack, { top, deadlineMs: steps ? undefined : (opts.deadlineMs ?? 1500), maxWork: opts.maxWork, firstPlay });
  let best: AnalysedPlay[] = r.plays.map((p) => ({ placements: p.placements, score: p.score }));
  if (!r.complete) {
    const more = searchPlays(rs, board, rack, { firstPlay, budgetMs: steps ? Infinity : (opts.fallbackMs ?? 500), limit: top }).plays;
    const seen = new Set(best.map((p) => playKey(p.placements)));
    for (const c of more) if (!seen.has(playKey(c.placements))) best.push({ placements: c.placements, score: c.score });
    best = best.sort((a, b) => b.score - a.score || (playKey(a.placements) < playKey(b.placements) ? -1 : 1)).slice(0, top);
  }
  return { plays: best, complete: r.complete };
}

/** Turns a log holds (the progress bar's total). */
export function countTurns(events: readonly GameEvent[]): number {
  return events.filter((e) => TURN_TYPES.has(e.type)).length;
}

/** Analyse every turn of `events` (a finished game's log, or any valid prefix). */
export function analyseGame(events: readonly GameEvent[], opts: AnalyseOptions = {}): GameAnalysis {
  const turns: TurnAnalysis[] = [];
  const total = countTurns(events);
  for (const t of analyseTurns(events, opts)) {
    turns.push(t);
    opts.progress?.(turns.length, total);
  }
  return summarise(events, turns);
}

/** One turn at a time, so a caller can yield between turns (the server's runner does). */
export function* analyseTurns(events: readonly GameEvent[], opts: AnalyseOptions = {}): Generator<TurnAnalysis> {
  const top = opts.top ?? 3;
  const fallbackMs = opts.fallbackMs ?? 500;
  let state: GameState | null = null;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (state && TURN_TYPES.has(e.type)) {
      const tm = toMove(state);
      if (tm) {
        const board = state.board.map(plainPlacement);
        const rack = state.racks[tm.player].slice();
        const firstPlay = board.length === 0;
        const r = bestPlaysAt(state.ruleset, board, rack, { top, deadlineMs: opts.deadlineMs, fallbackMs, maxWork: opts.maxWork, firstPlay });
        let best = r.plays;
        let made: AnalysedPlay | null = null;
        if (e.type === "play") {
          const placements = e.placements.map(plainPlacement);
          const ruling = adjudicatePlay(state.ruleset, board, placements, { rack, firstPlay });
          made = { placements, score: ruling.valid ? ruling.score : 0 };
        }
        const madeScore = made?.score ?? 0;
        // an unproven list may miss the play made: a legal play is a candidate too
        if (made && madeScore > (best[0]?.score ?? -1)) best = [made, ...best].slice(0, top);
        yield {
          index: i,
          seat: tm.player,
          player: state.players[tm.player].id,
          rack,
          board,
          kind: e.type as TurnAnalysis["kind"],
          made,
          madeScore,
          best,
          lost: Math.max(0, (best[0]?.score ?? 0) - madeScore),
          complete: r.complete,
        };
      }
    }
    const next = applyEvent(state, e);
    if (!next.ok) break;
    state = next.value;
  }
}

/** The per-player summary of analysed turns. */
export function summarise(events: readonly GameEvent[], turns: TurnAnalysis[]): GameAnalysis {
  const start = events[0];
  const ids = start && start.type === "start" ? start.players.map((p) => p.id) : [];
  const players: PlayerSummary[] = ids.map((id, seat) => {
    const mine = turns.filter((t) => t.seat === seat);
    const atBest = mine.filter((t) => t.lost === 0).length;
    return {
      seat,
      player: id,
      turns: mine.length,
      pointsLost: mine.reduce((s, t) => s + t.lost, 0),
      bestRate: mine.length ? atBest / mine.length : 1,
    };
  });
  return { turns, players };
}
