/**
 * Auth.js (next-auth v5): e-mail + password through the Credentials provider, JWT sessions.
 * No database adapter: credentials sessions must be JWTs, and our own users table holds accounts.
 * The config is lazy (a function) so `next build` never opens the database or reads the secret.
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { getToken } from "next-auth/jwt";
import { getDb } from "@/db/client";
import { signInInput } from "@/server/services/accounts/schemas";
import { getUser, verifyCredentials } from "@/server/services/accounts/accounts";
import { getAuthSecret } from "./auth-secret";
import type { SessionUser } from "./trpc";

class InvalidCredentials extends CredentialsSignin {
  code = "invalid";
}
class AccountLocked extends CredentialsSignin {
  code = "locked";
}

export const { handlers, auth, signOut } = NextAuth(() => ({
  secret: getAuthSecret(),
  trustHost: true,
  session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
  pages: { signIn: "/signin" },
  // A wrong password is an expected outcome, not a server error: keep it out of the error log.
  logger: {
    error(error: Error) {
      if (error.name !== "CredentialsSignin") console.error(error);
    },
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail" }, password: { label: "Password", type: "password" } },
      async authorize(raw) {
        const parsed = signInInput.safeParse(raw);
        if (!parsed.success) throw new InvalidCredentials();
        const check = await verifyCredentials(await getDb(), parsed.data.email, parsed.data.password);
        if (check.ok) return check.user;
        throw check.reason === "locked" ? new AccountLocked() : new InvalidCredentials();
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.uid = user.id;
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === "string") session.user.id = token.uid;
      return session;
    },
  },
}));

/**
 * The signed-in user of an API request, re-read from the database (names change; accounts go).
 * Reads the session cookie without Auth.js's `auth()`: that call may re-set the cookie on the
 * response, and a request that was in flight during sign-out would then sign the user back in.
 */
export async function userFromRequest(req: Request): Promise<SessionUser | null> {
  const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(":", "");
  const token = await getToken({ req, secret: getAuthSecret(), secureCookie: proto === "https" });
  const id = typeof token?.uid === "string" ? token.uid : null;
  if (!id) return null;
  return getUser(await getDb(), id);
}
