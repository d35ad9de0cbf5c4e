/**
 * The rounds of a team event (docs/teams.md): pair the teams (a draft), let captains submit
 * line-ups until the deadline, set each match's boards from the line-ups (a captain who sent none
 * in time plays the roster order), publish, then the boards are played and entered as any other
 * game (online games, the director's result entry), and `closeRound` closes the round.
 *
 * Rules: teams are paired with the event's method (round robin's Berger tables, or the Swiss) as
 * competitors (server/domain/teams/pairing.ts); a withdrawn team is not paired again. A board
 * whose side fielded nobody is lost by that side and has no game; a board forfeited by both sides
 * (decided by the director before its game starts) is lost by both, and its game is removed, its
 * players kept on the board's record.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { matches, teamMatchBoards, teamMatches, tournamentPairings, tournamentPlayers, tournamentRounds, tournaments, type Tournament } from "@/db/schema";
import { pairRound, resolveLineup, seatBoards, teamHistory, type Competitor } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { notifyRoundPaired } from "@/server/services/notifications/events";
import { directorWrite, type DirectorAct } from "@/server/services/tournaments/director-write";
import { playerRatingFor } from "@/server/services/tournaments/ratings";
import { scoringOf } from "@/server/domain";
import { loadTeamWorld, matchRecords, type LoadedTeam, type TeamWorld } from "./load";

/** The event's team settings when it is a team event, else a sentence. */
function boardsOf(w: TeamWorld): number {
  if (!w.settings?.boards) throw new DomainError("PRECONDITION", "This is not a team event: pair its rounds on the event's manage page.");
  return w.settings.boards;
}

/** Seeding order of a team: the mean rating of its top boards (used for seeding only; no team rating is kept). */
function seedRating(team: LoadedTeam, boards: number): number {
  const top = [...team.roster].filter((p) => !p.reserve).sort((a, b) => b.rating - a.rating).slice(0, boards);
  return top.length ? Math.round(top.reduce((s, p) => s + p.rating, 0) / top.length) : 0;
}

/** Round 1: fix every rostered player's rating and seed, as an individual event does. */
async function fixRatings(tx: Tx, t: Tournament, w: TeamWorld): Promise<TeamWorld> {
  const ids = w.teams.flatMap((team) => team.roster.map((p) => p.id));
  const rated = await Promise.all(ids.map(async (id) => ({ id, rating: await playerRatingFor(tx, id, t.ruleset) })));
  rated.sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : 1));
  for (const [i, r] of rated.entries())
    await tx.update(tournamentPlayers).set({ rating: r.rating, seed: i + 1, joinedRound: 1, status: "checked-in", checkedInAt: new Date() }).where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, r.id)));
  const byId = new Map(rated.map((r) => [r.id, r.rating]));
  return { ...w, teams: w.teams.map((team) => ({ ...team, roster: team.roster.map((p) => ({ ...p, rating: byId.get(p.id) ?? p.rating })) })) };
}

