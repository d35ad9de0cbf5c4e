"use client";
/** The signed-in user's clubs, with their role in each. */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { SignInPrompt, buttonClass } from "../_components/ui";
import { RULESET_NAMES } from "@/engine";
import { ROLE_LABELS } from "@/app/_lib/labels";

export default function MyClubsPage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const mine = useQuery({ ...trpc.clubs.mine.queryOptions(), enabled: !!me.data });

  if (me.isPending) return <p>Loading…</p>;
  if (!me.data) return <SignInPrompt next="/clubs/mine" what="to see your clubs." />;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">My clubs</h1>
        <Link href="/clubs/new" className={buttonClass}>
          Create a club
        </Link>
      </div>
      {mine.isPending ? (
        <p>Loading…</p>
      ) : mine.error ? (
        <p role="alert" className="text-red-700">{mine.error.message}</p>
      ) : mine.data.length === 0 ? (
        <p className="text-slate-600">
          You are not in any club yet. <Link href="/clubs" className="text-indigo-700 underline">Find a club</Link> or create one.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="my-clubs">
          {mine.data.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-4 p-4">
              <div>
                <Link href={`/clubs/${c.handle}`} className="font-semibold text-indigo-700 hover:underline">
                  {c.name}
                </Link>
                <p className="text-xs text-slate-500">
                  @{c.handle} · {RULESET_NAMES[c.defaultRuleset]} · {c.memberCount} {c.memberCount === 1 ? "member" : "members"}
                </p>
              </div>
              <div className="flex items-center gap-3 text-sm">
                <span className="rounded bg-slate-100 px-2 py-0.5">{ROLE_LABELS[c.role]}</span>
                {c.role !== "member" ? (
                  <Link href={`/clubs/${c.handle}/settings`} className="text-indigo-700 underline">
                    Settings
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
