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
import { getTRPCErrorFromUnknown, getTRPCErrorShape, TRPCError, type AnyTRPCProcedure, type TRPCErrorShape } from "@trpc/server";
import { getHTTPStatusCode } from "@trpc/server/http";
import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import { appRouter } from "./routers/_app";
import { lastHop, readBodyStream } from "./edge";
import { LIMITS } from "./limits";
import { bodyRefusal, retryAfterMeta } from "./trpc-http";
import type { Context } from "./trpc";
import type { RequestHead } from "./context";

const PREFIX = "/api/trpc/";

/**
 * Only for the load test and the HTTP benchmark (the servers they start, EQUALIS_STATS_SIGNAL=1):
 * a direct call's answer says where its time went on the server, as a `Server-Timing` header —
 * `body` (reading the request body), `ctx` (the session), `proc` (the procedure: pool, locks,
 * statements, output) — so the load test can split a slow move's time between the server's
 * handler and what lies outside it (event-loop queues on both sides, the network).
 */
const TIMING = process.env.EQUALIS_STATS_SIGNAL === "1";

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

/** The request as the session reader sees it: its headers (a fetch `Headers`) and URL, no body. */
function requestHead(req: IncomingMessage): RequestHead {
  const headers = new Headers();
  const raw = req.headers;
  for (const k in raw) {
    const v = raw[k];
    if (v === undefined || k.startsWith(":")) continue;
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else headers.set(k, v);
  }
  return { headers, url: `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}` };
}

/**
 * A Node request's bytes, gathered from its events (Readable's async iterator cost ≈ 4 % of a
 * move's CPU); null once more than `maxBytes` arrive (or are announced): it then stops reading
 * and destroys the request, as leaving a `for await` over it early did.
 */
function collectBody(req: IncomingMessage, maxBytes: number): Promise<Buffer[] | null> {
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData).off("end", onEnd).off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= maxBytes) return void chunks.push(chunk);
      done();
      req.destroy();
      resolve(null);
    };
    const onEnd = () => {
      done();
      resolve(chunks);
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

type CreateContext = (req: RequestHead, afterResponse: NonNullable<Context["afterResponse"]>) => Promise<Context>;

/**
 * Serves one request for `path` (from `hotProcedurePath`). `createContext` is given the request's
 * headers and URL and the way to run work after the answer.
 *
 * A single query by GET or mutation by POST with a JSON body (a move, `matches.get`, the
 * scorekeeper's calls: all the hot traffic but the live stream) is answered by `callDirect`;
 * everything else — batches, the SSE stream, a wrong method or content type, a body that is not
 * JSON — goes through tRPC's Node adapter, which gives the exact refusals tRPC always gave.
 */
export function trpcNodeHandler(createContext: CreateContext) {
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    // before the body is read or anything waits: a move is timed from here (docs/matches.md "Fair clocks")
    const receivedAt = Date.now();
    const t0 = TIMING ? performance.now() : 0;
    let refused = null;
    let text: string | undefined;
    if (req.method === "POST") {
      const chunks = await collectBody(req, LIMITS.trpcBodyBytes);
      // the same caps, refusals and UTF-8 check as every other face (server/edge.ts)
      const body = await readBodyStream(chunks ?? null, chunks ? req.headers["content-length"] : String(LIMITS.trpcBodyBytes + 1), LIMITS.trpcBodyBytes);
      text = body.ok ? body.text : "{}";
      refused = bodyRefusal(body);
    }
    // as `next start` does: without a proxy's header, the socket's address is the client's
    const forwardedFor = req.headers["x-forwarded-for"];
    const address = lastHop((Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor) || req.socket.remoteAddress);
    const afterResponse: NonNullable<Context["afterResponse"]> = (task) => void res.once("close", () => void task());
    const context = async (): Promise<Context> => {
      if (refused) throw refused;
      return { ...(await createContext(requestHead(req), afterResponse)), clientAddress: address, receivedAt };
    };
    const viaAdapter = async () => {
      // the adapter takes a string body as read (it reads the stream only when there is none)
      if (text !== undefined) (req as IncomingMessage & { body?: string }).body = text;
      await nodeHTTPRequestHandler({ req, res, path, router: appRouter, maxBatchSize: LIMITS.trpcBatchSize, createContext: context, responseMeta: retryAfterMeta });
    };
    const direct = directCall(req, path, text);
    if (direct?.type === "subscription") return streamDirect(res, path, direct, context, viaAdapter);
    if (direct) return callDirect(res, path, direct, context, t0);
    await viaAdapter();
  };
}

