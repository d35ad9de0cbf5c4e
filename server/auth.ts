/**
 * Auth.js (next-auth v5): e-mail + password through the Credentials provider, JWT sessions.
 * No database adapter: credentials sessions must be JWTs, and our own users table holds accounts.
 * The config is lazy (a function) so `next build` never opens the database or reads the secret.
 */
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
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

/** The signed-in user for this request, re-read from the database (names change; accounts go). */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  return getUser(await getDb(), id);
}
