/**
 * The one logger: pino, one JSON object per line on stdout (docs/deployment.md "Logs"). Every line
 * written while a request is being served carries its `requestId` (and `userId` once the session
 * is read), taken from an AsyncLocalStorage scope that the request's entry point opens:
 * `withRequestLog` for Next's route handlers, `runWithRequestLog` in server/main.ts. The id is the
 * one proxy.ts gave the request (`X-Request-Id`), or a proxy's when plain, or a new uuid.
 *
 * Secrets never reach a line: pino's `redact` replaces cookies, authorisation headers, passwords,
 * tokens, secrets and racks/the bag (at the top level and one level down, where our calls put
 * them) with "[redacted]". Messages are written by us; values that may hold a secret go in fields.
 *
 * The scope and the logger live on `globalThis`: server/main.ts and Next's bundle each hold a copy
 * of this module in one process (see server/main.ts), and both must see the same request scope.
 * Development (`NODE_ENV=development`) prints through pino-pretty when it is installed (a dev
 * dependency); `LOG_LEVEL` sets the level (default `info`; `silent` under vitest unless set).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import pino, { type DestinationStream, type Logger } from "pino";
import { acceptedRequestId } from "./ops/csp";

export interface RequestLogScope {
  requestId: string;
  userId?: string;
}

const SECRET_KEYS = ["password", "newPassword", "currentPassword", "token", "secret", "cookie", "authorization", "rack", "racks", "bag"];

/** pino `redact` paths: each secret key at the top level and one object down, plus request headers. */
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  'headers["set-cookie"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
];

const shared = globalThis as unknown as { __equalisLogScope?: AsyncLocalStorage<RequestLogScope>; __equalisLog?: Logger };
const scope = (shared.__equalisLogScope ??= new AsyncLocalStorage<RequestLogScope>());

function defaultLevel(): string {
  return process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info");
}

/** pino-pretty as a synchronous stream in development, if installed; else plain JSON to stdout. */
function developmentStream(): DestinationStream | undefined {
  if (process.env.NODE_ENV !== "development" || process.env.LOG_PRETTY === "0") return undefined;
  try {
    const load = createRequire(path.join(process.cwd(), "package.json"));
    const pretty = load("pino-pretty") as (opts: object) => DestinationStream;
    return pretty({ colorize: true, sync: true });
  } catch {
    return undefined;
  }
}

/** A logger with our fields and redaction, writing to `destination` (tests pass a buffer). */
export function createLogger(destination?: DestinationStream, level = defaultLevel()): Logger {
  return pino(
    {
      level,
      base: { service: "equalis" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      mixin: () => {
        const s = scope.getStore();
        if (!s) return {};
        return s.userId ? { requestId: s.requestId, userId: s.userId } : { requestId: s.requestId };
      },
    },
    // synchronous: our lines are few (errors, mail, start-up), and none is lost when a script exits
    destination ?? developmentStream() ?? pino.destination({ dest: 1, sync: true }),
  );
}

export const log: Logger = (shared.__equalisLog ??= createLogger());

/** Runs `fn` with `requestId` on every line it logs (a fresh uuid when none is given). */
export function runWithRequestLog<T>(requestId: string | null | undefined, fn: () => T): T {
  return scope.run({ requestId: requestId ?? randomUUID() }, fn);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** Names the signed-in user on the rest of the request's lines (server/context.ts). */
export function setLogUser(userId: string | null | undefined): void {
  const s = scope.getStore();
  if (s && userId) s.userId = userId;
}

/** The request id a request arrives with (`X-Request-Id` from proxy.ts or a proxy), or a new one. */
export function requestIdOf(headers: Headers | { get(name: string): string | null }): string {
  return acceptedRequestId(headers.get("x-request-id")) ?? randomUUID();
}

/**
 * Wraps a route handler: its work runs in a request scope, and the response names the id
 * (`X-Request-Id`) so a user's report can be matched to the log.
 */
export function withRequestLog<A extends unknown[]>(handler: (req: Request, ...rest: A) => Promise<Response>) {
  return (req: Request, ...rest: A): Promise<Response> => {
    const requestId = requestIdOf(req.headers);
    return runWithRequestLog(requestId, async () => {
      const res = await handler(req, ...rest);
      try {
        res.headers.set("x-request-id", requestId);
      } catch {
        // a response with immutable headers (a redirect made by Response.redirect): keep it as it is
      }
      return res;
    });
  };
}
