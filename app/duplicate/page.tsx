"use client";
/**
 * Duplicate games (docs/duplicate.md): the games I play or run and the open ones anyone may join,
 * and a form to set one up (ruleset, seconds a turn, turns, preview, redraws of a dead rack). A club's directors set one up
 * for their club from here with the club chosen (`?club=<id>`, linked from the club page).
 * Events group games (`?event=<id>` sets a new game up in one, linked from the event's page).
 */
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { RULESET_IDS, RULESET_NAMES, type RulesetId } from "@/engine";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence, formErrors } from "@/app/_trpc/errors";
import { Field, FormError } from "@/app/_components/form";
import { Section, SelectField, SignInPrompt, buttonClass } from "@/app/clubs/_components/ui";

const PREVIEWS = { score: "Score only (no validity)", off: "Tile points only", full: "Score and validity" } as const;
const STATUS = { lobby: "waiting for the start", playing: "in play", finished: "over" } as const;

function NewGame() {
  const trpc = useTRPC();
  const router = useRouter();
  const params = useSearchParams();
  const clubId = params.get("club");
  const eventId = params.get("event");
  const [form, setForm] = useState({ name: "", ruleset: "equate" as RulesetId, turnSeconds: "180", maxTurns: "15", preview: "score" as keyof typeof PREVIEWS, seed: "", playableRedraws: "5" });
  const create = useMutation(trpc.duplicate.create.mutationOptions({ onSuccess: (r) => router.push(`/duplicate/${r.id}`) }));
  const gameErrors = formErrors(create.error);
  const send = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name: form.name, ruleset: form.ruleset, turnSeconds: Number(form.turnSeconds), maxTurns: Number(form.maxTurns), preview: form.preview, playableRedraws: Number(form.playableRedraws), clubId: clubId ?? null, eventId: eventId ?? null, ...(form.seed.trim() ? { seed: form.seed.trim() } : {}) });
  };
  return (
    <form onSubmit={send} className="grid max-w-xl gap-3 sm:grid-cols-2">
      <Field label="Name" name="name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
      <SelectField label="Game" name="ruleset" value={form.ruleset} options={Object.fromEntries(RULESET_IDS.map((id) => [id, RULESET_NAMES[id]]))} onChange={(e) => setForm({ ...form, ruleset: e.target.value as RulesetId })} />
      <Field label="Seconds a turn" name="turnSeconds" type="number" min={10} max={1800} value={form.turnSeconds} onChange={(e) => setForm({ ...form, turnSeconds: e.target.value })} />
      <Field label="Turns" name="maxTurns" type="number" min={1} max={60} value={form.maxTurns} onChange={(e) => setForm({ ...form, maxTurns: e.target.value })} />
      <SelectField label="Preview" name="preview" value={form.preview} options={PREVIEWS} onChange={(e) => setForm({ ...form, preview: e.target.value as keyof typeof PREVIEWS })} />
      <Field
        label="Redraws of a dead rack"
        name="playableRedraws"
        type="number"
        min={0}
        max={10}
        value={form.playableRedraws}
        onChange={(e) => setForm({ ...form, playableRedraws: e.target.value })}
        error={gameErrors.fields.playableRedraws}
        hint="0 to 10: how many times a rack with no play is put back and drawn again (docs: The rack)."
      />
      <Field label="Seed (optional)" name="seed" value={form.seed} onChange={(e) => setForm({ ...form, seed: e.target.value })} hint="The same seed gives the same racks: replay a game." />
      <div className="self-end">
        <button type="submit" className={buttonClass} disabled={create.isPending}>
          Create the game
        </button>
      </div>
      <div className="sm:col-span-2">
        <FormError message={gameErrors.fields.playableRedraws ? null : errorSentence(create.error)} />
        {clubId ? <p className="text-sm text-slate-600">For your club: its members may join.</p> : null}
        {eventId ? <p className="text-sm text-slate-600">The game counts in the event it was set up from.</p> : null}
      </div>
    </form>
  );
}

const STANDINGS = { total: "By total score", percent: "By percentage of the tops" } as const;

function NewEvent() {
  const trpc = useTRPC();
  const router = useRouter();
  const clubId = useSearchParams().get("club");
  const [form, setForm] = useState({ name: "", standing: "total" as keyof typeof STANDINGS });
  const create = useMutation(trpc.duplicate.eventCreate.mutationOptions({ onSuccess: (r) => router.push(`/duplicate/events/${r.id}`) }));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ name: form.name, standing: form.standing, clubId: clubId ?? null });
      }}
      className="grid max-w-xl gap-3 sm:grid-cols-2"
    >
      <Field label="Event title" name="eventName" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
      <SelectField label="Standings" name="standing" value={form.standing} options={STANDINGS} onChange={(e) => setForm({ ...form, standing: e.target.value as keyof typeof STANDINGS })} />
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass} disabled={create.isPending}>
          Create the event
        </button>
        <FormError message={create.error?.message} />
        <p className="text-sm text-slate-600">Duplicate events are unrated: a duplicate score is not a result against an opponent.</p>
      </div>
    </form>
  );
}

export default function DuplicatePage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const list = useQuery({ ...trpc.duplicate.list.queryOptions(), enabled: !!me.data, refetchInterval: 5000 });
  const events = useQuery({ ...trpc.duplicate.eventList.queryOptions(), enabled: !!me.data });
  if (me.isPending) return <p>Loading…</p>;
  if (!me.data) return <SignInPrompt next="/duplicate" what="to play duplicate games." />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Duplicate games</h1>
      <p className="max-w-2xl text-slate-700">
        Everyone gets the same rack each turn and plays it on their own board; at the close the best play goes on every board. Your score is the sum of your plays, and the
        percentage of the best plays tells how close you came.
      </p>
      <Section title="Games">
        {list.data?.length ? (
          <ul className="space-y-1" data-testid="duplicate-list">
            {list.data.map((g) => (
              <li key={g.id}>
                <Link href={`/duplicate/${g.id}`} className="text-indigo-700 underline">
                  {g.name}
                </Link>{" "}
                <span className="text-sm text-slate-600">
                  {RULESET_NAMES[g.ruleset as RulesetId]} · {STATUS[g.status]}
                  {g.status === "playing" ? ` (turn ${g.turn} of ${g.maxTurns})` : ""} · {g.players} player{g.players === 1 ? "" : "s"}
                  {g.joined ? " · you play" : ""}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No games yet.</p>
        )}
      </Section>
      <Section title="Events" testId="duplicate-events">
        {events.data?.length ? (
          <ul className="space-y-1">
            {events.data.map((e) => (
              <li key={e.id}>
                <Link href={`/duplicate/events/${e.id}`} className="text-indigo-700 underline">
                  {e.name}
                </Link>{" "}
                <span className="text-sm text-slate-600">
                  {e.games} game{e.games === 1 ? "" : "s"} · {e.standing === "total" ? "by total" : "by percentage"}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No events yet.</p>
        )}
      </Section>
      <Section title="New duplicate game">
        <Suspense>
          <NewGame />
        </Suspense>
      </Section>
      <Section title="New duplicate event">
        <Suspense>
          <NewEvent />
        </Suspense>
      </Section>
    </div>
  );
}
