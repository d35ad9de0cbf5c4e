"use client";
/** Site header: navigation and the sign-in state (from the `accounts.me` query). */
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/app/_trpc/client";
import { NAV_ITEMS } from "./nav";
import { NotificationBell } from "./notifications/bell";
import { SyncIndicator } from "@/app/_offline/indicator";

export function Header() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const queryClient = useQueryClient();
  const router = useRouter();
  const user = me.data ?? null;
  const items = NAV_ITEMS.filter((i) => !i.signedIn || user);

  async function handleSignOut() {
    await signOut({ redirect: false });
    // the pages and answers this device kept for offline use are the signed-in person's (docs/offline.md)
    await Promise.all(["equalis-pages", "equalis-data", "pages", "pages-rsc", "pages-rsc-prefetch", "apis", "others"].map((c) => globalThis.caches?.delete(c)));
    await queryClient.resetQueries();
    router.push("/");
    router.refresh();
  }

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2 sm:gap-6 sm:px-4 sm:py-3">
        <Link href="/" className="text-xl font-bold tracking-tight text-indigo-700">
          Equalis
        </Link>
        <nav aria-label="Main" className="hidden flex-1 flex-wrap gap-4 text-sm sm:flex">
          {items.map((item) => (
            <Link key={item.href} href={item.href} className="text-slate-700 hover:text-indigo-700">
              {item.label}
            </Link>
          ))}
        </nav>
        {/* On a phone the links fold into one "Menu" button (the wrapped row took ~240 px above a game). */}
        <details className="relative min-w-fit flex-1 text-sm sm:hidden" data-testid="phone-menu">
          <summary className="inline-block cursor-pointer rounded border border-slate-300 px-3 py-1">Menu</summary>
          <nav aria-label="Main" className="absolute left-0 z-30 mt-1 flex w-48 flex-col rounded border border-slate-200 bg-white py-1 shadow-lg">
            {items.map((item) => (
              <Link key={item.href} href={item.href} className="px-3 py-2 text-slate-700 hover:bg-slate-50" onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}>
                {item.label}
              </Link>
            ))}
          </nav>
        </details>
        {/* On a phone everything shrinks to fit 390 px: a long name is truncated, never the page widened. */}
        <SyncIndicator />
        <div className="flex min-w-0 items-center gap-2 text-sm sm:gap-3" data-testid="account">
          {me.isPending ? null : user ? (
            <>
              <NotificationBell />
              <Link href="/profile" className="max-w-20 truncate font-medium text-slate-900 sm:max-w-none" data-testid="user-name">
                {user.name}
              </Link>
              <button onClick={handleSignOut} className="shrink-0 rounded border border-slate-300 px-2 py-1 hover:bg-slate-50 sm:px-3">
                Sign out
              </button>
            </>
          ) : (
            <>
              <Link href="/signin" className="text-slate-700 hover:text-indigo-700">
                Sign in
              </Link>
              <Link href="/signup" className="rounded bg-indigo-600 px-3 py-1 text-white hover:bg-indigo-700">
                Sign up
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
