"use client";
/**
 * The header's bell: the unread count, kept live by `notifications.live` (SSE over the database's
 * LISTEN/NOTIFY bus, so a round paired in another browser shows here without a reload), and a
 * panel with the newest notifications. A button with `aria-expanded`; Escape or a click outside
 * closes the panel and gives focus back to the bell. At phone size the panel spans the screen.
 */
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "@/app/_trpc/client";
import { NotificationList, useMarkRead } from "./notification-list";

const PANEL_SIZE = 8;

export function NotificationBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const count = useQuery(trpc.notifications.unreadCount.queryOptions());
  useSubscription(
    trpc.notifications.live.subscriptionOptions(undefined, {
      onData: (v) => {
        queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), v);
        void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
      },
    }),
  );
  const [open, setOpen] = useState(false);
  const list = useQuery({ ...trpc.notifications.list.queryOptions({ limit: PANEL_SIZE }), enabled: open });
  const markRead = useMarkRead();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const unread = count.data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div ref={box} className="sm:relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded border border-slate-300 px-2 py-1 hover:bg-slate-50"
        data-testid="notification-bell"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current text-slate-700">
          <path d="M10 2a5 5 0 0 0-5 5v3.6L3.3 13.3A1 1 0 0 0 4.1 15h11.8a1 1 0 0 0 .8-1.7L15 10.6V7a5 5 0 0 0-5-5Zm0 16a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 10 18Z" />
        </svg>
        {unread ? (
          <span className="absolute -right-2 -top-2 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white" data-testid="notification-count">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-14 z-40 max-h-[70vh] overflow-y-auto rounded border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
          data-testid="notification-panel"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button
              type="button"
              disabled={!unread || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
              className="rounded px-2 py-1 text-xs text-indigo-700 hover:bg-indigo-50 disabled:text-slate-400"
            >
              Mark all read
            </button>
          </div>
          {list.isPending ? <p className="px-3 py-4 text-sm text-slate-600">Loading…</p> : <NotificationList items={list.data?.items ?? []} onOpen={() => setOpen(false)} />}
          <Link href="/notifications" onClick={() => setOpen(false)} className="block border-t border-slate-200 px-3 py-2 text-center text-sm text-indigo-700 hover:bg-slate-50">
            See all
          </Link>
        </div>
      ) : null}
    </div>
  );
}
