/**
 * In-app notifications (docs/notifications.md): one row per person and event, written in the
 * transaction of the change it reports (server/services/notifications). `payload` holds what the
 * list shows — a sentence, a link and the ids it names — never a rack or the bag. `read_at` null
 * means unread; the (user_id, read_at) index serves the header's unread count.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/server/domain";
import { users } from "./users";

/** What a notification shows: a sentence, where it leads, and the facts it was made from. */
export interface NotificationPayload {
  text: string;
  /** A path inside the site ("/tournaments/…", "/play/…", "/clubs/…"), or none. */
  href?: string | null;
  [detail: string]: string | number | boolean | null | undefined | string[];
}

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).$type<NotificationKind>().notNull(),
    payload: jsonb("payload").$type<NotificationPayload>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("notifications_user_read_idx").on(t.userId, t.readAt), index("notifications_user_created_idx").on(t.userId, t.createdAt)],
);

export type Notification = typeof notifications.$inferSelect;
