/**
 * Tournament role procedures. `tournamentProcedure` takes `tournamentId`, requires a signed-in user
 * and puts the tournament and the caller's role (or null) in `ctx`; `tournamentRoleProcedure(roles)`
 * further requires a role ("director" also passes a "judge" check), narrowing `ctx.role`.
 */
import type { TournamentStaffRole } from "@/server/domain";
import { protectedProcedure } from "@/server/trpc";
import { getTournamentOrThrow, requireTournamentRole, tournamentRoleOf } from "@/server/services/tournaments/access";
import { tournamentIdInput } from "@/server/services/tournaments/schemas";

/** Signed-in user + an existing tournament; `ctx.tournament`, `ctx.role` (null for players and outsiders). */
export const tournamentProcedure = protectedProcedure.input(tournamentIdInput).use(async ({ ctx, input, next }) => {
  const tournament = await getTournamentOrThrow(ctx.db, input.tournamentId);
  const role = await tournamentRoleOf(ctx.db, tournament, ctx.user.id);
  return next({ ctx: { tournament, role } });
});

/** As `tournamentProcedure`, and the caller must hold one of `roles`. */
export function tournamentRoleProcedure(roles: readonly TournamentStaffRole[]) {
  return tournamentProcedure.use(async ({ ctx, next }) => {
    const { role } = await requireTournamentRole(ctx.db, ctx.tournament.id, ctx.user.id, roles);
    return next({ ctx: { role } });
  });
}

/** Directors: settings, entries, pairings, results. */
export const tournamentDirectorProcedure = tournamentRoleProcedure(["director"]);
/** Judges and directors: the judges' desk. */
export const tournamentJudgeProcedure = tournamentRoleProcedure(["judge"]);

/** Which tournament and who acts: the first fields of every write service's input (services/tournaments/director-write.ts). */
export const act = (ctx: { tournament: { id: string }; user: { id: string } }) => ({ tournamentId: ctx.tournament.id, actorId: ctx.user.id });
