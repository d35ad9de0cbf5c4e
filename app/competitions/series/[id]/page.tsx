"use client";
/**
 * The series page (docs/competitions.md "Running a series"): one column per event, each cell the
 * place and points, marked counted, dropped or absent in words as well as style; "why above" per
 * row; directors add the club's events or take them out.
 */
import { useState } from "react";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { ordinal } from "@/server/domain";
import { Section, SelectField, buttonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";

const CELL_CLASS = { counted: "font-semibold", dropped: "text-slate-400 line-through", absent: "text-slate-400" } as const;

export default function SeriesPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const q = useQuery({ ...trpc.competitions.series.queryOptions({ competitionId: id }), retry: false });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.competitions.series.queryKey() });
  const add = useMutation(trpc.competitions.addEvent.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.competitions.removeEvent.mutationOptions({ onSuccess: refresh }));
  const [pick, setPick] = useState("");
  if (q.isPending) return <p className="text-slate-600">Loading…</p>;
  if (q.error) return <FormError message={q.error.message} />;
  const s = q.data;
  const counted = s.events.filter((e) => e.counts);
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="text-sm"><Link href={`/clubs/${s.club.handle}`} className="text-indigo-700 underline">{s.club.name}</Link> · series</p>
        <h1 className="text-3xl font-bold tracking-tight">{s.name}</h1>
        <p className="text-sm text-slate-600">Points {s.pointsText}. Each player&apos;s best {s.best === 1 ? "event counts" : `${s.best} events count`}; the rest are dropped. Only finished events score.</p>
      </header>
      <Section title="Table" testId="series-table">
        {s.rows.length === 0 ? (
          <p className="text-sm text-slate-600">No finished event yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Series table: counted cells in bold, dropped ones struck through</caption>
              <thead>
                <tr className="border-b text-left text-xs text-slate-500">
                  <th scope="col" className="py-1 pr-2">#</th>
                  <th scope="col" className="py-1 pr-2">Player</th>
                  <th scope="col" className="py-1 pr-2">Points</th>
                  {counted.map((e) => <th key={e.id} scope="col" className="py-1 pr-2"><Link href={`/tournaments/${e.id}`} className="hover:underline">{e.name}</Link></th>)}
                </tr>
              </thead>
              <tbody>
                {s.rows.map((r) => (
                  <tr key={r.userId} className="border-b border-slate-100 align-top" data-testid="series-row">
                    <td className="py-1 pr-2">{r.rank}</td>
                    <td className="py-1 pr-2">
                      {r.name}
                      {r.whyAboveNext ? (
                        <details className="text-xs text-slate-600">
                          <summary className="cursor-pointer">Why above the next?</summary>
                          {r.whyAboveNext}
                        </details>
                      ) : null}
                    </td>
                    <td className="py-1 pr-2 font-semibold">{r.total}</td>
                    {r.cells.map((c) => (
                      <td key={c.eventId} className={`py-1 pr-2 ${CELL_CLASS[c.status]}`}>
                        {c.place === null ? "—" : `${ordinal(c.place)} · ${c.points}`}
                        <span className="block text-xs font-normal no-underline">{c.status === "absent" ? "did not play" : c.status}</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section title="Events" testId="series-events">
        <ul className="divide-y divide-slate-100 text-sm">
          {s.events.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
              <Link href={`/tournaments/${e.id}`} className="text-indigo-700 hover:underline">{e.name}</Link>
              <span className="text-xs text-slate-500">{e.counts ? "finished: scores" : "not finished yet: scores once finished"}</span>
              {s.canDirect ? <button className={secondaryButtonClass} disabled={remove.isPending} onClick={() => remove.mutate({ competitionId: s.id, tournamentId: e.id })}>Take out</button> : null}
            </li>
          ))}
        </ul>
        {s.canDirect ? (
          <form
            className="mt-3 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (pick) add.mutate({ competitionId: s.id, tournamentId: pick });
            }}
          >
            <SelectField label="Add one of the club's events" name="event" value={pick} onChange={(e) => setPick(e.target.value)} options={{ "": "Choose an event", ...Object.fromEntries(s.candidates.map((c) => [c.id, c.name])) }} />
            <button type="submit" className={buttonClass} disabled={!pick || add.isPending}>Add event</button>
          </form>
        ) : null}
        <FormError message={errorSentence(add.error ?? remove.error)} />
      </Section>
    </div>
  );
}
