/**
 * Personal API tokens at the edge (docs/api.md "Authentication"): `Authorization: Bearer <token>`.
 * One function, `bearerAuth`, for every face that accepts a token — the tRPC context
 * (server/context.ts, both `/api/trpc` paths: Next's route and server/trpc-node.ts), the REST view
 * (server/rest.ts) and `POST /api/adjudicate`.
 *
 * A request that presents a Bearer token which names nobody (mistyped, revoked, ended by a password
 * change, the account deleted) is refused with 401 rather than served as anonymous: a script
 * should learn at once that its token stopped working, not read a public view and carry on.
 * Other schemes (`Basic`, set by a proxy in front) are not ours and are ignored.
 */
import { getDb, type DbOrTx } from "@/db/client";
import { authenticateApiToken } from "@/server/services/api-tokens/tokens";
import { DomainError } from "./errors";
import type { Context, SessionUser } from "./trpc";

/** The sentence of a refused token (401). */
export const BAD_TOKEN_MESSAGE = "That API token is not valid: it may have been revoked, ended by a password change, or mistyped.";

/** The Bearer token of a request, or null when it presents none. */
export function bearerToken(headers: Headers): string | null {
  const h = headers.get("authorization");
  if (!h) return null;
  // whatever follows "Bearer" is the token: nothing (an empty one) or "<token> extra" is presented
  // and refused (401), never read as "no token"
  const m = /^Bearer(?:[ \t]+([^]*))?$/i.exec(h.trim());
  return m ? (m[1] ?? "").trim() : null;
}

/**
 * The user and token a request's Bearer token speaks for; `null` when it presents none (the caller
 * goes on to the session cookie, or serves it anonymously). Throws DomainError UNAUTHENTICATED
 * (401) when the token names nobody.
 */
export async function bearerAuth(headers: Headers, db: DbOrTx | (() => Promise<DbOrTx>) = getDb): Promise<{ user: SessionUser; token: NonNullable<Context["token"]> } | null> {
  const token = bearerToken(headers);
  if (token === null) return null;
  const found = await authenticateApiToken(typeof db === "function" ? await db() : db, token);
  if (!found) throw new DomainError("UNAUTHENTICATED", BAD_TOKEN_MESSAGE);
  return found;
}
