/** Builds the tRPC context for an HTTP request: the database and the signed-in user. */
import { getDb } from "@/db/client";
import { currentUser } from "./auth";
import type { Context } from "./trpc";

export async function createRequestContext(): Promise<Context> {
  const [db, user] = await Promise.all([getDb(), currentUser()]);
  return { db, user };
}
