/**
 * The signed-in user of a request from its headers, through the in-process session cache
 * (server/services/accounts/sessions.ts): the Auth.js cookie (a JWE) is decoded and the user read
 * once, then trusted until the token expires, the account changes or RECHECK_MS passes. For Next's
 * route handlers (server/auth.ts `userFromRequest`) and for a node:http server in front of Next,
 * which has an `IncomingMessage` rather than a Fetch `Request`. Imports Auth.js's JWT helpers only
 * (not `next-auth` itself, which needs Next's runtime), so any Node process can use it.
 */
import type { IncomingHttpHeaders } from "node:http";
import { getToken } from "next-auth/jwt";
import { getDb, type DbOrTx } from "@/db/client";
import { sessionUser } from "@/server/services/accounts/sessions";
import { getAuthSecret } from "./auth-secret";
import type { SessionUser } from "./trpc";

/**
 * The user of a request with these headers (a Fetch `Headers`, or node:http's
 * `IncomingMessage.headers`); `secure` when the request came over https (the cookie then has the
 * `__Secure-` name). Null: no valid session.
 */
export async function userFromHeaders(raw: Headers | IncomingHttpHeaders, secure: boolean, db: DbOrTx | (() => Promise<DbOrTx>) = getDb): Promise<SessionUser | null> {
  const headers = raw instanceof Headers ? raw : toHeaders(raw);
  const params = { req: { headers }, secret: getAuthSecret(), secureCookie: secure };
  const token = await getToken({ ...params, raw: true }); // the cookie's value: cheap, no decryption
  if (!token) return null;
  return sessionUser(db, token, async () => {
    const t = await getToken(params);
    if (typeof t?.uid !== "string" || typeof t.exp !== "number") return null;
    return { userId: t.uid, sessionVersion: typeof t.sv === "number" ? t.sv : 0, expiresAt: t.exp * 1000 };
  });
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
  return h;
}
