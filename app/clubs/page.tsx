"use client";
/** The club directory, searchable by name, handle or location. */
import Link from "next/link";
import { useDeferredValue, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { buttonClass } from "./_components/ui";
import { RULESET_NAMES } from "@/engine";

export default function ClubDirectoryPage() {
  const trpc = useTRPC();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const clubs = useQuery(trpc.clubs.list.queryOptions({ query: deferred }));
  const me = useQuery(trpc.accounts.me.queryOptions());

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Clubs</h1>
        {me.data ? (
          <Link href="/clubs/new" className={buttonClass}>
            Create a club
          </Link>
        ) : null}
      </div>
      <div className="max-w-md">
        <label htmlFor="club-search" className="block text-sm font-medium text-slate-700">
          Search clubs
        </label>
        <input
          id="club-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Name, handle or town"
          className="mt-1 w-full rounded border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500"
        />
      </div>
      {clubs.isPending ? (
        <p>Loading…</p>
      ) : clubs.error ? (
        <p role="alert" className="text-red-700">{clubs.error.message}</p>
      ) : clubs.data.length === 0 ? (
        <p className="text-slate-600">{deferred ? "No club matches that search." : "No clubs yet. Be the first to create one!"}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="club-list">
          {clubs.data.map((c) => (
            <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <Link href={`/clubs/${c.handle}`} className="font-semibold text-indigo-700 hover:underline">
                {c.name}
              </Link>
              <p className="text-xs text-slate-500">
                @{c.handle}
                {c.location ? ` · ${c.location}` : ""} · {RULESET_NAMES[c.defaultRuleset]} · {c.memberCount} {c.memberCount === 1 ? "member" : "members"}
                {c.visibility === "invite-only" ? " · invite-only" : ""}
              </p>
              {c.description ? <p className="mt-2 line-clamp-3 text-sm text-slate-700">{c.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
