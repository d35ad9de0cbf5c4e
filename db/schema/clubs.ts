/**
 * Clubs: the club itself, who belongs to it and in which role, invite codes and join requests.
 *
 * Roles live on the membership row (one row per club and user); a club may have several owners and
 * directors. Invites are random codes with an expiry and an optional use limit; revoking sets
 * `revoked_at` (rows are kept so an old link explains itself). Join requests are only for public
 * clubs; at most one request per user and club is pending at a time (partial unique index).
 */
import { relations, sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { RULESET_IDS, type RulesetId } from "@/engine";
import { CLUB_ROLES, CLUB_VISIBILITIES, JOIN_REQUEST_STATUSES } from "@/server/domain";

// The lists' homes are the engine (games) and the domain's vocabulary; the schema re-exports them.
export const RULESETS = RULESET_IDS;
export type { RulesetId };
export { CLUB_ROLES, CLUB_VISIBILITIES, JOIN_REQUEST_STATUSES };
export type { ClubRole, ClubVisibility, JoinRequestStatus } from "@/server/domain";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const clubs = pgTable(
  "clubs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lowercase slug used in URLs (/clubs/[handle]); unique. */
    handle: text("handle").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    location: text("location").notNull().default(""),
    defaultRuleset: text("default_ruleset", { enum: RULESETS }).notNull().default("equate"),
    visibility: text("visibility", { enum: CLUB_VISIBILITIES }).notNull().default("public"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("clubs_handle_key").on(t.handle),
    index("clubs_name_idx").on(t.name),
    check("clubs_default_ruleset_check", sql`${t.defaultRuleset} in (${inList(RULESETS)})`),
    check("clubs_visibility_check", sql`${t.visibility} in (${inList(CLUB_VISIBILITIES)})`),
  ],
);

export const clubMemberships = pgTable(
  "club_memberships",
  {
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: CLUB_ROLES }).notNull().default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId], name: "club_memberships_pkey" }),
    index("club_memberships_user_idx").on(t.userId),
    index("club_memberships_club_role_idx").on(t.clubId, t.role),
    check("club_memberships_role_check", sql`${t.role} in (${inList(CLUB_ROLES)})`),
  ],
);

export const clubInvites = pgTable(
  "club_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    /** Random, URL-safe; the link is /clubs/join/[code]. */
    code: text("code").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Null = unlimited uses until it expires. */
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("club_invites_code_key").on(t.code), index("club_invites_club_idx").on(t.clubId)],
);

export const clubJoinRequests = pgTable(
  "club_join_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull().default(""),
    status: text("status", { enum: JOIN_REQUEST_STATUSES }).notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("club_join_requests_one_pending_key").on(t.clubId, t.userId).where(sql`${t.status} = 'pending'`),
    index("club_join_requests_club_status_idx").on(t.clubId, t.status),
    check("club_join_requests_status_check", sql`${t.status} in (${inList(JOIN_REQUEST_STATUSES)})`),
  ],
);

export const clubsRelations = relations(clubs, ({ many, one }) => ({
  memberships: many(clubMemberships),
  invites: many(clubInvites),
  joinRequests: many(clubJoinRequests),
  creator: one(users, { fields: [clubs.createdBy], references: [users.id] }),
}));

export const clubMembershipsRelations = relations(clubMemberships, ({ one }) => ({
  club: one(clubs, { fields: [clubMemberships.clubId], references: [clubs.id] }),
  user: one(users, { fields: [clubMemberships.userId], references: [users.id] }),
}));

export const clubInvitesRelations = relations(clubInvites, ({ one }) => ({
  club: one(clubs, { fields: [clubInvites.clubId], references: [clubs.id] }),
}));

export const clubJoinRequestsRelations = relations(clubJoinRequests, ({ one }) => ({
  club: one(clubs, { fields: [clubJoinRequests.clubId], references: [clubs.id] }),
  user: one(users, { fields: [clubJoinRequests.userId], references: [users.id] }),
}));

export type Club = typeof clubs.$inferSelect;
export type ClubMembership = typeof clubMemberships.$inferSelect;
export type ClubInvite = typeof clubInvites.$inferSelect;
export type ClubJoinRequest = typeof clubJoinRequests.$inferSelect;