/** Pair the next round of a team event as a draft of team matches. */
export async function pairTeamRound(db: DbOrTx, input: DirectorAct, now = new Date()): Promise<{ roundNumber: number }> {
  return directorWrite(db, input, async (tx, t, audit) => {
    if (t.status === "finished") throw new DomainError("PRECONDITION", "The tournament is finished.");
    let w = await loadTeamWorld(tx, t.id);
    const boards = boardsOf(w);
    const rounds = await tx.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, t.id)).orderBy(asc(tournamentRounds.number));
    const last = rounds.at(-1);
    if (last && last.status !== "closed") throw new DomainError("PRECONDITION", `Round ${last.number} is ${last.status}: ${last.status === "draft" ? "publish it, or delete it to pair it again" : "close it before pairing the next one"}.`);
    const number = (last?.number ?? 0) + 1;
    const patch: Partial<Tournament> = {};
    if (number === 1) {
      if (w.teams.length < 2) throw new DomainError("PRECONDITION", `Form at least 2 teams before pairing round 1 (${w.teams.length} so far).`);
      w = await fixRatings(tx, t, w);
      patch.status = "running";
      const n = w.teams.length;
      if (t.format !== "swiss") patch.rounds = (n % 2 === 0 ? n - 1 : n) * (t.format === "double-round-robin" ? 2 : 1);
    } else if (number > t.rounds) throw new DomainError("PRECONDITION", `All ${t.rounds} rounds have been paired.`);
    const seeded = [...w.teams].sort((a, b) => seedRating(b, boards) - seedRating(a, boards) || (a.createdAt < b.createdAt ? -1 : 1));
    const field: Competitor[] = seeded.map((team, i) => ({ id: team.id, name: team.name, rating: seedRating(team, boards), seed: i + 1 }));
    const active = field.filter((c) => w.teams.find((team) => team.id === c.id)!.withdrawnAfterRound === null);
    const counted = new Set(rounds.map((r) => r.number));
    const drafted = pairRound({
      round: number,
      method: t.format,
      field,
      active,
      starting: field,
      history: teamHistory(matchRecords(w, counted), boards),
      scoring: scoringOf(t),
      podSize: null,
      forbiddenPairs: [],
    });
    if (!drafted.ok) throw new DomainError("PRECONDITION", drafted.error.message);
    if (Object.keys(patch).length) await tx.update(tournaments).set({ ...patch, updatedAt: now }).where(eq(tournaments.id, t.id));
    const [round] = await tx.insert(tournamentRounds).values({ tournamentId: t.id, number, status: "draft", notes: drafted.value.notes, pairingMethod: t.format }).returning();
    const deadline = w.settings!.lineupMinutes ? new Date(now.getTime() + w.settings!.lineupMinutes * 60_000) : null;
    const rows = [
      ...drafted.value.pairings.map((p, i) => ({ home: p.players[0]!, away: p.players[1]!, reason: p.reason, table: i + 1 })),
      ...drafted.value.byes.map((b, i) => ({ home: b.playerId, away: null, reason: b.reason, table: drafted.value.pairings.length + i + 1 })),
    ];
    if (rows.length)
      await tx.insert(teamMatches).values(
        rows.map((r) => ({ tournamentId: t.id, roundId: round!.id, roundNumber: number, tableNumber: r.table, homeTeamId: r.home, awayTeamId: r.away, reason: r.reason, lineupDeadline: deadline, boardsSetAt: r.away === null ? now : null })),
      );
    await audit("teams.round-paired", { round: number, matches: drafted.value.pairings.length, byes: drafted.value.byes.length });
    return { roundNumber: number };
  });
}

/**
 * Set the boards of every match of a drafted round that has none yet: each team's line-up as its
 * captain submitted it in time, else its roster order. Line-ups close with this.
 */
export async function setTeamBoards(db: DbOrTx, input: DirectorAct & { roundNumber: number }, now = new Date()): Promise<{ notes: string[] }> {
  return directorWrite(db, input, async (tx, t, audit) => {
    const w = await loadTeamWorld(tx, t.id);
    const boards = boardsOf(w);
    const [round] = await tx.select().from(tournamentRounds).where(and(eq(tournamentRounds.tournamentId, t.id), eq(tournamentRounds.number, input.roundNumber))).limit(1);
    if (!round) throw new DomainError("NOT_FOUND", `There is no round ${input.roundNumber}.`);
    if (round.status !== "draft") throw new DomainError("PRECONDITION", `Round ${round.number} is ${round.status}; its boards are set.`);
    const withdrawn = new Set((await tx.select({ id: tournamentPlayers.userId }).from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.status, "withdrawn")))).map((r) => r.id));
    const notes: string[] = [];
    const team = (id: string) => w.teams.find((x) => x.id === id)!;
    for (const m of w.matches.filter((x) => x.roundId === round.id && !x.boardsSetAt && x.awayTeamId)) {
      const resolve = (teamId: string) => {
        const tm = team(teamId);
        const lineup = m.lineups.find((l) => l.teamId === teamId);
        const inTime = lineup && (!m.lineupDeadline || lineup.submittedAt <= m.lineupDeadline);
        const r = resolveLineup({ teamName: tm.name, roster: tm.roster, rule: tm.boardOrder, boards, submitted: inTime ? lineup.players : null, unavailable: withdrawn });
        notes.push(r.note);
        return r.players;
      };
      const seated = seatBoards(resolve(m.homeTeamId), resolve(m.awayTeamId!));
      for (const b of seated) {
        let pairingId: string | null = null;
        if (b.players) {
          const [p] = await tx
            .insert(tournamentPairings)
            .values({
              tournamentId: t.id,
              roundId: round.id,
              roundNumber: round.number,
              tableNumber: (m.tableNumber - 1) * boards + b.board,
              players: b.players,
              reason: `${team(m.homeTeamId).name} v ${team(m.awayTeamId!).name}, board ${b.board}; ${b.players[0] === b.home ? team(m.homeTeamId).name : team(m.awayTeamId!).name} moves first (first move alternates by board)`,
            })
            .returning({ id: tournamentPairings.id });
          pairingId = p!.id;
        }
        await tx.insert(teamMatchBoards).values({ teamMatchId: m.id, board: b.board, pairingId, homePlayer: b.home, awayPlayer: b.away });
      }
      await tx.update(teamMatches).set({ boardsSetAt: now, version: m.version + 1 }).where(eq(teamMatches.id, m.id));
    }
    await audit("teams.boards-set", { round: round.number, notes });
    return { notes };
  });
}

