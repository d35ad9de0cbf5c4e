/**
 * Pairing teams (docs/teams.md, "Pairing"): a team event pairs its teams with the same methods as
 * players (round robin's Berger tables, the Swiss engine), teams as the competitors — the maths
 * reads nothing else about a competitor. A team match enters the history as one game between the
 * two teams whose "scores" are the game points (doubled, to stay integers), so the Swiss ranks by
 * matches won and then by game-point difference, and no two teams meet twice while avoidable.
 *
 * Also here: the "no teammates" rule of an individual Swiss is the teams' pairs handed to the
 * engine as forbidden pairs, which the Swiss honours whenever any pairing does.
 */
import type { GameRecord, History } from "../types";
import { byeScore, scoreMatch } from "./match";
import type { TeamMatchRecord } from "./standings";

/** The team matches of earlier rounds as a pairing history (decided matches only count as results). */
export function teamHistory(matchesIn: readonly TeamMatchRecord[], boards: number): History {
  const games: GameRecord[] = [];
  const byes: History["byes"] = [];
  for (const m of matchesIn) {
    if (m.away === null) {
      byes.push({ round: m.round, playerId: m.home, wins: 1, spread: byeScore(boards).gp * 2 - boards });
      continue;
    }
    const s = scoreMatch(m.boards);
    games.push(s.decided ? { round: m.round, players: [m.home, m.away], scores: [s.home * 2, s.away * 2] } : { round: m.round, players: [m.home, m.away] });
  }
  return { games, byes };
}

/** Every pair of teammates (smaller id first), for an individual Swiss with "no teammates". */
export function teammatePairs(teamsIn: readonly { members: readonly string[] }[]): [string, string][] {
  const out: [string, string][] = [];
  for (const t of teamsIn) {
    const ms = [...new Set(t.members)].sort();
    for (let i = 0; i < ms.length; i++) for (let j = i + 1; j < ms.length; j++) out.push([ms[i]!, ms[j]!]);
  }
  return out;
}