const config = appRouter._def._config;
// flat at run time, by dotted path (tRPC's own lookup reads it the same way)
const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure | undefined>;

interface DirectCall {
  procedure: AnyTRPCProcedure;
  type: "query" | "mutation" | "subscription";
  /** the input as sent (JSON text), undefined when none */
  json: string | undefined;
}

/** The call when `callDirect` may answer this request exactly as tRPC's handler would; else null. */
function directCall(req: IncomingMessage, path: string, body: string | undefined): DirectCall | null {
  const procedure = procedures[path];
  if (!procedure || path.includes(",")) return null;
  const type = procedure._def.type;
  const url = req.url ?? "";
  const q = url.indexOf("?");
  const params = q < 0 ? null : new URLSearchParams(url.slice(q + 1));
  // batches, streamed batches and connection parameters keep tRPC's own handling
  if (params?.has("batch") || params?.has("connectionParams") || req.headers["trpc-accept"] !== undefined || req.headers.accept?.includes("application/jsonl")) return null;
  const contentType = req.headers["content-type"]?.toLowerCase().split(";", 1)[0]!.trim();
  if (type === "mutation" && req.method === "POST" && contentType === "application/json") return { procedure, type, json: body };
  if (type === "query" && req.method === "GET" && (contentType === undefined || contentType === "application/json")) return { procedure, type, json: params?.get("input") || undefined };
  // the live stream, unless the client resumes one (tRPC then numbers the events: its adapter)
  if (path === "matches.live" && req.method === "GET" && contentType === undefined && req.headers["last-event-id"] === undefined && !params?.has("lastEventId") && !params?.has("Last-Event-Id")) {
    return { procedure, type: "subscription", json: params?.get("input") || undefined };
  }
  return null;
}

/** The input reader tRPC gives a procedure: parsed lazily, an unparseable input a BAD_REQUEST. */
function inputReader(call: DirectCall): { getRawInput: () => Promise<unknown>; parsed: () => unknown } {
  let parsed: { input: unknown } | null = null;
  return {
    getRawInput: async () => {
      if (!parsed) {
        try {
          parsed = { input: call.json === undefined ? undefined : config.transformer.input.deserialize(JSON.parse(call.json)) };
        } catch (cause) {
          throw cause instanceof TRPCError ? cause : new TRPCError({ code: "BAD_REQUEST", message: cause instanceof Error ? cause.message : "Invalid input", cause });
        }
      }
      return parsed.input;
    },
    parsed: () => parsed?.input,
  };
}

// tRPC's server-sent events, as its SSE producer writes them (event, data, then a blank line)
const SSE_HEADERS = { vary: "trpc-accept, accept", "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no", Connection: "keep-alive" };
const frame = (event: string | null, data: string) => `${event === null ? "" : `event: ${event}\n`}data: ${data}\n\n\n`;
const CONNECTED = Buffer.from(frame("connected", JSON.stringify(config.sse?.client ?? {})));
const PING = Buffer.from(frame("ping", ""));
const RETURN = Buffer.from(frame("return", ""));
const PING_MS = config.sse?.ping?.enabled ? (config.sse.ping.intervalMs ?? 1_000) : 0;

/** Each value's data frame, encoded once: a match's view is the same object for every spectator
 * of a version (services/matches/views.ts), so a thousand streams write one buffer. */
const dataFrames = new WeakMap<object, Buffer>();
function dataFrame(value: unknown): Buffer {
  const key = value !== null && typeof value === "object" ? value : null;
  const hit = key && dataFrames.get(key);
  if (hit) return hit;
  const buf = Buffer.from(frame(null, JSON.stringify(config.transformer.output.serialize(value))));
  if (key) dataFrames.set(key, buf);
  return buf;
}

/**
 * The live stream (`matches.live`) written straight to the socket: the same procedure, the same
 * frames, pings and end events as tRPC's SSE producer, without its chain of async generators,
 * web streams and a text encoder per stream, and with each view's frame encoded once for all its
 * spectators (with a thousand spectators those were ≈ 1 ms per spectator per move, most of it
 * garbage). Until the first view is ready nothing is written: a refusal (no such match, bad
 * input) is left to tRPC's adapter, which answers it as it always has.
 */
