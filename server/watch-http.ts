/**
 * `GET /api/watch/<tournamentId>`: the public event page's live stream (server-sent events),
 * answered by server/main.ts before Next — the same stream for every viewer, written by the
 * tournament's broadcaster (server/live/watch-broadcast.ts). No session is read: the stream is
 * public and the same for everyone. A process holds at most WATCH_MAX_VIEWERS streams
 * (default 20,000); past that it answers 503 with Retry-After, and EventSource tries again.
 *
 * The write path (docs/performance.md, "10,000 viewers"): the body is close-delimited, not
 * chunked — the stream only ends when the connection does, and EventSource reconnects either way —
 * so a frame needs no per-viewer framing, and once the headers are out the broadcaster writes its
 * one encoded Buffer straight to the viewer's socket: one `socket.write` per viewer per version
 * instead of `ServerResponse.write`'s four (hex length, CRLF, data, CRLF) plus its cork/uncork.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "@/db/client";
import { watchBroadcast, watchViewers, type ViewerSink } from "./live/watch-broadcast";

const PREFIX = "/api/watch/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Connection: close — the body runs until the connection ends (no chunked framing per write)
const SSE_HEADERS = { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no", Connection: "close" };
// reconnect after 2 s when the stream ends (EventSource's own default is about 3 s)
const RETRY = Buffer.from("retry: 2000\n\n");

const maxViewers = () => Number(process.env.WATCH_MAX_VIEWERS ?? 20_000);

/** Whether main.ts should send this request here (any method: a wrong one gets its 405 here). */
export function isWatchRequest(url: string | undefined): boolean {
  return url?.startsWith(PREFIX) === true;
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers }).end(JSON.stringify({ error: message }));
}

/**
 * Where the broadcaster writes this viewer's frames: its socket itself once node:http has handed
 * the response the connection (`res.socket` is only set then: a pipelined response waiting its
 * turn has none, and then goes through `res`, which queues in order). Both are ViewerSinks.
 */
export function viewerSink(res: ServerResponse): ViewerSink {
  if (res.chunkedEncoding || !res.headersSent) return res; // never expected: keep node:http's framing
  return res.socket ?? res;
}

export async function serveWatch(db: Db, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "GET") return refuse(res, 405, "Method not allowed.", { allow: "GET" });
  const url = req.url ?? "";
  const q = url.indexOf("?");
  const id = url.slice(PREFIX.length, q < 0 ? undefined : q);
  if (!UUID.test(id)) return refuse(res, 404, "No such tournament.");
  if (watchViewers(db) >= maxViewers()) return refuse(res, 503, "Too many viewers on this server; trying again shortly.", { "retry-after": "5" });
  for (;;) {
    const b = watchBroadcast(db, id.toLowerCase());
    try {
      await b.ready;
    } catch {
      if (b.viewerCount === 0) b.close();
      return refuse(res, 503, "Live updates are unavailable right now.", { "retry-after": "5" });
    }
    if (res.destroyed) return void (b.viewerCount === 0 && b.close());
    // its last viewer left while this one waited: start again with a fresh broadcaster
    if (b.isClosed) continue;
    if (!b.found) {
      if (b.viewerCount === 0) b.close();
      return refuse(res, 404, "No such tournament.");
    }
    if (!b.snapshot()) {
      if (b.viewerCount === 0) b.close();
      return refuse(res, 503, "Live updates are unavailable right now.", { "retry-after": "5" });
    }
    // close-delimited: node:http then writes the body as given (res.chunkedEncoding stays false)
    res.useChunkedEncodingByDefault = false;
    res.writeHead(200, SSE_HEADERS);
    res.write(RETRY); // the headers and the first bytes, in order, through node:http
    const leave = b.join(viewerSink(res));
    res.once("close", leave);
    return;
  }
}
