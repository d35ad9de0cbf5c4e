/**
 * The hot path (server/trpc-node.ts) answers exactly as Next's route does (server/trpc-http.ts):
 * two node:http servers on this test's database, one serving every request through the hot
 * handler, the other through the fetch handler Next's `/api/trpc` route uses, with the same user.
 * The same requests — a move, its resend, a stale move, a view, refusals of every kind (bad JSON,
 * bad input, wrong method, wrong content type, too large, signed out, batches) — must get the same
 * status, the same body and the same `Retry-After` from both: the direct call (`callDirect`) is
 * only a cheaper way to the same answer.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SessionUser } from "@/server/trpc";
import { LIMITS } from "@/server/limits";
import { trpcHttpHandler } from "@/server/trpc-http";
import { hotProcedurePath, trpcNodeHandler } from "@/server/trpc-node";
import { describeDb } from "../helpers/db";
import { seedWorld, type World } from "../helpers/fixtures";
import { toFetch } from "../helpers/http-app";

/** Who the request is from: the `x-test-user` header names a world user (none: signed out). */
type Users = Record<string, SessionUser>;

describeDb("the hot path answers as Next's route does", (db) => {
  let w: World;
  const servers: Server[] = [];
  let hotBase = "";
  let nextBase = "";
  beforeAll(async () => {
    w = await seedWorld(db());
    const users = w.users as unknown as Users;
    const userOf = (h: Headers) => users[h.get("x-test-user") ?? ""] ?? null;
    const hot = trpcNodeHandler(async (req) => ({ db: db(), user: userOf(req.headers) }));
    const viaFetch = trpcHttpHandler(async (req) => ({ db: db(), user: userOf(req.headers) }));
    const start = async (handle: (req: IncomingMessage, res: import("node:http").ServerResponse, base: string) => Promise<void>) => {
      const s = createServer((req, res) => {
        handle(req, res, `http://127.0.0.1:${(s.address() as AddressInfo).port}`).catch((err: unknown) => {
          console.error(err);
          res.writeHead(599).end();
        });
      });
      servers.push(s);
      await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
      return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    };
    hotBase = await start(async (req, res) => {
      const path = hotProcedurePath(req.method, req.url);
      if (path === null) return void res.writeHead(404).end();
      await hot(req, res, path);
    });
    nextBase = await start(async (req, res, base) => {
      const out = await viaFetch(await toFetch(req, base));
      res.writeHead(out.status, Object.fromEntries(out.headers));
      // streamed as it comes (a live stream never ends by itself)
      if (out.body) for await (const chunk of out.body as unknown as AsyncIterable<Uint8Array>) if (!res.write(chunk)) break;
      res.end();
    });
  });
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  interface Answer {
    status: number;
    body: unknown;
    contentType: string | null;
    retryAfter: string | null;
  }
  const send = async (base: string, path: string, init: RequestInit): Promise<Answer> => {
    const res = await fetch(base + path, init);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // compared as text
    }
    return { status: res.status, body, contentType: res.headers.get("content-type"), retryAfter: res.headers.get("retry-after") };
  };
  /** The same request to both servers, one after the other (hot first); both answers. */
  const both = async (path: string, init: RequestInit = {}) => ({ hot: await send(hotBase, path, init), next: await send(nextBase, path, init) });
  const as = (who: keyof World["users"] | null, extra: Record<string, string> = {}) => ({ ...(who ? { "x-test-user": who } : {}), ...extra });
  const json = { "content-type": "application/json" };
  const getPath = (proc: string, input: unknown) => `/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const moveBody = (input: unknown) => JSON.stringify({ json: input });
  /** An answer as text but for the clocks, which run between the two requests. */
  const strip = (a: Answer) => JSON.stringify(a).replace(/"serverNow":\d+/g, "").replace(/"remainingMs":-?\d+/g, "");

  it("a move: applied once through the hot path, then its resend and a stale move are answered alike by both", async () => {
    const clientId = crypto.randomUUID();
    const input = { matchId: w.match.id, expectedSeq: w.match.version, clientId, action: { type: "pass" } };
    // the player on move is whoever passes: try A, then B
    let first = await send(hotBase, "/api/trpc/matches.move", { method: "POST", headers: as("playerA", json), body: moveBody(input) });
    let mover: "playerA" | "playerB" = "playerA";
    if (first.status !== 200) {
      mover = "playerB";
      first = await send(hotBase, "/api/trpc/matches.move", { method: "POST", headers: as("playerB", json), body: moveBody(input) });
    }
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ result: { data: { json: { applied: true, version: w.match.version + 1 } } } });
    expect(first.contentType).toBe("application/json");

    const resend = await both("/api/trpc/matches.move", { method: "POST", headers: as(mover, json), body: moveBody(input) });
    expect(resend.hot.body).toMatchObject({ result: { data: { json: { applied: false } } } });
    expect(resend.hot).toEqual(resend.next);

    const stale = await both("/api/trpc/matches.move", { method: "POST", headers: as(mover, json), body: moveBody({ ...input, clientId: crypto.randomUUID() }) });
    expect(stale.hot.status).toBe(409);
    expect(stale.hot).toEqual(stale.next);
  });

  it("a view by GET: the same view (but for the server's clock); a missing match is the same 404", async () => {
    const view = await both(getPath("matches.get", { matchId: w.match.id }), { headers: as("playerA") });
    expect(view.hot.status).toBe(200);
    expect(strip(view.hot)).toBe(strip(view.next));
    const missing = await both(getPath("matches.get", { matchId: crypto.randomUUID() }), { headers: as(null) });
    expect(missing.hot.status).toBe(404);
    expect(missing.hot).toEqual(missing.next);
  });

  it("the live stream: the same headers and frames (connected, the view, the next view after a move) on both; a refused stream alike", async () => {
    const streamPath = getPath("matches.live", { matchId: w.match.id });
    const open = async (base: string) => {
      const ac = new AbortController();
      const res = await fetch(base + streamPath, { headers: as("playerB"), signal: ac.signal });
      const reader = res.body!.getReader();
      let text = "";
      /** the stream's text once it holds `n` frames */
      const frames = async (n: number) => {
        while (text.split("\n\n\n").length - 1 < n) text += new TextDecoder().decode((await reader.read()).value);
        return text;
      };
      return { res, frames, close: () => ac.abort() };
    };
    const clocks = (t: string) => t.replace(/"serverNow":\d+/g, "").replace(/"remainingMs":-?\d+/g, "");
    const [hot, next] = [await open(hotBase), await open(nextBase)];
    try {
      for (const h of ["content-type", "cache-control", "x-accel-buffering", "vary"]) expect(hot.res.headers.get(h), h).toBe(next.res.headers.get(h));
      expect(hot.res.headers.get("content-type")).toBe("text/event-stream");
      const first = clocks(await hot.frames(2));
      expect(first).toMatch(/^event: connected\ndata: \{"reconnectAfterInactivityMs":30000\}\n\n\ndata: \{"json":\{"id":/);
      expect(first).toBe(clocks(await next.frames(2)));
      // whoever is on move exchanges: both streams then carry the same next view
      const version = Number(/"version":(\d+)/.exec(first)![1]);
      const input = (who: string) => moveBody({ matchId: w.match.id, expectedSeq: version, clientId: crypto.randomUUID(), action: { type: "pass" } }) + who.slice(0, 0);
      const a = await send(hotBase, "/api/trpc/matches.move", { method: "POST", headers: as("playerA", json), body: input("A") });
      if (a.status !== 200) expect((await send(hotBase, "/api/trpc/matches.move", { method: "POST", headers: as("playerB", json), body: input("B") })).status).toBe(200);
      const after = clocks(await hot.frames(3));
      expect(Number(/"version":(\d+)/.exec(after.split("\n\n\n")[2]!)![1])).toBeGreaterThan(version);
      expect(after).toBe(clocks(await next.frames(3)));
    } finally {
      hot.close();
      next.close();
    }
    const missing = getPath("matches.live", { matchId: crypto.randomUUID() });
    const refused = { hot: await send(hotBase, missing, { headers: as(null) }), next: await send(nextBase, missing, { headers: as(null) }) };
    expect(refused.hot.body).toMatch(/serialized-error/);
    expect(refused.hot).toEqual(refused.next);
  });

  it("every refusal is the same status, body and headers on both", async () => {
    const move = { matchId: w.match.id, expectedSeq: 0, clientId: crypto.randomUUID(), action: { type: "pass" } };
    const cases: [string, string, RequestInit][] = [
      ["signed out", "/api/trpc/matches.move", { method: "POST", headers: as(null, json), body: moveBody(move) }],
      ["not JSON", "/api/trpc/matches.move", { method: "POST", headers: as("playerA", json), body: "{nope" }],
      ["empty body", "/api/trpc/matches.move", { method: "POST", headers: as("playerA", json), body: "" }],
      ["bad input", "/api/trpc/matches.move", { method: "POST", headers: as("playerA", json), body: moveBody({ ...move, clientId: "x", action: { type: "fly" } }) }],
      ["lone surrogate", "/api/trpc/matches.move", { method: "POST", headers: as("playerA", json), body: moveBody({ ...move, clientId: "\ud800" }) }],
      ["not UTF-8", "/api/trpc/matches.move", { method: "POST", headers: as("playerA", json), body: new Uint8Array([0x7b, 0xff, 0x7d]) }],
      ["too large", "/api/trpc/matches.move", { method: "POST", headers: as("playerA", json), body: moveBody({ ...move, pad: "x".repeat(LIMITS.trpcBodyBytes) }) }],
      ["no content type", "/api/trpc/matches.move", { method: "POST", headers: as("playerA"), body: moveBody(move) }],
      ["text content type", "/api/trpc/matches.move", { method: "POST", headers: as("playerA", { "content-type": "text/plain" }), body: moveBody(move) }],
      ["a mutation by GET", getPath("matches.move", move), { headers: as("playerA") }],
      ["a query by POST", "/api/trpc/matches.get", { method: "POST", headers: as("playerA", json), body: moveBody({ matchId: w.match.id }) }],
      ["bad query input", getPath("matches.get", { matchId: 5 }), { headers: as(null) }],
      ["unparseable query input", "/api/trpc/matches.get?input=%7Bnope", { headers: as(null) }],
      ["a batch", `/api/trpc/matches.get,matches.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { matchId: w.match.id } }, 1: { json: { matchId: 7 } } }))}`, { headers: as(null) }],
    ];
    for (const [name, path, init] of cases) {
      const { hot, next } = await both(path, init);
      expect(hot.status, name).toBeGreaterThanOrEqual(name === "a batch" ? 200 : 400);
      expect(hot.status, name).toBeLessThan(500);
      expect(strip(hot), name).toBe(strip(next));
    }
  });
});
