/**
 * Accounts. Passwords are stored only as scrypt hashes (see server/services/accounts/password.ts).
 * Sign-in failures are counted per e-mail address *and* client in `sign_in_attempts`, so a guesser
 * locks only themselves out (docs/security.md). One-time links (password reset, e-mail change) are
 * stored as SHA-256 hashes in `account_tokens`; the mail the server could not send (no `SMTP_URL`)
 * waits in `mail_outbox` for a site admin.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ACCOUNT_TOKEN_PURPOSES, THEMES, type NotificationKind } from "@/server/domain";

/** Per kind of notification: also send it by e-mail? A kind not listed takes its default. */
export type NotificationPrefs = Partial<Record<NotificationKind, boolean>>;

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** No longer used (the lock moved to sign_in_attempts in 0011); kept so instances of the
     * previous release keep working during a roll-out (docs/deployment.md), dropped later. */
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    /** No longer used, see failedSignIns. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Raised when the password changes or the account is deleted: a session cookie carrying an
     * older value no longer signs anyone in (server/auth.ts `userFromRequest`). */
    sessionVersion: integer("session_version").notNull().default(0),
    theme: text("theme", { enum: THEMES }).notNull().default("system"),
    notificationPrefs: jsonb("notification_prefs").$type<NotificationPrefs>().notNull().default({}),
    /** May read the outbox (mail kept when no SMTP server is configured); set with `npm run site-admin`. */
    siteAdmin: boolean("site_admin").notNull().default(false),
    /** Set when the account was deleted: the row stays, anonymised, so games and ratings keep their player. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), index("users_name_idx").on(t.name)],
);

export type User = typeof users.$inferSelect;

/** Consecutive wrong passwords for one address from one client, and that pair's lock. */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    email: text("email").notNull(),
    client: text("client").notNull(),
    failed: integer("failed").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "sign_in_attempts_pkey", columns: [t.email, t.client] }), index("sign_in_attempts_updated_idx").on(t.updatedAt)],
);

/** A one-time link sent by e-mail: only its SHA-256 hash is kept; `used_at` makes it single-use. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** e-mail change: the address being confirmed */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("account_tokens_hash_key").on(t.tokenHash), index("account_tokens_user_idx").on(t.userId)],
);

/** Mail kept instead of sent (no SMTP_URL): shown to site admins at /admin/outbox. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);
