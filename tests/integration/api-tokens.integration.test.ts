/**
 * Personal API tokens (docs/api.md "Authentication") over real HTTP: a node:http server
 * (tests/helpers/http-app.ts) serves the three faces as the app's server does (server/main.ts) — the hot procedures
 * through tRPC's Node adapter (server/trpc-node.ts), every other procedure through the fetch
 * handler Next's route uses (server/trpc-http.ts), `/api/v1` (server/rest.ts) and
 * `POST /api/adjudicate` — each with the app's own context builder (`contextFor`) on this test's
 * database. A token reads standings and submits a result; a read token is refused a mutation but
 * may adjudicate; revoked, mistyped and password-ended tokens are 401, never 5xx; `last_used_at`
 * is written on use; the REST view and its OpenAPI document answer.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiTokens } from "@/db/schema";
import { API_ALLOWANCE } from "@/server/limits";
import { changePassword } from "@/server/services/accounts/recovery";
import { describeDb } from "../helpers/db";
import { seedWorld, type World } from "../helpers/fixtures";
import { startAppServer, type AppServer } from "../helpers/http-app";
import { callerFor, TEST_PASSWORD } from "../helpers/seed";

const row = (r: number, c: number, s: string) => [...s].map((tile, i) => ({ row: r, col: c + i, tile }));
const ADJUDICATION = { ruleset: "equate", board: [], play: row(9, 7, "1+1=2") };

describeDb("API tokens over HTTP", (db) => {
  let w: World;
  let app: AppServer | undefined;
  let base = "";
  beforeAll(async () => {
    w = await seedWorld(db());
    // the test plays one trusted proxy, so X-Forwarded-For picks an anonymous script's bucket
    app = await startAppServer(db, { trust: { hops: 1 } });
    base = app.base;
  });
  afterAll(async () => {
    await app?.close();
  });

  const bearer = (token: string | null): Record<string, string> => (token === null ? {} : { authorization: `Bearer ${token}` });
  const query = (proc: string, input: unknown, token: string | null) =>
    fetch(`${base}/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers: bearer(token) });
  const mutate = (proc: string, input: unknown, token: string | null) =>
    fetch(`${base}/api/trpc/${proc}`, { method: "POST", headers: { "content-type": "application/json", ...bearer(token) }, body: JSON.stringify({ json: input }) });
  const make = async (who: keyof World["users"], scope: "read" | "read-write", name = `script ${scope}`) => (await callerFor(db(), w.users[who]).apiTokens.create({ name, scope })).token;

  it("a read-write token reads standings and submits a result as its owner, a director", async () => {
    const token = await make("clubDirector", "read-write");
    expect(token).toMatch(/^eqt_[A-Za-z0-9_-]{43}$/);
    const standings = await query("tournaments.standings", { tournamentId: w.tournament.id }, token);
    expect(standings.status).toBe(200);
    const rows = ((await standings.json()) as { result: { data: { json: { rows: { userId: string }[] } } } }).result.data.json.rows;
    expect(rows.map((r) => r.userId).sort()).toEqual([w.users.playerA.id, w.users.playerB.id].sort());

    const me = await query("accounts.me", undefined, token);
    expect(((await me.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id).toBe(w.users.clubDirector.id);

    const res = await mutate("tournaments.enterResult", { tournamentId: w.tournament.id, pairingId: w.pairingId, scores: { [w.users.playerA.id]: 410, [w.users.playerB.id]: 377 } }, token);
    expect(res.status).toBe(200);
    const after = await callerFor(db()).tournaments.standings({ tournamentId: w.tournament.id });
    expect(after.rows.find((r) => r.userId === w.users.playerA.id)).toMatchObject({ wins: 1, spread: 33 });
  });

  it("a read token reads, may adjudicate (changes nothing), and is refused any other mutation with 403", async () => {
    const token = await make("clubDirector", "read");
    expect((await query("tournaments.byId", { tournamentId: w.tournament.id }, token)).status).toBe(200);
    const refused = await mutate("tournaments.enterResult", { tournamentId: w.tournament.id, pairingId: w.pairingId, scores: { [w.users.playerA.id]: 1, [w.users.playerB.id]: 2 } }, token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { json: { message: expect.stringMatching(/may only read/), data: { code: "FORBIDDEN" } } } });
    const explained = await mutate("adjudication.adjudicate", ADJUDICATION, token);
    expect(explained.status).toBe(200);
    // the hot path (tRPC's Node adapter) takes the token too, and keeps its scope
    const move = await mutate("matches.move", { matchId: w.match.id, expectedSeq: w.match.version, clientId: crypto.randomUUID(), action: { type: "pass" } }, token);
    expect(move.status).toBe(403);
    expect((await query("matches.get", { matchId: w.match.id }, token)).status).toBe(200);
  });

  it("tokens cannot manage tokens: only a signed-in session makes, lists or revokes them", async () => {
    const token = await make("member", "read-write");
    expect((await query("apiTokens.list", undefined, token)).status).toBe(403);
    expect((await mutate("apiTokens.create", { name: "more", scope: "read-write" }, token)).status).toBe(403);
  });

  it("a revoked, mistyped or unknown token is 401 on every face, not a 5xx; no token is anonymous", async () => {
    const token = await make("member", "read");
    const mine = callerFor(db(), w.users.member);
    const id = (await mine.apiTokens.list()).find((t) => t.prefix === token.slice(0, 8))!.id;
    await mine.apiTokens.revoke({ tokenId: id });
    expect((await mine.apiTokens.list()).find((t) => t.id === id)).toMatchObject({ status: "revoked", revokedAt: expect.any(Date) });
    const unknown = `eqt_${"A".repeat(43)}`;
    // "<token> extra" presents a token (a wrong one), as does a bare "Bearer": never anonymous
    for (const bad of [token, unknown, "not-a-token", "", `${token}x`, "\u00e9\u00e9", `${token} extra`, `${unknown}\textra`]) {
      const r = await query("tournaments.standings", { tournamentId: w.tournament.id }, bad);
      expect(r.status, bad).toBe(401);
      expect(await r.json()).toMatchObject({ error: { json: { data: { code: "UNAUTHORIZED" } } } });
      expect((await query("matches.get", { matchId: w.match.id }, bad)).status).toBe(401);
      const v1 = await fetch(`${base}/api/v1/tournaments/${w.tournament.id}/standings`, { headers: bearer(bad) });
      expect(v1.status).toBe(401);
      expect(await v1.json()).toMatchObject({ error: expect.stringMatching(/not valid/), code: "UNAUTHORIZED" });
      const adj = await fetch(`${base}/api/adjudicate`, { method: "POST", headers: { "content-type": "application/json", ...bearer(bad) }, body: JSON.stringify(ADJUDICATION) });
      expect(adj.status).toBe(401);
    }
    // no token: public reads work, a signed-in procedure is 401
    expect((await query("tournaments.standings", { tournamentId: w.tournament.id }, null)).status).toBe(200);
    expect((await query("clubs.mine", undefined, null)).status).toBe(401);
    // another scheme (a proxy's Basic) is not ours: served as anonymous
    const basic = await fetch(`${base}/api/v1/tournaments/${w.tournament.id}/standings`, { headers: { authorization: "Basic dTpw" } });
    expect(basic.status).toBe(200);
  });

  it("someone else's token cannot be revoked (NOT_FOUND), and revoking twice changes nothing", async () => {
    const token = await make("playerA", "read");
    const id = (await callerFor(db(), w.users.playerA).apiTokens.list()).find((t) => t.prefix === token.slice(0, 8))!.id;
    await expect(callerFor(db(), w.users.playerB).apiTokens.revoke({ tokenId: id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await query("accounts.me", undefined, token)).status).toBe(200);
    await callerFor(db(), w.users.playerA).apiTokens.revoke({ tokenId: id });
    const [first] = await db().select({ at: apiTokens.revokedAt }).from(apiTokens).where(eq(apiTokens.id, id));
    await callerFor(db(), w.users.playerA).apiTokens.revoke({ tokenId: id });
    const [second] = await db().select({ at: apiTokens.revokedAt }).from(apiTokens).where(eq(apiTokens.id, id));
    expect(second!.at).toEqual(first!.at);
  });

  it("last_used_at is empty until the token is used, then set", async () => {
    const token = await make("judge", "read");
    const before = (await callerFor(db(), w.users.judge).apiTokens.list())[0]!;
    expect(before.lastUsedAt).toBeNull();
    const t0 = Date.now();
    expect((await fetch(`${base}/api/v1/tournaments/${w.tournament.id}`, { headers: bearer(token) })).status).toBe(200);
    const after = (await callerFor(db(), w.users.judge).apiTokens.list()).find((t) => t.id === before.id)!;
    expect(after.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(t0 - 1000);
  });

  it("a password change ends every token made before it (status 'ended'); a new one works", async () => {
    const token = await make("playerB", "read-write");
    expect((await query("accounts.me", undefined, token)).status).toBe(200);
    await changePassword(db(), w.users.playerB.id, { currentPassword: TEST_PASSWORD, newPassword: "a new password 77" });
    expect((await query("accounts.me", undefined, token)).status).toBe(401);
    const list = await callerFor(db(), w.users.playerB).apiTokens.list();
    expect(list.every((t) => t.status === "ended")).toBe(true);
    const fresh = await make("playerB", "read");
    expect((await query("accounts.me", undefined, fresh)).status).toBe(200);
  });

  it("the REST view serves public data by GET (token optional), refuses other methods, and its OpenAPI document lists the routes", async () => {
    const standings = await fetch(`${base}/api/v1/tournaments/${w.tournament.id}/standings`);
    expect(standings.status).toBe(200);
    expect(((await standings.json()) as { rows: unknown[] }).rows).toHaveLength(2);
    const list = await fetch(`${base}/api/v1/tournaments?clubId=${w.club.id}&limit=1`);
    expect(list.status).toBe(200);
    expect(await list.json()).toHaveLength(1);
    const overview = (await (await fetch(`${base}/api/v1/tournaments/${w.tournament.id}`)).json()) as { rounds: { pairings: { id: string }[] }[]; entries: { email: string | null }[] };
    expect(overview.rounds[0]!.pairings.map((p) => p.id)).toContain(w.pairingId);
    expect(overview.entries.every((e) => e.email === null)).toBe(true); // e-mails reach directors only
    expect((await fetch(`${base}/api/v1/ratings/equate?established=false&limit=5`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/players/${w.users.playerA.id}`)).status).toBe(200);
    const record = await fetch(`${base}/api/v1/games/${w.match.id}/record?format=json`);
    expect([200, 403]).toContain(record.status); // a game in play: its record is for its players
    // errors: a bad id is 400 with the schema's sentence, an unknown route 404, a write 405
    const bad = await fetch(`${base}/api/v1/tournaments/not-a-uuid/standings`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "BAD_REQUEST" });
    expect((await fetch(`${base}/api/v1/tournaments/${w.tournament.id}/secrets`)).status).toBe(404);
    expect((await fetch(`${base}/api/v1/tournaments/%E0%A4%A/standings`)).status).toBeLessThan(500);
    expect((await fetch(`${base}/api/v1/tournaments/${w.tournament.id}/standings`, { method: "POST", body: "{}" })).status).toBe(405);
    // HEAD is GET without the body: the same status and headers
    const head = await fetch(`${base}/api/v1/tournaments/${w.tournament.id}/standings`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await head.text()).toBe("");
    expect((await fetch(`${base}/api/v1/tournaments/not-a-uuid/standings`, { method: "HEAD" })).status).toBe(400);

    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, { get?: { operationId: string } }> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers[0]!.url).toBe(`${base}/api/v1`);
    expect(Object.keys(doc.paths).sort()).toEqual(["/games/{matchId}/record", "/players/{userId}", "/ratings/{ruleset}", "/tournaments", "/tournaments/{tournamentId}", "/tournaments/{tournamentId}/standings"]);
    expect(doc.paths["/tournaments/{tournamentId}/standings"]!.get!.operationId).toBe("tournaments-standings");
  });

  it(`anonymous REST calls are rate-limited per address (${API_ALLOWANCE.anonymous.burst} at once): 429 with Retry-After; another address is not held up`, async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID().slice(0, 8)}`;
    const call = (from: string) => fetch(`${base}/api/v1/tournaments/not-a-uuid/standings`, { headers: { "x-forwarded-for": from } });
    // the bucket refills 2 a second while the calls run, so the bound allows for the time they took
    const t0 = Date.now();
    const answers = await Promise.all(Array.from({ length: API_ALLOWANCE.anonymous.burst + 40 }, () => call(address)));
    const refill = Math.ceil(((Date.now() - t0) / 1000) * API_ALLOWANCE.anonymous.perSecond);
    const served = answers.filter((r) => r.status === 400).length; // each counted, then refused by the schema
    const limited = answers.filter((r) => r.status === 429);
    expect(served + limited.length).toBe(answers.length);
    expect(served).toBeGreaterThanOrEqual(API_ALLOWANCE.anonymous.burst);
    expect(served).toBeLessThanOrEqual(API_ALLOWANCE.anonymous.burst + refill);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await limited[0]!.json()).toMatchObject({ code: "TOO_MANY_REQUESTS", error: expect.stringMatching(/Too many API requests/) });
    expect((await call(`${address}-other`)).status).toBe(400);
  });

  it("the tRPC face still reads booleans strictly after REST calls (the REST view never coerces the shared schemas)", async () => {
    await fetch(`${base}/api/v1/ratings/equate?established=false`);
    await expect(callerFor(db()).ratings.leaderboard({ ruleset: "equate", established: "false" as unknown as boolean })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
