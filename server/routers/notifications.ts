/**
 * Notifications (docs/notifications.md): the signed-in person's own list, unread count, marking
 * read, the live count (SSE) and their e-mail choices. Every procedure works on `ctx.user.id`
 * only: no input names a person.
 */
import { z } from "zod";
import { protectedProcedure, router } from "@/server/trpc";
import { NOTIFICATION_KINDS } from "@/server/domain";
import { getPrefs, listNotifications, liveUnread, markRead, setPrefs, unreadCount } from "@/server/services/notifications/queries";
import { listNotificationsInput, markReadInput, setPrefsInput } from "@/server/services/notifications/schemas";

const prefsOut = z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean());
const itemOut = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  href: z.string().nullable(),
  createdAt: z.date(),
  readAt: z.date().nullable(),
});
const unreadOut = z.object({ unread: z.number().int() });

export const notificationsRouter = router({
  /** Newest first, a page at a time (`cursor`: the previous page's `nextCursor`). */
  list: protectedProcedure
    .input(listNotificationsInput)
    .output(z.object({ items: z.array(itemOut), nextCursor: z.string().nullable() }))
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input)),

  unreadCount: protectedProcedure.output(unreadOut).query(async ({ ctx }) => ({ unread: await unreadCount(ctx.db, ctx.user.id) })),

  /** `{ ids }` (the caller's own; others' are ignored) or `{ all: true }`. */
  markRead: protectedProcedure
    .input(markReadInput)
    .output(z.object({ marked: z.number().int(), unread: z.number().int() }))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input)),

  /** The unread count now and after every change (SSE); only the caller's own topic. */
  live: protectedProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const v of liveUnread(ctx.db, ctx.user.id, signal)) yield unreadOut.parse(v);
  }),

  prefs: router({
    /** Per kind: also by e-mail? (in-app is always on) */
    get: protectedProcedure.output(prefsOut).query(({ ctx }) => getPrefs(ctx.db, ctx.user.id)),
    set: protectedProcedure
      .input(setPrefsInput)
      .output(prefsOut)
      .mutation(({ ctx, input }) => setPrefs(ctx.db, ctx.user.id, input)),
  }),
});
