/**
 * Passwords and addresses: change the password (the current one required), reset a forgotten
 * one by a link sent by e-mail, change the e-mail address (confirmed by a link sent to the new one).
 *
 * One-time links: 32 random bytes (base64url) in the link; only their SHA-256 is stored (the token
 * is high-entropy, so a fast hash suffices and a leaked table holds no usable link). A link is
 * used up by one `UPDATE … WHERE used_at IS NULL AND expires_at > now() RETURNING`, so two clicks
 * racing each other cannot both succeed. A new reset link, a reset and a password change void the
 * earlier reset links.
 *
 * A password change or reset raises `users.session_version`: every session cookie issued before
 * stops working (`getSessionUser`); the page that made the change signs in again with the new
 * password to get a fresh one.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accountTokens, users } from "@/db/schema";
import type { AccountTokenPurpose } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { afterTheAnswer, appUrl, rightAway, sendMail, type Later } from "@/server/services/mail/mail";
import { clearSignInLocks, verifyCredentials } from "./accounts";
import { hashPassword } from "./password";
import { forgetSessionsOf } from "./sessions";

export const RESET_LINK_MINUTES = 60;
export const EMAIL_LINK_HOURS = 24;
/** Reset links sent to one account per quarter hour; more requests are answered the same but send nothing (no mail bombing). */
export const RESET_MAILS_PER_QUARTER = 3;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

async function issueToken(db: DbOrTx, userId: string, purpose: AccountTokenPurpose, expiresAt: Date, newEmail: string | null = null): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt, newEmail });
  return token;
}

/** Uses up a link: the token's row, or null when it is unknown, used, expired or for something else. */
async function consumeToken(db: DbOrTx, token: string, purpose: AccountTokenPurpose) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  return row ?? null;
}

async function voidTokens(db: DbOrTx, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

const BAD_LINK = "This link has expired or has already been used. Ask for a new one.";

/**
 * Sends a reset link if the address has an account; answers the same, in the same time, either
 * way: over HTTP the lookup, the link and the mail all happen after the answer (`afterTheAnswer`;
 * before, a real address answered ~27 ms later than an unknown one on PGlite, `npm run bench -- accounts`).
 */
export async function requestPasswordReset(db: DbOrTx, email: string, later?: Later): Promise<{ ok: true }> {
  await afterTheAnswer(later, "a password reset request", () =>
    db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      if (!user) return;
      const since = new Date(Date.now() - 15 * 60_000);
      const [recent] = await tx
        .select({ n: count() })
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, "password-reset"), gt(accountTokens.createdAt, since)));
      if ((recent?.n ?? 0) >= RESET_MAILS_PER_QUARTER) return;
      await voidTokens(tx, user.id, "password-reset");
      const token = await issueToken(tx, user.id, "password-reset", new Date(Date.now() + RESET_LINK_MINUTES * 60_000));
      await sendMail(
        tx,
        {
          to: email,
          subject: "Reset your Equalis password",
          text: [
            `Hello ${user.name},`,
            "",
            "Someone (we hope you) asked to reset the password of your Equalis account. Choose a new one here:",
            "",
            `${appUrl()}/reset-password?token=${token}`,
            "",
            `The link works once, for ${RESET_LINK_MINUTES} minutes. Using it signs you out everywhere else and lifts any sign-in lock.`,
            "If you did not ask, ignore this message: your password stays as it is.",
          ].join("\n"),
        },
        later ? rightAway : undefined,
      );
    }),
  );
  return { ok: true };
}

/** Whether a link is usable now (unknown, used, expired or for something else: no), without using it up. */
async function tokenUsable(db: DbOrTx, token: string, purpose: AccountTokenPurpose): Promise<boolean> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
    .limit(1);
  return row !== undefined;
}

/**
 * Sets a new password through a reset link; returns the account's address (the page signs in with
 * it). The link is looked up before scrypt runs: a bogus link costs a SHA-256 and one indexed
 * read, not ~50 ms of memory-hard hashing, so a stream of them cannot stall the server. The link
 * is then used up in the transaction, which a link used meanwhile still fails.
 */
