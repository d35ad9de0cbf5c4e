/**
 * Clubs: create (the creator becomes the first owner), edit details, look up by handle, the
 * searchable directory and "my clubs". Membership changes are in members.ts, invites.ts and
 * join-requests.ts; role checks in membership.ts.
 */
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubJoinRequests, clubMemberships, clubs, users, type Club, type ClubRole } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { getMembership, type Membership } from "./membership";
import { clubDetailsPatch, type ClubDetailsPatch, type CreateClubInput } from "./schemas";

export interface ClubSummary {
  id: string;
  handle: string;
  name: string;
  location: string;
  description: string;
  defaultRuleset: Club["defaultRuleset"];
  visibility: Club["visibility"];
  memberCount: number;
}

export interface ClubMemberRow {
  userId: string;
  name: string;
  role: ClubRole;
  joinedAt: Date;
}

const ROLE_ORDER = sql<number>`case ${clubMemberships.role} when 'owner' then 0 when 'director' then 1 else 2 end`;

/** Creates a club with `ownerId` as its first owner; a taken handle is a CONFLICT on "handle". */
export async function createClub(db: DbOrTx, ownerId: string, input: CreateClubInput): Promise<Club> {
  const club = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clubs)
      .values({ ...input, createdBy: ownerId })
      .onConflictDoNothing({ target: clubs.handle })
      .returning();
    if (!row) return null;
    await tx.insert(clubMemberships).values({ clubId: row.id, userId: ownerId, role: "owner" });
    return row;
  });
  if (!club) throw new DomainError("CONFLICT", `The handle "${input.handle}" is taken; please choose another.`, "handle");
  return club;
}

const PATCH_KEYS = Object.keys(clubDetailsPatch.shape) as (keyof ClubDetailsPatch)[];

/**
 * Edits a club's details (not its handle: links to the club stay valid). A patch: only the fields
 * present change, an absent field keeps its value.
 */
export async function updateClub(db: DbOrTx, clubId: string, patch: ClubDetailsPatch): Promise<Club> {
  // Only the detail fields that were sent (the router's input also carries clubId).
  const set: ClubDetailsPatch = {};
  for (const key of PATCH_KEYS) if (patch[key] !== undefined) Object.assign(set, { [key]: patch[key] });
  const [row] = await db.update(clubs).set({ ...set, updatedAt: new Date() }).where(eq(clubs.id, clubId)).returning();
  if (!row) throw new DomainError("NOT_FOUND", "That club does not exist.");
  return row;
}

export async function getClubById(db: DbOrTx, clubId: string): Promise<Club | null> {
  const [row] = await db.select().from(clubs).where(eq(clubs.id, clubId)).limit(1);
  return row ?? null;
}

export async function listMembers(db: DbOrTx, clubId: string): Promise<ClubMemberRow[]> {
  return db
    .select({ userId: clubMemberships.userId, name: users.name, role: clubMemberships.role, joinedAt: clubMemberships.joinedAt })
    .from(clubMemberships)
    .innerJoin(users, eq(users.id, clubMemberships.userId))
    .where(eq(clubMemberships.clubId, clubId))
    .orderBy(ROLE_ORDER, asc(users.name));
}

export interface ClubPage {
  club: Club;
  members: ClubMemberRow[];
  /** The viewer's membership, if signed in and a member. */
  membership: Membership | null;
  /** Whether the signed-in viewer has a pending join request. */
  pendingRequest: boolean;
}

/** Everything the club page shows; NOT_FOUND for an unknown handle. */
export async function getClubPage(db: DbOrTx, handle: string, viewerId: string | null): Promise<ClubPage> {
  const [club] = await db.select().from(clubs).where(eq(clubs.handle, handle.trim().toLowerCase())).limit(1);
  if (!club) throw new DomainError("NOT_FOUND", "There is no club with that handle.");
  const [members, membership, pending] = await Promise.all([
    listMembers(db, club.id),
    viewerId ? getMembership(db, club.id, viewerId) : Promise.resolve(null),
    viewerId
      ? db
          .select({ id: clubJoinRequests.id })
          .from(clubJoinRequests)
          .where(and(eq(clubJoinRequests.clubId, club.id), eq(clubJoinRequests.userId, viewerId), eq(clubJoinRequests.status, "pending")))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return { club, members, membership, pendingRequest: pending.length > 0 };
}

// names written out, with an alias inside: in a one-table select (listClubs) Drizzle renders a
// column bare, so `club_id = id` would be right only while club_memberships has no "id" column
const memberCount = sql<number>`(select count(*)::int from "club_memberships" cm where cm."club_id" = "clubs"."id")`.mapWith(Number);

const summaryColumns = {
  id: clubs.id,
  handle: clubs.handle,
  name: clubs.name,
  location: clubs.location,
  description: clubs.description,
  defaultRuleset: clubs.defaultRuleset,
  visibility: clubs.visibility,
  memberCount,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The club directory: every club, optionally filtered by name, handle or location. */
export async function listClubs(db: DbOrTx, input: { query: string; limit: number }): Promise<ClubSummary[]> {
  const q = input.query.trim();
  const pattern = `%${escapeLike(q)}%`;
  return db
    .select(summaryColumns)
    .from(clubs)
    .where(q ? or(ilike(clubs.name, pattern), ilike(clubs.handle, pattern), ilike(clubs.location, pattern)) : undefined)
    .orderBy(asc(clubs.name))
    .limit(input.limit);
}

/** The clubs a user belongs to, with their role in each. */
export async function listMyClubs(db: DbOrTx, userId: string): Promise<(ClubSummary & { role: ClubRole })[]> {
  return db
    .select({ ...summaryColumns, role: clubMemberships.role })
    .from(clubMemberships)
    .innerJoin(clubs, eq(clubs.id, clubMemberships.clubId))
    .where(eq(clubMemberships.userId, userId))
    .orderBy(ROLE_ORDER, asc(clubs.name));
}

/** How many owners a club has (a club always keeps at least one). */
export async function countOwners(db: DbOrTx, clubId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clubMemberships)
    .where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.role, "owner")));
  return row?.n ?? 0;
}

/** Serialises changes that must keep "at least one owner" true when two requests race. */
export async function lockClub(tx: DbOrTx, clubId: string): Promise<void> {
  const [row] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for("update");
  if (!row) throw new DomainError("NOT_FOUND", "That club does not exist.");
}
