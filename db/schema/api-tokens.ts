/**
 * Personal API tokens (docs/api.md "Authentication"): a script sends `Authorization: Bearer eqt_…`.
 * Only the SHA-256 hash of the token is kept (the token is 32 random bytes, so a fast hash is
 * enough: there is nothing to guess that a slow hash would protect), with its first characters
 * (`prefix`) so its owner can tell tokens apart. `session_version` is the owner's
 * `users.session_version` when the token was made: a password change or reset, or deleting the
 * account, raises that number and so ends every token made before, as it ends sessions.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { API_TOKEN_SCOPES } from "@/server/domain";
import { users } from "./users";

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** the token's first characters (`eqt_` and 4 more), shown in the list */
    prefix: text("prefix").notNull(),
    scope: text("scope", { enum: API_TOKEN_SCOPES }).notNull(),
    sessionVersion: integer("session_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** updated at most once a minute per token (a script's every call would otherwise write) */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_tokens_hash_key").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

export type ApiToken = typeof apiTokens.$inferSelect;
