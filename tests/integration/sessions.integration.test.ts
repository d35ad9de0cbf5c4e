/**
 * The session cache (server/services/accounts/sessions.ts, through server/auth.ts
 * `userFromHeaders`): a real Auth.js session cookie is decoded and its user read once, then a
 * request costs no statement; a password change, a new name, a deletion, sign-out and expiry are
 * honoured at once on this instance, and another instance's changes after RECHECK_MS.
 */
import { beforeEach, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { statementsSent, type Db } from "@/db/client";
import { users } from "@/db/schema/users";
import { getAuthSecret } from "@/server/auth-secret";
import { userFromHeaders } from "@/server/session";
import { updateProfile } from "@/server/services/accounts/accounts";
import { deleteAccount } from "@/server/services/accounts/data";
import { changePassword } from "@/server/services/accounts/recovery";
import { clearSessionCache, forgetSessionsOf, RECHECK_MS, sessionUser } from "@/server/services/accounts/sessions";
import { describeDb } from "../helpers/db";
import { seedUser, TEST_PASSWORD } from "../helpers/seed";

const COOKIE = "authjs.session-token"; // Auth.js's name over http (salt of the JWE too)

/** A session cookie exactly as Auth.js writes it at sign-in (server/auth.ts `jwt` callback). */
async function cookieFor(userId: string, opts: { sv?: number; maxAge?: number } = {}): Promise<string> {
  const token = await encode({ token: { uid: userId, sv: opts.sv ?? 0, sub: userId }, secret: getAuthSecret(), salt: COOKIE, maxAge: opts.maxAge ?? 3600 });
  return `${COOKIE}=${token}`;
}

async function counted<T>(db: Db, work: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const before = statementsSent(db);
  const value = await work();
  return { value, statements: statementsSent(db) - before };
}

beforeEach(() => clearSessionCache());

describeDb("session cache", (db) => {
  it("decodes and reads the user once; later requests cost no statement, from Fetch or node:http headers", async () => {
    const u = await seedUser(db());
    const cookie = await cookieFor(u.id);
    const first = await counted(db(), () => userFromHeaders(new Headers({ cookie }), false, db()));
    expect(first.value).toEqual({ id: u.id, email: u.email, name: u.name });
    expect(first.statements).toBe(1);
    const again = await counted(db(), () => userFromHeaders({ cookie, host: "x" }, false, db())); // IncomingHttpHeaders
    expect(again).toEqual({ value: first.value, statements: 0 });
    // no cookie, a forged one, or the https name on an http request: nobody, and nothing cached
    expect(await userFromHeaders(new Headers(), false, db())).toBeNull();
    expect(await userFromHeaders(new Headers({ cookie: `${COOKIE}=forged` }), false, db())).toBeNull();
    expect(await userFromHeaders(new Headers({ cookie }), true, db())).toBeNull();
  });

  it("a password change, a new name and a deletion take effect on the next request", async () => {
    const u = await seedUser(db());
    const cookie = await cookieFor(u.id);
    const h = new Headers({ cookie });
    expect((await userFromHeaders(h, false, db()))?.name).toBe(u.name);

    await updateProfile(db(), u.id, { name: "Renamed Player" });
    expect((await userFromHeaders(h, false, db()))?.name).toBe("Renamed Player");

    await changePassword(db(), u.id, { currentPassword: TEST_PASSWORD, newPassword: "another horse 43" });
    expect(await userFromHeaders(h, false, db())).toBeNull(); // the cookie carries the old session version
    const fresh = new Headers({ cookie: await cookieFor(u.id, { sv: 1 }) });
    expect((await userFromHeaders(fresh, false, db()))?.id).toBe(u.id);

    await deleteAccount(db(), u.id, { password: "another horse 43" });
    expect(await userFromHeaders(fresh, false, db())).toBeNull();
  });

  it("sign-out forgets the user's sessions on this instance; another instance's change is seen after RECHECK_MS", async () => {
    const u = await seedUser(db());
    const cookie = await cookieFor(u.id);
    const token = cookie.slice(COOKIE.length + 1);
    let decodes = 0;
    const decode = async () => (decodes++, { userId: u.id, sessionVersion: 0, expiresAt: Date.now() + 3_600_000 });
    const t0 = Date.now();
    await sessionUser(db(), token, decode, t0);
    await sessionUser(db(), token, decode, t0 + 1);
    expect(decodes).toBe(1);
    forgetSessionsOf(u.id); // Auth.js's signOut event
    await sessionUser(db(), token, decode, t0 + 2);
    expect(decodes).toBe(2);

    // another instance bumped the session version (a password reset there): this one re-reads the
    // row once RECHECK_MS has passed — one statement, no decoding — and refuses the session
    await db().update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, u.id));
    expect(await sessionUser(db(), token, decode, t0 + 3)).not.toBeNull(); // still trusted meanwhile
    const late = await counted(db(), () => sessionUser(db(), token, decode, t0 + 3 + RECHECK_MS));
    expect(late).toEqual({ value: null, statements: 1 });
    expect(decodes).toBe(2);
  });

  it("never uses a session past its token's expiry", async () => {
    const u = await seedUser(db());
    const expiresAt = Date.now() + 60_000;
    const decode = async () => ({ userId: u.id, sessionVersion: 0, expiresAt });
    expect(await sessionUser(db(), "tok", decode, expiresAt - 1)).not.toBeNull();
    expect(await sessionUser(db(), "tok", decode, expiresAt)).toBeNull();
    const expired = new Headers({ cookie: await cookieFor(u.id, { maxAge: -10 }) });
    expect(await userFromHeaders(expired, false, db())).toBeNull();
  });
});
