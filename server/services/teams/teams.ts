/**
 * Teams of an event and the event's team settings (docs/teams.md). Directors only (the router's
 * procedure checks the role; every write runs under the tournament's lock, `directorWrite`).
 *
 * Rules:
 * - A team event is a round robin or a Swiss of head-to-head games: pods stay out (a pod game has
 *   no board against one opponent). Its boards are fixed once round 1 is paired.
 * - A roster names entries of the event (the entry list stays the one place players are added);
 *   a player plays for one team of an event (also a unique index, so a race cannot break it).
 * - Withdrawing a team keeps every result it played; it is not paired again, and its players are
 *   withdrawn from the event after the same round.
 * - Club teams (no event) are kept from an event's team ("save as a club team") and entered into
 *   the club's next events as copies, so a later roster change never rewrites an event's history.
 */
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { teamEvents, teamMatches, teamMembers, teams, tournamentPlayers, tournamentRounds, tournaments, users } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { directorWrite, type DirectorAct } from "@/server/services/tournaments/director-write";
import { settingsOf } from "./load";
import type { CreateTeamInput, TeamSettingsInput } from "./schemas";

const TEAM_FORMATS = new Set(["round-robin", "double-round-robin", "swiss"]);

/** Set (or change) the event's team settings. */
export async function setTeamSettings(db: DbOrTx, input: DirectorAct & Omit<TeamSettingsInput, "tournamentId">): Promise<void> {
  await directorWrite(db, input, async (tx, t, audit) => {
    if (input.boards !== null) {
      if (t.playersPerGame !== 2) throw new DomainError("PRECONDITION", "Pods stay out of team events: a team match is played board by board, one player against one. Set the event to 2 players a game first.", "boards");
      if (!TEAM_FORMATS.has(t.format)) throw new DomainError("PRECONDITION", "A team event is a round robin or a Swiss; change the event's format first.", "boards");
    } else if (input.noTeammates && t.format !== "swiss" && t.format !== "king-of-the-hill") {
      throw new DomainError("PRECONDITION", "Only a Swiss (or King of the Hill) can keep teammates apart; a round robin pairs everyone with everyone.", "noTeammates");
    }
    const before = await settingsOf(tx, t.id);
    if (t.status !== "registration" && (before?.boards ?? null) !== input.boards)
      throw new DomainError("PRECONDITION", "Whether this is a team event, and its number of boards, is fixed once round 1 is paired.", "boards");
    const values = { boards: input.boards, primaryScore: input.primaryScore, bestK: input.bestK, noTeammates: input.noTeammates, lineupMinutes: input.lineupMinutes };
    await tx.insert(teamEvents).values({ tournamentId: t.id, ...values }).onConflictDoUpdate({ target: teamEvents.tournamentId, set: values });
    await audit("teams.settings", values);
  });
}

