/**
 * Club membership checks, used by the clubs router and by other domains (tournaments belong to a
 * club; club directors run events). Authorisation is decided here on the server, never in pages.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubMemberships, clubs, type ClubRole } from "@/db/schema";
import { DomainError } from "@/server/errors";

export interface Membership {
  clubId: string;
  userId: string;
  role: ClubRole;
  joinedAt: Date;
}

const ROLE_NAMES: Record<ClubRole, string> = { owner: "an owner", director: "a director", member: "a member" };

/** Describes a set of roles in words, e.g. "an owner or a director". */
export function describeRoles(roles: readonly ClubRole[]): string {
  const names = roles.map((r) => ROLE_NAMES[r]);
  return names.length <= 1 ? (names[0] ?? "a member") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** The user's membership in the club, or null when they do not belong to it. */
export async function getMembership(db: DbOrTx, clubId: string, userId: string): Promise<Membership | null> {
  const [m] = await db
    .select({ clubId: clubMemberships.clubId, userId: clubMemberships.userId, role: clubMemberships.role, joinedAt: clubMemberships.joinedAt })
    .from(clubMemberships)
    .where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId)))
    .limit(1);
  return m ?? null;
}

/**
 * Pure check behind every club role procedure: returns the membership when it holds one of
 * `roles`, else throws DomainError FORBIDDEN with a sentence naming the roles needed.
 */
export function assertClubRole(membership: Membership | null, roles: readonly ClubRole[]): Membership {
  if (membership && roles.includes(membership.role)) return membership;
  if (!membership) throw new DomainError("FORBIDDEN", `Only ${describeRoles(roles)} of this club can do that, and you are not a member.`);
  throw new DomainError("FORBIDDEN", `Only ${describeRoles(roles)} of this club can do that; you are ${ROLE_NAMES[membership.role]}.`);
}

/**
 * Returns the membership when the user holds one of `roles` in the club; otherwise throws
 * DomainError NOT_FOUND (no such club) or FORBIDDEN with a sentence naming the roles needed.
 */
export async function requireClubRole(db: DbOrTx, clubId: string, userId: string, roles: readonly ClubRole[]): Promise<Membership> {
  const membership = await getMembership(db, clubId, userId);
  if (membership && roles.includes(membership.role)) return membership;
  if (!membership) {
    const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
    if (!club) throw new DomainError("NOT_FOUND", "That club does not exist.");
  }
  return assertClubRole(membership, roles);
}
