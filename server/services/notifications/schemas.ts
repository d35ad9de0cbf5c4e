/** Inputs of the notifications procedures (limits: a page of at most 50, at most 100 ids a call). */
import { z } from "zod";
import { notificationPrefsSchema } from "@/server/services/accounts/schemas";

export const NOTIFICATIONS_PAGE_MAX = 50;

export const listNotificationsInput = z
  .object({
    limit: z.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
    /** The `nextCursor` of the previous page: the id of its last row. */
    cursor: z.uuid().nullish(),
    unreadOnly: z.boolean().default(false),
  })
  .default({ limit: 20, unreadOnly: false });

export const markReadInput = z.union([z.object({ ids: z.array(z.uuid()).min(1).max(100) }), z.object({ all: z.literal(true) })]);

/** Per kind, whether it also goes by e-mail; kinds left out keep their saved choice. */
export const setPrefsInput = notificationPrefsSchema;
