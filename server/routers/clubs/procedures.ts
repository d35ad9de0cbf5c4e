/**
 * Club role procedures. `clubProcedure` takes `clubId` in its input, requires a signed-in user and
 * puts the club and the caller's membership (or null) in `ctx`; `clubRoleProcedure(roles)` further
 * requires one of `roles`, narrowing `ctx.membership` to non-null. Procedures built on them may
 * add more input fields with `.input()` (tRPC merges object inputs).
 */
import type { ClubRole } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { protectedProcedure } from "@/server/trpc";
import { getClubById } from "@/server/services/clubs/clubs";
import { assertClubRole, getMembership } from "@/server/services/clubs/membership";
import { clubIdInput } from "@/server/services/clubs/schemas";

/** Signed-in user + an existing club; `ctx.club`, `ctx.membership` (null for outsiders). */
export const clubProcedure = protectedProcedure.input(clubIdInput).use(async ({ ctx, input, next }) => {
  const club = await getClubById(ctx.db, input.clubId);
  if (!club) throw new DomainError("NOT_FOUND", "That club does not exist.");
  const membership = await getMembership(ctx.db, club.id, ctx.user.id);
  return next({ ctx: { club, membership } });
});

/** As `clubProcedure`, and the caller must hold one of `roles` in the club. */
export function clubRoleProcedure(roles: readonly ClubRole[]) {
  return clubProcedure.use(({ ctx, next }) => next({ ctx: { membership: assertClubRole(ctx.membership, roles) } }));
}

/** Any member of the club, whatever their role. */
export const clubMemberProcedure = clubRoleProcedure(["owner", "director", "member"]);
/** Owners and directors: invites, join requests, removing members, bulk add (and events). */
export const clubDirectorProcedure = clubRoleProcedure(["owner", "director"]);
/** Owners only: club details and roles. */
export const clubOwnerProcedure = clubRoleProcedure(["owner"]);
