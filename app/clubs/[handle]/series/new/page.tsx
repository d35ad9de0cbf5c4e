"use client";
/** A director creates a series (docs/competitions.md "Running a series"): points by place, best N of M, and the club's events in it. */
import { useState } from "react";
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Field, FormError } from "@/app/_components/form";
import { Section, SelectField, buttonClass } from "@/app/clubs/_components/ui";

export default function NewSeriesPage() {
  const { handle } = useParams<{ handle: string }>();
  const trpc = useTRPC();
  const router = useRouter();
  const page = useQuery({ ...trpc.clubs.byHandle.queryOptions({ handle }), retry: false });
  const events = useQuery({ ...trpc.tournaments.list.queryOptions({ clubId: page.data?.club.id ?? "", limit: 100 }), enabled: !!page.data });
  const create = useMutation(trpc.competitions.createSeries.mutationOptions({ onSuccess: (s) => router.push(`/competitions/series/${s.id}`) }));
  const [name, setName] = useState("");
  const [starts, setStarts] = useState(new Date().toISOString().slice(0, 10));
  const [scheme, setScheme] = useState<"table" | "field">("table");
  const [points, setPoints] = useState("25, 18, 15, 12, 10, 8, 6, 4, 2, 1");
  const [best, setBest] = useState("4");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  if (page.isPending) return <p className="text-slate-600">Loading…</p>;
  if (page.error) return <FormError message={page.error.message} />;
  const { club } = page.data;
  const errors = formErrors(create.error);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <p className="text-sm"><Link href={`/clubs/${club.handle}`} className="text-indigo-700 underline">{club.name}</Link></p>
      <h1 className="text-2xl font-bold">New series</h1>
      <form
        className="space-y-6"
        aria-label="New series"
        onSubmit={(e) => {
          e.preventDefault();
          const table = points.split(/[\s,]+/).filter(Boolean).map(Number);
          create.mutate({ clubId: club.id, name, starts, points: scheme === "field" ? { kind: "field" } : { kind: "table", points: table }, best: Number(best), eventIds: [...chosen] });
        }}
      >
        <Section title="Series">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.fields.name} required />
            <Field label="First day" name="starts" type="date" value={starts} onChange={(e) => setStarts(e.target.value)} error={errors.fields.starts} />
            <SelectField label="Points by place" name="scheme" value={scheme} onChange={(e) => setScheme(e.target.value as "table" | "field")} options={{ table: "A table (1st, 2nd, …)", field: "Field size − place + 1" }} />
            {scheme === "table" ? <Field label="Points for 1st, 2nd, … (lower places score 0)" name="points" value={points} onChange={(e) => setPoints(e.target.value)} error={errors.fields.points} /> : <span />}
            <Field label="Events that count for each player (best N)" name="best" type="number" min={1} max={100} value={best} onChange={(e) => setBest(e.target.value)} error={errors.fields.best} />
          </div>
        </Section>
        <Section title="Events in the series">
          <ul className="space-y-1 text-sm">
            {(events.data ?? []).map((t) => (
              <li key={t.id}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={chosen.has(t.id)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(t.id);
                      else next.delete(t.id);
                      setChosen(next);
                    }}
                  />
                  {t.name}
                </label>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500">Events can also be added later from the series page. An event belongs to one season or series.</p>
        </Section>
        <FormError message={errors.message ?? errors.fields.eventIds ?? errors.fields.tournamentId} />
        <button type="submit" className={buttonClass} disabled={create.isPending}>{create.isPending ? "Creating…" : "Create series"}</button>
      </form>
    </div>
  );
}
