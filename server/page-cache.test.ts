/**
 * The page cache (server/page-cache.ts) over real HTTP, with a stand-in for Next that renders the
 * way proxy.ts + Next do: a new nonce per render, in the CSP header and on every script.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHED_PAGES, PageCache, cachedPages, type CachedPage } from "./page-cache";
import { contentSecurityPolicy, newNonce } from "./ops/csp";

let renders = 0;
/** What Next answers: a page whose scripts carry this render's nonce; some answers must never be stored. */
async function fakeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
  renders++;
  const nonce = newNonce();
  res.setHeader("content-security-policy", contentSecurityPolicy(nonce, { dev: false, https: false }));
  res.setHeader("x-request-id", `render-${renders}`);
  if (req.url?.startsWith("/live")) res.setHeader("set-cookie", "x=1");
  if (req.url === "/tournaments/missing") res.statusCode = 404;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.write(`<!DOCTYPE html><html><head><script src="/_next/static/a.js" nonce="${nonce}" async></script></head><body>`);
  res.write(Buffer.from(`<p>${req.url}</p><script nonce="${nonce}">self.__next_f.push([1,"x"])</script>`));
  res.end(`</body></html>`);
}

let server: Server;
let base = "";
const cache = new PageCache(100, 1024 * 1024);
beforeAll(async () => {
  const serve = cachedPages(cache, "build-1", fakeNext);
  server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + path, { headers });
  const body = await res.text();
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
  return { res, body, nonce, csp };
};

describe("the page cache", () => {
  it("renders a public page once and serves it again with a new nonce, in the policy and on every script", async () => {
    const r0 = renders;
    const a = await get("/tournaments/t-1/standings");
    const b = await get("/tournaments/t-1/standings");
    const c = await get("/tournaments/t-1/standings");
    expect(renders - r0).toBe(1);
    for (const x of [a, b, c]) {
      expect(x.res.status).toBe(200);
      expect(x.nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      // every script carries this response's nonce, none another
      expect(x.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${x.nonce}"`, `nonce="${x.nonce}"`]);
    }
    expect(new Set([a.nonce, b.nonce, c.nonce]).size).toBe(3);
    expect(b.body.split(b.nonce).join("N")).toBe(a.body.split(a.nonce).join("N"));
    expect(b.csp.split(b.nonce).join("N")).toBe(a.csp.split(a.nonce).join("N"));
    expect(b.res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect([a, b, c].map((x) => x.res.headers.get("x-page-cache"))).toEqual([null, "hit", "hit"]);
    // the render's request id is its own, not replayed
    expect(b.res.headers.get("x-request-id")).toBeNull();
  });

  it("keys by path and query: another tournament or another ?next= is another render", async () => {
    const r0 = renders;
    await get("/tournaments/t-2/standings");
    await get("/tournaments/t-3/standings");
    await get("/signin?next=%2Fa");
    await get("/signin?next=%2Fb");
    const again = await get("/signin?next=%2Fb");
    expect(renders - r0).toBe(4);
    expect(again.body).toContain("/signin?next=%2Fb");
  });

  it("a signed-in visitor, a client navigation (RSC) or a page off the list always gets a fresh render", async () => {
    for (const [path, headers] of [
      ["/tournaments/t-1/standings", { cookie: "authjs.session-token=abc" }],
      ["/tournaments/t-1/standings", { cookie: "__Secure-authjs.session-token.0=abc" }],
      ["/tournaments/t-1/standings", { rsc: "1" }],
      ["/tournaments/t-1/manage", {}],
      ["/profile", {}],
    ] as const) {
      const r0 = renders;
      await get(path, headers);
      await get(path, headers);
      expect(renders - r0, `${path} ${JSON.stringify(headers)}`).toBe(2);
    }
  });

  it("never stores an answer that sets a cookie or is not a 200", async () => {
    for (const path of ["/live", "/tournaments/missing"]) {
      const r0 = renders;
      await get(path);
      const second = await get(path);
      expect(renders - r0, path).toBe(2);
      expect(second.res.headers.get("x-request-id")).toMatch(/^render-/);
    }
  });

  it("keeps to its bounds, dropping the least recently used page", () => {
    const small = new PageCache(2, 1000);
    const page = (bytes: number): CachedPage => ({ status: 200, headers: [], parts: [""], cspParts: [""], fixedBytes: 0, bytes });
    small.set("a", page(100));
    small.set("b", page(100));
    small.get("a");
    small.set("c", page(100));
    expect([small.get("a"), small.get("b"), small.get("c")].map(Boolean)).toEqual([true, false, true]);
    small.set("d", page(950));
    expect(small.size).toBe(1);
    small.set("e", page(5000));
    expect(small.get("e")).toBeUndefined();
  });
});

describe("the pages on the cache's list", () => {
  // A sample path per pattern and the page file that renders it: each must stay a client
  // component (its HTML is the shell, the data comes over tRPC), or a server component audited to
  // read nothing per request. A page that starts rendering data on the server must leave the list.
  const AUDITED_SERVER_PAGES = new Set(["app/page.tsx", "app/offline/page.tsx"]);
  const samples: [string, string][] = [
    ["/", "app/page.tsx"],
    ["/signin", "app/signin/page.tsx"],
    ["/signup", "app/signup/page.tsx"],
    ["/forgot-password", "app/forgot-password/page.tsx"],
    ["/offline", "app/offline/page.tsx"],
    ["/live", "app/live/page.tsx"],
    ["/tournaments", "app/tournaments/page.tsx"],
    ["/ratings", "app/ratings/page.tsx"],
    ["/clubs", "app/clubs/page.tsx"],
    ["/tournaments/x", "app/tournaments/[id]/page.tsx"],
    ["/tournaments/x/standings", "app/tournaments/[id]/standings/page.tsx"],
    ["/tournaments/x/crosstable", "app/tournaments/[id]/crosstable/page.tsx"],
    ["/tournaments/x/bracket", "app/tournaments/[id]/bracket/page.tsx"],
    ["/tournaments/x/teams", "app/tournaments/[id]/teams/page.tsx"],
    ["/tournaments/x/watch", "app/tournaments/[id]/watch/page.tsx"],
    ["/tournaments/x/print/wall-chart", "app/tournaments/[id]/print/wall-chart/page.tsx"],
  ];

  it("every pattern is sampled", () => {
    for (const re of CACHED_PAGES) expect(samples.some(([p]) => re.test(p)), String(re)).toBe(true);
  });

  it.each(samples)("%s (%s) renders nothing per visitor on the server", (path, file) => {
    expect(CACHED_PAGES.some((re) => re.test(path))).toBe(true);
    expect(existsSync(file)).toBe(true);
    const src = readFileSync(file, "utf8");
    if (AUDITED_SERVER_PAGES.has(file)) expect(src).not.toMatch(/cookies\(|headers\(|await |searchParams|params/);
    else expect(src.trimStart().startsWith('"use client"')).toBe(true);
  });

  it("no layout on the way reads the request", () => {
    for (const file of ["app/layout.tsx", "app/tournaments/layout.tsx", "app/tournaments/[id]/layout.tsx"]) {
      if (!existsSync(file)) continue;
      expect(readFileSync(file, "utf8"), file).not.toMatch(/cookies\(|headers\(|auth\(/);
    }
  });
});
