/**
 * Reading and marking one person's notifications, their e-mail choices, and the live count.
 * Every function takes the caller's own user id: there is no way to name someone else's rows
 * (markRead by id matches only the caller's ids; another person's id is silently not marked).
 */
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { notifications, users, type NotificationPayload, type NotificationPrefs } from "@/db/schema";
import type { NotificationKind } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { publish, subscribe } from "@/server/live/bus";
import { notificationTopic } from "./notify";

export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  text: string;
  href: string | null;
  createdAt: Date;
  readAt: Date | null;
}

const toItem = (r: { id: string; kind: NotificationKind; payload: NotificationPayload; createdAt: Date; readAt: Date | null }): NotificationItem => ({
  id: r.id,
  kind: r.kind,
  text: r.payload.text,
  href: typeof r.payload.href === "string" && r.payload.href.startsWith("/") ? r.payload.href : null,
  createdAt: r.createdAt,
  readAt: r.readAt,
});

/** Newest first, `limit` a page; `cursor` is the previous page's `nextCursor`. */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  input: { limit: number; cursor?: string | null; unreadOnly: boolean },
): Promise<{ items: NotificationItem[]; nextCursor: string | null }> {
  const where = [eq(notifications.userId, userId)];
  if (input.unreadOnly) where.push(isNull(notifications.readAt));
  if (input.cursor) {
    const [c] = await db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, input.cursor), eq(notifications.userId, userId)))
      .limit(1);
    if (!c) throw new DomainError("NOT_FOUND", "That page no longer exists; start from the newest.", "cursor");
    where.push(or(lt(notifications.createdAt, c.createdAt), and(eq(notifications.createdAt, c.createdAt), lt(notifications.id, c.id)))!);
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return { items: page.map(toItem), nextCursor: rows.length > input.limit ? page.at(-1)!.id : null };
}

export async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return r?.n ?? 0;
}

/** Marks the caller's `ids` (or all their unread) read; returns how many changed and the new count.
 * Announced on the bus, so the caller's other tabs update their count too. */
export async function markRead(db: Db, userId: string, input: { ids: string[] } | { all: true }): Promise<{ marked: number; unread: number }> {
  return db.transaction(async (tx) => {
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
    const where = "ids" in input ? and(mine, inArray(notifications.id, input.ids)) : mine;
    const done = await tx.update(notifications).set({ readAt: new Date() }).where(where).returning({ id: notifications.id });
    if (done.length) await publish(tx, notificationTopic(userId));
    return { marked: done.length, unread: await unreadCount(tx, userId) };
  });
}

export async function getPrefs(db: DbOrTx, userId: string): Promise<NotificationPrefs> {
  const [u] = await db
    .select({ prefs: users.notificationPrefs })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!u) throw new DomainError("NOT_FOUND", "Your account no longer exists.");
  return u.prefs;
}

/** Sets the e-mail choice of each kind given; the others keep theirs (one statement: jsonb `||`). */
export async function setPrefs(db: DbOrTx, userId: string, prefs: NotificationPrefs): Promise<NotificationPrefs> {
  const [u] = await db
    .update(users)
    .set({ notificationPrefs: sql`${users.notificationPrefs} || ${JSON.stringify(prefs)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ prefs: users.notificationPrefs });
  if (!u) throw new DomainError("NOT_FOUND", "Your account no longer exists.");
  return u.prefs;
}

/**
 * The caller's unread count now, then again after every change to their notifications (a new
 * one, or one marked read in another tab). Subscribed before the first read, so nothing is missed.
 */
export async function* liveUnread(db: Db, userId: string, signal?: AbortSignal): AsyncGenerator<{ unread: number }> {
  const sub = await subscribe(db, notificationTopic(userId), signal);
  try {
    yield { unread: await unreadCount(db, userId) };
    // every notice is sent on, even when the count is unchanged (one new, one read elsewhere):
    // the client re-reads its list on each
    for await (const _notice of sub) yield { unread: await unreadCount(db, userId) };
  } finally {
    sub.close();
  }
}
