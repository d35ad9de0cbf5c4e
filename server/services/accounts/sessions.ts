/**
 * Verified sessions, cached in process (docs/security.md, "Session cache"). Decoding the Auth.js
 * cookie (a JWE: key derivation and AES) and reading the user cost ≈ 3 ms a request; a cached
 * session costs a Map lookup. The cache is keyed by the session token itself (the cookie's value),
 * so nothing else can hit an entry, and it is bounded (least recently used go first).
 *
 * What must still hold for a cached entry, and how it does:
 * - the token's expiry: an entry is never used past the token's `exp`;
 * - a password change or reset, a deletion, a new name or e-mail (`users.session_version`,
 *   `deleted_at`, the profile): the accounts service calls `forgetSessionsOf(userId)` on this
 *   instance at once; another instance re-reads the user at the latest `RECHECK_MS` after its
 *   last check (without decoding the cookie again);
 * - sign-out: Auth.js's `signOut` event forgets the user's entries (server/auth.ts); the browser
 *   drops the cookie. (A copied cookie stays valid until it expires, cache or not: JWT sessions.)
 * Refusals are not cached: a forged or expired cookie is decoded every time, as before.
 */
import type { DbOrTx } from "@/db/client";
import { and, eq, isNull } from "drizzle-orm";
import { users } from "@/db/schema";
import { LruMap } from "@/engine";
import type { PublicUser } from "./accounts";

/** How many sessions one instance keeps (≈ 300 bytes each). */
export const SESSION_CACHE_MAX = 20_000;
/** How long a cached user is trusted before the row is read again (other instances' changes). */
export const RECHECK_MS = 30_000;

interface Entry {
  user: PublicUser;
  sessionVersion: number;
  /** the token's expiry (ms) */
  expiresAt: number;
  /** when the user row was last read */
  checkedAt: number;
}

const cache = new LruMap<string, Entry>(SESSION_CACHE_MAX);

/** What the cookie says once decoded (the caller decodes: Auth.js is not a service's business). */
export interface DecodedSession {
  userId: string;
  sessionVersion: number;
  /** ms since the epoch */
  expiresAt: number;
}

/**
 * The user a session token names, from the cache when it can be trusted, else by `decode` (only
 * on a miss) and one read of the user. Null: no valid session.
 */
export async function sessionUser(db: DbOrTx | (() => Promise<DbOrTx>), token: string, decode: () => Promise<DecodedSession | null>, now = Date.now()): Promise<PublicUser | null> {
  const hit = cache.get(token);
  if (hit && now < hit.expiresAt) {
    if (now - hit.checkedAt < RECHECK_MS) return hit.user;
    const user = await getSessionUser(typeof db === "function" ? await db() : db, hit.user.id, hit.sessionVersion);
    if (!user) return forget(token);
    cache.set(token, { ...hit, user, checkedAt: now });
    return user;
  }
  if (hit) cache.delete(token);
  const s = await decode();
  if (!s || now >= s.expiresAt) return null;
  const user = await getSessionUser(typeof db === "function" ? await db() : db, s.userId, s.sessionVersion);
  if (!user) return null;
  cache.set(token, { user, sessionVersion: s.sessionVersion, expiresAt: s.expiresAt, checkedAt: now });
  return user;
}

function forget(token: string): null {
  cache.delete(token);
  return null;
}

/** The user's sessions must be verified again on this instance (password, deletion, profile, sign-out). */
export function forgetSessionsOf(userId: string): void {
  for (const [token, e] of cache) if (e.user.id === userId) cache.delete(token);
}

/** Forget every cached session (tests). */
export function clearSessionCache(): void {
  cache.clear();
}

/** How many sessions are cached (tests). */
export function cachedSessions(): number {
  return cache.size;
}

/**
 * The user a session cookie names, or null when the account is gone or the cookie was issued
 * before the password last changed (its session version is older): that is how a password change,
 * a reset or a deletion ends the other sessions at once, JWTs being unrevocable otherwise.
 * Cookies from before session versions existed carry none and count as version 0.
 */
export async function getSessionUser(db: DbOrTx, id: string, sessionVersion: number): Promise<PublicUser | null> {
  const [u] = await db
    .select({ id: users.id, email: users.email, name: users.name, sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return u && u.sessionVersion === sessionVersion ? { id: u.id, email: u.email, name: u.name } : null;
}
