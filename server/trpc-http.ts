/**
 * tRPC over HTTP (`app/api/trpc`), with the edge's limits. Before tRPC parses anything, a POST body
 * is read with a byte cap (`LIMITS.trpcBodyBytes`, counted as it streams: 413) and must be UTF-8
 * (400); tRPC itself refuses a batch of more than `LIMITS.trpcBatchSize` operations (400). A
 * refusal is raised from the context, so it reaches the client in tRPC's own error shape, one per
 * operation of a batch. The context gets the client's address for the engine's rate limit, and a
 * 429 carries `Retry-After`.
 *
 * The request context is passed in (the route gives `createRequestContext`, which reads the session
 * cookie through Auth.js; tests give their database and user).
 */
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "./routers/_app";
import { clientAddress, readBody, type BodyRead } from "./edge";
import { LIMITS } from "./limits";
import { forClient, isDomainError } from "./errors";
import type { Context } from "./trpc";

export function trpcHttpHandler(createContext: (req: Request) => Promise<Context>): (req: Request) => Promise<Response> {
  return async (req) => {
    // before the body is read or anything waits: a move is timed from here (docs/matches.md "Fair clocks")
    const receivedAt = Date.now();
    let forTrpc = req;
    let refused: TRPCError | null = null;
    if (req.method === "POST") {
      const body = await readBody(req, LIMITS.trpcBodyBytes);
      const headers = new Headers(req.headers);
      headers.delete("content-length");
      forTrpc = new Request(req.url, { method: "POST", headers, body: body.ok ? body.text : "{}", signal: req.signal });
      refused = bodyRefusal(body);
    }
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req: forTrpc,
      router: appRouter,
      maxBatchSize: LIMITS.trpcBatchSize,
      createContext: async () => {
        if (refused) throw refused;
        return { ...(await createContext(req)), clientAddress: clientAddress(req), receivedAt };
      },
      responseMeta: retryAfterMeta,
    });
  };
}

/** The refusal of a body `readBody` would not take, in tRPC's own error shape; null when it is fine. */
export function bodyRefusal(body: BodyRead): TRPCError | null {
  return body.ok ? null : new TRPCError({ code: body.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", message: body.error });
}

/** A `Retry-After` header when a refusal says when the client may retry (one mapping: server/errors.ts). */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Headers } {
  const retry = errors.map((e) => e.cause).filter(isDomainError).map((c) => forClient(c).retryAfterSeconds).find((s) => s !== undefined);
  return retry !== undefined ? { headers: new Headers({ "retry-after": String(retry) }) } : {};
}
