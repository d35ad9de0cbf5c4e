/**
 * Accounts and e-mail through a real SMTP server started here (`smtp-server`): the password reset
 * link (one-time, expiring, stored hashed), sessions ended by a reset or a password change, the
 * e-mail change confirmed by a link, sign-up and reset answering the same for taken and unknown
 * addresses, the outbox kept for site admins when no SMTP server is configured, the data download
 * and account deletion.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accountTokens, mailOutbox, users } from "@/db/schema";
import { grantSiteAdmin, MAX_FAILED_SIGN_INS, verifyCredentials } from "@/server/services/accounts/accounts";
import { getSessionUser } from "@/server/services/accounts/sessions";
import { mailSettled } from "@/server/services/mail/mail";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser, TEST_PASSWORD } from "../helpers/seed";
import { linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";

const NEW_PASSWORD = "brand-new-pass-7";

let smtp: TestSmtp;
const savedUrl = process.env.SMTP_URL;
beforeAll(async () => {
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await mailSettled();
  process.env.SMTP_URL = savedUrl;
  await smtp.close();
});

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describeDb("accounts and e-mail", (db) => {
  it("resets a forgotten password through a link sent by SMTP: one use, stored hashed, other sessions ended, locks lifted", async () => {
    const u = await seedUser(db());
    // a guesser locked the address for their own client; the owner's own client is not locked
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) await verifyCredentials(db(), u.email, `guess-${i}`, { client: "203.0.113.9" });
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD, { client: "203.0.113.9" })).toMatchObject({ ok: false, reason: "locked" });
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD, { client: "198.51.100.7" })).toMatchObject({ ok: true });
    expect(await getSessionUser(db(), u.id, 0)).toMatchObject({ id: u.id });

    const anon = callerFor(db());
    expect(await anon.accounts.requestPasswordReset({ email: u.email })).toEqual({ ok: true });
    const mail = await smtp.next((m) => m.to.includes(u.email) && /Reset your/.test(m.subject));
    const link = linkIn(mail, "/reset-password");
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // only the hash is stored
    const rows = await db().select().from(accountTokens).where(eq(accountTokens.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);

    expect(await anon.accounts.resetPassword({ token, password: NEW_PASSWORD })).toEqual({ email: u.email });
    expect(await verifyCredentials(db(), u.email, NEW_PASSWORD, { client: "198.51.100.7" })).toMatchObject({ ok: true, user: { sessionVersion: 1 } });
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD, { client: "198.51.100.7" })).toEqual({ ok: false, reason: "invalid" });
    // the reset lifted the guesser's lock too (the owner proved the mailbox)
    expect(await verifyCredentials(db(), u.email, NEW_PASSWORD, { client: "203.0.113.9" })).toMatchObject({ ok: true });
    // a cookie from before the reset names nobody now
    expect(await getSessionUser(db(), u.id, 0)).toBeNull();
    expect(await getSessionUser(db(), u.id, 1)).toMatchObject({ id: u.id });

    // single use
    await expect(anon.accounts.resetPassword({ token, password: "yet-another-9" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("expired or has already been used"),
    });
  });

  it("a reset link expires, and a newer link voids the older one", async () => {
    const u = await seedUser(db());
    const anon = callerFor(db());
    await anon.accounts.requestPasswordReset({ email: u.email });
    const first = tokenOf(linkIn(await smtp.next((m) => m.to.includes(u.email)), "/reset-password"));
    await anon.accounts.requestPasswordReset({ email: u.email });
    const second = tokenOf(linkIn(await smtp.next((m) => m.to.includes(u.email) && !m.text.includes(first)), "/reset-password"));
    await expect(anon.accounts.resetPassword({ token: first, password: NEW_PASSWORD })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await db().update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountTokens.userId, u.id));
    await expect(anon.accounts.resetPassword({ token: second, password: NEW_PASSWORD })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD)).toMatchObject({ ok: true });
  });

  it("sign-up and reset answer the same for a taken and an unknown address; only the owner gets mail", async () => {
    const u = await seedUser(db());
    const anon = callerFor(db());
    const unknown = `nobody-${Date.now()}@example.test`;
    expect(await anon.accounts.requestPasswordReset({ email: unknown })).toEqual({ ok: true });
    const fresh = `fresh-${Date.now()}@example.test`;
    const taken = await anon.accounts.signUp({ email: u.email, name: "Impostor", password: "impostor-pass-1" });
    const created = await anon.accounts.signUp({ email: fresh, name: "Fresh", password: "fresh-pass-12" });
    expect(taken).toEqual(created);
    await mailSettled();
    expect(smtp.messages.filter((m) => m.to.includes(unknown) || m.to.includes(fresh))).toEqual([]);
    const notice = await smtp.next((m) => m.to.includes(u.email) && /tried to create/.test(m.subject));
    expect(notice.text).toContain("/forgot-password");
    // the taken account is untouched: its name and password are the owner's
    const [row] = await db().select().from(users).where(eq(users.id, u.id));
    expect(row!.name).toBe(u.name);
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD)).toMatchObject({ ok: true });
  });

  it("an unknown address is counted and locked like a real one, so the lock tells nothing", async () => {
    const unknown = `ghost-${Date.now()}@example.test`;
    let last;
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) last = await verifyCredentials(db(), unknown, "whatever-1", { client: "192.0.2.1" });
    expect(last).toMatchObject({ ok: false, reason: "locked" });
  });

  it("changes the password with the current one: a wrong one is refused on its field; other sessions end", async () => {
    const u = await seedUser(db());
    const me = callerFor(db(), u);
    await expect(me.accounts.changePassword({ currentPassword: "not-mine-1", newPassword: NEW_PASSWORD })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "That is not your current password.",
    });
    expect(await me.accounts.changePassword({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).toEqual({ email: u.email });
    expect(await getSessionUser(db(), u.id, 0)).toBeNull();
    expect(await verifyCredentials(db(), u.email, NEW_PASSWORD)).toMatchObject({ ok: true, user: { sessionVersion: 1 } });
  });

  it("changes the e-mail address once the new address confirms by its link; the old address is told", async () => {
    const u = await seedUser(db());
    const other = await seedUser(db());
    const me = callerFor(db(), u);
    const newEmail = `moved-${Date.now()}@example.test`;
    await expect(me.accounts.requestEmailChange({ newEmail, currentPassword: "wrong-pass-1" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // an address that has an account answers the same, and gets a notice, not a link
    expect(await me.accounts.requestEmailChange({ newEmail: other.email, currentPassword: TEST_PASSWORD })).toEqual({ ok: true });
    expect((await smtp.next((m) => m.to.includes(other.email))).text).not.toContain("/confirm-email");

    expect(await me.accounts.requestEmailChange({ newEmail, currentPassword: TEST_PASSWORD })).toEqual({ ok: true });
    const confirm = await smtp.next((m) => m.to.includes(newEmail));
    await smtp.next((m) => m.to.includes(u.email) && /being changed/.test(m.subject));
    const [before] = await db().select().from(users).where(eq(users.id, u.id));
    expect(before!.email).toBe(u.email);
    const token = tokenOf(linkIn(confirm, "/confirm-email"));
    expect(await callerFor(db()).accounts.confirmEmailChange({ token })).toEqual({ email: newEmail });
    expect(await verifyCredentials(db(), newEmail, TEST_PASSWORD)).toMatchObject({ ok: true });
    await expect(callerFor(db()).accounts.confirmEmailChange({ token })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("without SMTP_URL a message goes to the outbox, which only site admins read", async () => {
    const u = await seedUser(db());
    const admin = await seedUser(db());
    expect(await grantSiteAdmin(db(), admin.email)).toBe(true);
    process.env.SMTP_URL = "";
    try {
      await callerFor(db()).accounts.requestPasswordReset({ email: u.email });
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
    await expect(callerFor(db(), u).accounts.outbox()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(db()).accounts.outbox()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const kept = (await callerFor(db(), admin).accounts.outbox()).find((m) => m.to === u.email);
    expect(kept?.subject).toBe("Reset your Equalis password");
    const token = tokenOf(linkIn({ to: [kept!.to], subject: kept!.subject, text: kept!.body }, "/reset-password"));
    expect(await callerFor(db()).accounts.resetPassword({ token, password: NEW_PASSWORD })).toEqual({ email: u.email });
  });

  it("downloads the user's data and deletes the account: the row stays anonymised, sessions end, the address is free", async () => {
    const u = await seedUser(db());
    const me = callerFor(db(), u);
    await me.accounts.updateProfile({ theme: "dark", notificationPrefs: { "round-paired": true } });
    const data = await me.accounts.exportData();
    expect(data.account).toMatchObject({ email: u.email, name: u.name, theme: "dark", notificationPrefs: { "round-paired": true } });
    expect(JSON.stringify(data)).not.toMatch(/scrypt\$|passwordHash|seed/);

    await expect(me.accounts.deleteAccount({ password: "wrong-pass-1" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await me.accounts.deleteAccount({ password: TEST_PASSWORD })).toEqual({ ok: true });
    expect(await getSessionUser(db(), u.id, 0)).toBeNull();
    expect(await me.accounts.me()).toBeNull();
    const [row] = await db().select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ name: `Deleted player ${u.id.slice(0, 4)}`, siteAdmin: false });
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.email).not.toBe(u.email);
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD)).toEqual({ ok: false, reason: "invalid" });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, u.email))).toEqual([]);
    // the address can start a new account
    await seedUser(db(), { email: u.email });
  });
});
