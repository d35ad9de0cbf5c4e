"use client";
/**
 * Two dashboard sections next to the settings: seeds (editable before round 1, when they order
 * round 1 and the brackets) and forbidden pairs (players kept apart: family members, team-mates),
 * which may change until the event is finished and shape only rounds paired afterwards.
 */
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence, formErrors } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { Section, secondaryButtonClass } from "@/app/clubs/_components/ui";

type Entry = { userId: string; name: string; seed: number | null; status: string };
type Status = "registration" | "running" | "finished";

/** Seeds: a box per entry before round 1; afterwards the seeds fixed at round 1, read only. */
export function SeedsForm({ tournamentId, status, entries }: { tournamentId: string; status: Status; entries: Entry[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const seed = useMutation(trpc.tournaments.players.seed.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const open = status === "registration";
  const listed = entries.filter((e) => e.status !== "withdrawn" && e.status !== "waitlisted");

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setProblem(null);
    setSaved(false);
    // Only the boxes that changed are sent, one request each (the server logs each old → new).
    for (const entry of listed) {
      const text = String(f.get(entry.userId) ?? "").trim();
      const value = text === "" ? null : Number(text);
      if (value === entry.seed) continue;
      try {
        await seed.mutateAsync({ tournamentId, userId: entry.userId, seed: value });
      } catch (err) {
        setProblem(`${entry.name}: ${errorSentence(err)}`);
        break;
      }
    }
    await queryClient.invalidateQueries({ queryKey: trpc.tournaments.pathKey() });
    setSaved(true);
  }

  return (
    <Section title="Seeds" testId="seeds">
      {open ? (
        <p className="mb-2 text-xs text-slate-500">1 is the top seed; leave a box empty to seed that player by rating. Seeds order round 1 and the brackets.</p>
      ) : (
        <p className="mb-2 text-xs text-slate-500" data-testid="seeds-locked">Seeds were fixed when round 1 was paired.</p>
      )}
      <form onSubmit={submit} noValidate key={listed.map((e) => `${e.userId}:${e.seed}`).join(",")}>
        <ul className="grid gap-2 sm:grid-cols-2">
          {listed.map((e) => (
            <li key={e.userId} className="flex items-center justify-between gap-2 text-sm">
              <label htmlFor={`seed-${e.userId}`}>{e.name}</label>
              <input
                id={`seed-${e.userId}`}
                name={e.userId}
                type="number"
                inputMode="numeric"
                min={1}
                max={10_000}
                aria-label={`Seed for ${e.name}`}
                defaultValue={e.seed ?? ""}
                disabled={!open}
                className="min-h-11 w-20 rounded border border-slate-300 px-2 py-1 text-base disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm"
              />
            </li>
          ))}
        </ul>
        {listed.length === 0 ? <p className="text-sm text-slate-500">No players entered yet.</p> : null}
        {open && listed.length ? (
          <button type="submit" className={`${secondaryButtonClass} mt-2 min-h-11`} disabled={seed.isPending}>
            Save seeds
          </button>
        ) : null}
        {saved && !problem ? (
          <span role="status" className="ml-2 text-sm text-emerald-700" data-testid="seeds-saved">
            Saved.
          </span>
        ) : null}
        <FormError message={problem} />
      </form>
    </Section>
  );
}

/** Forbidden pairs: the list with a remove button each, and two choosers to add one. */
export function ForbiddenPairsForm({ tournamentId, status, format, entries }: { tournamentId: string; status: Status; format: string; entries: Entry[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.tournaments.forbiddenPairs.list.queryOptions({ tournamentId }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tournaments.forbiddenPairs.list.queryKey({ tournamentId }) });
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const add = useMutation(
    trpc.tournaments.forbiddenPairs.add.mutationOptions({
      onSuccess: async () => {
        setA("");
        setB("");
        await refresh();
      },
    }),
  );
  const remove = useMutation(trpc.tournaments.forbiddenPairs.remove.mutationOptions({ onSuccess: refresh }));
  const errors = formErrors(add.error);
  const finished = status === "finished";
  const fixed = format.includes("round-robin") || format.endsWith("elimination");
  const players = entries.filter((e) => e.status !== "withdrawn" && e.status !== "waitlisted");
  const chooser = (id: string, label: string, value: string, set: (v: string) => void, error?: string) => (
    <div className="space-y-1">
      <label className="block text-sm font-medium" htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => set(e.target.value)} disabled={finished} aria-invalid={error ? true : undefined} className="min-h-11 w-full rounded border border-slate-300 px-2 py-1 text-base disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm">
        <option value="">choose a player…</option>
        {players.map((p) => (
          <option key={p.userId} value={p.userId}>{p.name}</option>
        ))}
      </select>
      {error ? <p role="alert" className="text-sm text-red-600">{error}</p> : null}
    </div>
  );

  return (
    <Section title="Forbidden pairs" testId="forbidden-pairs">
      <p className="mb-2 text-xs text-slate-500">
        {fixed
          ? "This format cannot keep players apart (a round robin pairs everyone with everyone; a bracket follows its seeds): a forbidden pair that meets is named in the round's notes."
          : "Swiss and King of the Hill rounds never pair these players while any other pairing exists (pods too); changes apply to rounds paired afterwards."}
      </p>
      <ul className="mb-3 divide-y divide-slate-100 text-sm" data-testid="forbidden-list">
        {(list.data ?? []).map((p) => (
          <li key={`${p.a.userId}|${p.b.userId}`} className="flex items-center justify-between gap-2 py-1">
            <span>{p.a.name} and {p.b.name}</span>
            {finished ? null : (
              <button type="button" className="min-h-11 px-2 text-red-700 underline" aria-label={`Let ${p.a.name} and ${p.b.name} meet again`} disabled={remove.isPending} onClick={() => remove.mutate({ tournamentId, a: p.a.userId, b: p.b.userId })}>
                remove
              </button>
            )}
          </li>
        ))}
        {list.isSuccess && list.data.length === 0 ? <li className="py-1 text-slate-500">None.</li> : null}
      </ul>
      {finished ? (
        <p className="text-sm text-slate-600">The tournament is finished: its pairs no longer change.</p>
      ) : (
        <form
          className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ tournamentId, a, b });
          }}
        >
          {chooser("forbid-a", "Keep this player", a, setA, errors.fields.a)}
          {chooser("forbid-b", "apart from", b, setB, errors.fields.b)}
          <button type="submit" className={`${secondaryButtonClass} min-h-11`} disabled={!a || !b || add.isPending}>
            Keep apart
          </button>
        </form>
      )}
      <FormError message={errors.fields.a || errors.fields.b ? null : (errors.message ?? errorSentence(remove.error))} />
    </Section>
  );
}