async function streamDirect(res: ServerResponse, path: string, call: DirectCall, context: () => Promise<Context>, viaAdapter: () => Promise<void>): Promise<void> {
  const input = inputReader(call);
  const ac = new AbortController();
  const onClose = () => ac.abort();
  res.once("close", onClose);
  let ctx: Context | undefined;
  let iterator: AsyncIterator<unknown> | null = null;
  let next: IteratorResult<unknown>;
  try {
    ctx = await context();
    const iterable = (await call.procedure({ path, getRawInput: input.getRawInput, ctx, type: "subscription", signal: ac.signal, batchIndex: 0 })) as AsyncIterable<unknown>;
    iterator = iterable[Symbol.asyncIterator]();
    next = await iterator.next();
  } catch {
    res.off("close", onClose);
    void iterator?.return?.();
    if (ac.signal.aborted) return void res.end();
    return viaAdapter();
  }
  res.writeHead(200, SSE_HEADERS);
  res.write(CONNECTED);
  // a ping after PING_MS without a frame, as tRPC's producer sends (the client reconnects after 30 s of silence)
  const ping = PING_MS > 0 ? setInterval(() => res.write(PING), PING_MS) : null;
  const send = async (buf: Buffer) => {
    ping?.refresh();
    if (!res.write(buf)) await new Promise<void>((resolve) => res.once("drain", resolve).once("close", resolve));
  };
  try {
    while (!next.done && !ac.signal.aborted) {
      await send(dataFrame(next.value));
      if (ac.signal.aborted) break;
      next = await iterator.next();
    }
    if (!ac.signal.aborted) res.write(RETURN);
  } catch (cause) {
    if (!ac.signal.aborted && !(cause instanceof Error && cause.name === "AbortError")) {
      const shape = getTRPCErrorShape({ config, ctx, error: getTRPCErrorFromUnknown(cause), input: input.parsed(), path, type: "subscription" });
      res.write(frame("serialized-error", JSON.stringify(config.transformer.output.serialize(shape))));
    }
  } finally {
    if (ping) clearInterval(ping);
    res.off("close", onClose);
    void iterator.return?.();
    res.end();
  }
}

/**
 * One procedure of the same router, called as tRPC's `resolveResponse` calls it (same context, same
 * middlewares, input and output schemas, error formatter, status and `Retry-After`), without the
 * fetch `Request` and `Response` objects and web streams the adapter builds around every call
 * (issue 14's profile: ≈ 10 % of a move's CPU). The answer is one small JSON body, written at once.
 */
async function callDirect(res: ServerResponse, path: string, call: DirectCall, context: () => Promise<Context>, t0: number): Promise<void> {
  const input = inputReader(call);
  const t1 = TIMING ? performance.now() : 0;
  let t2 = 0;
  let ctx: Context | undefined;
  let out: { result: { data: unknown } } | { error: TRPCErrorShape };
  let errors: TRPCError[] = [];
  try {
    ctx = await context().catch((cause: unknown) => Promise.reject(getTRPCErrorFromUnknown(cause)));
    if (TIMING) t2 = performance.now();
    out = { result: { data: await call.procedure({ path, getRawInput: input.getRawInput, ctx, type: call.type, signal: undefined, batchIndex: 0 }) } };
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    errors = [error];
    out = { error: getTRPCErrorShape({ config, ctx, error, input: input.parsed(), path, type: call.type }) };
  }
  const status = getHTTPStatusCode(out as never);
  const body = "error" in out ? { error: config.transformer.output.serialize(out.error) } : { result: { data: config.transformer.output.serialize(out.result.data) } };
  const headers: Record<string, string> = { vary: "trpc-accept, accept", "content-type": "application/json" };
  retryAfterMeta({ errors }).headers?.forEach((v, k) => (headers[k] = v));
  if (TIMING) {
    const t3 = performance.now();
    const ms = (x: number) => Math.max(0, x).toFixed(2);
    headers["server-timing"] = `body;dur=${ms(t1 - t0)}, ctx;dur=${ms((t2 || t3) - t1)}, proc;dur=${ms(t2 ? t3 - t2 : 0)}`;
  }
  res.writeHead(status, headers).end(JSON.stringify(body));
}
