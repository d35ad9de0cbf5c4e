"use client";
/**
 * The dashboard's "Settings" section: every setting of the event with its current value. Before
 * round 1 everything may change; once round 1 is paired the settings that shape pairings and games
 * (docs/tournaments.md "Changing settings") show disabled, with the sentence saying why. Saving
 * sends the whole form as a patch: the server changes only what differs, so an unchanged field is
 * no change, and refuses (with the fields named) anything the event no longer allows.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { dateTimeLocalValue, Field, FormError } from "@/app/_components/form";
import { Section, SelectField, secondaryButtonClass } from "@/app/clubs/_components/ui";
import type { GameChallengeRule } from "@/engine";
import { TIEBREAKS } from "@/server/domain";
import { optionalNumber, readTimeControl, TimeControlFields } from "../../_components/time-control-fields";
import { CHALLENGE_LABELS, FORMAT_LABELS } from "@/app/_lib/labels";
import { RULESET_NAMES } from "@/engine";
import { ENTRY_SETTING_KEYS, EntrySettingsFields, readEntrySettings } from "./settings-entries";

type Tournament = inferRouterOutputs<AppRouter>["tournaments"]["byId"]["tournament"];


const WINS_LABELS = { "1": "a win", "0.5": "half a win", "0": "a loss" };
const LOCKED = "Fixed once round 1 is paired: it shapes pairings and games already made.";


/** A group of settings; `locked` says, once, why its boxes are greyed out. */
function Group({ legend, locked, children }: { legend: string; locked?: boolean; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 rounded border border-slate-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {locked ? <p className="text-xs text-slate-500 sm:col-span-2" data-testid="locked-note">{LOCKED}</p> : null}
      {children}
    </fieldset>
  );
}

function Check({ name, label, defaultChecked, disabled }: { name: string; label: string; defaultChecked: boolean; disabled: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} disabled={disabled} /> {label}
    </label>
  );
}

function useSettingsUpdate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.tournaments.update.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.tournaments.pathKey() }) }));
}
type Update = ReturnType<typeof useSettingsUpdate>;

export function SettingsForm({ tournament }: { tournament: Tournament }) {
  const update = useSettingsUpdate();
  // The form starts from the stored values; a saved (or elsewhere made) change remounts it with the new ones.
  return <SettingsFields key={JSON.stringify(tournament)} tournament={tournament} update={update} />;
}

