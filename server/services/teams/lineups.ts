/**
 * Captains' line-ups (docs/teams.md "Line-ups"): the captain of a team (or a director) names the
 * players of one match in board order, until the match's deadline and before its boards are set.
 * A captain changes only their own team's line-up: the check is here, against the stored captain,
 * since the procedure cannot see which team a match input belongs to.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { teamLineups, teamMatches, teamMembers, teams, tournamentPlayers, users } from "@/db/schema";
import { checkLineup } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { isTournamentDirector } from "@/server/services/tournaments/access";
import { directorWrite } from "@/server/services/tournaments/director-write";
import { settingsOf } from "./load";
import type { LineupInput } from "./schemas";

const clock = (d: Date) => `${d.toISOString().slice(11, 16)} UTC`;

/** Submit (or replace) a team's line-up for one match. */
export async function submitLineup(db: DbOrTx, input: LineupInput & { actorId: string }, now = new Date()): Promise<void> {
  const [m0] = await db.select({ tournamentId: teamMatches.tournamentId }).from(teamMatches).where(eq(teamMatches.id, input.teamMatchId)).limit(1);
  if (!m0) throw new DomainError("NOT_FOUND", "That team match does not exist.");
  await directorWrite(db, { tournamentId: m0.tournamentId, actorId: input.actorId }, async (tx, t, audit) => {
    const [m] = await tx.select().from(teamMatches).where(eq(teamMatches.id, input.teamMatchId)).limit(1);
    const [team] = await tx.select().from(teams).where(and(eq(teams.id, input.teamId), eq(teams.tournamentId, t.id))).limit(1);
    if (!m || !team || (m.homeTeamId !== team.id && m.awayTeamId !== team.id)) throw new DomainError("NOT_FOUND", "That team does not play in this match.");
    if (team.captainId !== input.actorId && !(await isTournamentDirector(tx, t.id, input.actorId)))
      throw new DomainError("FORBIDDEN", `Only ${team.name}'s captain (or a director) can set its line-up.`);
    if (m.boardsSetAt) throw new DomainError("PRECONDITION", "The boards of this match are already set from the line-ups; ask the director if something must change.");
    if (m.lineupDeadline && now > m.lineupDeadline)
      throw new DomainError("PRECONDITION", `The line-up deadline passed at ${clock(m.lineupDeadline)}; ${team.name} plays in its roster order this round.`);
    const roster = await tx
      .select({ id: teamMembers.userId, name: users.name, rating: tournamentPlayers.rating, position: teamMembers.position, reserve: teamMembers.reserve })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .leftJoin(tournamentPlayers, and(eq(tournamentPlayers.userId, teamMembers.userId), eq(tournamentPlayers.tournamentId, t.id)))
      .where(eq(teamMembers.teamId, team.id));
    const boards = (await settingsOf(tx, t.id))?.boards ?? 0;
    const checked = checkLineup(roster.map((r) => ({ ...r, rating: r.rating ?? 0 })), input.players, boards, team.name);
    if (!checked.ok) throw new DomainError("INVALID", checked.error.message, "players");
    await tx
      .insert(teamLineups)
      .values({ teamMatchId: m.id, teamId: team.id, players: checked.value, submittedBy: input.actorId, submittedAt: now })
      .onConflictDoUpdate({ target: [teamLineups.teamMatchId, teamLineups.teamId], set: { players: checked.value, submittedBy: input.actorId, submittedAt: now } });
    await audit("teams.lineup", { round: m.roundNumber, team: team.name, boards: checked.value.length });
  });
}
