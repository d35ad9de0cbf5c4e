/**
 * The app instance under `npm run bench -- viewers`: a node:http server answering
 * `/api/watch/<id>` with the very handler server/main.ts mounts in front of Next
 * (server/watch-http.ts → server/live/watch-broadcast.ts), on the database in DATABASE_URL.
 * Next is left out: main.ts hands this path to the handler before Next sees it, so the stream's
 * cost is the same and the process's CPU is the broadcaster's alone. On SIGUSR2 it prints its
 * CPU time so far (`VIEWERS_STATS {...}`). Loopback only; run as its own process:
 * `node --import tsx bench/load/viewers-server.ts <port>`.
 */
import { createServer } from "node:http";
import { getDbHandle } from "@/db/client";
import { isWatchRequest, serveWatch } from "@/server/watch-http";

const port = Number(process.argv[2]);
const { db } = await getDbHandle();
const server = createServer((req, res) => {
  if (!isWatchRequest(req.url)) return void res.writeHead(404).end();
  serveWatch(db, req, res).catch(() => (res.headersSent ? res.destroy() : res.writeHead(500).end()));
});
server.requestTimeout = 0;
server.maxConnections = 30_000;
server.listen(port, "127.0.0.1", () => console.log("VIEWERS_READY"));
process.on("SIGUSR2", () => console.log(`VIEWERS_STATS ${JSON.stringify({ cpu: process.cpuUsage(), rss: process.memoryUsage().rss })}`));
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close();
  process.exit(0);
});
