/**
 * Auth.js (next-auth v5): e-mail + password through the Credentials provider, JWT sessions.
 * No database adapter: credentials sessions must be JWTs, and our own users table holds accounts.
 * The config is lazy (a function) so `next build` never opens the database or reads the secret.
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { signInInput } from "@/server/services/accounts/schemas";
import { verifyCredentials } from "@/server/services/accounts/accounts";
import { forgetSessionsOf } from "@/server/services/accounts/sessions";
import { getAuthSecret } from "./auth-secret";
import { clientAddress } from "./edge";
import { log } from "./log";
import { requestIsHttps } from "./ops/https";
import { userFromHeaders } from "./session";
import type { SessionUser } from "./trpc";

class InvalidCredentials extends CredentialsSignin {
  code = "invalid";
}
class AccountLocked extends CredentialsSignin {
  code = "locked";
}

export const { handlers, auth, signOut } = NextAuth((req) => ({
  secret: getAuthSecret(),
  trustHost: true,
  // `Secure` (and `__Secure-`-named) cookies exactly when the request came over HTTPS, a proxy's
  // X-Forwarded-Proto believed only with TRUST_PROXY=1 (server/ops/https.ts); the session reader
  // below decides the cookie's name by the same rule.
  ...(req ? { useSecureCookies: requestIsHttps(req.headers, req.url) } : {}),
  session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
  pages: { signIn: "/signin" },
  // A wrong password is an expected outcome, not a server error: keep it out of the error log.
  logger: {
    error(error: Error) {
      // (by `type`: a production build renames the error classes, so `name` is no guide)
      if ((error as { type?: string }).type !== "CredentialsSignin" && error.name !== "CredentialsSignin") log.error({ err: error }, "Auth.js error");
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = signInInput.safeParse(raw);
        if (!parsed.success) throw new InvalidCredentials();
        // failures are counted per address and client, so a guesser locks only themselves out
        const check = await verifyCredentials(await getDb(), parsed.data.email, parsed.data.password, { client: clientAddress(request) });
        if (check.ok) return { ...check.user, sessionVersion: check.user.sessionVersion };
        throw check.reason === "locked" ? new AccountLocked() : new InvalidCredentials();
      },
    }),
  ],
  // this instance forgets the user's cached sessions (server/services/accounts/sessions.ts)
  events: {
    signOut(message) {
      const uid = "token" in message ? message.token?.uid : undefined;
      if (typeof uid === "string") forgetSessionsOf(uid);
    },
  },
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) {
        token.uid = user.id;
        // the account's session version when signed in: raised by a password change, a reset or a
        // deletion, which thereby ends this session (`getSessionUser`)
        token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
      }
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === "string") session.user.id = token.uid;
      return session;
    },
  },
}));

/**
 * The signed-in user of an API request (names change; accounts go; a cookie older than the last
 * password change names nobody: `users.session_version`), through the in-process session cache
 * (server/services/accounts/sessions.ts): the cookie is decoded and the user read once, then
 * trusted until the token expires, the account changes or RECHECK_MS passes.
 * Reads the session cookie without Auth.js's `auth()`: that call may re-set the cookie on the
 * response, and a request that was in flight during sign-out would then sign the user back in.
 */
export async function userFromRequest(req: Pick<Request, "headers" | "url">): Promise<SessionUser | null> {
  return userFromHeaders(req.headers, requestIsHttps(req.headers, req.url));
}
