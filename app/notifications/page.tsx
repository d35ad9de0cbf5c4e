"use client";
/** All of the signed-in person's notifications, newest first, a page at a time; mark all read. */
import Link from "next/link";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Card } from "@/app/_components/form";
import { NotificationList, useMarkRead } from "@/app/_components/notifications/notification-list";

export default function NotificationsPage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const pages = useInfiniteQuery({
    ...trpc.notifications.list.infiniteQueryOptions({ limit: 20 }, { getNextPageParam: (last) => last.nextCursor }),
    enabled: Boolean(me.data),
  });
  const count = useQuery({ ...trpc.notifications.unreadCount.queryOptions(), enabled: Boolean(me.data) });
  const markRead = useMarkRead();

  if (me.isPending) return <p>Loading…</p>;
  if (!me.data)
    return (
      <Card title="Notifications">
        <p>
          Please <Link href="/signin?next=/notifications" className="text-indigo-700 underline">sign in</Link> to see your notifications.
        </p>
      </Card>
    );
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white shadow-sm" aria-labelledby="notifications-title">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h1 id="notifications-title" className="text-lg font-semibold">
          Notifications
        </h1>
        <div className="flex items-center gap-3 text-sm">
          <Link href="/profile" className="text-indigo-700 underline">
            E-mail choices
          </Link>
          <button
            type="button"
            onClick={() => markRead.mutate({ all: true })}
            disabled={!count.data?.unread || markRead.isPending}
            className="rounded border border-slate-300 px-3 py-1 hover:bg-slate-50 disabled:opacity-60"
          >
            Mark all read
          </button>
        </div>
      </div>
      {pages.isPending ? <p className="px-4 py-4 text-sm">Loading…</p> : <NotificationList items={items} />}
      {pages.hasNextPage ? (
        <button type="button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} className="block w-full border-t border-slate-200 px-4 py-2 text-sm text-indigo-700 hover:bg-slate-50">
          {pages.isFetchingNextPage ? "Loading…" : "Show older"}
        </button>
      ) : null}
    </section>
  );
}
