/**
 * Arena club night standings: points per game by a stated rule, with an optional streak bonus,
 * and a sentence for "why is X above Y".
 *
 * Rules (docs/competitions.md, "Club nights"):
 * - A game's outcome per player: the player alone on the best rank wins; players sharing the best
 *   rank draw; everyone else loses (in a pod of 3–4 only the winner wins).
 * - Points: the rule's `win`, `draw` and `loss` (lichess's arena: 2, 1, 0).
 * - Streak bonus (optional, as data): after `after` wins in a row, each further game scores
 *   `multiplier` times its points until a game that is not a win ends the streak (lichess: after
 *   two wins, double points; a draw on a streak scores double and ends it).
 * - Order: points; then more wins; then fewer games (the same points from fewer games); players
 *   level on all three share the place. Games count in the order they finished.
 */
import { firstDuplicate, isInt, isRecord, nameOf, okC, refuse, type CompResult, type Member } from "./types";

export interface ArenaScoring {
  win: number;
  draw: number;
  loss: number;
  streak: { after: number; multiplier: number } | null;
}
/** lichess's arena: 2 for a win, 1 for a draw, double after two wins in a row. */
export const LICHESS_ARENA_SCORING: ArenaScoring = { win: 2, draw: 1, loss: 0, streak: { after: 2, multiplier: 2 } };
/** Plain: 2, 1, 0 and no streak bonus. */
export const PLAIN_ARENA_SCORING: ArenaScoring = { win: 2, draw: 1, loss: 0, streak: null };

export function parseArenaScoring(raw: unknown): CompResult<ArenaScoring> {
  if (!isRecord(raw)) return refuse("BAD_RULE", "Arena scoring needs points for a win, a draw and a loss.");
  for (const f of ["win", "draw", "loss"] as const) if (!isInt(raw[f], 0, 100)) return refuse("BAD_RULE", `Points for a ${f} must be a whole number from 0 to 100.`, f);
  const [win, draw, loss] = [raw.win, raw.draw, raw.loss] as number[];
  if (!(win >= draw && draw >= loss)) return refuse("BAD_RULE", "A win must score at least a draw, and a draw at least a loss.", "win");
  let streak: ArenaScoring["streak"] = null;
  if (raw.streak !== undefined && raw.streak !== null) {
    const s = raw.streak;
    if (!isRecord(s) || !isInt(s.after, 1, 20) || !isInt(s.multiplier, 2, 5))
      return refuse("BAD_RULE", "A streak bonus names how many wins in a row start it (1 to 20) and the multiplier (2 to 5).", "streak");
    streak = { after: s.after, multiplier: s.multiplier };
  }
  return okC({ win, draw, loss, streak });
}

/** One finished game of the night: its players and their ranks (1 = best; equal ranks are level). */
export interface ArenaGame {
  players: string[];
  ranks: number[];
}
export type ArenaOutcome = "win" | "draw" | "loss";
export interface ArenaSheetEntry {
  outcome: ArenaOutcome;
  points: number;
  /** Scored on a streak (multiplied). */
  onStreak: boolean;
}
export interface ArenaRow {
  playerId: string;
  name: string;
  rank: number;
  points: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** The next game scores the streak multiplier. */
  onStreak: boolean;
  sheet: ArenaSheetEntry[];
}
export interface ArenaStandings {
  rows: ArenaRow[];
  scoring: ArenaScoring;
}

/** The night's standings from its games in finishing order. */
export function computeArenaStandings(players: readonly Member[], games: readonly ArenaGame[], scoring: ArenaScoring): CompResult<ArenaStandings> {
  const dup = firstDuplicate(players.map((p) => p.id));
  if (dup !== undefined) return refuse("DUPLICATE_PLAYER", `${dup} is listed twice among tonight's players.`, "players");
  const rows = new Map<string, ArenaRow & { run: number }>();
  for (const p of players) rows.set(p.id, { playerId: p.id, name: nameOf(p), rank: 0, points: 0, games: 0, wins: 0, draws: 0, losses: 0, onStreak: false, sheet: [], run: 0 });
  for (const [i, g] of games.entries()) {
    if (g.players.length < 2 || g.players.length > 4 || g.ranks.length !== g.players.length || !g.ranks.every((r) => isInt(r, 1, 4)) || firstDuplicate(g.players) !== undefined)
      return refuse("BAD_GAME", `Game ${i + 1} needs two to four different players and a rank (1 to 4) for each.`, "games");
    const unknown = g.players.find((id) => !rows.has(id));
    if (unknown !== undefined) return refuse("UNKNOWN_PLAYER", `Game ${i + 1} names ${unknown}, who is not one of tonight's players.`, "games");
    const top = Math.min(...g.ranks);
    const atTop = g.ranks.filter((r) => r === top).length;
    g.players.forEach((id, j) => {
      const row = rows.get(id)!;
      const outcome: ArenaOutcome = g.ranks[j] !== top ? "loss" : atTop === 1 ? "win" : "draw";
      const streaking = scoring.streak !== null && row.run >= scoring.streak.after;
      const points = scoring[outcome] * (streaking ? scoring.streak!.multiplier : 1);
      row.points += points;
      row.games++;
      row[outcome === "win" ? "wins" : outcome === "draw" ? "draws" : "losses"]++;
      row.run = outcome === "win" ? row.run + 1 : 0;
      row.onStreak = scoring.streak !== null && row.run >= scoring.streak.after;
      row.sheet.push({ outcome, points, onStreak: streaking });
    });
  }
  const cmp = (a: ArenaRow, b: ArenaRow) => b.points - a.points || b.wins - a.wins || a.games - b.games;
  const out = [...rows.values()].map(({ run: _run, ...r }) => r);
  out.sort((a, b) => cmp(a, b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.playerId < b.playerId ? -1 : 1));
  out.forEach((r, i) => (r.rank = i > 0 && cmp(out[i - 1], r) === 0 ? out[i - 1].rank : i + 1));
  return okC({ rows: out, scoring });
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

/** One sentence: why one player stands above the other tonight (or that they share a place). */
export function explainArenaOrder(s: ArenaStandings, aId: string, bId: string): string {
  const a = s.rows.find((r) => r.playerId === aId);
  const b = s.rows.find((r) => r.playerId === bId);
  if (!a || !b) return `${!a ? aId : bId} did not play tonight.`;
  if (a === b) return `${a.name} is the same player.`;
  const [hi, lo] = s.rows.indexOf(a) < s.rows.indexOf(b) ? [a, b] : [b, a];
  if (hi.points !== lo.points) return `${hi.name} is above ${lo.name} because ${hi.name} has ${plural(hi.points, "point")} and ${lo.name} has ${lo.points}.`;
  if (hi.wins !== lo.wins) return `${hi.name} is above ${lo.name} because both have ${plural(hi.points, "point")} and ${hi.name} has more wins (${hi.wins} to ${lo.wins}).`;
  if (hi.games !== lo.games) return `${hi.name} is above ${lo.name} because both have ${plural(hi.points, "point")} and ${plural(hi.wins, "win")}, from fewer games (${hi.games} to ${lo.games}).`;
  return `${hi.name} and ${lo.name} share place ${hi.rank}: both have ${plural(hi.points, "point")} and ${plural(hi.wins, "win")} from ${plural(hi.games, "game")}.`;
}