function SettingsFields({ tournament: t, update }: { tournament: Tournament; update: Update }) {
  const [tiebreaks, setTiebreaks] = useState<string[]>(t.tiebreaks);
  const errors = formErrors(update.error);
  const e = errors.fields;
  const finished = t.status === "finished";
  // Before round 1 everything may change; after it only what never shapes a pairing.
  const locked = t.status !== "registration";

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const f = new FormData(ev.currentTarget);
    const num = (k: string) => Number(f.get(k));
    const endsAt = String(f.get("endsAt") ?? "");
    const always = {
      name: String(f.get("name") ?? ""),
      description: String(f.get("description") ?? ""),
      startsAt: new Date(String(f.get("startsAt"))),
      endsAt: endsAt ? new Date(endsAt) : null,
      rated: f.get("rated") === "on",
      tiebreaks,
    };
    if (locked) return update.mutate({ tournamentId: t.id, ...always });
    update.mutate({
      tournamentId: t.id,
      ...always,
      ruleset: f.get("ruleset") as Tournament["ruleset"],
      challengeRule: f.get("challengeRule") as GameChallengeRule,
      format: f.get("format") as Tournament["format"],
      rounds: num("rounds"),
      playersPerGame: num("playersPerGame"),
      timeControl: readTimeControl(f),
      byeWins: num("byeWins") as 0 | 0.5 | 1,
      byeSpread: num("byeSpread"),
      forfeitSpread: num("forfeitSpread"),
      spreadCap: optionalNumber(f.get("spreadCap")),
      lateEntryWins: num("lateEntryWins") as 0 | 0.5 | 1,
      gibson: f.get("gibson") === "on",
      gibsonSpread: num("gibsonSpread"),
      gibsonPlaces: num("gibsonPlaces"),
      prizePlaces: num("prizePlaces"),
      bronzeMatch: f.get("bronzeMatch") === "on",
      grandFinal: f.get("grandFinal") as Tournament["grandFinal"],
      ...readEntrySettings(f),
    });
  }

  const tc = t.timeControl;
  const plan = t.pairingPlan.length ? t.pairingPlan.map((s) => `${FORMAT_LABELS[s.method]} from round ${s.fromRound}`).join(", ") : "none";
  return (
    <Section title="Settings" testId="settings">
      {finished ? (
        <p className="mb-2 text-sm text-slate-600" data-testid="settings-finished">The tournament is finished: its settings are shown as they were played.</p>
      ) : locked ? (
        <p className="mb-2 text-sm text-slate-600" data-testid="settings-locked">
          Round 1 is paired: the name, description, dates, rated flag and tiebreaks can still change; the rest is shown greyed out.
        </p>
      ) : null}
      {/* Boxes that can no longer change look it: greyed, and a no-entry cursor. */}
      <form
        onSubmit={submit}
        noValidate
        aria-label="Tournament settings"
        className="space-y-3 [&_:is(input,select):disabled]:cursor-not-allowed [&_:is(input,select):disabled]:bg-slate-100 [&_:is(input,select):disabled]:text-slate-500"
      >
        <fieldset disabled={finished} className="space-y-3">
          <Group legend="The event">
            <Field label="Name" name="name" defaultValue={t.name} error={e.name} />
            <Field label="Description" name="description" defaultValue={t.description} error={e.description} />
            <Field label="Starts" name="startsAt" type="datetime-local" defaultValue={dateTimeLocalValue(t.startsAt.getTime())} error={e.startsAt} />
            <Field label="Ends (empty: not set)" name="endsAt" type="datetime-local" defaultValue={t.endsAt ? dateTimeLocalValue(t.endsAt.getTime()) : ""} error={e.endsAt} />
            <Check name="rated" label="Rated" defaultChecked={t.rated} disabled={false} />
          </Group>
          <Group legend="Game and format" locked={locked && !finished}>
            <SelectField label="Game" name="ruleset" defaultValue={t.ruleset} options={RULESET_NAMES} disabled={locked} error={e.ruleset ?? e.rulesetOptions} />
            <SelectField label="Challenge rule" name="challengeRule" defaultValue={t.challengeRule} options={CHALLENGE_LABELS} disabled={locked} error={e.challengeRule} />
            <SelectField label="Format" name="format" defaultValue={t.format} options={FORMAT_LABELS} disabled={locked} error={e.format} />
            <Field label="Rounds (Swiss / King of the Hill)" name="rounds" type="number" min={1} max={100} defaultValue={t.rounds} disabled={locked} error={e.rounds} />
            <SelectField label="Players per game" name="playersPerGame" defaultValue={String(t.playersPerGame)} options={{ "2": "2 (head to head)", "3": "3 (pods)", "4": "4 (pods)" }} disabled={locked} error={e.playersPerGame} />
          </Group>
          <Group legend="Clock" locked={locked && !finished}>
            <TimeControlFields value={tc} disabled={locked} error={e.timeControl} />
          </Group>
          <Group legend="Scoring" locked={locked && !finished}>
            <SelectField label="A bye counts as" name="byeWins" defaultValue={String(t.byeWins)} options={WINS_LABELS} disabled={locked} error={e.byeWins} />
            <Field label="Bye spread" name="byeSpread" type="number" min={0} max={500} defaultValue={t.byeSpread} disabled={locked} error={e.byeSpread} />
            <Field label="Forfeit spread" name="forfeitSpread" type="number" min={0} max={500} defaultValue={t.forfeitSpread} disabled={locked} error={e.forfeitSpread} />
            <Field
              label="Spread cap per game (points; empty: none)"
              name="spreadCap"
              type="number"
              inputMode="numeric"
              min={1}
              max={10_000}
              defaultValue={t.spreadCap ?? ""}
              disabled={locked}
              error={e.spreadCap}
              hint="Each game counts at most this much spread in the standings."
            />
            <SelectField label="Each round a late entry missed counts as" name="lateEntryWins" defaultValue={String(t.lateEntryWins)} options={WINS_LABELS} disabled={locked} error={e.lateEntryWins} />
          </Group>
          <Group legend="Gibsonization and brackets" locked={locked && !finished}>
            <Check name="gibson" label="Gibsonize (Swiss)" defaultChecked={t.gibson} disabled={locked} />
            <Field label="Gibson spread per round" name="gibsonSpread" type="number" min={0} max={1000} defaultValue={t.gibsonSpread} disabled={locked} error={e.gibsonSpread} />
            <Field label="Gibson places" name="gibsonPlaces" type="number" min={1} max={10} defaultValue={t.gibsonPlaces} disabled={locked} error={e.gibsonPlaces} />
            <Field label="Prize places" name="prizePlaces" type="number" min={1} max={100} defaultValue={t.prizePlaces} disabled={locked} error={e.prizePlaces} />
            <Check name="bronzeMatch" label="Bronze match (single elimination)" defaultChecked={t.bronzeMatch} disabled={locked} />
            <SelectField label="Grand final (double elimination)" name="grandFinal" defaultValue={t.grandFinal} options={{ none: "None", simple: "One game", double: "With reset" }} disabled={locked} error={e.grandFinal} />
          </Group>
          <Group legend="Entries" locked={locked && !finished}>
            <EntrySettingsFields t={t} disabled={locked} errors={e} />
          </Group>
          <fieldset className="space-y-1 rounded border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium">Tiebreaks after wins, in order: {tiebreaks.join(" → ") || "none"}</legend>
            {TIEBREAKS.map((tb) => (
              <label key={tb.code} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={tiebreaks.includes(tb.code)} onChange={(x) => setTiebreaks((cur) => (x.target.checked ? [...cur, tb.code] : cur.filter((c) => c !== tb.code)))} />
                <span>
                  <strong>{tb.label}</strong> — {tb.description}
                </span>
              </label>
            ))}
          </fieldset>
          <p className="text-sm text-slate-600">
            Pairing plan: <span data-testid="pairing-plan">{plan}</span>{t.format === "swiss" || t.format === "king-of-the-hill" ? <> (change it under <em>Pairing plan</em>)</> : null}. The play preview and the no-show rule are under <em>Game settings</em>.
          </p>
          {finished ? null : (
            <button type="submit" className={secondaryButtonClass} disabled={update.isPending}>
              Save settings
            </button>
          )}
          {update.isSuccess && !update.isPending ? (
            <span role="status" className="ml-2 text-sm text-emerald-700" data-testid="settings-saved">
              Saved.
            </span>
          ) : null}
        </fieldset>
        <FormError message={errors.message ?? (Object.keys(e).length > 0 && !Object.keys(e).some((k) => FIELDS_SHOWN.has(k)) ? Object.values(e)[0] : null)} />
      </form>
    </Section>
  );
}

/** Fields whose refusal shows under their own box; any other refusal shows under the form. */
const FIELDS_SHOWN = new Set(["name", "description", "startsAt", "endsAt", "ruleset", "rulesetOptions", "challengeRule", "format", "rounds", "playersPerGame", "timeControl", "byeWins", "byeSpread", "forfeitSpread", "spreadCap", "lateEntryWins", "gibsonSpread", "gibsonPlaces", "prizePlaces", "grandFinal", ...ENTRY_SETTING_KEYS]);
