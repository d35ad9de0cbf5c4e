"use client";
/** The home page's calls to action: sign up / sign in for visitors, straight to play for members. */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";

const primary = "rounded bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700";
const secondary = "rounded border border-slate-300 px-4 py-2 font-medium hover:bg-white";

export function HomeActions() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  if (me.isPending) return <div className="h-10" />;
  if (me.data)
    return (
      <div className="flex flex-wrap gap-3">
        <Link href="/play" className={primary}>Play a game</Link>
        <Link href="/clubs/mine" className={secondary}>My clubs</Link>
        <Link href="/tournaments" className={secondary}>Tournaments</Link>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-3">
      <Link href="/signup" className={primary}>Create an account</Link>
      <Link href="/signin" className={secondary}>Sign in</Link>
      <Link href="/judge" className={secondary}>Try the judge&apos;s desk</Link>
    </div>
  );
}
