"use client";
/**
 * Create a tournament (club owners and directors): the essentials, with sensible defaults. Only the
 * chosen format's own fields show (rounds for Swiss and King of the Hill, Gibsonization for Swiss,
 * the bronze match and the grand final for the brackets); players per game offers pods (3–4) where
 * the format pairs them and the game allows that many players. The start defaults to the next full
 * hour (docs/tournaments.md "The day, step by step"). "Duplicate" is offered like any format: it
 * creates a duplicate event for the club (the duplicate service's `eventCreate`, one home for
 * events; docs/duplicate.md "Events") and opens its page, where the director adds the games.
 */
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence, formErrors } from "@/app/_trpc/errors";
import { Field, FormError, SubmitButton } from "@/app/_components/form";
import { nextFullHour } from "../_components/start-time";
import { SelectField, SignInPrompt, TextAreaField } from "@/app/clubs/_components/ui";
import { TIEBREAKS } from "@/server/domain";
import { GameSettingsFields, readGameSettings } from "@/app/tournaments/_components/game-settings";
import { optionalNumber, readTimeControl, TimeControlFields } from "../_components/time-control-fields";
import { DEFAULT_TIME_CONTROL, type GameChallengeRule, getRuleset, RULESET_NAMES, type RulesetId } from "@/engine";
import { CHALLENGE_LABELS, FORMAT_LABELS } from "@/app/_lib/labels";

/** "duplicate" is not a pairing format: it makes a duplicate event (DuplicateEventFields). */
type Format = keyof typeof FORMAT_LABELS | "duplicate";
const FORMAT_OPTIONS: Record<Format, string> = { ...FORMAT_LABELS, duplicate: "Duplicate (everyone plays the same racks)" };
/** Formats that pair pods of 3–4 (brackets stay head to head; the server refuses pods there). */
const POD_FORMATS = new Set<Format>(["swiss", "king-of-the-hill", "round-robin", "double-round-robin"]);



function NewTournamentForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const params = useSearchParams();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const mine = useQuery({ ...trpc.clubs.mine.queryOptions(), enabled: !!me.data });
  const create = useMutation(trpc.tournaments.create.mutationOptions({ onSuccess: (t) => router.push(`/tournaments/${t.id}/manage`) }));
  const [tiebreaks, setTiebreaks] = useState<string[]>(["spread"]);
  // The next full hour, read once when the form opens (not on every render).
  const [defaultStart] = useState(() => nextFullHour(Date.now()));
  const [format, setFormat] = useState<Format>("swiss");
  const [ruleset, setRuleset] = useState<RulesetId>("equate");
  const maxPlayers = Math.min(4, getRuleset(ruleset).maxPlayers);
  const pods = POD_FORMATS.has(format) && maxPlayers > 2;
  const errors = formErrors(create.error);
  const createEvent = useMutation(trpc.duplicate.eventCreate.mutationOptions({ onSuccess: (e) => router.push(`/duplicate/events/${e.id}`) }));
  const eventErrors = formErrors(createEvent.error);

  if (me.isPending) return <p>Loading…</p>;
  if (!me.data) return <SignInPrompt next="/tournaments/new" what="to create a tournament." />;
  // The form waits for the clubs: a Club list without its options sent no club (the string "null"),
  // and options arriving after the first render would not pick `?club=` (a default applies once).
  if (mine.isPending) return <p>Loading…</p>;
  if (mine.isError) return <FormError message={errorSentence(mine.error)} />;
  const clubs = (mine.data ?? []).filter((c) => c.role === "owner" || c.role === "director");
  if (clubs.length === 0) return <p>Only club owners and directors create tournaments. Ask your club for the director role.</p>;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const num = (k: string) => Number(f.get(k));
    if (format === "duplicate") {
      createEvent.mutate({ clubId: String(f.get("clubId")), name: String(f.get("name")), standing: f.get("standing") === "percent" ? "percent" : "total" });
      return;
    }
    create.mutate({
      clubId: String(f.get("clubId")),
      name: String(f.get("name")),
      description: String(f.get("description") ?? ""),
      startsAt: new Date(String(f.get("startsAt"))),
      ruleset,
      format,
      // Only the chosen format's fields are on the form; the rest keep the server's defaults.
      ...(format === "swiss" || format === "king-of-the-hill" ? { rounds: num("rounds") } : {}),
      ...(pods ? { playersPerGame: num("playersPerGame") } : {}),
      rated: f.get("rated") === "on",
      ...(f.get("challengeRule") ? { challengeRule: f.get("challengeRule") as GameChallengeRule } : {}),
      timeControl: readTimeControl(f),
      byeSpread: num("byeSpread"),
      spreadCap: optionalNumber(f.get("spreadCap")),
      tiebreaks,
      gibson: format === "swiss" && f.get("gibson") === "on",
      bronzeMatch: format === "single-elimination" && f.get("bronzeMatch") === "on",
      ...(format === "double-elimination" ? { grandFinal: f.get("grandFinal") as "simple" } : {}),
      ...readGameSettings(f),
    });
  }

  return (
    <section className="mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-2xl font-semibold">New tournament</h1>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SelectField label="Club" name="clubId" defaultValue={params.get("club") ?? clubs[0]?.id} options={Object.fromEntries(clubs.map((c) => [c.id, c.name]))} error={errors.fields.clubId ?? eventErrors.fields.clubId} />
        <Field label="Name" name="name" required error={errors.fields.name ?? eventErrors.fields.name} />
        {format === "duplicate" ? (
          <>
            <SelectField label="Format" name="format" value={format} onChange={(e) => setFormat(e.target.value as Format)} options={FORMAT_OPTIONS} />
            <DuplicateEventFields error={eventErrors.fields.standing} />
            <FormError message={eventErrors.message} />
            <SubmitButton pending={createEvent.isPending}>Create duplicate event</SubmitButton>
          </>
        ) : (
          <>
        <TextAreaField label="Description" name="description" error={errors.fields.description} />
        <Field label="Starts" name="startsAt" type="datetime-local" defaultValue={defaultStart} error={errors.fields.startsAt} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Game" name="ruleset" value={ruleset} onChange={(e) => setRuleset(e.target.value as RulesetId)} options={RULESET_NAMES} error={errors.fields.ruleset} />
          <SelectField label="Format" name="format" value={format} onChange={(e) => setFormat(e.target.value as Format)} options={FORMAT_OPTIONS} error={errors.fields.format} />
          {format === "swiss" || format === "king-of-the-hill" ? (
            <Field label="Rounds (Swiss / King of the Hill)" name="rounds" type="number" min={1} max={100} defaultValue={5} error={errors.fields.rounds} />
          ) : null}
          {pods ? (
            <SelectField
              label="Players per game"
              name="playersPerGame"
              defaultValue="2"
              options={Object.fromEntries([["2", "2 (head to head)"], ...Array.from({ length: maxPlayers - 2 }, (_, i) => [String(i + 3), `${i + 3} (pods)`])])}
              error={errors.fields.playersPerGame}
            />
          ) : null}
        </div>
        {format === "round-robin" || format === "double-round-robin" ? (
          <p className="text-xs text-slate-500" data-testid="format-note">A round robin has as many rounds as the field needs (everyone meets everyone{format === "double-round-robin" ? " twice" : ""}).</p>
        ) : null}
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
          {format === "swiss" ? <label className="flex items-center gap-2"><input type="checkbox" name="gibson" /> Gibsonize</label> : null}
          {format === "single-elimination" ? <label className="flex items-center gap-2"><input type="checkbox" name="bronzeMatch" /> Bronze match</label> : null}
        </div>
        {format === "double-elimination" ? (
          <SelectField label="Grand final" name="grandFinal" defaultValue="simple" options={{ none: "None", simple: "One game", double: "With reset" }} error={errors.fields.grandFinal} />
        ) : null}
        <GameSettingsFields errors={errors.fields} />
        <FormError message={errors.message} />
        <SubmitButton pending={create.isPending}>Create tournament</SubmitButton>
          </>
        )}
      </form>
    </section>
  );
}

/** A duplicate event's own fields: how its standings rank (the games are added on the event's page). */
function DuplicateEventFields({ error }: { error?: string }) {
  return (
    <>
      <SelectField
        label="Standings by"
        name="standing"
        defaultValue="total"
        options={{ total: "Total score over the games", percent: "Percentage of the tops of the games played" }}
        error={error}
      />
      <p className="text-xs text-slate-500" data-testid="format-note">
        A duplicate event ranks several duplicate games together; it is unrated. After creating it, set up its games (turn length, redraws of a dead rack) from the event&apos;s page.
      </p>
    </>
  );
}

export default function NewTournamentPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <NewTournamentForm />
    </Suspense>
  );
}
