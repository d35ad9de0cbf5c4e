/**
 * Invite links: /clubs/join/[code]. Owners and directors create them with an expiry (1–90 days)
 * and an optional use limit, and can revoke them. Accepting an invite makes the user a member
 * (already a member: nothing changes). Uses are counted with a guarded UPDATE, so a limited
 * invite cannot be over-used by racing requests.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubInvites, clubJoinRequests, clubMemberships, clubs, users, type Club, type ClubInvite } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { getMembership } from "./membership";

const DAY_MS = 86_400_000;

/** 12 characters from a 32-letter alphabet without look-alikes: 60 bits, unguessable in practice. */
export function newInviteCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

export type InviteStatus = "active" | "expired" | "revoked" | "used-up";

export function inviteStatus(invite: Pick<ClubInvite, "expiresAt" | "revokedAt" | "maxUses" | "uses">, now = new Date()): InviteStatus {
  if (invite.revokedAt) return "revoked";
  if (invite.expiresAt <= now) return "expired";
  if (invite.maxUses !== null && invite.uses >= invite.maxUses) return "used-up";
  return "active";
}

export interface InviteRow extends ClubInvite {
  status: InviteStatus;
  createdByName: string | null;
}

export async function createInvite(
  db: DbOrTx,
  clubId: string,
  createdBy: string,
  input: { expiresInDays: number; maxUses: number | null },
  now = new Date(),
): Promise<InviteRow> {
  const [row] = await db
    .insert(clubInvites)
    .values({ clubId, createdBy, code: newInviteCode(), expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS), maxUses: input.maxUses })
    .returning();
  const [creator] = await db.select({ name: users.name }).from(users).where(eq(users.id, createdBy));
  return { ...row!, status: inviteStatus(row!, now), createdByName: creator?.name ?? null };
}

/** Every invite of the club, newest first, with its status. */
export async function listInvites(db: DbOrTx, clubId: string, now = new Date()): Promise<InviteRow[]> {
  const rows = await db
    .select({ invite: clubInvites, createdByName: users.name })
    .from(clubInvites)
    .leftJoin(users, eq(users.id, clubInvites.createdBy))
    .where(eq(clubInvites.clubId, clubId))
    .orderBy(desc(clubInvites.createdAt));
  return rows.map((r) => ({ ...r.invite, createdByName: r.createdByName, status: inviteStatus(r.invite, now) }));
}

/** Revokes an invite of this club (revoking twice is harmless). */
export async function revokeInvite(db: DbOrTx, clubId: string, inviteId: string, now = new Date()): Promise<void> {
  const [row] = await db
    .update(clubInvites)
    .set({ revokedAt: sql`coalesce(${clubInvites.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(clubInvites.id, inviteId), eq(clubInvites.clubId, clubId)))
    .returning({ id: clubInvites.id });
  if (!row) throw new DomainError("NOT_FOUND", "That invite does not belong to this club.");
}

const STATUS_MESSAGES: Record<Exclude<InviteStatus, "active">, string> = {
  expired: "This invite link has expired. Ask the club for a new one.",
  revoked: "This invite link was revoked. Ask the club for a new one.",
  "used-up": "This invite link has been used as many times as allowed. Ask the club for a new one.",
};

export interface InvitePreview {
  club: Pick<Club, "id" | "handle" | "name" | "description" | "location">;
  status: InviteStatus;
  expiresAt: Date;
}

/** What the join page shows before joining; NOT_FOUND for an unknown code. */
export async function previewInvite(db: DbOrTx, code: string, now = new Date()): Promise<InvitePreview> {
  const [row] = await db
    .select({ invite: clubInvites, club: { id: clubs.id, handle: clubs.handle, name: clubs.name, description: clubs.description, location: clubs.location } })
    .from(clubInvites)
    .innerJoin(clubs, eq(clubs.id, clubInvites.clubId))
    .where(eq(clubInvites.code, code.trim().toLowerCase()))
    .limit(1);
  if (!row) throw new DomainError("NOT_FOUND", "That invite link is not valid. Check it was copied completely.");
  return { club: row.club, status: inviteStatus(row.invite, now), expiresAt: row.invite.expiresAt };
}

export interface AcceptResult {
  club: Pick<Club, "id" | "handle" | "name">;
  joined: boolean; // false: was already a member
}

/** Joins the club through an invite code. */
export async function acceptInvite(db: DbOrTx, code: string, userId: string, now = new Date()): Promise<AcceptResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invite: clubInvites, club: { id: clubs.id, handle: clubs.handle, name: clubs.name } })
      .from(clubInvites)
      .innerJoin(clubs, eq(clubs.id, clubInvites.clubId))
      .where(eq(clubInvites.code, code.trim().toLowerCase()))
      .limit(1);
    if (!row) throw new DomainError("NOT_FOUND", "That invite link is not valid. Check it was copied completely.");
    if (await getMembership(tx, row.club.id, userId)) return { club: row.club, joined: false };
    const status = inviteStatus(row.invite, now);
    if (status !== "active") throw new DomainError("PRECONDITION", STATUS_MESSAGES[status]);
    const [used] = await tx
      .update(clubInvites)
      .set({ uses: sql`${clubInvites.uses} + 1` })
      .where(
        and(
          eq(clubInvites.id, row.invite.id),
          isNull(clubInvites.revokedAt),
          gt(clubInvites.expiresAt, now),
          or(isNull(clubInvites.maxUses), lt(clubInvites.uses, clubInvites.maxUses)),
        ),
      )
      .returning({ id: clubInvites.id });
    if (!used) throw new DomainError("PRECONDITION", STATUS_MESSAGES["used-up"]);
    const inserted = await tx
      .insert(clubMemberships)
      .values({ clubId: row.club.id, userId, role: "member" })
      .onConflictDoNothing()
      .returning({ userId: clubMemberships.userId });
    await tx
      .update(clubJoinRequests)
      .set({ status: "approved", decidedAt: now })
      .where(and(eq(clubJoinRequests.clubId, row.club.id), eq(clubJoinRequests.userId, userId), eq(clubJoinRequests.status, "pending")));
    return { club: row.club, joined: inserted.length > 0 };
  });
}
