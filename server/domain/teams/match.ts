/**
 * A team match over N boards (docs/teams.md): who moves first on each board, the line-up that
 * plays, and the match score.
 *
 * Rules:
 * - First move alternates by board: the home team (the first team of the pairing) moves first on
 *   boards 1, 3, 5 …, the away team on boards 2, 4, 6 … (chess olympiads alternate colours so).
 * - A board's result is worth 1 game point to its winner, ½ each on a tie, 0 to the loser; a board
 *   forfeited by both sides is 0 for both; a side that fields nobody on a board loses it by forfeit.
 * - Match points: 2 for the team with more game points, 1 each when level, 0 for the other (FIDE
 *   olympiad scoring). A bye is a match won (2) with half the boards' game points, so a bye never
 *   outscores a team that won its boards.
 * - A line-up names roster players in board order; none submitted by the deadline → the roster's
 *   order (by rating, or the captain's fixed order, whichever the team chose). Reserves play only
 *   when the captain names them or the regulars are short.
 */
import { fail, ok, type Result } from "../types";
import type { TeamBoardOrder } from "../vocabulary";

/** A board's outcome, seen from the home team. */
export const BOARD_OUTCOMES = ["home", "away", "tie", "double-forfeit", "pending"] as const;
export type BoardOutcome = (typeof BOARD_OUTCOMES)[number];

export interface MatchScore {
  /** Game points (½ steps). */
  home: number;
  away: number;
  /** Match points (2 / 1 / 0); null until every board has a result. */
  homeMp: number | null;
  awayMp: number | null;
  decided: boolean;
}

/** Score a match from its boards' outcomes. */
export function scoreMatch(boards: readonly BoardOutcome[]): MatchScore {
  let home = 0;
  let away = 0;
  for (const b of boards) {
    if (b === "home") home += 1;
    else if (b === "away") away += 1;
    else if (b === "tie") {
      home += 0.5;
      away += 0.5;
    }
  }
  const decided = boards.length > 0 && boards.every((b) => b !== "pending");
  if (!decided) return { home, away, homeMp: null, awayMp: null, decided };
  const [homeMp, awayMp] = home > away ? [2, 0] : home < away ? [0, 2] : [1, 1];
  return { home, away, homeMp, awayMp, decided };
}

/** A bye's score: a match won, half the boards' game points. */
export const byeScore = (boards: number): { mp: number; gp: number } => ({ mp: 2, gp: boards / 2 });

/** Board `board` (1-based): true when the home team moves first there. */
export const homeMovesFirst = (board: number): boolean => board % 2 === 1;

export interface RosterPlayer {
  id: string;
  name: string;
  rating: number;
  /** Roster position, 1 = top. */
  position: number;
  reserve: boolean;
}

/** The roster in board order: by rating (highest first), or the captain's fixed order; reserves last. */
export function rosterOrder(roster: readonly RosterPlayer[], rule: TeamBoardOrder): RosterPlayer[] {
  return [...roster].sort(
    (a, b) => Number(a.reserve) - Number(b.reserve) || (rule === "rating" ? b.rating - a.rating : 0) || a.position - b.position || (a.id < b.id ? -1 : 1),
  );
}

/**
 * Check a captain's line-up: only roster players, each once, at most `boards` of them. Fewer than
 * `boards` is allowed (the empty boards are lost by forfeit) but said.
 */
export function checkLineup(roster: readonly RosterPlayer[], players: readonly string[], boards: number, teamName: string): Result<string[]> {
  const byId = new Map(roster.map((p) => [p.id, p]));
  if (players.length > boards) return fail("ENGINE_REFUSED", `A line-up names at most ${boards} players (one a board); this one names ${players.length}.`);
  const seen = new Set<string>();
  for (const id of players) {
    if (!byId.has(id)) return fail("UNKNOWN_PLAYER", `That line-up names a player who is not on ${teamName}'s roster; choose players from the roster.`);
    if (seen.has(id)) return fail("DUPLICATE_PLAYER", `${byId.get(id)!.name} is named twice; a player takes one board.`);
    seen.add(id);
  }
  return ok([...players]);
}

export interface ResolvedLineup {
  /** Board order, `boards` long; null where the team has nobody to field. */
  players: (string | null)[];
  source: "line-up" | "roster";
  note: string;
}

/**
 * The line-up that plays: the captain's when submitted in time, else the roster order. A submitted
 * line-up shorter than `boards` plays as submitted (its empty boards forfeited); the roster order
 * fills every board it can.
 */
export function resolveLineup(input: {
  teamName: string;
  roster: readonly RosterPlayer[];
  rule: TeamBoardOrder;
  boards: number;
  submitted: readonly string[] | null;
  /** Players who may not play this round (withdrawn from the event). */
  unavailable?: ReadonlySet<string>;
}): ResolvedLineup {
  const { boards, teamName } = input;
  const out = (ids: string[]): (string | null)[] => Array.from({ length: boards }, (_, i) => ids[i] ?? null);
  const avail = (id: string) => !input.unavailable?.has(id);
  if (input.submitted) {
    const ids = input.submitted.filter(avail);
    return { players: out(ids), source: "line-up", note: `${teamName}: the captain's line-up.` };
  }
  const ids = rosterOrder(input.roster, input.rule)
    .filter((p) => avail(p.id))
    .map((p) => p.id);
  const rule = input.rule === "rating" ? "by rating" : "in the captain's fixed order";
  const short = ids.length < boards ? ` Only ${ids.length} can play, so board${boards - ids.length === 1 ? "" : "s"} ${Array.from({ length: boards - ids.length }, (_, i) => ids.length + i + 1).join(", ")} ${boards - ids.length === 1 ? "is" : "are"} forfeited.` : "";
  return { players: out(ids), source: "roster", note: `${teamName}: no line-up by the deadline, so the roster plays ${rule}.${short}` };
}

/** One board of a set match: the players in turn order, or the side that fielded nobody. */
export interface SetBoard {
  board: number;
  home: string | null;
  away: string | null;
  /** Turn order (first mover first) when both sides have a player. */
  players: string[] | null;
}

/** Seat two resolved line-ups board by board, first move alternating. */
export function seatBoards(home: readonly (string | null)[], away: readonly (string | null)[]): SetBoard[] {
  return home.map((h, i) => {
    const a = away[i] ?? null;
    const board = i + 1;
    const players = h && a ? (homeMovesFirst(board) ? [h, a] : [a, h]) : null;
    return { board, home: h, away: a, players };
  });
}
