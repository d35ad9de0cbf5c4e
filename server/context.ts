/**
 * Builds the tRPC context for an HTTP request: the database and the signed-in user.
 *
 * Reading the user needs the database, and a failure here happens before any procedure runs, so
 * the procedures' error mapping (server/trpc.ts) never sees it: without the catch below a request
 * made while the database was unreachable got the driver's message back — the SQL text and the
 * user's id (found by tests/e2e/faults.spec.ts). It is logged and answered with the same sentence
 * as every other unexpected error.
 */
import { TRPCError } from "@trpc/server";
import { getDb } from "@/db/client";
import { userFromRequest } from "./auth";
import type { Context } from "./trpc";

export async function createRequestContext(req: Request): Promise<Context> {
  try {
    const [db, user] = await Promise.all([getDb(), userFromRequest(req)]);
    return { db, user };
  } catch (cause) {
    console.error(cause);
    throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Something went wrong on our side. Nothing was changed; please try again.", cause });
  }
}
