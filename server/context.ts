/** Builds the tRPC context for an HTTP request: the database and the signed-in user. */
import { getDb } from "@/db/client";
import { userFromRequest } from "./auth";
import type { Context } from "./trpc";

export async function createRequestContext(req: Request): Promise<Context> {
  const [db, user] = await Promise.all([getDb(), userFromRequest(req)]);
  return { db, user };
}
