/**
 * Loads a team event as plain data for the domain (server/domain/teams): its settings, teams with
 * rosters, and every team match with each board's outcome read from the board's pairing.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { DomainError } from "@/server/errors";
import { teamEvents, teamLineups, teamMatchBoards, teamMatches, teamMembers, teams, tournamentPairings, tournamentPlayers, users, type Team, type TeamEvent, type TeamLineup, type TeamMatch, type TeamMatchBoard, type TournamentPairing } from "@/db/schema";
import { teammatePairs, type BoardOutcome, type RosterPlayer, type TeamMatchRecord } from "@/server/domain";

export interface LoadedTeam extends Team {
  roster: RosterPlayer[];
}

export interface LoadedBoard extends TeamMatchBoard {
  pairing: TournamentPairing | null;
  outcome: BoardOutcome;
}

export interface LoadedMatch extends TeamMatch {
  boards: LoadedBoard[];
  lineups: TeamLineup[];
}

export interface TeamWorld {
  settings: TeamEvent | null;
  teams: LoadedTeam[];
  matches: LoadedMatch[];
  names: Map<string, string>;
}

/** The event's team settings, or null for an event without teams. */
export async function settingsOf(db: DbOrTx, tournamentId: string): Promise<TeamEvent | null> {
  const [s] = await db.select().from(teamEvents).where(eq(teamEvents.tournamentId, tournamentId)).limit(1);
  return s ?? null;
}

/** A board's outcome from the home side (docs/teams.md "Scoring"). */
export function boardOutcome(b: TeamMatchBoard, p: TournamentPairing | null, doubleForfeits: readonly number[]): BoardOutcome {
  if (doubleForfeits.includes(b.board)) return "double-forfeit";
  if (!p) {
    if (b.homePlayer && !b.awayPlayer) return "home";
    if (b.awayPlayer && !b.homePlayer) return "away";
    return b.homePlayer ? "pending" : "double-forfeit";
  }
  // decided as unplayed by both through the schedule's desk (docs/competitions.md "Unplayed games")
  if (p.doubleForfeit) return "double-forfeit";
  const home = b.homePlayer!;
  const away = b.awayPlayer!;
  if (p.forfeitUserId) return p.forfeitUserId === home ? "away" : "home";
  if (!p.scores) return "pending";
  const h = p.scores[home] ?? 0;
  const a = p.scores[away] ?? 0;
  return h > a ? "home" : h < a ? "away" : "tie";
}

/** Teams (with rosters in roster order), matches and boards of one event. */
export async function loadTeamWorld(db: DbOrTx, tournamentId: string): Promise<TeamWorld> {
  const [settings, teamRows, matchRows] = await Promise.all([
    settingsOf(db, tournamentId),
    db.select().from(teams).where(eq(teams.tournamentId, tournamentId)).orderBy(asc(teams.createdAt), asc(teams.name)),
    db.select().from(teamMatches).where(eq(teamMatches.tournamentId, tournamentId)).orderBy(asc(teamMatches.roundNumber), asc(teamMatches.tableNumber)),
  ]);
  const teamIds = teamRows.map((t) => t.id);
  const matchIds = matchRows.map((m) => m.id);
  const [members, boards, lineups] = await Promise.all([
    teamIds.length
      ? db
          .select({ m: teamMembers, name: users.name, rating: tournamentPlayers.rating })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .leftJoin(tournamentPlayers, and(eq(tournamentPlayers.userId, teamMembers.userId), eq(tournamentPlayers.tournamentId, tournamentId)))
          .where(inArray(teamMembers.teamId, teamIds))
          .orderBy(asc(teamMembers.position))
      : [],
    matchIds.length ? db.select().from(teamMatchBoards).where(inArray(teamMatchBoards.teamMatchId, matchIds)).orderBy(asc(teamMatchBoards.board)) : [],
    matchIds.length ? db.select().from(teamLineups).where(inArray(teamLineups.teamMatchId, matchIds)) : [],
  ]);
  const pairingIds = boards.flatMap((b) => (b.pairingId ? [b.pairingId] : []));
  const pairings = pairingIds.length ? await db.select().from(tournamentPairings).where(inArray(tournamentPairings.id, pairingIds)) : [];
  const pairingById = new Map(pairings.map((p) => [p.id, p]));
  const names = new Map<string, string>(members.map((r) => [r.m.userId, r.name]));
  const loadedTeams = teamRows.map((t) => ({
    ...t,
    roster: members
      .filter((r) => r.m.teamId === t.id)
      .map((r) => ({ id: r.m.userId, name: r.name, rating: r.rating ?? 0, position: r.m.position, reserve: r.m.reserve })),
  }));
  const loadedMatches = matchRows.map((m) => ({
    ...m,
    boards: boards
      .filter((b) => b.teamMatchId === m.id)
      .map((b) => {
        const p = b.pairingId ? (pairingById.get(b.pairingId) ?? null) : null;
        return { ...b, pairing: p, outcome: boardOutcome(b, p, m.doubleForfeits) };
      }),
    lineups: lineups.filter((l) => l.teamMatchId === m.id),
  }));
  return { settings, teams: loadedTeams, matches: loadedMatches, names };
}

/** The matches as the standings read them: only matches whose boards are set count (a bye always). */
export function matchRecords(w: TeamWorld, countedRounds: ReadonlySet<number>): TeamMatchRecord[] {
  return w.matches
    .filter((m) => countedRounds.has(m.roundNumber) && (m.awayTeamId === null || m.boardsSetAt))
    .map((m) => ({ round: m.roundNumber, home: m.homeTeamId, away: m.awayTeamId, boards: m.boards.map((b) => b.outcome) }));
}

/** An individual event with "no teammates": every pair of teammates, as forbidden pairs (else none). */
export async function teammatePairsOf(db: DbOrTx, tournamentId: string): Promise<[string, string][]> {
  const s = await settingsOf(db, tournamentId);
  if (!s?.noTeammates || s.boards !== null) return [];
  const rows = await db.select({ teamId: teamMembers.teamId, userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.tournamentId, tournamentId));
  const byTeam = new Map<string, string[]>();
  for (const r of rows) byTeam.set(r.teamId, [...(byTeam.get(r.teamId) ?? []), r.userId]);
  return teammatePairs([...byTeam.values()].map((members) => ({ members })));
}

/** A sentence refusing individual round management for a team event (its rounds are the teams page's). */
export async function refuseTeamEvent(db: DbOrTx, tournamentId: string): Promise<void> {
  const s = await settingsOf(db, tournamentId);
  if (s?.boards) throw new DomainError("PRECONDITION", "This is a team event: pair and publish its rounds on its Teams page, where line-ups set the boards.");
}

/** userId → team name, for the CSVs' team columns (empty for an event without teams). */
export async function teamNamesByPlayer(db: DbOrTx, tournamentId: string): Promise<Map<string, string>> {
  const rows = await db.select({ userId: teamMembers.userId, team: teams.name }).from(teamMembers).innerJoin(teams, eq(teams.id, teamMembers.teamId)).where(eq(teamMembers.tournamentId, tournamentId));
  return new Map(rows.map((r) => [r.userId, r.team]));
}
