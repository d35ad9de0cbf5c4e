/**
 * Builds the tRPC context for an HTTP request: the database, the signed-in user, and Next's
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
import { getDb } from "@/db/client";
import { userFromRequest } from "./auth";
import { UNEXPECTED_MESSAGE } from "./errors";
import type { Context } from "./trpc";

export async function createRequestContext(req: Request): Promise<Context> {
  // Work that must not delay the answer (the bot's reply to a move) runs once it has been sent.
  return contextFor(req, (task) => after(task));
}

/** The context with a given way to run work after the answer (the hot path's server, server/trpc-node.ts, has no `after()`). */
export async function contextFor(req: Request, afterResponse: NonNullable<Context["afterResponse"]>): Promise<Context> {
  try {
    const [db, user] = await Promise.all([getDb(), userFromRequest(req)]);
    return { db, user, afterResponse };
  } catch (cause) {
    console.error(cause);
    throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: UNEXPECTED_MESSAGE, cause });
  }
}
