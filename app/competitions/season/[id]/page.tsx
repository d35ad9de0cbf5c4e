"use client";
/**
 * The season page (docs/competitions.md "Running a season"): each division's table with the
 * promotion and relegation zones (coloured, and said in words: "↑ promotion", "↓ relegation"),
 * "why above" for every row, the rounds' play-by windows, each player's remaining games, and for
 * directors the season's desk (`desk.tsx`: unplayed games decided, proposals and games to chase;
 * the next season from the final standings).
 */
import { useState } from "react";
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Field, FormError } from "@/app/_components/form";
import { Section, buttonClass } from "@/app/clubs/_components/ui";
import { spread } from "@/app/tournaments/_components/ui";
import { SeasonDesk } from "./desk";
import { FORMAT_LABELS, TOURNAMENT_STATUS_LABELS } from "@/app/_lib/labels";
import type { TournamentFormat, TournamentStatus } from "@/server/domain";

type Season = inferRouterOutputs<AppRouter>["competitions"]["season"];
type Division = Season["divisions"][number];

const day = (d: Date) => new Date(d).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
/** A window's last day (play_by is the start of the day after). */
const lastDay = (d: Date) => day(new Date(new Date(d).getTime() - 86_400_000));
const ZONE_CLASS = { up: "bg-emerald-50", down: "bg-rose-50" } as const;

function DivisionTable({ d }: { d: Division }) {
  return (
    <Section title={`${d.name} · ${FORMAT_LABELS[d.format as TournamentFormat]} · ${TOURNAMENT_STATUS_LABELS[d.status as TournamentStatus]}`} testId={`division-${d.number}`}>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{d.name} standings</caption>
          <thead>
            <tr className="border-b text-left text-xs text-slate-500">
              <th scope="col" className="py-1 pr-2">#</th>
              <th scope="col" className="py-1 pr-2">Player</th>
              <th scope="col" className="py-1 pr-2">W–L</th>
              <th scope="col" className="py-1 pr-2">Spread</th>
              <th scope="col" className="py-1">Zone</th>
            </tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.userId} className={`border-b border-slate-100 align-top ${r.zone ? ZONE_CLASS[r.zone] : ""}`} data-testid="season-row">
                <td className="py-1 pr-2">{r.rank}</td>
                <td className="py-1 pr-2">
                  <Link href={`/players/${r.userId}`} className="hover:underline">{r.name}</Link>
                  {r.leftClub ? <span className="ml-2 rounded bg-slate-200 px-1 text-xs">left the club: keeps every result, not in next season</span> : null}
                  {r.seededWhy ? <span className="block text-xs text-slate-500">{r.seededWhy}</span> : null}
                  {r.whyAboveNext ? (
                    <details className="text-xs text-slate-600">
                      <summary className="cursor-pointer">Why above the next?</summary>
                      {r.whyAboveNext}
                    </details>
                  ) : null}
                </td>
                <td className="py-1 pr-2">{r.wins}–{r.losses}</td>
                <td className="py-1 pr-2">{spread(r.spread)}</td>
                <td className="py-1 font-medium" data-testid="zone">{r.zoneText ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm">
        <Link href={`/tournaments/${d.tournamentId}`} className="text-indigo-700 underline">{d.name}: pairings, results and the director&apos;s page</Link>
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium">Remaining games</summary>
        <ul className="mt-1 space-y-1">
          {d.remaining.map((p) => (
            <li key={p.userId}>
              <span className="font-medium">{p.name}</span>:{" "}
              {p.games.length === 0
                ? "no published game waiting"
                : p.games.map((g) => `round ${g.round} v ${g.opponents.join(", ")}${g.playBy ? `, play by ${lastDay(g.playBy)}` : ""}${g.scheduledAt ? ` (agreed ${day(g.scheduledAt)})` : ""}${g.toMove ? ` — ${g.toMove}` : ""}`).join("; ")}
            </li>
          ))}
        </ul>
        {d.rounds.some((r) => r.status === null) ? (
          <p className="mt-1 text-xs text-slate-500">
            Not paired yet: {d.rounds.filter((r) => r.status === null).map((r) => `round ${r.number} (${day(r.playFrom)} – ${lastDay(r.playBy)})`).join(", ")}.
          </p>
        ) : null}
      </details>
    </Section>
  );
}