export async function resetPassword(db: DbOrTx, input: { token: string; password: string }): Promise<{ email: string }> {
  if (!(await tokenUsable(db, input.token, "password-reset"))) throw new DomainError("INVALID", BAD_LINK, "token");
  const passwordHash = await hashPassword(input.password);
  const out = await db.transaction(async (tx) => {
    const used = await consumeToken(tx, input.token, "password-reset");
    if (!used) throw new DomainError("INVALID", BAD_LINK, "token");
    const [user] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
      .returning({ email: users.email });
    if (!user) throw new DomainError("INVALID", BAD_LINK, "token");
    await voidTokens(tx, used.userId, "password-reset");
    await clearSignInLocks(tx, user.email);
    return { email: user.email, userId: used.userId };
  });
  forgetSessionsOf(out.userId); // once committed: no request can cache the old row again
  return { email: out.email };
}

/**
 * Checks the signed-in user's current password on the profile page. These checks count like
 * sign-ins (client "profile"), so a borrowed session cannot be used to guess the password.
 */
export async function checkOwnPassword(db: DbOrTx, userId: string, password: string, field = "currentPassword"): Promise<{ email: string; name: string }> {
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw new DomainError("NOT_FOUND", "Your account no longer exists.");
  const check = await verifyCredentials(db, user.email, password, { client: "profile" });
  if (check.ok) return user;
  if (check.reason === "locked")
    throw new DomainError("RATE_LIMITED", "Too many wrong passwords: try again in 15 minutes, or reset your password by e-mail.", field);
  throw new DomainError("INVALID", "That is not your current password.", field);
}

export async function changePassword(db: DbOrTx, userId: string, input: { currentPassword: string; newPassword: string }): Promise<{ email: string }> {
  const user = await checkOwnPassword(db, userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await voidTokens(tx, userId, "password-reset");
  });
  forgetSessionsOf(userId);
  return { email: user.email };
}

/**
 * Starts an e-mail change: a link to the new address (which must confirm it) and a notice to the
 * old one. A new address that already has an account gets a notice instead of a link; the answer
 * is the same, so this cannot be used to probe addresses either.
 */
export async function requestEmailChange(db: DbOrTx, userId: string, input: { newEmail: string; currentPassword: string }, later?: Later): Promise<{ ok: true }> {
  const user = await checkOwnPassword(db, userId, input.currentPassword);
  if (input.newEmail === user.email) throw new DomainError("INVALID", "That is already your address.", "newEmail");
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.newEmail)).limit(1);
    if (taken) {
      await sendMail(
        tx,
        {
          to: input.newEmail,
          subject: "Your address is already on Equalis",
          text: `Someone asked to move another Equalis account to this address, which already has an account, so nothing changed.\nIf you have forgotten your password: ${appUrl()}/forgot-password`,
        },
        later,
      );
      return;
    }
    await voidTokens(tx, userId, "email-change");
    const token = await issueToken(tx, userId, "email-change", new Date(Date.now() + EMAIL_LINK_HOURS * 3600_000), input.newEmail);
    await sendMail(
      tx,
      {
        to: input.newEmail,
        subject: "Confirm your new Equalis address",
        text: [
          `Hello ${user.name},`,
          "",
          "To use this address for your Equalis account, open this link:",
          "",
          `${appUrl()}/confirm-email?token=${token}`,
          "",
          `The link works once, for ${EMAIL_LINK_HOURS} hours. Until then your account keeps its old address.`,
        ].join("\n"),
      },
      later,
    );
    await sendMail(
      tx,
      {
        to: user.email,
        subject: "Your Equalis address is being changed",
        text: `Hello ${user.name},\n\nSomeone signed in to your account asked to change its address to ${input.newEmail}. It changes once that address confirms.\nIf this was not you, change your password now: ${appUrl()}/profile`,
      },
      later,
    );
  });
  return { ok: true };
}

/** Confirms a new address through its link; the address is the account's from now on. */
export async function confirmEmailChange(db: DbOrTx, token: string): Promise<{ email: string }> {
  const out = await db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, "email-change");
    if (!used?.newEmail) throw new DomainError("INVALID", BAD_LINK, "token");
    const taken = "That address has meanwhile been taken by another account.";
    const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, used.newEmail)).limit(1);
    if (other) throw new DomainError("CONFLICT", taken, "token");
    const [moved] = await tx
      .update(users)
      .set({ email: used.newEmail, updatedAt: new Date() })
      .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
      .returning({ email: users.email })
      .catch((err: unknown) => {
        // taken by a sign-up between the check and the update
        throw isUniqueViolation(err) ? new DomainError("CONFLICT", taken, "token") : err;
      });
    if (!moved) throw new DomainError("INVALID", BAD_LINK, "token");
    return { email: moved.email, userId: used.userId };
  });
  forgetSessionsOf(out.userId);
  return { email: out.email };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err, i = 0; e && typeof e === "object" && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
