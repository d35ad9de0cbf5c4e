/**
 * Accounts: sign-up, credential checks with a lock after repeated failures, the signed-in user and
 * the profile. Sign-in itself is Auth.js's (server/auth.ts); it calls `verifyCredentials` here.
 * Password reset and e-mail change are in ./recovery.ts, the data download and deletion in ./data.ts.
 *
 * What an outsider must not learn (docs/security.md "Accounts"): whether an address has an
 * account. `register` answers the same for a taken address (and mails its owner), and
 * `verifyCredentials` runs scrypt and counts failures for unknown addresses too, so neither the
 * answer, the lock nor the time taken differ.
 */
import { and, eq, isNull, lt, or, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { signInAttempts, users, type NotificationPrefs } from "@/db/schema";
import type { Theme } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { afterTheAnswer, appUrl, listOutbox, rightAway, sendMail, type Later, type OutboxMessage } from "@/server/services/mail/mail";
import { hashPassword, verifyPassword } from "./password";
import { forgetSessionsOf } from "./sessions";

/** After this many wrong passwords in a row from one client the address is locked for LOCK_MINUTES, for that client. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

export interface PublicUser {
  id: string;
  email: string;
  name: string;
}

const toPublic = (u: { id: string; email: string; name: string }): PublicUser => ({ id: u.id, email: u.email, name: u.name });

/** Not a live account: deleted accounts keep their row (anonymised) for games and ratings. */
const live = isNull(users.deletedAt);

/**
 * Creates an account; a taken e-mail is a CONFLICT on the email field. For seeds, scripts and
 * `register`; the public procedure is `register`, which does not reveal that an address is taken.
 */
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

/**
 * Sign-up as the public sees it: the same answer whether or not the address is taken. A new
 * address gets its account (the page then signs in); a taken one gets an e-mail telling its owner
 * that someone tried, with the way to sign in or reset the password. Both paths hash the password,
 * so they take the same time; the mail goes out after the answer.
 */
export async function register(db: DbOrTx, input: { email: string; name: string; password: string }, later?: Later): Promise<{ ok: true }> {
  try {
    await signUp(db, input);
  } catch (err) {
    if (!(err instanceof DomainError && err.code === "CONFLICT")) throw err;
    // after the answer over HTTP: even the outbox row (no SMTP_URL) must not make this path slower
    await afterTheAnswer(later, "the taken-address notice", () =>
      sendMail(
        db,
        {
          to: input.email,
          subject: "Someone tried to create an Equalis account with your address",
          text: [
            "Someone (perhaps you) tried to create an Equalis account with this e-mail address, which already has one.",
            "",
            `If it was you, sign in: ${appUrl()}/signin`,
            `Forgot your password? Choose a new one here: ${appUrl()}/forgot-password`,
            "",
            "If it was not you, you can ignore this message: nothing has changed.",
          ].join("\n"),
        },
        later ? rightAway : undefined,
      ),
    );
  }
  return { ok: true };
}

export type CredentialCheck =
  | { ok: true; user: PublicUser & { sessionVersion: number } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; until: Date };

/** A hash of nothing anyone knows: unknown addresses are checked against it, so they take as long as real ones. */
let decoy: Promise<string> | null = null;
const decoyHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}`));

/** Rows untouched this long are forgotten (a fresh count), and pruned now and then. */
const ATTEMPTS_KEEP_MS = 24 * 3600_000;

/**
 * Checks an e-mail and password for one client (a network address, or "profile" for the profile
 * page's password checks), counting failures per address *and* client and locking that pair after
 * too many. A guesser thus locks only their own client out: the owner signs in from theirs, and a
 * reset link always works (it clears every lock on the address).
 *
 * Every attempt is counted *before* the slow hash, in one upsert that also checks the lock, so
 * parallel guesses (on any number of instances) cannot all slip past a lock that none of them
 * has set yet:
 * 1. admit: `failed + 1` where the pair is not locked (an expired lock, or a count untouched for a
 *    day, starts a fresh count), returning the count; a locked pair is refused without hashing;
 * 2. an attempt numbered past MAX_FAILED_SIGN_INS is refused without hashing and locks the pair;
 * 3. scrypt — against a decoy hash when the address has no account, so the time is the same;
 *    a right password clears the pair's count (it was one of the allowed attempts);
 * 4. a wrong one stays counted; once the count reaches MAX_FAILED_SIGN_INS the pair is locked.
 * Unknown addresses are counted and locked exactly like real ones, so the lock tells nothing.
 */
export async function verifyCredentials(
  db: DbOrTx,
  email: string,
  password: string,
  opts: { client?: string; now?: Date } = {},
): Promise<CredentialCheck> {
  const client = opts.client ?? "unknown";
  const now = opts.now ?? new Date();
  const fresh = new Date(now.getTime() - ATTEMPTS_KEEP_MS);
  const [admitted] = await db
    .insert(signInAttempts)
    .values({ email, client, failed: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [signInAttempts.email, signInAttempts.client],
      set: {
        failed: sql`case when ${signInAttempts.lockedUntil} is null and ${signInAttempts.updatedAt} > ${fresh.toISOString()}::timestamptz then ${signInAttempts.failed} + 1 else 1 end`,
        lockedUntil: null,
        updatedAt: now,
      },
      setWhere: or(isNull(signInAttempts.lockedUntil), lte(signInAttempts.lockedUntil, now)),
    })
    .returning({ attempt: signInAttempts.failed });
  const pair = and(eq(signInAttempts.email, email), eq(signInAttempts.client, client));
  if (!admitted) {
    const [held] = await db.select({ lockedUntil: signInAttempts.lockedUntil }).from(signInAttempts).where(pair).limit(1);
    return held?.lockedUntil ? { ok: false, reason: "locked", until: held.lockedUntil } : { ok: false, reason: "invalid" };
  }
  // now and then, forget pairs nobody has used for a day (addresses sprayed by a guesser)
  if (Math.random() < 0.01) await db.delete(signInAttempts).where(lt(signInAttempts.updatedAt, fresh));
  /** Locks the pair unless a right password has cleared the count meanwhile; says how it stands. */
  const lock = async (): Promise<CredentialCheck> => {
    const until = new Date(now.getTime() + LOCK_MINUTES * 60_000);
    const [after] = await db
      .update(signInAttempts)
      .set({
        lockedUntil: sql`case when ${signInAttempts.lockedUntil} is null and ${signInAttempts.failed} >= ${MAX_FAILED_SIGN_INS} then ${until.toISOString()}::timestamptz else ${signInAttempts.lockedUntil} end`,
      })
      .where(pair)
      .returning({ lockedUntil: signInAttempts.lockedUntil });
    return after?.lockedUntil ? { ok: false, reason: "locked", until: after.lockedUntil } : { ok: false, reason: "invalid" };
  };
  if (admitted.attempt > MAX_FAILED_SIGN_INS) return lock();
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, passwordHash: users.passwordHash, sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.email, email), live))
    .limit(1);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (user && matches) {
    await db.delete(signInAttempts).where(pair);
    return { ok: true, user: { ...toPublic(user), sessionVersion: user.sessionVersion } };
  }
  return admitted.attempt >= MAX_FAILED_SIGN_INS ? lock() : { ok: false, reason: "invalid" };
}

/** Forgets every failure and lock on an address (after a password reset: the owner proved the mailbox). */
export async function clearSignInLocks(db: DbOrTx, email: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.email, email));
}

export async function getUser(db: DbOrTx, id: string): Promise<PublicUser | null> {
  const [u] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), live))
    .limit(1);
  return u ?? null;
}

export interface Profile extends PublicUser {
  theme: Theme;
  notificationPrefs: NotificationPrefs;
  siteAdmin: boolean;
}

export async function getProfile(db: DbOrTx, userId: string): Promise<Profile | null> {
  const [u] = await db
    .select({ id: users.id, email: users.email, name: users.name, theme: users.theme, notificationPrefs: users.notificationPrefs, siteAdmin: users.siteAdmin })
    .from(users)
    .where(and(eq(users.id, userId), live))
    .limit(1);
  return u ?? null;
}

export async function updateProfile(
  db: DbOrTx,
  userId: string,
  input: { name?: string; theme?: Theme; notificationPrefs?: NotificationPrefs },
): Promise<Profile> {
  const [u] = await db
    .update(users)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(users.id, userId), live))
    .returning();
  if (!u) throw new DomainError("NOT_FOUND", "Your account no longer exists.");
  if (input.name !== undefined) forgetSessionsOf(userId); // the session carries the name
  return { ...toPublic(u), theme: u.theme, notificationPrefs: u.notificationPrefs, siteAdmin: u.siteAdmin };
}

/** Marks an account as a site admin (it may read the outbox); for `npm run site-admin`. */
export async function grantSiteAdmin(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.update(users).set({ siteAdmin: true }).where(and(eq(users.email, email), live)).returning({ id: users.id });
  return rows.length > 0;
}

/** The outbox (mail kept when no SMTP server is configured): site admins only. */
export async function readOutbox(db: DbOrTx, userId: string): Promise<OutboxMessage[]> {
  const me = await getProfile(db, userId);
  if (!me?.siteAdmin) throw new DomainError("FORBIDDEN", "Only site admins may read the outbox.");
  return listOutbox(db);
}
