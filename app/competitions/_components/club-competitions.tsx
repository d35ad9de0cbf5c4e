"use client";
/** The club page's "Seasons and series": each with its dates and a link; directors get "create" links. */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Section } from "@/app/clubs/_components/ui";

const day = (d: Date) => new Date(d).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export const competitionHref = (c: { id: string; kind: string }) => `/competitions/${c.kind === "series" ? "series" : "season"}/${c.id}`;

export function ClubCompetitions({ clubId, handle, canManage }: { clubId: string; handle: string; canManage: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.competitions.list.queryOptions({ clubId }));
  const all = list.data ?? [];
  return (
    <Section title="Seasons and series" testId="club-competitions">
      {all.length ? (
        <ul className="divide-y divide-slate-100">
          {all.map((c) => (
            <li key={c.id} className="flex flex-wrap justify-between gap-2 py-1 text-sm">
              <Link href={competitionHref(c)} className="text-indigo-700 hover:underline">
                {c.name}
              </Link>
              <span className="text-xs text-slate-500">
                {c.kind === "season" ? `Season · ${c.events} division${c.events === 1 ? "" : "s"}` : `Series · ${c.events} event${c.events === 1 ? "" : "s"}`} · from {day(c.startsAt)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No seasons or series yet</p>
      )}
      {canManage ? (
        <p className="mt-2 flex flex-wrap gap-4 text-sm">
          <Link href={`/clubs/${handle}/seasons/new`} className="text-indigo-700 underline">
            Create a season
          </Link>
          <Link href={`/clubs/${handle}/series/new`} className="text-indigo-700 underline">
            Create a series
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
