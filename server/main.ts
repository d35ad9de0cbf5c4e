/**
 * The app's server (`npm start`, `npm run app`): one Node HTTP server on one port, in front of
 * Next. The live procedures — a move, the match view and its SSE stream, the scorekeeper station
 * (`HOT_PROCEDURES`, server/trpc-node.ts) — are served by tRPC's Node adapter straight from here;
 * every other request (pages, assets, Auth.js, every other procedure) goes to Next's request
 * handler, unchanged. Same router, same client: the split is invisible from the browser.
 *
 * Next's custom-server API (`next({ dev: false })`, `prepare()`, `getRequestHandler()`) serves
 * the production build in `NEXT_DIST_DIR` (default `.next`), so `next build` comes first. Next's
 * server code is bundled and this file's is not, so the two hold separate copies of the server
 * modules in one process; the database handle is shared through `globalThis` (db/client.ts), so
 * PGlite still has one owner. Options: `--port`/`-p` (or PORT, default 3000), `--hostname`/`-H`
 * (or HOSTNAME, default all interfaces). docs/deployment.md has the layout.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = Number(args.port ?? process.env.PORT ?? 3000);
const hostname = args.hostname ?? process.env.HOSTNAME ?? undefined;
// Next and React read NODE_ENV when they load: set it before importing them.
(process.env as Record<string, string>).NODE_ENV ??= "production";

// Next's server modules (next/server's `after`, imported by the context) expect the global that
// Next's own start-up sets (next/dist/server/node-environment-baseline does the same).
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= (await import("node:async_hooks")).AsyncLocalStorage;
const [{ default: next }, { contextFor }, { getDbHandle }, { hotProcedurePath, trpcNodeHandler }, { UNEXPECTED_MESSAGE }, { log, requestIdOf, runWithRequestLog }, { metricsResponse }, { admitRequest }, { proxyTrust }, { PageCache, cachedPages }, { readFileSync }, path] = await Promise.all([
  import("next"),
  import("./context"),
  import("@/db/client"),
  import("./trpc-node"),
  import("./errors"),
  import("./log"),
  import("./ops/endpoints"),
  import("./front"),
  import("./client-address"),
  import("./page-cache"),
  import("node:fs"),
  import("node:path"),
]);
const { isWatchRequest, serveWatch } = await import("./watch-http");
// which proxies' X-Forwarded-* headers are believed: TRUST_PROXY, by default none (server/client-address.ts)
const trust = proxyTrust();

const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? "localhost", port });
const handleNext = app.getRequestHandler();
const handleHot = trpcNodeHandler(contextFor);

// Open (and migrate) the database before Next's instrumentation hook does, as `next start` would
// at start-up; a failure is retried by the next request (db/client.ts, instrumentation.ts).
await getDbHandle().catch((err: unknown) => log.error({ err }, "Could not open the database at start-up; the next request will try again."));
await app.prepare();

// Public pages rendered once and served to every anonymous visitor with a fresh nonce
// (server/page-cache.ts); keyed by the build, so a deployment never serves the last one's pages.
const buildId = readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"), "utf8").trim();
const pageCache = process.env.PAGE_CACHE === "off" ? null : new PageCache();

const servePage = cachedPages(pageCache, buildId, handleNext);

/**
 * `GET /api/metrics` is answered here rather than by Next: only this server knows the socket's
 * address, so only here can "this machine, no proxy" let a scraper in without METRICS_TOKEN
 * (server/ops/metrics-access.ts).
 */
async function serveMetrics(req: IncomingMessage, res: ServerResponse, forwarded: boolean): Promise<void> {
  const auth = req.headers.authorization;
  const answer = await metricsResponse({ authorization: auth ?? null, peer: req.socket.remoteAddress ?? null, forwarded });
  res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
}

const server = createServer((req, res) => {
  // one request id for every log line of this request, here and in Next (proxy.ts keeps it)
  const requestId = requestIdOf({ get: (name) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : null) });
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  runWithRequestLog(requestId, () => {
    // as sent, before admitRequest replaces it with the client's address
    const forwarded = req.headers["x-forwarded-for"] !== undefined;
    if (!admitRequest(req, res, trust)) return;
    const path = hotProcedurePath(req.method, req.url);
    const isMetrics = req.method === "GET" && (req.url === "/api/metrics" || req.url?.startsWith("/api/metrics?"));
    // the public event page's stream: one broadcaster per tournament writes it to every viewer (server/watch-http.ts)
    const handled = isMetrics
      ? serveMetrics(req, res, forwarded)
      : path !== null
        ? handleHot(req, res, path)
        : isWatchRequest(req.url)
          ? getDbHandle().then((h) => serveWatch(h.db, req, res))
          : servePage(req, res);
    handled.catch((err: unknown) => {
      log.error({ err }, "unexpected error serving a request");
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: UNEXPECTED_MESSAGE }));
      else res.destroy();
    });
  });
});
// SSE streams stay open for as long as a page does
server.requestTimeout = 0;
// Node closes an idle keep-alive connection after 5 s by default. A client that sends its next
// request on a pooled connection just as the server closes it gets ECONNRESET (a proxy answers
// 502): Playwright's request pool did, once, in CI. Proxies keep idle upstream connections ~60 s
// (nginx, AWS ALB), so the server keeps them longer than that; headersTimeout must exceed it.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => log.info({ port, hostname: hostname ?? null }, `Equalis ready on http://${hostname ?? "localhost"}:${port} (hot procedures on Node, the rest on Next)`));

const stop = () => {
  server.close();
  server.closeAllConnections();
  void app.close?.().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.once("SIGTERM", stop);
// The load test and the HTTP benchmark read this server's CPU and database statements on a
// signal (never over HTTP), only when they started it with EQUALIS_STATS_SIGNAL=1.
if (process.env.EQUALIS_STATS_SIGNAL === "1") {
  const [{ statementsSent }, { publicViewsComputedTotal }, { monitorEventLoopDelay, PerformanceObserver, constants }] = await Promise.all([
    import("@/db/client"),
    import("@/server/services/matches/views"),
    import("node:perf_hooks"),
  ]);
  // since the previous read: this loop's delay (how long a request that arrived waited for it) and garbage collection's pauses
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const gc = { ms: 0, count: 0, maxMs: 0, majorMs: 0, majorCount: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.ms += e.duration;
      gc.count++;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
      // mark-compact of the whole heap (perf_hooks.constants.NODE_PERFORMANCE_GC_MAJOR), as opposed to scavenges of the young generation
      if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.majorMs += e.duration;
        gc.majorCount++;
      }
    }
  }).observe({ entryTypes: ["gc"] });
  process.on("SIGUSR2", () => {
    // public views: those of the hot path's copy of the service, which serves every live stream
    const publicViews = publicViewsComputedTotal();
    const pages = pageCache ? { hits: pageCache.hits, misses: pageCache.misses, size: pageCache.size } : null;
    const since = { loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 }, gc: { ...gc } };
    loop.reset();
    Object.assign(gc, { ms: 0, count: 0, maxMs: 0, majorMs: 0, majorCount: 0 });
    void getDbHandle().then(
      (h) => console.log(`EQUALIS_STATS ${JSON.stringify({ cpu: process.cpuUsage(), statements: statementsSent(h.db), publicViews, pages, ...since })}`),
      () => console.log(`EQUALIS_STATS ${JSON.stringify({ cpu: process.cpuUsage(), statements: null, publicViews, pages, ...since })}`),
    );
  });
}
process.once("SIGINT", stop);
