"use client";
/**
 * The signed-in person's notifications as a list of links (to the game, the round's pairings, the
 * club); opening one marks it read. Used by the header's panel (the newest few) and by
 * /notifications (all, a page at a time).
 */
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";

export type NotificationItem = inferRouterOutputs<AppRouter>["notifications"]["list"]["items"][number];

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Marking read, then every count and list re-read (the live stream also announces it). */
export function useMarkRead() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: ({ unread }) => {
        queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), { unread });
        void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
      },
    }),
  );
}

export function NotificationList({ items, onOpen }: { items: readonly NotificationItem[]; onOpen?: () => void }) {
  const markRead = useMarkRead();
  if (items.length === 0) return <p className="px-3 py-4 text-sm text-slate-600">Nothing yet: invitations, pairings, rulings and rating changes appear here.</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="notification-list">
      {items.map((n) => {
        const unread = n.readAt === null;
        const body = (
          <>
            <span className={`block ${unread ? "font-semibold text-slate-900" : "text-slate-700"}`}>
              {unread ? <span className="sr-only">Unread: </span> : null}
              {n.text}
            </span>
            <span className="block text-xs text-slate-500">{WHEN.format(n.createdAt)}</span>
          </>
        );
        const open = () => {
          if (unread) markRead.mutate({ ids: [n.id] });
          onOpen?.();
        };
        return (
          <li key={n.id} className={unread ? "bg-indigo-50" : undefined} data-testid="notification" data-unread={unread}>
            {n.href ? (
              <Link href={n.href} onClick={open} className="block px-3 py-2 text-sm hover:bg-slate-50 focus:bg-slate-50">
                {body}
              </Link>
            ) : (
              <button type="button" onClick={open} className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-50">
                {body}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
