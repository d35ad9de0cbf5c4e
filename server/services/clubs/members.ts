/**
 * Membership changes: roles, removing and leaving, bulk add by e-mail.
 *
 * Rules (docs/clubs.md): owners manage roles; owners and directors remove members, but directors
 * cannot remove owners; nobody may remove, demote or let leave the last owner. Changes that could
 * break "at least one owner" lock the club row first so two racing requests cannot both pass.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubJoinRequests, clubMemberships, clubs, users, type ClubRole } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { notifyClubMembership } from "@/server/services/notifications/events";
import { countOwners, lockClub } from "./clubs";
import { getMembership, type Membership } from "./membership";

const LAST_OWNER = "A club needs at least one owner: make someone else an owner first.";

/** Sets a member's role (owners only; the router checks that). Demoting the last owner is refused. */
export async function setMemberRole(db: DbOrTx, clubId: string, userId: string, role: ClubRole): Promise<Membership> {
  return db.transaction(async (tx) => {
    await lockClub(tx, clubId);
    const target = await getMembership(tx, clubId, userId);
    if (!target) throw new DomainError("NOT_FOUND", "That person is not a member of this club.");
    if (target.role === role) return target;
    if (target.role === "owner" && (await countOwners(tx, clubId)) <= 1) throw new DomainError("PRECONDITION", LAST_OWNER);
    const [row] = await tx
      .update(clubMemberships)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId)))
      .returning();
    return { clubId: row!.clubId, userId: row!.userId, role: row!.role, joinedAt: row!.joinedAt };
  });
}

/**
 * Removes `userId` from the club on behalf of `actor` (an owner or director). Directors cannot
 * remove owners; the last owner cannot be removed. Removing yourself is leaving.
 */
export async function removeMember(db: DbOrTx, clubId: string, actor: Membership, userId: string): Promise<void> {
  if (userId === actor.userId) return leaveClub(db, clubId, userId);
  await db.transaction(async (tx) => {
    await lockClub(tx, clubId);
    const target = await getMembership(tx, clubId, userId);
    if (!target) throw new DomainError("NOT_FOUND", "That person is not a member of this club.");
    if (target.role === "owner" && actor.role !== "owner") throw new DomainError("FORBIDDEN", "Directors cannot remove an owner; ask an owner.");
    if (target.role === "owner" && (await countOwners(tx, clubId)) <= 1) throw new DomainError("PRECONDITION", LAST_OWNER);
    await tx.delete(clubMemberships).where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId)));
  });
}

/** The user leaves the club; the last owner cannot leave. */
export async function leaveClub(db: DbOrTx, clubId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockClub(tx, clubId);
    const me = await getMembership(tx, clubId, userId);
    if (!me) throw new DomainError("NOT_FOUND", "You are not a member of this club.");
    if (me.role === "owner" && (await countOwners(tx, clubId)) <= 1)
      throw new DomainError("PRECONDITION", "You are the last owner: make someone else an owner before you leave.");
    await tx.delete(clubMemberships).where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId)));
  });
}

export interface BulkAddReport {
  added: string[];
  alreadyMembers: string[];
  /** Well-formed addresses with no account. */
  unknown: string[];
  /** Entries that are not e-mail addresses. */
  invalid: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Adds existing accounts as members by e-mail and reports what happened to each address. */
export async function bulkAddMembers(db: DbOrTx, clubId: string, emails: string[]): Promise<BulkAddReport> {
  const invalid = emails.filter((e) => !EMAIL.test(e));
  const valid = emails.filter((e) => EMAIL.test(e));
  if (valid.length === 0) return { added: [], alreadyMembers: [], unknown: [], invalid };
  return db.transaction(async (tx) => {
    const accounts = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, valid));
    const byEmail = new Map(accounts.map((a) => [a.email, a.id]));
    const unknown = valid.filter((e) => !byEmail.has(e));
    const ids = accounts.map((a) => a.id);
    const inserted =
      ids.length === 0
        ? []
        : await tx
            .insert(clubMemberships)
            .values(ids.map((userId) => ({ clubId, userId, role: "member" as const })))
            .onConflictDoNothing()
            .returning({ userId: clubMemberships.userId });
    const addedIds = new Set(inserted.map((r) => r.userId));
    if (addedIds.size > 0) {
      // Anyone just added no longer needs their pending request.
      await tx
        .update(clubJoinRequests)
        .set({ status: "approved", decidedAt: new Date() })
        .where(and(eq(clubJoinRequests.clubId, clubId), eq(clubJoinRequests.status, "pending"), inArray(clubJoinRequests.userId, [...addedIds])));
    }
    if (addedIds.size > 0) {
      const [club] = await tx.select({ name: clubs.name, handle: clubs.handle }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
      if (club) await notifyClubMembership(tx, { userIds: [...addedIds], club, how: "added" });
    }
    const added = valid.filter((e) => byEmail.has(e) && addedIds.has(byEmail.get(e)!));
    const alreadyMembers = valid.filter((e) => byEmail.has(e) && !addedIds.has(byEmail.get(e)!));
    return { added, alreadyMembers, unknown, invalid };
  });
}
