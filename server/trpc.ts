/**
 * The tRPC spine: context `{ db, session }`, superjson, one error formatter (zod issues and domain
 * error codes reach the client; stack traces never do), and the base procedures. Role procedures
 * that narrow the context (club director, tournament director, judge) build on `protectedProcedure`
 * in their domain's router folder.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "zod";
import type { Db } from "@/db/client";
import { illFormedInput } from "./edge";
import { forClient, isDomainError } from "./errors";
import { countedStream, timeProcedure } from "./ops/metrics";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { ApiTokenScope } from "@/server/domain";
import { takeApiAllowance, takeEngineAllowance } from "./rate-limit";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Context {
  db: Db;
  user: SessionUser | null;
  /** Set when the request was authenticated by a personal API token (`Authorization: Bearer`,
   * server/api-auth.ts) rather than the session cookie: its id (the rate limit's key) and scope. */
  token?: { id: string; scope: ApiTokenScope } | null;
  /** The client's network address (`server/edge.ts` `clientAddress`), set for HTTP requests; in-process
   * callers (tests, scripts) have none and are not rate-limited. */
  clientAddress?: string;
  /** Runs work once this request's response has been sent (Next's `after()`; set for HTTP
   * requests). In-process callers have none: such work runs on the next macrotask. */
  afterResponse?: (task: () => Promise<void>) => void;
  /** When the request reached the server (ms since the epoch), taken before anything waits: a
   * move's clock charge ends here, not when its write got a connection (docs/matches.md "Fair
   * clocks"). In-process callers have none: the service takes the time of the call. */
  receivedAt?: number;
}

/**
 * Procedure metadata: `openapi` publishes a query as a REST route under `/api/v1` and in
 * `/api/openapi.json` (trpc-to-openapi, server/rest.ts); `readOnly` marks a mutation that changes
 * nothing (the engine's: POST only for the size of their input), which a `read` token may call.
 */
export type Meta = OpenApiMeta & { readOnly?: boolean };

type Serialized = ReturnType<typeof superjson.serialize>;
/** Values marked by `serializeOnce` (null until first serialized), and their serialized form. */
const sharedValues = new WeakMap<object, Serialized | null>();

/**
 * Marks a value that is sent unchanged to many clients — a match's public view, handed to every
 * spectator's stream — so the transformer serializes it once rather than once per stream (with a
 * thousand spectators superjson's walk of the view was most of a move's fan-out). The value must
 * not change afterwards.
 */
export function serializeOnce<T extends object>(value: T): T {
  if (!sharedValues.has(value)) sharedValues.set(value, null);
  return value;
}

function serializeOutput(value: unknown): Serialized {
  if (value === null || typeof value !== "object") return superjson.serialize(value);
  const done = sharedValues.get(value);
  if (done) return done;
  const out = superjson.serialize(value);
  if (done === null) sharedValues.set(value, out);
  return out;
}

const t = initTRPC.context<Context>().meta<Meta>().create({
  // superjson both ways; output through `serializeOutput`, which serializes a shared value once
  transformer: { input: superjson, output: { serialize: serializeOutput, deserialize: (v: Serialized) => superjson.deserialize(v) } },
  // Keeps SSE subscriptions alive through proxies and lets clients notice a dead connection.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 30_000 } },
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        // Never ship stack traces to the browser.
        stack: undefined,
        zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
        domainCode: isDomainError(cause) ? cause.code : null,
        field: isDomainError(cause) ? (cause.field ?? null) : null,
      },
    };
  },
});

/** The TRPCError a client should see for an error a procedure threw (one mapping: `forClient`). */
function toClientError(error: TRPCError): TRPCError {
  const cause = error.cause;
  // tRPC's own refusals (an input schema's BAD_REQUEST, UNAUTHORIZED…) are already for the client
  if (!isDomainError(cause) && error.code !== "INTERNAL_SERVER_ERROR") return error;
  const c = forClient(isDomainError(cause) ? cause : error);
  return new TRPCError({ code: c.trpc, message: c.message, ...(c.domain ? { cause: c.domain } : {}) });
}

/** A subscription's stream with the same error mapping (errors thrown while iterating skip `next()`). */
async function* mapStreamErrors<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (cause) {
    throw toClientError(cause instanceof TRPCError ? cause : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause }));
  }
}

/** Turns a DomainError thrown by a service into the matching TRPCError; hides unexpected errors. */
const domainErrors = t.middleware(async ({ type, next }) => {
  const result = await next();
  if (!result.ok) result.error = toClientError(result.error);
  else if (type === "subscription" && result.data && typeof result.data === "object" && Symbol.asyncIterator in result.data) {
    return { ...result, data: mapStreamErrors(result.data as AsyncIterable<unknown>) };
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;
export const middleware = t.middleware;

/**
 * Every procedure's raw input passes `illFormedInput` before its zod schema runs: a lone surrogate
 * anywhere (PostgreSQL cannot store it) or absurd nesting is a BAD_REQUEST with a sentence, so no
 * schema or service has to think of it.
 */
const wellFormedInput = t.middleware(async ({ getRawInput, next }) => {
  const problem = illFormedInput(await getRawInput());
  if (problem) throw new TRPCError({ code: "BAD_REQUEST", message: problem });
  return next();
});

/**
 * A call made with an API token: one unit of that token's allowance (`takeApiAllowance`), and a
 * `read` token may not run a mutation (but for `readOnly` ones) — the one check of the scope.
 */
const apiTokenGate = t.middleware(({ ctx, type, meta, next }) => {
  if (ctx.token) {
    takeApiAllowance({ tokenId: ctx.token.id });
    if (ctx.token.scope === "read" && type === "mutation" && !meta?.readOnly) {
      throw new TRPCError({ code: "FORBIDDEN", message: "This API token may only read: make a read-write token on your profile to change things." });
    }
  }
  return next();
});

/** Every call's latency and outcome, moves and open streams (Prometheus, server/ops/metrics.ts). */
const observed = t.middleware(async ({ path, type, next }) => {
  const done = timeProcedure(path, type);
  const result = await next();
  done(result.ok ? "ok" : result.error.code);
  if (result.ok && type === "subscription" && result.data && typeof result.data === "object" && Symbol.asyncIterator in result.data) {
    return { ...result, data: countedStream(path, result.data as AsyncIterable<unknown>) };
  }
  return result;
});

const base = t.procedure.use(observed).use(domainErrors).use(apiTokenGate);

export const publicProcedure = base.use(wellFormedInput);

/** Requires a signed-in user (before any input is read); narrows `ctx.user` to non-null. */
export const protectedProcedure = base
  .use(({ ctx, next }) => {
    if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in first." });
    return next({ ctx: { ...ctx, user: ctx.user } });
  })
  .use(wellFormedInput);

/**
 * A stateless engine procedure anyone may call (adjudicate, explain): each call takes one request
 * from the client's engine allowance (`server/rate-limit.ts`), TOO_MANY_REQUESTS when spent.
 */
export const engineProcedure = publicProcedure.meta({ readOnly: true }).use(({ ctx, next }) => {
  if (ctx.clientAddress !== undefined) takeEngineAllowance({ userId: ctx.user?.id ?? null, address: ctx.clientAddress });
  return next();
});
