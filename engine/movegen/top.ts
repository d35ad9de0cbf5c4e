/**
 * The top play (issue 28; docs/engine.md "Top play"): the one best legal play of a position with
 * proof that none scores more — Duplicate's master play — or, when the deadline cuts the proof,
 * the best play found so far, marked unproved. Never nothing when a play was found.
 *
 * 1. Proof: the exact search (exact.ts, top 1), cut at three quarters of the deadline. Ties are
 *    ordered by the exact order (`better`, recorder.ts: fewer brackets first).
 * 2. Cut with nothing found: a small bounded search (search.ts, `fallbackNodes`) in the last
 *    quarter finds a legal play, so a cut search still answers with a play. The better of the
 *    exact search's best so far and that play is returned, unproved.
 * Optionally (`seedNodes`) the bounded search runs first and its score becomes the exact search's
 * floor (groups bounded below it are skipped). Measured on the frozen bench positions it cost
 * more than it saved (the bounds of the groups that hold the top play are above any seed's
 * score), so it is off by default.
 */
import { adjudicatePlay } from "../adjudicate";
import type { Position } from "../notation/position";
import type { Placement } from "../play";
import { getRuleset, type Ruleset } from "../ruleset";
import { normaliseFace, splitBrackets, type Face } from "../tiles";
import { defaultNow } from "./budget";
import { exactPlays, type ExactPlay, type ExactStats } from "./exact";
import { better, type Cand } from "./recorder";
import { searchPlays } from "./search";

export interface TopPlayOptions {
  /** stop proving after this many ms (default: never) and return the best play found */
  deadlineMs?: number;
  /** deterministic cut in search steps (exact.ts `maxWork`) */
  maxWork?: number;
  now?: () => number;
  /** the first play of the game (default: the board is empty) */
  firstPlay?: boolean;
  /** nodes of a bounded search run first, its score the exact search's floor (default 0: none) */
  seedNodes?: number;
  /** nodes of the bounded search that answers when the proof was cut with nothing found (default 3000) */
  fallbackNodes?: number;
}

export interface TopPlayResult {
  /** the best play; null when there is none (proved) or none was found before the deadline */
  play: ExactPlay | null;
  /** its score (0 without a play) */
  score: number;
  /** true when no legal play scores more, or ties and comes later in the tie rule */
  proved: boolean;
  stats: ExactStats & { seedMs: number; seedScore: number | null };
}

/** The top play of `rack` on `board` (module comment). */
export function topPlay(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], opts: TopPlayOptions = {}): TopPlayResult {
  const now = opts.now ?? defaultNow;
  const start = now();
  const firstPlay = opts.firstPlay ?? board.length === 0;
  const budget = opts.deadlineMs ?? Infinity;
  const bounded = (nodes: number, ms: number) => searchPlays(rs, board, rack, { limit: 1, maxNodes: nodes, budgetMs: Math.min(1e9, Math.max(1, ms)), firstPlay, now }).plays[0];
  let seed = (opts.seedNodes ?? 0) > 0 ? bounded(opts.seedNodes!, budget / 4) : undefined;
  const seedMs = now() - start;
  const left = opts.deadlineMs === undefined ? undefined : Math.max(0, (opts.deadlineMs - seedMs) * (seed ? 1 : 0.75));
  const r = exactPlays(rs, board, rack, { top: 1, deadlineMs: left, maxWork: opts.maxWork, now, firstPlay, floor: seed?.score });
  if (!r.complete && !r.plays.length && !seed) seed = bounded(opts.fallbackNodes ?? 3000, budget - (now() - start));
  const stats = { ...r.stats, seedMs, seedScore: seed?.score ?? null };
  let play: ExactPlay | null = r.plays[0] ?? null;
  if (seed && (!play || !r.complete)) {
    const s = seedPlay(rs, board, rack, firstPlay, seed.placements);
    if (s && (!play || better(cand(board, s), cand(board, play)) < 0)) play = s;
  }
  // complete with a floor and nothing above it cannot happen (the seed's play is legal, so the
  // exact search finds it or better); should it, the answer is unproved rather than wrong
  const proved = r.complete && (seed === undefined || r.plays.length > 0);
  return { play, score: play?.score ?? 0, proved, stats };
}

/** The top play of a position (notation/position.ts): the rack of the player on turn. */
export function masterPlay(pos: Position, opts: TopPlayOptions = {}): TopPlayResult {
  const rs = getRuleset(pos.ruleset, pos.options);
  const rack = pos.racks[pos.turn];
  return topPlay(rs, pos.board, typeof rack === "number" ? [] : rack, { firstPlay: pos.board.length === 0, ...opts });
}

function seedPlay(rs: Ruleset, board: readonly Placement[], rack: readonly Face[], firstPlay: boolean, placements: Placement[]): ExactPlay | null {
  const ruling = adjudicatePlay(rs, board, placements, { rack, firstPlay });
  if (!ruling.valid) return null;
  return { placements, score: ruling.score, ruling, ...playFields(rs, board, placements) };
}

/** The tie rule's counts of a play: blanks, rack tiles used, brackets written ('SMATH: on new
 * tiles, and on board tiles beyond the brackets they had). */
function playFields(rs: Ruleset, board: readonly Placement[], placements: readonly Placement[]): { blanks: number; tiles: number; brackets: number } {
  const taken = new Set(board.map((t) => t.row * 1000 + t.col));
  let blanks = 0;
  let tiles = 0;
  let brackets = 0;
  for (const p of placements) {
    const core = normaliseFace(p.tile);
    const sb = rs.grammar.brackets ? splitBrackets(core) : null;
    const count = sb ? sb.open + sb.close : 0;
    if (taken.has(p.row * 1000 + p.col)) {
      const old = board.find((t) => t.row === p.row && t.col === p.col)!;
      const ob = splitBrackets(normaliseFace(old.tile));
      brackets += Math.max(0, count - (ob ? ob.open + ob.close : 0));
      continue;
    }
    brackets += count;
    if (p.blank) blanks++;
    if (p.blank || !rs.tileByFace.get(sb ? sb.core : core)?.unlimited) tiles++;
  }
  return { blanks, tiles, brackets };
}

/**
 * The master play's tie rule for legal plays found elsewhere (a player's play beside the search's,
 * Duplicate's close): negative when `a` comes first. The same order as the exact search's
 * (`better`: score, fewer brackets, fewer blanks, fewer tiles, reading order), so the rule has one home.
 */
export function compareTopPlays(rs: Ruleset, board: readonly Placement[], a: { score: number; placements: readonly Placement[] }, b: { score: number; placements: readonly Placement[] }): number {
  const c = (p: typeof a) => cand(board, { placements: p.placements.slice(), score: p.score, ...playFields(rs, board, p.placements) });
  return a.score !== b.score ? b.score - a.score : better(c(a), c(b));
}

/** The exact order's fields of a play (key as join.ts writes it: overlays and brackets left out). */
function cand(board: readonly Placement[], p: Pick<ExactPlay, "placements" | "score" | "blanks" | "tiles" | "brackets">): Cand {
  const taken = new Set(board.map((t) => t.row * 1000 + t.col));
  const sorted = p.placements.filter((x) => !taken.has(x.row * 1000 + x.col)).sort((a, b) => a.row - b.row || a.col - b.col);
  const key = sorted.map((x) => `${String(x.row).padStart(2, "0")},${String(x.col).padStart(2, "0")}:${x.tile.replace(/[()]/g, "")}${x.blank ? "?" : ""} `).join("");
  return { score: p.score, blanks: p.blanks, tiles: p.tiles, brackets: p.brackets, key, placements: p.placements };
}
