/**
 * Personal API tokens (docs/api.md "Authentication"). A token is `eqt_` and 32 random bytes in
 * base64url, shown once when made; only its SHA-256 hash is stored. A fast hash is right here,
 * unlike for passwords: 256 random bits cannot be guessed, so a slow hash (bcrypt, scrypt) would
 * only cost every API call a few milliseconds of CPU for no gain, and a hash lookup stays one
 * indexed read.
 *
 * A token speaks for its owner while: it is not revoked, the account is not deleted, and the
 * account's `session_version` is the one the token was made under — a password change or reset
 * raises it (server/services/accounts/recovery.ts), which ends every token made before, as it
 * ends every session: whoever knew the old password could have made one.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { apiTokens, users } from "@/db/schema";
import type { ApiTokenScope } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { API_TOKEN_PATTERN, MAX_LIVE_TOKENS, type CreateApiTokenInput } from "./schemas";

export const TOKEN_PREFIX = "eqt_";
/** `last_used_at` is written at most this often per token (every call would otherwise write). */
export const LAST_USED_RESOLUTION_MS = 60_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** What the owner sees of a token in the list (never the hash). */
export interface ApiTokenView {
  id: string;
  name: string;
  prefix: string;
  scope: ApiTokenScope;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** `revoked` by its owner, `ended` by a password change or reset since it was made, else `active` */
  status: "active" | "revoked" | "ended";
}

/** Makes a token for `userId`; the answer is the only time the token itself is seen. */
export async function createApiToken(db: DbOrTx, userId: string, input: CreateApiTokenInput): Promise<{ token: string; view: ApiTokenView }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return db.transaction(async (tx) => {
    // lock the owner's row: two creations at once cannot both pass the count
    const [owner] = await tx.select({ sv: users.sessionVersion }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).for("update");
    if (!owner) throw new DomainError("UNAUTHENTICATED", "Please sign in first.");
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), eq(apiTokens.sessionVersion, owner.sv)));
    if ((live?.n ?? 0) >= MAX_LIVE_TOKENS) throw new DomainError("CONFLICT", `You have ${MAX_LIVE_TOKENS} tokens already: revoke one you no longer use first.`, "name");
    const [row] = await tx
      .insert(apiTokens)
      .values({ userId, name: input.name.trim(), scope: input.scope, tokenHash: hashOf(token), prefix: token.slice(0, TOKEN_PREFIX.length + 4), sessionVersion: owner.sv })
      .returning();
    return { token, view: toView(row!, owner.sv) };
  });
}

/** The owner's tokens, newest first. */
export async function listApiTokens(db: DbOrTx, userId: string): Promise<ApiTokenView[]> {
  const rows = await db
    .select({ t: apiTokens, sv: users.sessionVersion })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((r) => toView(r.t, r.sv));
}

/** Revokes one of the owner's tokens (again: no change). Someone else's token is NOT_FOUND, as is an unknown one. */
export async function revokeApiToken(db: DbOrTx, userId: string, tokenId: string): Promise<{ ok: true }> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (!row) throw new DomainError("NOT_FOUND", "That token does not exist.");
  return { ok: true };
}

/** Who a presented token speaks for, and with which scope; null when it names nobody now. */
export async function authenticateApiToken(
  db: DbOrTx,
  token: string,
  now = Date.now(),
): Promise<{ user: { id: string; email: string; name: string }; token: { id: string; scope: ApiTokenScope } } | null> {
  if (!API_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: apiTokens.id, scope: apiTokens.scope, lastUsedAt: apiTokens.lastUsedAt, userId: users.id, email: users.email, name: users.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashOf(token)), isNull(apiTokens.revokedAt), isNull(users.deletedAt), eq(users.sessionVersion, apiTokens.sessionVersion)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.update(apiTokens).set({ lastUsedAt: new Date(now) }).where(eq(apiTokens.id, row.id));
  }
  return { user: { id: row.userId, email: row.email, name: row.name }, token: { id: row.id, scope: row.scope } };
}

function toView(t: typeof apiTokens.$inferSelect, ownerSessionVersion: number): ApiTokenView {
  const status = t.revokedAt ? "revoked" : t.sessionVersion !== ownerSessionVersion ? "ended" : "active";
  return { id: t.id, name: t.name, prefix: t.prefix, scope: t.scope, createdAt: t.createdAt, lastUsedAt: t.lastUsedAt, revokedAt: t.revokedAt, status };
}