/** Create a team of the event with its roster (in board order) and captain. */
export async function createTeam(db: DbOrTx, input: DirectorAct & Omit<CreateTeamInput, "tournamentId">): Promise<{ teamId: string }> {
  return directorWrite(db, input, async (tx, t, audit) => {
    if (t.status === "finished") throw new DomainError("PRECONDITION", "The tournament is finished.");
    const settings = await settingsOf(tx, t.id);
    if (!settings) throw new DomainError("PRECONDITION", "Turn teams on for this event first (team settings).");
    if (settings.boards !== null && t.status !== "registration" && t.format !== "swiss")
      throw new DomainError("PRECONDITION", "A team round robin is fixed when round 1 is paired: no team can join it now.");
    const ids = input.members.map((m) => m.userId);
    const entries = await tx
      .select({ userId: tournamentPlayers.userId, status: tournamentPlayers.status, name: users.name })
      .from(tournamentPlayers)
      .innerJoin(users, eq(users.id, tournamentPlayers.userId))
      .where(and(eq(tournamentPlayers.tournamentId, t.id), inArray(tournamentPlayers.userId, ids)));
    const entry = new Map(entries.map((e) => [e.userId, e]));
    const seen = new Set<string>();
    for (const id of ids) {
      const e = entry.get(id);
      if (!e || e.status === "withdrawn" || e.status === "waitlisted") {
        const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
        throw new DomainError("PRECONDITION", `${u?.name ?? "A player"} is not entered in this event: add them to the entry list first.`, "members");
      }
      if (seen.has(id)) throw new DomainError("INVALID", `${e.name} is listed twice on the roster.`, "members");
      seen.add(id);
    }
    if (!seen.has(input.captainId)) throw new DomainError("INVALID", "The captain must be on the team's roster.", "captainId");
    const other = await tx
      .select({ userId: teamMembers.userId, team: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.tournamentId, t.id), inArray(teamMembers.userId, ids)))
      .limit(1);
    if (other[0]) throw new DomainError("CONFLICT", `${entry.get(other[0].userId)!.name} already plays for ${other[0].team} in this event; a player plays for one team of an event.`, "members");
    const [same] = await tx.select({ id: teams.id }).from(teams).where(and(eq(teams.tournamentId, t.id), eq(teams.name, input.name))).limit(1);
    if (same) throw new DomainError("CONFLICT", `There is already a team called ${input.name} in this event.`, "name");
    const [team] = await tx
      .insert(teams)
      .values({ clubId: t.clubId, tournamentId: t.id, name: input.name, captainId: input.captainId, boardOrder: input.boardOrder, createdBy: input.actorId })
      .returning({ id: teams.id });
    await tx.insert(teamMembers).values(input.members.map((m, i) => ({ teamId: team!.id, userId: m.userId, tournamentId: t.id, position: i + 1, reserve: m.reserve })));
    await audit("teams.created", { team: input.name, players: ids.length });
    return { teamId: team!.id };
  });
}

/** Withdraw a team mid-event: its played matches stay, it is not paired again. */
export async function withdrawTeam(db: DbOrTx, input: DirectorAct & { teamId: string }): Promise<{ afterRound: number }> {
  return directorWrite(db, input, async (tx, t, audit) => {
    const [team] = await tx.select().from(teams).where(and(eq(teams.id, input.teamId), eq(teams.tournamentId, t.id))).limit(1);
    if (!team) throw new DomainError("NOT_FOUND", "That team is not in this event.");
    if (team.withdrawnAfterRound !== null) throw new DomainError("PRECONDITION", `${team.name} has already withdrawn (after round ${team.withdrawnAfterRound}).`);
    const rounds = await tx.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, t.id));
    const draft = rounds.find((r) => r.status === "draft");
    if (draft) {
      const [inDraft] = await tx
        .select({ id: teamMatches.id })
        .from(teamMatches)
        .where(and(eq(teamMatches.roundId, draft.id), eq(teamMatches.homeTeamId, team.id)))
        .union(tx.select({ id: teamMatches.id }).from(teamMatches).where(and(eq(teamMatches.roundId, draft.id), eq(teamMatches.awayTeamId, team.id))));
      if (inDraft) throw new DomainError("PRECONDITION", `${team.name} is paired in the draft of round ${draft.number}: delete that draft, withdraw the team, then pair the round again.`);
    }
    const afterRound = Math.max(0, ...rounds.filter((r) => r.status !== "draft").map((r) => r.number));
    await tx.update(teams).set({ withdrawnAfterRound: afterRound, version: team.version + 1 }).where(eq(teams.id, team.id));
    const members = await tx.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
    if (members.length)
      await tx
        .update(tournamentPlayers)
        .set({ status: "withdrawn", withdrawnAt: new Date(), withdrawnAfterRound: afterRound || null })
        .where(and(eq(tournamentPlayers.tournamentId, t.id), inArray(tournamentPlayers.userId, members.map((m) => m.userId)), ne(tournamentPlayers.status, "withdrawn")));
    await audit("teams.withdrawn", { team: team.name, afterRound });
    return { afterRound };
  });
}

