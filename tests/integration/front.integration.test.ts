/**
 * Hostile requests from outside, over real HTTP through the gate the app's server puts in front of
 * everything (`admitRequest`, server/front.ts; tests/helpers/http-app.ts serves the app's faces
 * behind it):
 *
 * - with no proxy configured (the default), a client's own `X-Forwarded-For` is ignored: forty
 *   guesses each naming another address still lock the account for the socket's address, and the
 *   right password from "yet another" address is then refused; rotating the header does not
 *   escape the anonymous `/api/v1` allowance; a client's `X-Forwarded-Proto` does not reach Next;
 * - with one trusted hop, the forwarded address is the client's (the guesser locks only itself);
 * - a malformed percent-escape in any path is a 400 with a sentence, never a 500.
 *
 * The sign-in route here does what Auth.js's `authorize` does (server/auth.ts): `verifyCredentials`
 * keyed on `clientAddress` of the request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress } from "@/server/edge";
import { BAD_PATH_MESSAGE } from "@/server/front";
import { API_ALLOWANCE } from "@/server/limits";
import { MAX_FAILED_SIGN_INS, verifyCredentials } from "@/server/services/accounts/accounts";
import { describeDb } from "../helpers/db";
import { startAppServer, type AppServer } from "../helpers/http-app";
import { seedUser, TEST_PASSWORD } from "../helpers/seed";

describeDb("the app's front door", (db) => {
  /** The sign-in check and a view of the headers as the handlers behind the gate see them. */
  const extra = async (r: Request): Promise<Response | null> => {
    const path = new URL(r.url).pathname;
    if (path === "/test/sign-in") {
      const { email, password } = (await r.json()) as { email: string; password: string };
      const check = await verifyCredentials(db(), email, password, { client: clientAddress(r) });
      return Response.json({ code: check.ok ? "ok" : check.reason });
    }
    if (path === "/test/headers") return Response.json({ for: r.headers.get("x-forwarded-for"), proto: r.headers.get("x-forwarded-proto"), host: r.headers.get("x-forwarded-host") });
    return null;
  };
  let direct: AppServer | undefined;
  let proxied: AppServer | undefined;
  beforeAll(async () => {
    direct = await startAppServer(db, { trust: { hops: 0 }, extra });
    proxied = await startAppServer(db, { trust: { hops: 1 }, extra });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const signIn = async (app: AppServer, email: string, password: string, forwardedFor: string) => {
    const res = await fetch(`${app.base}/test/sign-in`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor }, body: JSON.stringify({ email, password }) });
    return ((await res.json()) as { code: string }).code;
  };
  const guesses = (app: AppServer, email: string, from: (i: number) => string) => Promise.all(Array.from({ length: 40 }, (_, i) => signIn(app, email, `wrong-guess-${i}`, from(i))));

  describe("with no proxy configured", () => {
    it("40 wrong passwords, each with its own X-Forwarded-For, lock the account for the real address; the right password is then refused", async () => {
      const user = await seedUser(db());
      const codes = await guesses(direct!, user.email, (i) => `203.0.113.${i + 1}`);
      expect(codes.filter((c) => c === "invalid").length).toBeLessThanOrEqual(MAX_FAILED_SIGN_INS);
      expect(codes.filter((c) => c === "locked").length).toBeGreaterThanOrEqual(40 - MAX_FAILED_SIGN_INS);
      expect(await signIn(direct!, user.email, TEST_PASSWORD, "198.51.100.7")).toBe("locked");
    });

    it(`rotating X-Forwarded-For does not escape the anonymous /api/v1 allowance (${API_ALLOWANCE.anonymous.burst} at once)`, async () => {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => fetch(`${direct!.base}/api/v1/tournaments/not-a-uuid/standings`, { headers: { "x-forwarded-for": `192.0.2.${i % 250}, 10.0.${i}.1` } })),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(200 - API_ALLOWANCE.anonymous.burst - 20);
    });

    it("the handlers see the socket's address and none of the client's X-Forwarded-Proto or -Host", async () => {
      const res = await fetch(`${direct!.base}/test/headers`, { headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" } });
      expect(await res.json()).toEqual({ for: "127.0.0.1", proto: null, host: null });
    });
  });

  describe("with one trusted proxy hop", () => {
    it("the forwarded address is the client's: the guesser locks only itself, the owner signs in from its own", async () => {
      const user = await seedUser(db());
      const codes = await guesses(proxied!, user.email, () => "203.0.113.50");
      expect(codes.filter((c) => c === "locked").length).toBeGreaterThanOrEqual(40 - MAX_FAILED_SIGN_INS);
      expect(await signIn(proxied!, user.email, TEST_PASSWORD, "203.0.113.50")).toBe("locked");
      // a client's own entries to the left of the proxy's are not believed
      expect(await signIn(proxied!, user.email, TEST_PASSWORD, "203.0.113.50, 198.51.100.8")).toBe("ok");
      const res = await fetch(`${proxied!.base}/test/headers`, { headers: { "x-forwarded-for": "spoofed, 198.51.100.8", "x-forwarded-proto": "https" } });
      expect(await res.json()).toEqual({ for: "198.51.100.8", proto: "https", host: null });
    });
  });

  it("a malformed percent-escape in any path is a 400 with a sentence", async () => {
    for (const path of ["/api/v1/tournaments/%ZZ", "/clubs/%ZZ", "/api/trpc/%ZZ", "/api/auth/%ZZ", "/api/v1/tournaments/%E0%A4%A/standings", "/tournaments/%ZZ/standings.csv", "/api/trpc/matches.get%ZZ?input=%7B%7D"]) {
      const res = await fetch(`${direct!.base}${path}`);
      expect(res.status, path).toBe(400);
      const text = await res.text();
      expect(text, path).toContain(BAD_PATH_MESSAGE);
      if (path.startsWith("/api/")) expect(JSON.parse(text), path).toEqual({ error: BAD_PATH_MESSAGE, code: "BAD_REQUEST" });
    }
    // a well-formed escape passes the gate to the route, which refuses the id itself
    const fine = await fetch(`${proxied!.base}/api/v1/tournaments/%41/standings`, { headers: { "x-forwarded-for": "198.51.100.99" } });
    expect(fine.status).toBe(400);
    expect(await fine.json()).toMatchObject({ code: "BAD_REQUEST", error: expect.not.stringContaining("percent-escape") });
  });
});
