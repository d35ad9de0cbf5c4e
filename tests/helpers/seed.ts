/** Seed helpers for integration tests: each returns what it made. */
import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { signUp, type PublicUser } from "@/server/services/accounts/accounts";
import { createCallerFactory, type SessionUser } from "@/server/trpc";
import { appRouter } from "@/server/routers/_app";

export const TEST_PASSWORD = "correct horse 42";

export async function createUser(db: Db, overrides: Partial<{ email: string; name: string }> = {}): Promise<PublicUser> {
  const tag = randomBytes(4).toString("hex");
  return signUp(db, { email: overrides.email ?? `user-${tag}@example.test`, name: overrides.name ?? `Player ${tag}`, password: TEST_PASSWORD });
}

const createCaller = createCallerFactory(appRouter);

/** A tRPC caller acting as `user` (or anonymous), going through every middleware a request does. */
export function callerFor(db: Db, user: SessionUser | null = null) {
  return createCaller({ db, user });
}
