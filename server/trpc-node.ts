/**
 * The hot procedures over plain Node HTTP (tRPC's node-http adapter), without Next's route
 * handler: `server/main.ts` sends a `/api/trpc/…` request here when every procedure it names is
 * one of `HOT_PROCEDURES` (a move, the match view, its live stream, the scorekeeper station) and
 * hands everything else to Next. Same router, same limits and error shapes as `app/api/trpc`
 * (server/trpc-http.ts): the body is read with the same byte cap and UTF-8 check (`readBodyStream`),
 * batches are capped, a refusal comes back in tRPC's shape with `Retry-After` when it has one.
 *
 * What differs is only the request path: Next spends ≈ 2.4 ms of CPU routing a request to a route
 * handler and writing its answer through web streams (issue 14's profile); this path parses the
 * URL and hands the Node request to tRPC. Work after the answer (the bot's reply) runs when the
 * response has closed, as Next's `after()` does.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import { appRouter } from "./routers/_app";
import { lastHop, readBodyStream } from "./edge";
import { LIMITS } from "./limits";
import { bodyRefusal, retryAfterMeta } from "./trpc-http";
import type { Context } from "./trpc";

const PREFIX = "/api/trpc/";

/** Procedures served here rather than by Next (a batch goes here only if all of it is hot). */
export const HOT_PROCEDURES = new Set(["matches.move", "matches.get", "matches.live"]);
const HOT_PREFIXES = ["matches.scorekeeper."];

const isHot = (proc: string) => HOT_PROCEDURES.has(proc) || HOT_PREFIXES.some((p) => proc.startsWith(p));

/** The tRPC path of a request for hot procedures only (`matches.get,matches.move`), else null. */
export function hotProcedurePath(method: string | undefined, url: string | undefined): string | null {
  if ((method !== "GET" && method !== "POST") || !url?.startsWith(PREFIX)) return null;
  const q = url.indexOf("?");
  let path: string;
  try {
    path = decodeURIComponent(url.slice(PREFIX.length, q < 0 ? undefined : q));
  } catch {
    return null; // a malformed escape: Next answers it as it always has
  }
  const procs = path.split(",");
  return procs.length > 0 && procs.length <= LIMITS.trpcBatchSize && procs.every(isHot) ? path : null;
}

/** The request as the session reader sees it: a fetch Request with the headers only (no body). */
function headersRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k.startsWith(":")) continue;
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else headers.set(k, v);
  }
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, { headers });
}

/**
 * Serves one request for `path` (from `hotProcedurePath`). `createContext` is given the request's
 * headers as a fetch Request and the way to run work after the answer.
 */
export function trpcNodeHandler(createContext: (req: Request, afterResponse: NonNullable<Context["afterResponse"]>) => Promise<Context>) {
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    // before the body is read or anything waits: a move is timed from here (docs/matches.md "Fair clocks")
    const receivedAt = Date.now();
    let refused = null;
    if (req.method === "POST") {
      const body = await readBodyStream(req, req.headers["content-length"], LIMITS.trpcBodyBytes);
      // the adapter takes a string body as read (it reads the stream only when there is none)
      (req as IncomingMessage & { body?: string }).body = body.ok ? body.text : "{}";
      refused = bodyRefusal(body);
    }
    // as `next start` does: without a proxy's header, the socket's address is the client's
    const forwardedFor = req.headers["x-forwarded-for"];
    const address = lastHop((Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor) || req.socket.remoteAddress);
    const afterResponse: NonNullable<Context["afterResponse"]> = (task) => void res.once("close", () => void task());
    await nodeHTTPRequestHandler({
      req,
      res,
      path,
      router: appRouter,
      maxBatchSize: LIMITS.trpcBatchSize,
      createContext: async () => {
        if (refused) throw refused;
        return { ...(await createContext(headersRequest(req), afterResponse)), clientAddress: address, receivedAt };
      },
      responseMeta: retryAfterMeta,
    });
  };
}
