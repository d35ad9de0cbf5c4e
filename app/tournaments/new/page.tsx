"use client";
/** Create a tournament (club owners and directors): the essentials, with sensible defaults. */
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { dateTimeLocalValue, Field, FormError, SubmitButton } from "@/app/_components/form";
import { RULESET_LABELS, SelectField, SignInPrompt, TextAreaField } from "@/app/clubs/_components/ui";
import { TIEBREAKS } from "@/server/domain";
import { FORMAT_LABELS } from "../_components/ui";
import { GameSettingsFields, readGameSettings } from "@/app/tournaments/_components/game-settings";
import { CHALLENGE_LABELS } from "../_components/challenge-labels";
import { optionalNumber, readTimeControl, TimeControlFields } from "../_components/time-control-fields";
import { DEFAULT_TIME_CONTROL, type GameChallengeRule } from "@/engine";


function NewTournamentForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const params = useSearchParams();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const mine = useQuery({ ...trpc.clubs.mine.queryOptions(), enabled: !!me.data });
  const create = useMutation(trpc.tournaments.create.mutationOptions({ onSuccess: (t) => router.push(`/tournaments/${t.id}/manage`) }));
  const [tiebreaks, setTiebreaks] = useState<string[]>(["spread"]);
  // A week from now, read once when the form opens (not on every render).
  const [defaultStart] = useState(() => dateTimeLocalValue(Date.now() + 7 * 86_400_000));
  const errors = formErrors(create.error);

  if (me.isPending) return <p>Loading…</p>;
  if (!me.data) return <SignInPrompt next="/tournaments/new" what="to create a tournament." />;
  const clubs = (mine.data ?? []).filter((c) => c.role === "owner" || c.role === "director");
  if (mine.isSuccess && clubs.length === 0) return <p>Only club owners and directors create tournaments. Ask your club for the director role.</p>;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const num = (k: string) => Number(f.get(k));
    create.mutate({
      clubId: String(f.get("clubId")),
      name: String(f.get("name")),
      description: String(f.get("description") ?? ""),
      startsAt: new Date(String(f.get("startsAt"))),
      ruleset: f.get("ruleset") as "equate",
      format: f.get("format") as "swiss",
      rounds: num("rounds"),
      rated: f.get("rated") === "on",
      ...(f.get("challengeRule") ? { challengeRule: f.get("challengeRule") as GameChallengeRule } : {}),
      timeControl: readTimeControl(f),
      byeSpread: num("byeSpread"),
      spreadCap: optionalNumber(f.get("spreadCap")),
      tiebreaks,
      gibson: f.get("gibson") === "on",
      bronzeMatch: f.get("bronzeMatch") === "on",
      grandFinal: f.get("grandFinal") as "simple",
      ...readGameSettings(f),
    });
  }

  return (
    <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-2xl font-semibold">New tournament</h1>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SelectField label="Club" name="clubId" defaultValue={params.get("club") ?? clubs[0]?.id} options={Object.fromEntries(clubs.map((c) => [c.id, c.name]))} error={errors.fields.clubId} />
        <Field label="Name" name="name" required error={errors.fields.name} />
        <TextAreaField label="Description" name="description" error={errors.fields.description} />
        <Field label="Starts" name="startsAt" type="datetime-local" defaultValue={defaultStart} error={errors.fields.startsAt} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Game" name="ruleset" options={RULESET_LABELS} error={errors.fields.ruleset} />
          <SelectField label="Format" name="format" defaultValue="swiss" options={FORMAT_LABELS} error={errors.fields.format} />
          <Field label="Rounds (Swiss / King of the Hill)" name="rounds" type="number" min={1} max={100} defaultValue={5} error={errors.fields.rounds} />
        </div>
        <SelectField label="Challenge rule" name="challengeRule" defaultValue="" options={{ "": "The game's own default", ...CHALLENGE_LABELS }} error={errors.fields.challengeRule} />
        <fieldset className="grid gap-4 rounded border border-slate-200 p-3 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium">Time control</legend>
          <TimeControlFields value={DEFAULT_TIME_CONTROL} />
        </fieldset>
        <FormError message={errors.fields.timeControl} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Bye spread (a bye is a win)" name="byeSpread" type="number" min={0} defaultValue={50} error={errors.fields.byeSpread} />
          <Field label="Spread cap per game (points; empty: none)" name="spreadCap" type="number" inputMode="numeric" min={1} max={10_000} error={errors.fields.spreadCap} />
        </div>
        <fieldset className="space-y-1 rounded border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">Tiebreaks after wins, in order: {tiebreaks.join(" → ") || "none"}</legend>
          {TIEBREAKS.map((t) => (
            <label key={t.code} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={tiebreaks.includes(t.code)}
                onChange={(e) => setTiebreaks((cur) => (e.target.checked ? [...cur, t.code] : cur.filter((c) => c !== t.code)))}
              />
              <span>
                <strong>{t.label}</strong> — {t.description}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2"><input type="checkbox" name="rated" defaultChecked /> Rated</label>
          <label className="flex items-center gap-2"><input type="checkbox" name="gibson" /> Gibsonize (Swiss)</label>
          <label className="flex items-center gap-2"><input type="checkbox" name="bronzeMatch" /> Bronze match (single elimination)</label>
        </div>
        <SelectField label="Grand final (double elimination)" name="grandFinal" defaultValue="simple" options={{ none: "None", simple: "One game", double: "With reset" }} />
        <GameSettingsFields errors={errors.fields} />
        <FormError message={errors.message} />
        <SubmitButton pending={create.isPending}>Create tournament</SubmitButton>
      </form>
    </section>
  );
}

export default function NewTournamentPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <NewTournamentForm />
    </Suspense>
  );
}
