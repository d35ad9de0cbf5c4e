/**
 * Who may run a tournament. Directors: the tournament's stored directors plus, implicitly, the
 * owners and directors of its club. Judges: stored judges (directors may do everything a judge
 * does). Used by the tournaments router and by other domains (the judges' desk, matches).
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { tournamentStaff, tournaments, type Tournament, type TournamentStaffRole } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { getMembership } from "@/server/services/clubs/membership";

/** The tournament, or DomainError NOT_FOUND. */
export async function getTournamentOrThrow(db: DbOrTx, tournamentId: string): Promise<Tournament> {
  const [t] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId)).limit(1);
  if (!t) throw new DomainError("NOT_FOUND", "That tournament does not exist.");
  return t;
}

/** The user's effective role in the tournament (director beats judge), or null. */
export async function tournamentRoleOf(db: DbOrTx, tournament: Pick<Tournament, "id" | "clubId">, userId: string): Promise<TournamentStaffRole | null> {
  const membership = await getMembership(db, tournament.clubId, userId);
  if (membership && (membership.role === "owner" || membership.role === "director")) return "director";
  const [row] = await db
    .select({ role: tournamentStaff.role })
    .from(tournamentStaff)
    .where(and(eq(tournamentStaff.tournamentId, tournament.id), eq(tournamentStaff.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** True when the user directs the tournament (stored director, or club owner/director). */
export async function isTournamentDirector(db: DbOrTx, tournamentId: string, userId: string): Promise<boolean> {
  const t = await getTournamentOrThrow(db, tournamentId);
  return (await tournamentRoleOf(db, t, userId)) === "director";
}

/**
 * Returns the tournament and the caller's role when it is one of `roles` (a director also passes a
 * "judge" check); DomainError NOT_FOUND for an unknown tournament, FORBIDDEN otherwise.
 */
export async function requireTournamentRole(
  db: DbOrTx,
  tournamentId: string,
  userId: string,
  roles: readonly TournamentStaffRole[],
): Promise<{ tournament: Tournament; role: TournamentStaffRole }> {
  const tournament = await getTournamentOrThrow(db, tournamentId);
  const role = await tournamentRoleOf(db, tournament, userId);
  if (role && (roles.includes(role) || (role === "director" && roles.includes("judge")))) return { tournament, role };
  const need = roles.includes("judge") ? "directors and judges" : "directors";
  throw new DomainError("FORBIDDEN", `Only this tournament's ${need} can do that.`);
}
