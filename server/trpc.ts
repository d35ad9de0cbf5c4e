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
import { DOMAIN_ERROR_CODES, isDomainError } from "./errors";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Context {
  db: Db;
  user: SessionUser | null;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
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

/** Turns a DomainError thrown by a service into the matching TRPCError; hides unexpected errors. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (isDomainError(cause)) {
      result.error = new TRPCError({ code: DOMAIN_ERROR_CODES[cause.code], message: cause.message, cause });
    } else if (result.error.code === "INTERNAL_SERVER_ERROR") {
      console.error(result.error);
      result.error = new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Something went wrong on our side. Nothing was changed; please try again." });
    }
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(domainErrors);

/** Requires a signed-in user; narrows `ctx.user` to non-null. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Please sign in first." });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
