/**
 * A password reset looks its link up before scrypt runs (server/services/accounts/recovery.ts):
 * forty resets with bogus links are refused without hashing a single password, so they cannot
 * stall the server; a real link still sets the password (one hash) and is then used up.
 */
import { createHash, randomBytes } from "node:crypto";
import { expect, it, vi } from "vitest";
import { accountTokens } from "@/db/schema";
import { resetPassword } from "@/server/services/accounts/recovery";
import { verifyCredentials } from "@/server/services/accounts/accounts";
import { describeDb } from "../helpers/db";
import { seedUser } from "../helpers/seed";

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/server/services/accounts/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/services/accounts/password")>();
  return {
    ...real,
    hashPassword: (password: string) => {
      hashes.count++;
      return real.hashPassword(password);
    },
  };
});

describeDb("password reset cost", (db) => {
  it("40 bogus reset links are refused without running scrypt; a real one sets the password once", async () => {
    const user = await seedUser(db());
    hashes.count = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, () => resetPassword(db(), { token: randomBytes(32).toString("base64url"), password: "a new password 1" }).catch((e: unknown) => e)));
    for (const a of answers) expect(a).toMatchObject({ code: "INVALID", field: "token" });
    expect(hashes.count).toBe(0);

    const token = randomBytes(32).toString("base64url");
    await db().insert(accountTokens).values({ userId: user.id, purpose: "password-reset", tokenHash: createHash("sha256").update(token).digest("hex"), expiresAt: new Date(Date.now() + 60_000) });
    await expect(resetPassword(db(), { token, password: "a new password 1" })).resolves.toEqual({ email: user.email });
    expect(hashes.count).toBe(1);
    expect((await verifyCredentials(db(), user.email, "a new password 1")).ok).toBe(true);
    await expect(resetPassword(db(), { token, password: "another password 2" })).rejects.toMatchObject({ code: "INVALID" });
    expect(hashes.count).toBe(1);
  });
});
