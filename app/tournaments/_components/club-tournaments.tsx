"use client";
/** The club page's tournaments: upcoming and running, then past; directors get a "create" link. */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Section } from "@/app/clubs/_components/ui";
import { formatDate } from "./ui";
import { FORMAT_LABELS, TOURNAMENT_STATUS_LABELS } from "@/app/_lib/labels";

export function ClubTournaments({ clubId, canManage }: { clubId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.tournaments.list.queryOptions({ clubId, limit: 100 }));
  const all = list.data ?? [];
  const current = all.filter((t) => t.status !== "finished");
  const past = all.filter((t) => t.status === "finished");
  const row = (t: (typeof all)[number]) => (
    <li key={t.id} className="flex justify-between gap-2 py-1 text-sm">
      <Link href={`/tournaments/${t.id}`} className="text-indigo-700 hover:underline">{t.name}</Link>
      <span className="text-xs text-slate-500">{formatDate(t.startsAt)} · {FORMAT_LABELS[t.format]} · {TOURNAMENT_STATUS_LABELS[t.status]}</span>
    </li>
  );
  return (
    <>
      <Section title="Upcoming tournaments" testId="upcoming-tournaments">
        {current.length ? <ul className="divide-y divide-slate-100">{current.map(row)}</ul> : <p className="text-sm text-slate-600">No tournaments yet</p>}
        <p className="mt-2 flex gap-4 text-sm">
          {canManage ? <Link href={`/tournaments/new?club=${clubId}`} className="text-indigo-700 underline">Create a tournament</Link> : null}
          <Link href={`/tournaments?club=${clubId}`} className="text-indigo-700 underline">All of this club&apos;s tournaments</Link>
        </p>
      </Section>
      <Section title="Past tournaments" testId="past-tournaments">
        {past.length ? <ul className="divide-y divide-slate-100">{past.map(row)}</ul> : <p className="text-sm text-slate-600">No tournaments yet</p>}
      </Section>
    </>
  );
}
