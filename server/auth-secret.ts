/**
 * Auth.js answers 500 on every route without a secret. When AUTH_SECRET is not configured we make
 * one and keep it under `.data/`, so the README's run command needs no set-up and sessions survive
 * restarts. Production deployments set AUTH_SECRET (shared by every app instance).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

export function getAuthSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const dir = path.join(process.cwd(), ".data");
  const file = path.join(dir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch {
      // another process created it first: read theirs
    }
  }
  const secret = readFileSync(file, "utf8").trim();
  process.env.AUTH_SECRET = secret;
  return secret;
}
