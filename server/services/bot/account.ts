/**
 * The bot's account. One "Equalis Bot" user for every ruleset, recognised by a well-known e-mail
 * (`bot@equalis.local`) — no schema change. Its password hash is not a scrypt hash, so
 * `verifyPassword` can never accept any password: nobody can sign in as the bot.
 * Created on demand (first `bot.challenge`, or the demo), idempotently (unique e-mail).
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema/users";

export const BOT_EMAIL = "bot@equalis.local";
export const BOT_NAME = "Equalis Bot";
/** Not a `scrypt$…` string: verifyPassword rejects every password against it. */
const UNUSABLE_HASH = "!bot-account-no-password";

/** The bot's user id, creating the account on first use. */
export async function ensureBotUser(db: DbOrTx): Promise<string> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, BOT_EMAIL)).limit(1);
  if (found) return found.id;
  await db.insert(users).values({ email: BOT_EMAIL, name: BOT_NAME, passwordHash: UNUSABLE_HASH }).onConflictDoNothing({ target: users.email });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, BOT_EMAIL)).limit(1);
  return row!.id;
}

/** The bot's user id if the account exists (no write). */
export async function findBotUser(db: DbOrTx): Promise<string | null> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, BOT_EMAIL)).limit(1);
  return found?.id ?? null;
}