/** Publish a team round once every match has its boards: players see their boards. */
export async function publishTeamRound(db: DbOrTx, input: DirectorAct & { roundNumber: number }): Promise<void> {
  await directorWrite(db, { ...input, audit: { action: "round.published", details: { round: input.roundNumber } } }, async (tx, t) => {
    const [round] = await tx.select().from(tournamentRounds).where(and(eq(tournamentRounds.tournamentId, t.id), eq(tournamentRounds.number, input.roundNumber))).limit(1);
    if (!round) throw new DomainError("NOT_FOUND", `There is no round ${input.roundNumber}.`);
    if (round.status !== "draft") throw new DomainError("PRECONDITION", `Round ${round.number} is already ${round.status}.`);
    const unset = (await tx.select().from(teamMatches).where(eq(teamMatches.roundId, round.id))).filter((m) => !m.boardsSetAt);
    if (unset.length) throw new DomainError("PRECONDITION", `Set the boards of every match first (match ${unset.map((m) => m.tableNumber).join(", ")} has none).`);
    await tx.update(tournamentRounds).set({ status: "published", publishedAt: new Date() }).where(eq(tournamentRounds.id, round.id));
    const ps = await tx.select().from(tournamentPairings).where(eq(tournamentPairings.roundId, round.id));
    await notifyRoundPaired(tx, { tournamentId: t.id, tournamentName: t.name, number: round.number, boards: ps.map((p) => ({ table: p.tableNumber, players: p.players, isBye: p.isBye })) });
  });
}

/** A board forfeited by both sides: a loss for both teams; its game (not started) is removed. */
export async function doubleForfeitBoard(db: DbOrTx, input: { actorId: string; tournamentId: string; teamMatchId: string; board: number }): Promise<void> {
  await directorWrite(db, input, async (tx, t, audit) => {
    const [m] = await tx.select().from(teamMatches).where(and(eq(teamMatches.id, input.teamMatchId), eq(teamMatches.tournamentId, t.id))).limit(1);
    if (!m) throw new DomainError("NOT_FOUND", "That team match is not in this event.");
    const [b] = await tx.select().from(teamMatchBoards).where(and(eq(teamMatchBoards.teamMatchId, m.id), eq(teamMatchBoards.board, input.board))).limit(1);
    if (!b) throw new DomainError("PRECONDITION", `Board ${input.board} of this match is not set yet.`);
    if (m.doubleForfeits.includes(input.board)) throw new DomainError("PRECONDITION", `Board ${input.board} is already recorded as forfeited by both teams.`);
    if (b.pairingId) {
      const [p] = await tx.select().from(tournamentPairings).where(eq(tournamentPairings.id, b.pairingId)).limit(1);
      if (p && (p.scores || p.forfeitUserId)) throw new DomainError("PRECONDITION", `Board ${input.board} already has a result; correct that result instead.`);
      const [game] = await tx.select({ id: matches.id }).from(matches).where(inArray(matches.pairingId, [b.pairingId])).limit(1);
      if (game) throw new DomainError("PRECONDITION", `The game on board ${input.board} has started, so it is not a double forfeit: let it finish, or enter its result.`);
      await tx.update(teamMatchBoards).set({ pairingId: null }).where(and(eq(teamMatchBoards.teamMatchId, m.id), eq(teamMatchBoards.board, input.board)));
      await tx.delete(tournamentPairings).where(eq(tournamentPairings.id, b.pairingId));
    }
    await tx.update(teamMatches).set({ doubleForfeits: [...m.doubleForfeits, input.board].sort((x, y) => x - y), version: m.version + 1 }).where(eq(teamMatches.id, m.id));
    await audit("teams.double-forfeit", { round: m.roundNumber, match: m.tableNumber, board: input.board, players: [b.homePlayer, b.awayPlayer] });
  });
}