function NextSeason({ s }: { s: Season }) {
  const trpc = useTRPC();
  const router = useRouter();
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const [starts, setStarts] = useState(new Date().toISOString().slice(0, 10));
  const next = useMutation(
    trpc.competitions.nextSeason.mutationOptions({
      onSuccess: async (made) => {
        await qc.invalidateQueries({ queryKey: trpc.competitions.season.queryKey() });
        router.push(`/competitions/season/${made.id}`);
      },
    }),
  );
  const errors = formErrors(next.error);
  if (s.nextId) return <p className="text-sm"><Link href={`/competitions/season/${s.nextId}`} className="text-indigo-700 underline">The next season</Link> has been created.</p>;
  return (
    <form
      className="grid gap-3 sm:grid-cols-3 sm:items-end"
      aria-label="Create next season"
      onSubmit={(e) => {
        e.preventDefault();
        next.mutate({ competitionId: s.id, name, starts });
      }}
    >
      <Field label="Next season's name" name="nextName" value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} required />
      <Field label="First day" name="nextStarts" type="date" value={starts} onChange={(e) => setStarts(e.target.value)} error={errors.fields.starts} required />
      <button type="submit" className={buttonClass} disabled={next.isPending}>{next.isPending ? "Creating…" : "Create next season"}</button>
      <div className="sm:col-span-3">
        <FormError message={errors.message} />
        <p className="text-xs text-slate-500">Every division must be finished. Players who left the club are left out; the rule above decides who goes up and down.</p>
      </div>
    </form>
  );
}

export default function SeasonPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.competitions.season.queryOptions({ competitionId: id }), retry: false });
  if (q.isPending) return <p className="text-slate-600">Loading…</p>;
  if (q.error) return <FormError message={q.error.message} />;
  const s = q.data;
  const calendar = s.divisions[0]?.rounds ?? [];
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="text-sm"><Link href={`/clubs/${s.club.handle}`} className="text-indigo-700 underline">{s.club.name}</Link> · season</p>
        <h1 className="text-3xl font-bold tracking-tight">{s.name}</h1>
        <p className="text-sm text-slate-600">
          {day(s.startsAt)}{s.endsAt ? ` – ${lastDay(s.endsAt)}` : ""} · {s.divisions.length} division{s.divisions.length === 1 ? "" : "s"} · {s.rated ? "rated" : "unrated"} · {s.status}
        </p>
        <p className="text-sm text-slate-600">Promotion and relegation: {s.rule}. The zones show where the rule puts each player if the season ended today.</p>
        <p className="flex gap-4 text-sm">
          {s.previousId ? <Link href={`/competitions/season/${s.previousId}`} className="text-indigo-700 underline">Previous season</Link> : null}
          {s.nextId ? <Link href={`/competitions/season/${s.nextId}`} className="text-indigo-700 underline">Next season</Link> : null}
        </p>
      </header>
      {s.left.length || s.notes.length ? (
        <Section title="From the last season" testId="season-seeding">
          <ul className="list-disc pl-5 text-sm">
            {s.left.map((l) => <li key={l.name}>{l.name}: {l.why}</li>)}
            {s.notes.map((n) => <li key={n}>{n}</li>)}
          </ul>
        </Section>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        {s.divisions.map((d) => <DivisionTable key={d.tournamentId} d={d} />)}
      </div>
      <Section title="Rounds and their play-by windows" testId="season-rounds">
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {calendar.map((r) => <li key={r.number}>Round {r.number}: {day(r.playFrom)} – {lastDay(r.playBy)}</li>)}
        </ol>
      </Section>
      {s.canDirect ? (
        <Section title="Director's desk" testId="season-desk">
          <SeasonDesk competitionId={s.id} />
          {s.status === "finished" || s.nextId ? <NextSeason s={s} /> : <p className="text-sm text-slate-600">When every division is finished, the next season can be created here from the final standings.</p>}
        </Section>
      ) : null}
    </div>
  );
}
