import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signInAttempts, users } from "@/db/schema";
import { MAX_FAILED_SIGN_INS, verifyCredentials } from "@/server/services/accounts/accounts";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser, TEST_PASSWORD } from "../helpers/seed";

describeDb("accounts", (db) => {
  it("signs up with a hashed password and normalised e-mail", async () => {
    expect(await callerFor(db()).accounts.signUp({ email: "  Ada@Example.TEST ", name: "Ada", password: "a-long-pass-1" })).toEqual({ ok: true });
    const [row] = await db().select().from(users).where(eq(users.email, "ada@example.test"));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain("a-long-pass-1");
  });

  it("a taken e-mail gets the same answer as a new one and changes nothing (tests/integration/accounts-mail checks the owner's mail)", async () => {
    const u = await seedUser(db());
    expect(await callerFor(db()).accounts.signUp({ email: u.email, name: "Twin", password: "another-pass-2" })).toEqual({ ok: true });
    const rows = await db().select().from(users).where(eq(users.email, u.email));
    expect(rows.map((r) => r.name)).toEqual([u.name]);
  });

  it("refuses weak passwords and bad e-mails with zod messages", async () => {
    const err = await callerFor(db())
      .accounts.signUp({ email: "not-an-email", name: "X", password: "short" })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "BAD_REQUEST" });
    const issues = JSON.stringify(err);
    expect(issues).toMatch(/valid e-mail/);
    expect(issues).toMatch(/at least 10 characters/);
  });

  it("checks credentials and locks an account after repeated failures", async () => {
    const u = await seedUser(db());
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    expect(await verifyCredentials(db(), u.email, "wrong")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyCredentials(db(), "nobody@example.test", "wrong")).toEqual({ ok: false, reason: "invalid" });
    let last;
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) last = await verifyCredentials(db(), u.email, "wrong");
    expect(last).toMatchObject({ ok: false, reason: "locked" });
    // Even the right password is refused while locked.
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD)).toMatchObject({ ok: false, reason: "locked" });
    // After the lock expires the right password works again.
    const later = new Date(Date.now() + 16 * 60_000);
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD, { now: later })).toMatchObject({ ok: true });
  });

  it("counts parallel guesses before hashing: 40 wrong passwords at once lock the account, and the right one after them is refused", async () => {
    const u = await seedUser(db());
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, i) => verifyCredentials(db(), u.email, `wrong-guess-${i}`)));
    expect(guesses.every((g) => !g.ok)).toBe(true);
    // no more than the allowance was let through to the password check; the rest found the lock
    expect(guesses.filter((g) => !g.ok && g.reason === "invalid").length).toBeLessThan(MAX_FAILED_SIGN_INS);
    expect(guesses.filter((g) => !g.ok && g.reason === "locked").length).toBeGreaterThan(40 - MAX_FAILED_SIGN_INS);
    expect(await verifyCredentials(db(), u.email, TEST_PASSWORD)).toMatchObject({ ok: false, reason: "locked" });
    const [row] = await db().select().from(signInAttempts).where(eq(signInAttempts.email, u.email));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it("a right password among parallel guesses inside the allowance signs in; the lock still follows the guesses", async () => {
    const u = await seedUser(db());
    const attempts = await Promise.all([
      verifyCredentials(db(), u.email, "wrong-1"),
      verifyCredentials(db(), u.email, TEST_PASSWORD),
      verifyCredentials(db(), u.email, "wrong-2"),
    ]);
    expect(attempts[1]).toMatchObject({ ok: true });
    expect(attempts[0]).toEqual({ ok: false, reason: "invalid" });
    // sequential wrong guesses after it still lock the account
    let last;
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) last = await verifyCredentials(db(), u.email, "wrong");
    expect(last).toMatchObject({ ok: false, reason: "locked" });
  });

  it("me is null when signed out; profile edits need a session", async () => {
    expect(await callerFor(db()).accounts.me()).toBeNull();
    await expect(callerFor(db()).accounts.updateProfile({ name: "Nope" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const u = await seedUser(db());
    const updated = await callerFor(db(), u).accounts.updateProfile({ name: "  Grace  " });
    expect(updated.name).toBe("Grace");
  });
});
