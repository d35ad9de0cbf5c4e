/**
 * Accounts: sign-up, credential checks with a per-account lock after repeated failures, profile.
 * Sign-in itself is Auth.js's (server/auth.ts); it calls `verifyCredentials` here.
 */
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
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

/**
 * Checks an e-mail and password, counting failures and locking the account after too many.
 *
 * Every attempt is counted *before* the slow hash, in one UPDATE that also checks the lock, so
 * parallel guesses (on any number of instances) cannot all slip past a lock that none of them
 * has set yet:
 * 1. admit: `failed_sign_ins + 1` where the account is not locked (an expired lock starts a
 *    fresh count), returning the count; a locked account is refused without hashing;
 * 2. an attempt numbered past MAX_FAILED_SIGN_INS is refused without hashing and locks the account;
 * 3. scrypt; a right password clears the count and any lock (it was one of the allowed attempts);
 * 4. a wrong one stays counted; once the count reaches MAX_FAILED_SIGN_INS the account is locked.
 */
export async function verifyCredentials(db: DbOrTx, email: string, password: string, now = new Date()): Promise<CredentialCheck> {
  const notLocked = or(isNull(users.lockedUntil), lte(users.lockedUntil, now));
  const [admitted] = await db
    .update(users)
    .set({
      failedSignIns: sql`case when ${users.lockedUntil} is null then ${users.failedSignIns} + 1 else 1 end`,
      lockedUntil: null,
    })
    .where(and(eq(users.email, email), notLocked))
    .returning({ id: users.id, email: users.email, name: users.name, passwordHash: users.passwordHash, attempt: users.failedSignIns });
  if (!admitted) {
    const [user] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.email, email)).limit(1);
    return user?.lockedUntil ? { ok: false, reason: "locked", until: user.lockedUntil } : { ok: false, reason: "invalid" };
  }
  /** Locks the account unless a right password has cleared the count meanwhile; says how it stands. */
  const lock = async (): Promise<CredentialCheck> => {
    const until = new Date(now.getTime() + LOCK_MINUTES * 60_000);
    const [after] = await db
      .update(users)
      .set({
        lockedUntil: sql`case when ${users.lockedUntil} is null and ${users.failedSignIns} >= ${MAX_FAILED_SIGN_INS} then ${until.toISOString()}::timestamptz else ${users.lockedUntil} end`,
      })
      .where(eq(users.id, admitted.id))
      .returning({ lockedUntil: users.lockedUntil });
    return after?.lockedUntil ? { ok: false, reason: "locked", until: after.lockedUntil } : { ok: false, reason: "invalid" };
  };
  if (admitted.attempt > MAX_FAILED_SIGN_INS) return lock();
  if (await verifyPassword(password, admitted.passwordHash)) {
    await db.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, admitted.id));
    return { ok: true, user: toPublic(admitted) };
  }
  return admitted.attempt >= MAX_FAILED_SIGN_INS ? lock() : { ok: false, reason: "invalid" };
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
