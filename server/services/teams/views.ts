/**
 * Reads of teams and team events (docs/teams.md): the event's teams and standings, one match's
 * boards and score, the team table of an individual event, and the team columns of the CSVs.
 *
 * What a viewer sees: rosters, published matches and their boards are public (names only, never
 * an e-mail). A line-up stays private to its own captain and the directors until the match's
 * boards are set, so the other captain cannot fit theirs to it. Draft rounds are the directors'.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches, teamMatches, tournamentRounds, type TeamLineup } from "@/db/schema";
import { homeMovesFirst, scoreMatch, teamStandings, teamTable, whyAbove, type BoardOutcome, type MatchScore, type TeamScoring } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getTournamentOrThrow, isTournamentDirector } from "@/server/services/tournaments/access";
import { getStandings } from "@/server/services/tournaments/views";
import { lossReasonsOf } from "@/server/services/tournaments/field";
import { loadTeamWorld, matchRecords, type LoadedMatch, type TeamWorld } from "./load";
import { clubTeamsOf } from "./teams";

const ref = (w: TeamWorld, id: string | null) => (id ? { id, name: w.teams.find((t) => t.id === id)?.name ?? "a team" } : null);

function matchSummary(w: TeamWorld, m: LoadedMatch) {
  return {
    id: m.id,
    table: m.tableNumber,
    home: ref(w, m.homeTeamId)!,
    away: ref(w, m.awayTeamId),
    reason: m.reason,
    lineupDeadline: m.lineupDeadline,
    boardsSet: m.boardsSetAt !== null,
    score: m.awayTeamId ? scoreMatch(m.boards.map((b) => b.outcome)) : null,
  };
}

/** The standings in one scoring order, each row with why it stands above the next. */
function standingsIn(w: TeamWorld, counted: ReadonlySet<number>, primary: TeamScoring) {
  const rows = teamStandings(w.teams.map((t) => ({ id: t.id, name: t.name })), matchRecords(w, counted), primary, w.settings?.boards ?? 1);
  return rows.map((r, i) => ({ ...r, withdrawn: w.teams.find((t) => t.id === r.teamId)!.withdrawnAfterRound !== null, whyAboveNext: rows[i + 1] ? whyAbove(rows, r.teamId, rows[i + 1]!.teamId, primary) : null }));
}

/** The team page of an event: settings, teams with rosters, standings (both orders), rounds of matches. */
export async function teamEventView(db: DbOrTx, tournamentId: string, viewerId: string | null) {
  const t = await getTournamentOrThrow(db, tournamentId);
  const w = await loadTeamWorld(db, t.id);
  const director = viewerId ? await isTournamentDirector(db, t.id, viewerId) : false;
  const rounds = await db.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, t.id));
  const visible = rounds.filter((r) => director || r.status !== "draft" || (!!viewerId && w.matches.some((m) => m.roundId === r.id && [m.homeTeamId, m.awayTeamId].some((id) => w.teams.find((x) => x.id === id)?.captainId === viewerId))));
  const counted = new Set(rounds.filter((r) => r.status !== "draft").map((r) => r.number));
  const primary = w.settings?.primaryScore ?? "match-points";
  const other: TeamScoring = primary === "match-points" ? "game-points" : "match-points";
  return {
    tournament: { id: t.id, name: t.name, status: t.status, format: t.format, clubId: t.clubId },
    settings: w.settings ? { boards: w.settings.boards, primaryScore: w.settings.primaryScore, bestK: w.settings.bestK, noTeammates: w.settings.noTeammates, lineupMinutes: w.settings.lineupMinutes } : null,
    isDirector: director,
    clubTeams: director ? await clubTeamsOf(db, t.clubId) : [],
    teams: w.teams.map((team) => ({
      id: team.id,
      name: team.name,
      captain: team.captainId ? { id: team.captainId, name: w.names.get(team.captainId) ?? "" } : null,
      boardOrder: team.boardOrder,
      withdrawnAfterRound: team.withdrawnAfterRound,
      roster: team.roster.map((p) => ({ userId: p.id, name: p.name, rating: p.rating || null, position: p.position, reserve: p.reserve })),
      isMine: !!viewerId && team.captainId === viewerId,
    })),
    standings: w.settings?.boards ? standingsIn(w, counted, primary) : [],
    standingsOtherOrder: w.settings?.boards ? { primary: other, rows: standingsIn(w, counted, other) } : null,
    rounds: visible
      .sort((a, b) => a.number - b.number)
      .map((r) => ({ number: r.number, status: r.status, matches: w.matches.filter((m) => m.roundId === r.id).map((m) => matchSummary(w, m)) })),
  };
}

