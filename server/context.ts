/**
 * Builds the tRPC context for an HTTP request: the database, the signed-in user (by a personal API
 * token when the request sends `Authorization: Bearer`, else by the session cookie), and Next's
 * `after()` for work that runs once the response has been sent.
 *
 * Reading the user needs the database, and a failure here happens before any procedure runs, so
 * the procedures' error mapping (server/trpc.ts) never sees it: without the catch below a request
 * made while the database was unreachable got the driver's message back — the SQL text and the
 * user's id (found by tests/e2e/faults.spec.ts). It is logged and answered with the same sentence
 * as every other unexpected error.
 */
import { TRPCError } from "@trpc/server";
import { after } from "next/server";
import { getDb, type Db } from "@/db/client";
import { bearerAuth } from "./api-auth";
import { isDomainError, UNEXPECTED_MESSAGE } from "./errors";
import { log, setLogUser } from "./log";
import type { Context } from "./trpc";

/** What the context reads of a request: its headers and URL (a fetch `Request` is one; the hot
 * path's server builds just these, server/trpc-node.ts). */
export type RequestHead = Pick<Request, "headers" | "url">;

export async function createRequestContext(req: Request): Promise<Context> {
  // Work that must not delay the answer (the bot's reply to a move) runs once it has been sent.
  return contextFor(req, (task) => after(task));
}

/** The context with a given way to run work after the answer (the hot path's server, server/trpc-node.ts, has no `after()`). */
export async function contextFor(req: RequestHead, afterResponse: NonNullable<Context["afterResponse"]>, openDb: () => Promise<Db> = getDb): Promise<Context> {
  try {
    // a script's API token, when it sends one, instead of the session cookie (server/api-auth.ts)
    const byToken = await bearerAuth(req.headers, openDb);
    setLogUser(byToken?.user.id);
    if (byToken) return { db: await openDb(), user: byToken.user, token: byToken.token, afterResponse };
    const [db, user] = await Promise.all([openDb(), sessionUserOf(req)]);
    setLogUser(user?.id); // the rest of this request's log lines name the user (server/log.ts)
    return { db, user, token: null, afterResponse };
  } catch (cause) {
    if (isDomainError(cause)) throw new TRPCError({ code: "UNAUTHORIZED", message: cause.message, cause }); // a refused token: 401
    log.error({ err: cause }, "could not build the request context");
    throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: UNEXPECTED_MESSAGE, cause });
  }
}

/**
 * The session cookie's user. A request without cookies (a script, a test) has no session, so
 * Auth.js (server/auth.ts, which needs Next's runtime) is loaded only once a request has one.
 */
async function sessionUserOf(req: RequestHead): Promise<Context["user"]> {
  if (!req.headers.get("cookie")) return null;
  const { userFromRequest } = await loadAuth();
  return userFromRequest(req);
}

// An `import()` is resolved again on every call, even of a loaded module (under tsx, a round trip
// to its loader thread: 8 % of a move's CPU in `npm run bench -- http`), so it is taken once.
let auth: Promise<typeof import("./auth")> | null = null;
function loadAuth(): Promise<typeof import("./auth")> {
  auth ??= import("./auth").catch((err: unknown) => {
    auth = null; // a failed load is tried again by the next request
    throw err;
  });
  return auth;
}