/** The club teams of the event's club (roster names in order), for the director's "enter a club team". */
export async function clubTeamsOf(db: DbOrTx, clubId: string): Promise<{ id: string; name: string; roster: string[] }[]> {
  const rows = await db
    .select({ id: teams.id, name: teams.name, player: users.name, position: teamMembers.position })
    .from(teams)
    .leftJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .leftJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teams.clubId, clubId), isNull(teams.tournamentId)));
  const out = new Map<string, { id: string; name: string; roster: { name: string; position: number }[] }>();
  for (const r of rows) {
    const t = out.get(r.id) ?? { id: r.id, name: r.name, roster: [] };
    if (r.player) t.roster.push({ name: r.player, position: r.position ?? 0 });
    out.set(r.id, t);
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name)).map((t) => ({ id: t.id, name: t.name, roster: t.roster.sort((a, b) => a.position - b.position).map((p) => p.name) }));
}

/**
 * Keep an event's team as a club team (the club's own, for its next events): a copy of its name,
 * captain, board order and roster. A club team of the same name takes the new roster.
 */
export async function saveAsClubTeam(db: DbOrTx, input: DirectorAct & { teamId: string }): Promise<{ clubTeamId: string }> {
  return directorWrite(db, input, async (tx, t, audit) => {
    const [team] = await tx.select().from(teams).where(and(eq(teams.id, input.teamId), eq(teams.tournamentId, t.id))).limit(1);
    if (!team) throw new DomainError("NOT_FOUND", "That team is not in this event.");
    const members = await tx.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    const [same] = await tx.select().from(teams).where(and(eq(teams.clubId, t.clubId), isNull(teams.tournamentId), eq(teams.name, team.name))).limit(1);
    let clubTeamId: string;
    if (same) {
      clubTeamId = same.id;
      await tx.update(teams).set({ captainId: team.captainId, boardOrder: team.boardOrder, version: same.version + 1 }).where(eq(teams.id, same.id));
      await tx.delete(teamMembers).where(eq(teamMembers.teamId, same.id));
    } else {
      const [row] = await tx.insert(teams).values({ clubId: t.clubId, tournamentId: null, name: team.name, captainId: team.captainId, boardOrder: team.boardOrder, createdBy: input.actorId }).returning({ id: teams.id });
      clubTeamId = row!.id;
    }
    if (members.length) await tx.insert(teamMembers).values(members.map((m) => ({ teamId: clubTeamId, userId: m.userId, tournamentId: null, position: m.position, reserve: m.reserve })));
    await audit("teams.created", { clubTeam: team.name, players: members.length });
    return { clubTeamId };
  });
}

/** Enter one of the club's teams into this event: a copy with the same captain, order and roster (entries of the event). */
export async function enterClubTeam(db: DbOrTx, input: DirectorAct & { clubTeamId: string }): Promise<{ teamId: string }> {
  const t0 = await db.select({ clubId: tournaments.clubId }).from(tournaments).where(eq(tournaments.id, input.tournamentId)).limit(1);
  const [club] = await db.select().from(teams).where(and(eq(teams.id, input.clubTeamId), isNull(teams.tournamentId))).limit(1);
  if (!club || !t0[0] || club.clubId !== t0[0].clubId) throw new DomainError("NOT_FOUND", "That is not a team of this event's club.");
  const members = await db.select().from(teamMembers).where(eq(teamMembers.teamId, club.id)).orderBy(asc(teamMembers.position));
  if (!club.captainId) throw new DomainError("PRECONDITION", `${club.name} has no captain; form it in this event instead.`);
  return createTeam(db, { tournamentId: input.tournamentId, actorId: input.actorId, name: club.name, captainId: club.captainId, boardOrder: club.boardOrder, members: members.map((m) => ({ userId: m.userId, reserve: m.reserve })) });
}