export interface BoardView {
  board: number;
  pairingId: string | null;
  home: { id: string; name: string } | null;
  away: { id: string; name: string } | null;
  firstMover: "home" | "away";
  outcome: BoardOutcome;
  homeScore: number | null;
  awayScore: number | null;
  forfeitBy: "home" | "away" | null;
  /** Why the forfeiting side lost: a forfeit, or a played game lost by resigning, on time or by not showing. */
  lossReason: string | null;
  gameId: string | null;
  gameStatus: string | null;
}

/** Each match's boards (players, first move, result, the online game), two reads for all of them. */
async function boardsOf(db: DbOrTx, w: TeamWorld, ms: readonly LoadedMatch[]): Promise<Map<string, BoardView[]>> {
  const all = ms.flatMap((m) => m.boards);
  const pairingIds = all.flatMap((b) => (b.pairingId ? [b.pairingId] : []));
  const games = pairingIds.length ? await db.select({ id: matches.id, pairingId: matches.pairingId, status: matches.status }).from(matches).where(inArray(matches.pairingId, pairingIds)) : [];
  const name = (id: string | null) => (id ? { id, name: w.names.get(id) ?? "a player" } : null);
  const reasons = await lossReasonsOf(db, all.flatMap((b) => (b.pairing ? [b.pairing] : [])));
  const out = new Map<string, BoardView[]>();
  for (const m of ms) {
    out.set(
      m.id,
      m.boards.map((b) => {
        const g = games.find((x) => x.pairingId === b.pairingId);
        const p = b.pairing;
        return {
          board: b.board,
          pairingId: b.pairingId,
          home: name(b.homePlayer),
          away: name(b.awayPlayer),
          firstMover: homeMovesFirst(b.board) ? "home" : "away",
          outcome: b.outcome,
          homeScore: p?.scores && b.homePlayer ? (p.scores[b.homePlayer] ?? null) : null,
          awayScore: p?.scores && b.awayPlayer ? (p.scores[b.awayPlayer] ?? null) : null,
          forfeitBy: p?.forfeitUserId ? (p.forfeitUserId === b.homePlayer ? "home" : "away") : null,
          lossReason: p?.forfeitUserId ? (reasons.get(p.id) ?? "forfeit") : null,
          gameId: g?.id ?? null,
          gameStatus: g?.status ?? null,
        };
      }),
    );
  }
  return out;
}

