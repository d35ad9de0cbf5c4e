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
import { createServer } from "node:http";
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
const [{ default: next }, { contextFor }, { getDbHandle }, { hotProcedurePath, trpcNodeHandler }, { UNEXPECTED_MESSAGE }] = await Promise.all([
  import("next"),
  import("./context"),
  import("@/db/client"),
  import("./trpc-node"),
  import("./errors"),
]);

const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? "localhost", port });
const handleNext = app.getRequestHandler();
const handleHot = trpcNodeHandler(contextFor);

// Open (and migrate) the database before Next's instrumentation hook does, as `next start` would
// at start-up; a failure is retried by the next request (db/client.ts, instrumentation.ts).
await getDbHandle().catch((err) => console.error("Could not open the database at start-up; the next request will try again.", err));
await app.prepare();

const server = createServer((req, res) => {
  const path = hotProcedurePath(req.method, req.url);
  const handled = path !== null ? handleHot(req, res, path) : handleNext(req, res);
  handled.catch((err: unknown) => {
    console.error(err);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: UNEXPECTED_MESSAGE }));
    else res.destroy();
  });
});
// SSE streams stay open for as long as a page does
server.requestTimeout = 0;
server.listen(port, hostname, () => console.log(`> Equalis ready on http://${hostname ?? "localhost"}:${port} (hot procedures on Node, the rest on Next)`));

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
  const { statementsSent } = await import("@/db/client");
  process.on("SIGUSR2", () => {
    void getDbHandle().then(
      (h) => console.log(`EQUALIS_STATS ${JSON.stringify({ cpu: process.cpuUsage(), statements: statementsSent(h.db) })}`),
      () => console.log(`EQUALIS_STATS ${JSON.stringify({ cpu: process.cpuUsage(), statements: null })}`),
    );
  });
}
process.once("SIGINT", stop);
