"use client";
/**
 * All tournaments: upcoming, running and finished, optionally for one club (?club=<id>); then the
 * duplicate events the viewer may see (created from here with the "Duplicate" format; their
 * standings are on the event's page, docs/duplicate.md "Events").
 */
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { buttonClass } from "@/app/clubs/_components/ui";
import { formatDate } from "./_components/ui";
import { FORMAT_LABELS, TOURNAMENT_STATUS_LABELS } from "@/app/_lib/labels";
import { RULESET_NAMES } from "@/engine";

const PHASES = [
  { key: "running", title: "Running now" },
  { key: "upcoming", title: "Upcoming" },
  { key: "finished", title: "Finished" },
] as const;

function TournamentList() {
  const trpc = useTRPC();
  const router = useRouter();
  const params = useSearchParams();
  const clubId = params.get("club") ?? undefined;
  const me = useQuery(trpc.accounts.me.queryOptions());
  const myClubs = useQuery({ ...trpc.clubs.mine.queryOptions(), enabled: !!me.data });
  const clubs = useQuery(trpc.clubs.list.queryOptions({ query: "", limit: 100 }));
  const canCreate = (myClubs.data ?? []).some((c) => c.role === "owner" || c.role === "director");

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Tournaments</h1>
        {canCreate ? (
          <Link href={`/tournaments/new${clubId ? `?club=${clubId}` : ""}`} className={buttonClass}>
            Create a tournament
          </Link>
        ) : null}
      </div>
      <div className="max-w-sm">
        <label htmlFor="club-filter" className="block text-sm font-medium text-slate-700">
          Club
        </label>
        <select
          id="club-filter"
          value={clubId ?? ""}
          onChange={(e) => router.push(e.target.value ? `/tournaments?club=${e.target.value}` : "/tournaments")}
          className="mt-1 w-full rounded border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="">All clubs</option>
          {(clubs.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {PHASES.map((phase) => (
        <Phase key={phase.key} status={phase.key} title={phase.title} clubId={clubId} />
      ))}
      {me.data ? <DuplicateEvents clubId={clubId} /> : null}
    </div>
  );
}

function Phase({ status, title, clubId }: { status: "running" | "upcoming" | "finished"; title: string; clubId?: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.tournaments.list.queryOptions({ status, clubId, limit: 100 }));
  return (
    <section className="space-y-2" data-testid={`tournaments-${status}`}>
      <h2 className="text-xl font-semibold">{title}</h2>
      {list.isPending ? (
        <p>Loading…</p>
      ) : list.error ? (
        <p role="alert" className="text-red-700">{list.error.message}</p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {list.data.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <Link href={`/tournaments/${t.id}`} className="font-semibold text-indigo-700 hover:underline">
                  {t.name}
                </Link>
                <p className="text-xs text-slate-500">
                  <Link href={`/clubs/${t.clubHandle}`} className="hover:underline">{t.clubName}</Link> · {formatDate(t.startsAt)} · {FORMAT_LABELS[t.format]} ·{" "}
                  {RULESET_NAMES[t.ruleset]} · {t.playerCount} {t.playerCount === 1 ? "player" : "players"}
                  {t.rated ? " · rated" : ""}
                </p>
              </div>
              <span className="rounded bg-slate-100 px-2 py-0.5 text-xs">{TOURNAMENT_STATUS_LABELS[t.status]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Duplicate events (format "Duplicate"): each links to its page with the games and the standings. */
function DuplicateEvents({ clubId }: { clubId?: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.duplicate.eventList.queryOptions());
  const events = (list.data ?? []).filter((e) => !clubId || e.clubId === clubId);
  return (
    <section className="space-y-2" data-testid="tournaments-duplicate">
      <h2 className="text-xl font-semibold">Duplicate events</h2>
      {list.isPending ? (
        <p>Loading…</p>
      ) : list.error ? (
        <p role="alert" className="text-red-700">{list.error.message}</p>
      ) : events.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {events.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <Link href={`/duplicate/events/${e.id}`} className="font-semibold text-indigo-700 hover:underline">
                  {e.name}
                </Link>
                <p className="text-xs text-slate-500">
                  Duplicate · standings by {e.standing === "total" ? "total score" : "percentage of the tops"} · {e.games} {e.games === 1 ? "game" : "games"} · unrated
                </p>
              </div>
              <Link href={`/duplicate/events/${e.id}`} className="text-sm text-indigo-700 underline">
                Standings
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function TournamentsPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <TournamentList />
    </Suspense>
  );
}
