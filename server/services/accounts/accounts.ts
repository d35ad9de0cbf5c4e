/**
 * Accounts: sign-up, credential checks with a per-account lock after repeated failures, profile.
 * Sign-in itself is Auth.js's (server/auth.ts); it calls `verifyCredentials` here.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { hashPassword, verifyPassword } from "./password";

/** After this many wrong passwords in a row the account is locked for LOCK_MINUTES. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

export interface PublicUser {
  id: string;
  email: string;
  name: string;
}

const toPublic = (u: { id: string; email: string; name: string }): PublicUser => ({ id: u.id, email: u.email, name: u.name });

/** Creates an account; a taken e-mail is a CONFLICT on the email field. */
export async function signUp(db: DbOrTx, input: { email: string; name: string; password: string }): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) throw new DomainError("CONFLICT", "An account with this e-mail already exists. Sign in instead?", "email");
  return toPublic(row);
}

export type CredentialCheck =
  | { ok: true; user: PublicUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; until: Date };

/** Checks an e-mail and password, counting failures and locking the account after too many. */
export async function verifyCredentials(db: DbOrTx, email: string, password: string, now = new Date()): Promise<CredentialCheck> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { ok: false, reason: "invalid" };
  if (user.lockedUntil && user.lockedUntil > now) return { ok: false, reason: "locked", until: user.lockedUntil };
  if (await verifyPassword(password, user.passwordHash)) {
    if (user.failedSignIns > 0 || user.lockedUntil) {
      await db.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, user.id));
    }
    return { ok: true, user: toPublic(user) };
  }
  // Increment atomically so parallel guesses all count.
  const [after] = await db
    .update(users)
    .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
    .where(eq(users.id, user.id))
    .returning({ failed: users.failedSignIns });
  if (after && after.failed >= MAX_FAILED_SIGN_INS) {
    const until = new Date(now.getTime() + LOCK_MINUTES * 60_000);
    await db.update(users).set({ lockedUntil: until, failedSignIns: 0 }).where(eq(users.id, user.id));
    return { ok: false, reason: "locked", until };
  }
  return { ok: false, reason: "invalid" };
}

export async function getUser(db: DbOrTx, id: string): Promise<PublicUser | null> {
  const [u] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}

export async function updateProfile(db: DbOrTx, userId: string, input: { name: string }): Promise<PublicUser> {
  const [u] = await db.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (!u) throw new DomainError("NOT_FOUND", "Your account no longer exists.");
  return toPublic(u);
}
