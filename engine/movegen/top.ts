/**
 * The top play (issue 28; docs/engine.md "Top play"): the one best legal play of a position with
 * proof that none scores more — Duplicate's master play — or, when the deadline cuts the proof,
 * the best play found so far, marked unproved. Never nothing when a play was found.
 *
 * 1. Seed: a small bounded search (search.ts, a few thousand nodes) finds a good legal play
 *    quickly. Its score is a floor: the exact search (exact.ts, top 1) skips every group whose
 *    upper bound is below it, and the probe's score cut starts at it (branch and bound from the
 *    first group on, not from the first play found).
 * 2. Proof: the exact search with that floor. Ties at the floor are still searched, so the seed
 *    never decides a tie; the exact order decides (`better`, recorder.ts).
 * 3. Cut by the deadline: the better of the exact search's best so far and the seed.
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
  /** nodes of the seed search (default 3000; 0: no seed) */
  seedNodes?: number;
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
  const seedNodes = opts.seedNodes ?? 3000;
  const budget = opts.deadlineMs ?? Infinity;
  const seed = seedNodes > 0 ? searchPlays(rs, board, rack, { limit: 1, maxNodes: seedNodes, budgetMs: Math.min(1e9, budget / 4), firstPlay, now }).plays[0] : undefined;
  const seedMs = now() - start;
  const left = opts.deadlineMs === undefined ? undefined : Math.max(0, opts.deadlineMs - seedMs);
  const r = exactPlays(rs, board, rack, { top: 1, deadlineMs: left, maxWork: opts.maxWork, now, firstPlay, floor: seed?.score });
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
  return { placements, score: ruling.score, ruling, blanks, tiles, brackets };
}

/** The exact order's fields of a play (key as join.ts writes it: overlays and brackets left out). */
function cand(board: readonly Placement[], p: ExactPlay): Cand {
  const taken = new Set(board.map((t) => t.row * 1000 + t.col));
  const sorted = p.placements.filter((x) => !taken.has(x.row * 1000 + x.col)).sort((a, b) => a.row - b.row || a.col - b.col);
  const key = sorted.map((x) => `${String(x.row).padStart(2, "0")},${String(x.col).padStart(2, "0")}:${x.tile.replace(/[()]/g, "")}${x.blank ? "?" : ""} `).join("");
  return { score: p.score, blanks: p.blanks, tiles: p.tiles, brackets: p.brackets, key, placements: p.placements };
}
