/**
 * Team standings (docs/teams.md, "Scoring"), and the team table of an individual event.
 *
 * Team events: each team's match points (MP) and game points (GP) over its decided matches and
 * byes. The director chooses which one ranks first; the other is the first tiebreak, then the
 * head-to-head result between the tied teams (when they all met), and then they share the place.
 * `whyAbove` says, in one sentence, why one team stands above another.
 *
 * Team table inside an individual event (lichess team battles): a team's score is the sum of its
 * best K players' individual scores (wins), spread of those same players breaking ties; every
 * other member is listed but does not count.
 */
import { formatSpread, formatWins } from "../results";
import type { TeamScoring } from "../vocabulary";
import { byeScore, scoreMatch, type BoardOutcome } from "./match";

export interface TeamInfo {
  id: string;
  name: string;
}

/** A team match as the standings read it: `away` null is a bye for `home`. */
export interface TeamMatchRecord {
  round: number;
  home: string;
  away: string | null;
  boards: readonly BoardOutcome[];
}

export interface TeamRow {
  teamId: string;
  name: string;
  rank: number;
  played: number;
  mp: number;
  gp: number;
  won: number;
  drawn: number;
  lost: number;
}

const EPS = 1e-9;

/** Rank teams; `primary` decides which of MP and GP comes first. */
export function teamStandings(teamsIn: readonly TeamInfo[], matchesIn: readonly TeamMatchRecord[], primary: TeamScoring, boardsPerMatch: number): TeamRow[] {
  const rows = new Map<string, TeamRow>(teamsIn.map((t) => [t.id, { teamId: t.id, name: t.name, rank: 0, played: 0, mp: 0, gp: 0, won: 0, drawn: 0, lost: 0 }]));
  const h2h = new Map<string, number>();
  for (const m of matchesIn) {
    const home = rows.get(m.home);
    if (!home) continue;
    if (m.away === null) {
      const b = byeScore(boardsPerMatch);
      home.mp += b.mp;
      home.gp += b.gp;
      home.played++;
      home.won++;
      continue;
    }
    const away = rows.get(m.away);
    const s = scoreMatch(m.boards);
    if (!away || !s.decided) continue;
    for (const [r, mp, gp] of [[home, s.homeMp!, s.home], [away, s.awayMp!, s.away]] as const) {
      r.mp += mp;
      r.gp += gp;
      r.played++;
      if (mp === 2) r.won++;
      else if (mp === 1) r.drawn++;
      else r.lost++;
    }
    h2h.set(`${m.home}|${m.away}`, (h2h.get(`${m.home}|${m.away}`) ?? 0) + s.homeMp!);
    h2h.set(`${m.away}|${m.home}`, (h2h.get(`${m.away}|${m.home}`) ?? 0) + s.awayMp!);
  }
  const [first, second] = primary === "match-points" ? (["mp", "gp"] as const) : (["gp", "mp"] as const);
  const list = [...rows.values()];
  // head to head among teams level on both scores: MP each earned against the others of that group
  const h2hIn = (r: TeamRow, group: readonly TeamRow[]) => group.reduce((s, o) => s + (o === r ? 0 : (h2h.get(`${r.teamId}|${o.teamId}`) ?? 0)), 0);
  const level = (a: TeamRow, b: TeamRow) => Math.abs(a[first] - b[first]) < EPS && Math.abs(a[second] - b[second]) < EPS;
  list.sort((a, b) => b[first] - a[first] || b[second] - a[second]);
  const out: TeamRow[] = [];
  for (let i = 0; i < list.length; ) {
    let j = i;
    while (j < list.length && level(list[i]!, list[j]!)) j++;
    const group = list.slice(i, j);
    const allMet = group.every((a) => group.every((b) => a === b || h2h.has(`${a.teamId}|${b.teamId}`)));
    const score = new Map(group.map((r) => [r, allMet ? h2hIn(r, group) : 0]));
    group.sort((a, b) => score.get(b)! - score.get(a)! || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const [k, r] of group.entries()) {
      const prev = group[k - 1];
      r.rank = prev && score.get(prev) === score.get(r) ? prev.rank : i + k + 1;
      out.push(r);
    }
    i = j;
  }
  return out;
}

const LABEL = { mp: "match points", gp: "game points" } as const;
const fmt = (n: number) => formatWins(n);

/** One sentence: why `aId` stands above `bId` (or that they share a place). */
export function whyAbove(rows: readonly TeamRow[], aId: string, bId: string, primary: TeamScoring): string {
  const a = rows.find((r) => r.teamId === aId);
  const b = rows.find((r) => r.teamId === bId);
  if (!a || !b) return "That team is not in these standings.";
  const [hi, lo] = a.rank <= b.rank ? [a, b] : [b, a];
  if (hi.rank === lo.rank) return `${hi.name} and ${lo.name} share place ${hi.rank}: level on match points (${fmt(hi.mp)}), game points (${fmt(hi.gp)}) and their matches against each other.`;
  const [first, second] = primary === "match-points" ? (["mp", "gp"] as const) : (["gp", "mp"] as const);
  if (Math.abs(hi[first] - lo[first]) > EPS) return `${hi.name} is above ${lo.name} on ${LABEL[first]}, the event's first score: ${fmt(hi[first])} to ${fmt(lo[first])}.`;
  if (Math.abs(hi[second] - lo[second]) > EPS)
    return `${hi.name} is above ${lo.name}: both have ${fmt(hi[first])} ${LABEL[first]}, and ${hi.name} has more ${LABEL[second]} (${fmt(hi[second])} to ${fmt(lo[second])}).`;
  return `${hi.name} is above ${lo.name}: level on ${LABEL[first]} (${fmt(hi[first])}) and ${LABEL[second]} (${fmt(hi[second])}); ${hi.name} did better in the matches between the teams level with it.`;
}

/** A player's individual result, as the team table reads it. */
export interface IndividualScore {
  playerId: string;
  name: string;
  wins: number;
  spread: number;
}

export interface TeamTableRow {
  teamId: string;
  name: string;
  rank: number;
  score: number;
  spread: number;
  /** Members whose results count (best K first), and the others. */
  counted: IndividualScore[];
  others: IndividualScore[];
}

/** The team table of an individual event: each team's best `k` players' wins (spread breaks ties). */
export function teamTable(teamsIn: readonly (TeamInfo & { members: readonly string[] })[], scores: readonly IndividualScore[], k: number): TeamTableRow[] {
  const byId = new Map(scores.map((s) => [s.playerId, s]));
  const rows = teamsIn.map((t) => {
    const ms = t.members.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    ms.sort((a, b) => b.wins - a.wins || b.spread - a.spread || (a.name < b.name ? -1 : 1));
    const counted = ms.slice(0, k);
    return {
      teamId: t.id,
      name: t.name,
      rank: 0,
      score: counted.reduce((s, p) => s + p.wins, 0),
      spread: counted.reduce((s, p) => s + p.spread, 0),
      counted,
      others: ms.slice(k),
    };
  });
  rows.sort((a, b) => b.score - a.score || b.spread - a.spread || (a.name < b.name ? -1 : 1));
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    r.rank = prev && Math.abs(prev.score - r.score) < EPS && prev.spread === r.spread ? prev.rank : i + 1;
  });
  return rows;
}

/** "3½ (+120)": a team table score for pages and CSV. */
export const tableScore = (r: Pick<TeamTableRow, "score" | "spread">) => `${formatWins(r.score)} (${formatSpread(r.spread)})`;
