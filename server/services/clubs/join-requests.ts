/**
 * Join requests: a signed-in user asks to join a public club; an owner or director approves
 * (the user becomes a member) or declines. One pending request per user and club (unique index).
 */
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubJoinRequests, clubMemberships, clubs, users, type Club, type ClubJoinRequest } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { notifyClubMembership } from "@/server/services/notifications/events";
import { getMembership } from "./membership";

/** Asks to join a public club. Members, invite-only clubs and duplicate requests are refused. */
export async function requestToJoin(db: DbOrTx, club: Pick<Club, "id" | "visibility">, userId: string, message: string): Promise<ClubJoinRequest> {
  if (await getMembership(db, club.id, userId)) throw new DomainError("CONFLICT", "You are already a member of this club.");
  if (club.visibility !== "public") throw new DomainError("FORBIDDEN", "This club is invite-only: ask a director for an invite link.");
  const [row] = await db
    .insert(clubJoinRequests)
    .values({ clubId: club.id, userId, message })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new DomainError("CONFLICT", "You have already asked to join; a director will answer soon.");
  return row;
}

/** Withdraws the user's own pending request. */
export async function cancelJoinRequest(db: DbOrTx, clubId: string, userId: string): Promise<void> {
  const [row] = await db
    .update(clubJoinRequests)
    .set({ status: "cancelled", decidedAt: new Date() })
    .where(and(eq(clubJoinRequests.clubId, clubId), eq(clubJoinRequests.userId, userId), eq(clubJoinRequests.status, "pending")))
    .returning({ id: clubJoinRequests.id });
  if (!row) throw new DomainError("NOT_FOUND", "You have no pending request to join this club.");
}

export interface PendingRequestRow {
  id: string;
  userId: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date;
}

/** Pending requests, oldest first (for owners and directors). */
export async function listPendingRequests(db: DbOrTx, clubId: string): Promise<PendingRequestRow[]> {
  return db
    .select({
      id: clubJoinRequests.id,
      userId: clubJoinRequests.userId,
      name: users.name,
      email: users.email,
      message: clubJoinRequests.message,
      createdAt: clubJoinRequests.createdAt,
    })
    .from(clubJoinRequests)
    .innerJoin(users, eq(users.id, clubJoinRequests.userId))
    .where(and(eq(clubJoinRequests.clubId, clubId), eq(clubJoinRequests.status, "pending")))
    .orderBy(asc(clubJoinRequests.createdAt));
}

/** Approves (adds the member) or declines a pending request of this club. */
export async function decideJoinRequest(
  db: DbOrTx,
  clubId: string,
  requestId: string,
  decision: "approve" | "decline",
  deciderId: string,
  now = new Date(),
): Promise<{ status: "approved" | "declined"; userId: string }> {
  return db.transaction(async (tx) => {
    const status = decision === "approve" ? ("approved" as const) : ("declined" as const);
    const [row] = await tx
      .update(clubJoinRequests)
      .set({ status, decidedBy: deciderId, decidedAt: now })
      .where(and(eq(clubJoinRequests.id, requestId), eq(clubJoinRequests.clubId, clubId), eq(clubJoinRequests.status, "pending")))
      .returning({ userId: clubJoinRequests.userId });
    if (!row) throw new DomainError("NOT_FOUND", "That request is no longer pending; someone may have answered it already.");
    if (status === "approved") {
      await tx.insert(clubMemberships).values({ clubId, userId: row.userId, role: "member" }).onConflictDoNothing();
      const [club] = await tx.select({ name: clubs.name, handle: clubs.handle }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
      if (club) await notifyClubMembership(tx, { userIds: [row.userId], club, how: "approved" });
    }
    return { status, userId: row.userId };
  });
}
