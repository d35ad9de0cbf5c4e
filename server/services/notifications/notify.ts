/**
 * Notifications (docs/notifications.md): `notify(tx, userId, kind, payload)` writes one row in the
 * caller's transaction and announces it on the live bus (`publish`, LISTEN/NOTIFY: delivered only
 * when that transaction commits, to every app instance), so a header anywhere updates without a
 * reload and a rolled-back change notifies nobody. The bus carries only the topic
 * `notifications:<userId>`; each subscriber re-reads its own count.
 *
 * In-app is always on; e-mail goes too when the person ticked the kind on their profile
 * (`users.notification_prefs`, unticked by default), through the one mail service
 * (server/services/mail: SMTP when `SMTP_URL` is set, else the admins' outbox in this transaction).
 * Caveat: with SMTP the message leaves on the next macrotask (or after the HTTP answer when the
 * caller passes `later`), which can be before a transaction that later fails is rolled back; the
 * in-app row never outlives a rollback.
 *
 * Payloads are built here from plain facts (names, numbers, ids) — never a rack or the bag.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { notifications, users, type NotificationPayload } from "@/db/schema";
import type { NotificationKind } from "@/server/domain";
import { publish } from "@/server/live/bus";
import { appUrl, sendMail, type Later } from "@/server/services/mail/mail";

/** The live-bus topic of one person's notifications. */
export const notificationTopic = (userId: string) => `notifications:${userId}`;

const SUBJECTS: Record<NotificationKind, string> = {
  "club-invitation": "You were added to a club",
  "club-approval": "Your request to join a club was approved",
  "game-invitation": "You are challenged to a game",
  "round-paired": "Your next round is paired",
  "game-started": "Your game has started",
  ruling: "A ruling on your game",
  "rating-changed": "Your rating changed",
  "entry-promoted": "You have a place in a tournament",
  "game-proposal": "Times proposed for your game",
  "game-scheduled": "Your game has a time",
  "game-reminder": "Your game starts soon",
  "result-report": "A result of your game was reported",
  "game-unplayed": "A game was not played by its deadline",
  "your-turn": "It is your move",
};

/**
 * Records a notification for `userId` in `tx` (the caller's transaction) and announces it after
 * commit; e-mails it too when the person asked for this kind by e-mail. A deleted account gets
 * nothing. Returns the new row's id (null when nobody was notified).
 */
export async function notify(tx: DbOrTx, userId: string, kind: NotificationKind, payload: NotificationPayload, opts: { later?: Later } = {}): Promise<string | null> {
  const [u] = await tx
    .select({ email: users.email, prefs: users.notificationPrefs })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!u) return null;
  const [row] = await tx.insert(notifications).values({ userId, kind, payload }).returning({ id: notifications.id });
  await publish(tx, notificationTopic(userId));
  if (u.prefs[kind] === true) {
    const link = payload.href ? `\n\n${appUrl()}${payload.href}` : "";
    const text = `${payload.text}${link}\n\nYou get this e-mail because you asked for it on your profile (${appUrl()}/profile); untick it there to stop.`;
    await sendMail(tx, { to: u.email, subject: `Equalis: ${SUBJECTS[kind]}`, text }, opts.later);
  }
  return row!.id;
}

/** `notify` for several people (each once, in order), e.g. everyone paired in a round. */
export async function notifyEach(tx: DbOrTx, items: readonly { userId: string; kind: NotificationKind; payload: NotificationPayload }[], opts: { later?: Later } = {}): Promise<void> {
  for (const it of items) await notify(tx, it.userId, it.kind, it.payload, opts);
}

/** Names of users by id (for sentences), deleted accounts included under their anonymous name. */
export async function namesOf(tx: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** "A", "A and B", "A, B and C". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