/** One match: teams, boards (players, first move, result, the online game), score, line-ups as the viewer may see them. */
export async function teamMatchView(db: DbOrTx, teamMatchId: string, viewerId: string | null) {
  const [row] = await db.select({ tournamentId: teamMatches.tournamentId }).from(teamMatches).where(eq(teamMatches.id, teamMatchId)).limit(1);
  if (!row) throw new DomainError("NOT_FOUND", "That team match does not exist.");
  const t = await getTournamentOrThrow(db, row.tournamentId);
  const w = await loadTeamWorld(db, t.id);
  const m = w.matches.find((x) => x.id === teamMatchId)!;
  const [round] = await db.select().from(tournamentRounds).where(eq(tournamentRounds.id, m.roundId)).limit(1);
  const director = viewerId ? await isTournamentDirector(db, t.id, viewerId) : false;
  const captainOf = (teamId: string | null) => !!viewerId && !!teamId && w.teams.find((x) => x.id === teamId)?.captainId === viewerId;
  if (round!.status === "draft" && !director && !captainOf(m.homeTeamId) && !captainOf(m.awayTeamId)) throw new DomainError("NOT_FOUND", "That team match does not exist.");
  const name = (id: string | null) => (id ? { id, name: w.names.get(id) ?? "a player" } : null);
  const boards = (await boardsOf(db, w, [m])).get(m.id)!;
  const lineupFor = (teamId: string | null) => {
    if (!teamId) return null;
    const team = w.teams.find((x) => x.id === teamId)!;
    const l: TeamLineup | undefined = m.lineups.find((x) => x.teamId === teamId);
    const mayEdit = (director || captainOf(teamId)) && !m.boardsSetAt && !(m.lineupDeadline && Date.now() > m.lineupDeadline.getTime());
    const mayRead = director || captainOf(teamId) || m.boardsSetAt !== null;
    return {
      teamId,
      submitted: !!l,
      submittedAt: l?.submittedAt ?? null,
      players: mayRead && l ? l.players.map((id) => name(id)!) : null,
      mayEdit,
      roster: director || captainOf(teamId) ? team.roster.map((p) => ({ userId: p.id, name: p.name, reserve: p.reserve, rating: p.rating || null })) : null,
    };
  };
  const score: MatchScore | null = m.awayTeamId ? scoreMatch(m.boards.map((b) => b.outcome)) : null;
  return {
    tournament: { id: t.id, name: t.name },
    round: round!.number,
    roundStatus: round!.status,
    table: m.tableNumber,
    boardsPerMatch: w.settings?.boards ?? 0,
    home: ref(w, m.homeTeamId)!,
    away: ref(w, m.awayTeamId),
    reason: m.reason,
    lineupDeadline: m.lineupDeadline,
    boardsSet: m.boardsSetAt !== null,
    doubleForfeits: m.doubleForfeits,
    boards,
    score,
    isDirector: director,
    lineups: { home: lineupFor(m.homeTeamId), away: lineupFor(m.awayTeamId) },
  };
}

/** The team table of an individual event: each team's best K individual results (null when the event has none). */
export async function teamTableView(db: DbOrTx, tournamentId: string) {
  const w = await loadTeamWorld(db, tournamentId);
  if (!w.settings || w.settings.boards !== null || !w.settings.bestK || w.teams.length === 0) return null;
  const s = await getStandings(db, tournamentId);
  const rows = teamTable(
    w.teams.map((t) => ({ id: t.id, name: t.name, members: t.roster.map((p) => p.id) })),
    s.rows.map((r) => ({ playerId: r.userId, name: r.name, wins: r.wins, spread: r.spread })),
    w.settings.bestK,
  );
  return { bestK: w.settings.bestK, rows };
}

/** Every match sheet of a round (the print sheet "Match sheets"): teams, boards, score. A draft
 * round is the directors' only, as on the team page. */
export async function teamRoundSheetsView(db: DbOrTx, tournamentId: string, roundNumber: number, viewerId: string | null) {
  const t = await getTournamentOrThrow(db, tournamentId);
  const [round] = await db.select().from(tournamentRounds).where(and(eq(tournamentRounds.tournamentId, t.id), eq(tournamentRounds.number, roundNumber))).limit(1);
  const director = viewerId ? await isTournamentDirector(db, t.id, viewerId) : false;
  if (!round || (round.status === "draft" && !director)) throw new DomainError("NOT_FOUND", `Round ${roundNumber} has no published matches.`);
  const w = await loadTeamWorld(db, t.id);
  const ms = w.matches.filter((m) => m.roundId === round.id).sort((a, b) => a.tableNumber - b.tableNumber);
  const boards = await boardsOf(db, w, ms);
  return {
    tournament: { id: t.id, name: t.name },
    round: round.number,
    matches: ms.map((m) => ({ ...matchSummary(w, m), boards: boards.get(m.id)! })),
  };
}
