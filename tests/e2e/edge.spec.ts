/**
 * The edge on the real server (hardening issue #12): the sign-in lock holds against parallel
 * guesses, and the plain routes refuse oversized, over-frequent and ill-formed requests with a
 * 4xx and a sentence. Rate-limit buckets are picked with X-Forwarded-For: the e2e server trusts one
 * proxy hop (TRUST_PROXY=1, playwright.config.ts) and the spec plays that proxy, so its buckets
 * never touch the one other specs share. (With no proxy configured a client's header is ignored:
 * tests/integration/front.integration.test.ts.)
 */
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "./fixtures";
import { signIn, signOut, signUp } from "./helpers";

const row = (r: number, c: number, s: string) => [...s].map((tile, i) => ({ row: r, col: c + i, tile }));
const LINE = JSON.stringify({ ruleset: "equate", board: row(9, 9, "1+1=2"), play: row(10, 9, "3=3") });

/** One credentials sign-in the way next-auth/react sends it; returns Auth.js's answer code. */
async function guess(request: APIRequestContext, csrfToken: string, email: string, password: string, client: string): Promise<string | null> {
  const res = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password },
    headers: { "x-auth-return-redirect": "1", "x-forwarded-for": client },
  });
  const { url } = (await res.json()) as { url: string };
  return new URL(url).searchParams.get("code");
}

test("[edge]: 40 wrong passwords sent at once lock the account for that client after five checks; the right one from it is refused, the owner's own client is not locked out", { tag: "@deep" }, async ({ page, request }) => {
  const email = await signUp(page, "Parallel Target");
  await signOut(page);
  // The lock is per address and client, and the client is the last X-Forwarded-For hop that the
  // trusted proxy wrote (docs/security.md): the guesser and the browser name theirs, so the spec does not depend on
  // whether "localhost" reaches the server over IPv4 or IPv6.
  const guesser = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
  const owner = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const codes = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(request, csrfToken, email, `wrong-guess-${i}`, guesser)));
  // attempts are counted before the hash: fewer than five reach it, every other one finds the lock
  expect(codes.filter((c) => c === "invalid").length).toBeLessThan(5);
  expect(codes.filter((c) => c === "locked").length).toBeGreaterThan(35);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": guesser });
  await signIn(page, email);
  await expect(page.getByTestId("form-error")).toHaveText(/locked for 15 minutes/);
  await expect(page.getByTestId("user-name")).toHaveCount(0);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": owner });
  await signIn(page, email);
  await expect(page.getByTestId("user-name")).toHaveText("Parallel Target");
});

test("[edge]: a script's oversized, batched, over-frequent or ill-formed requests get a 4xx and a sentence", { tag: "@deep" }, async ({ request }) => {
  // (Playwright re-encodes a string body sent as application/json unless it parses as one JSON value)
  const as = (address: string, type = "application/json") => ({ "x-forwarded-for": address, "content-type": type });
  const ndjson = (address: string) => as(address, "application/x-ndjson");
  const me = `e2e-${randomUUID()}`;
  // /api/adjudicate: 100 requests a body, 256 KiB; a body takes its tokens before the engine runs
  expect((await request.post("/api/adjudicate", { headers: ndjson(me), data: `${LINE}\n`.repeat(100) })).status()).toBe(200);
  const tooMany = await request.post("/api/adjudicate", { headers: ndjson(`e2e-${randomUUID()}`), data: `${LINE}\n`.repeat(101) });
  expect(tooMany.status()).toBe(413);
  expect(await tooMany.json()).toEqual({ error: "too many requests in one body: at most 100 lines" });
  const megabyte = await request.post("/api/adjudicate", { headers: ndjson(`e2e-${randomUUID()}`), data: `${LINE}\n`.repeat(8_000) });
  expect(megabyte.status()).toBe(413);
  const limited = await request.post("/api/adjudicate", { headers: ndjson(me), data: `${LINE}\n`.repeat(21) });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(await limited.json()).toEqual({ error: expect.stringMatching(/Too many adjudication requests/) });
  // tRPC: at most 10 calls a batch; text must be well-formed
  const batch = Array(11).fill("adjudication.explain").join(",");
  const body = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, { json: JSON.parse(LINE) as unknown }]));
  expect((await request.post(`/api/trpc/${batch}?batch=1`, { headers: as(`e2e-${randomUUID()}`), data: body })).status()).toBe(400);
  const lone = await request.post("/api/trpc/adjudication.explain", {
    headers: as(`e2e-${randomUUID()}`),
    data: `{"json":{"ruleset":"equate","board":[],"play":[{"row":9,"col":9,"tile":"\\ud800"}]}}`,
  });
  expect(lone.status()).toBe(400);
  expect(await lone.text()).toMatch(/lone surrogate/);
  // the CSV routes check ids as the procedures do
  for (const id of ["-".repeat(36), "0".repeat(36)]) expect((await request.get(`/tournaments/${id}/standings.csv`)).status()).toBe(404);
  // a malformed percent-escape in a dynamic path is the client's mistake, not a 500 from Next
  for (const path of ["/api/v1/tournaments/%ZZ", "/clubs/%ZZ", "/api/trpc/%ZZ", "/api/auth/%ZZ", "/tournaments/%ZZ"]) {
    const res = await request.get(path, { headers: { "x-forwarded-for": `e2e-${randomUUID()}` } });
    expect(res.status(), path).toBe(400);
    expect(await res.text(), path).toMatch(/malformed percent-escape/);
  }
  // HEAD on the REST view is GET without a body
  expect((await request.head("/api/v1/tournaments", { headers: { "x-forwarded-for": `e2e-${randomUUID()}` } })).status()).toBe(200);
});
