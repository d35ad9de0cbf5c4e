"use client";
/** The lobby's "New match" form: challenge a player found by e-mail or name, or open a seat to
 * anyone with the link; the game, seats, challenge rule, clock, first mover and rating. */
import { RulesetOptions } from "@/app/_components/ruleset-options";
import type { ReactNode } from "react";
import { formErrors } from "@/app/_trpc/errors";
import { Field, FormError } from "@/app/_components/form";
import { CHALLENGE_CHOICES } from "@/app/_lib/labels";
import { type GameChallengeRule, type RulesetId } from "@/engine";
import { defaultChallenge, useNewMatch } from "./new-match";

const select = "w-full rounded border border-slate-300 px-3 py-2 text-sm";

export function NewMatchForm() {
  const m = useNewMatch();
  const errors = formErrors(m.create.error);
  return (
    <section className="h-fit rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold">New match</h2>
      <form onSubmit={m.onSubmit} className="space-y-3" noValidate>
        <FormError message={errors.message} />
        <OpponentField m={m} error={errors.fields.invite ?? m.opponentError} />
        <Labelled id="ruleset" label="Game">
          <select id="ruleset" name="ruleset" className={select} defaultValue="equate" onChange={(e) => m.setChallengeRule(defaultChallenge(e.target.value as RulesetId))}>
            <RulesetOptions />
          </select>
        </Labelled>
        <Labelled id="seats" label="Players">
          <select id="seats" name="seats" className={select} defaultValue="2">
            {[2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id="challengeRule" label="Challenge rule">
          <select id="challengeRule" name="challengeRule" className={select} value={m.challengeRule} onChange={(e) => m.setChallengeRule(e.target.value as GameChallengeRule)}>
            {Object.entries(CHALLENGE_CHOICES).map(([k, t]) => (
              <option key={k} value={k}>
                {t}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled id="timed" label="Clock">
          <select id="timed" name="timed" className={select} defaultValue="yes">
            <option value="yes">Timed</option>
            <option value="no">Untimed</option>
          </select>
        </Labelled>
        <Field label="Minutes per player" name="minutes" type="number" step="any" min="0.02" defaultValue="25" error={errors.fields.timeControl} />
        <Field label="Increment (seconds per move)" name="increment" type="number" step="1" min="0" defaultValue="0" />
        <Labelled id="firstMover" label="Who moves first">
          <select id="firstMover" name="firstMover" className={select} defaultValue="random">
            <option value="random">Drawn at random</option>
            <option value="creator">Me</option>
          </select>
        </Labelled>
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="rated" aria-describedby="rated-hint" /> Rated
          </label>
          <p id="rated-hint" className="text-xs text-slate-500" data-testid="rated-hint">
            A rated game never previews validity: before a play is submitted the board shows only its tile points, so a phony stays a risk.
          </p>
        </div>
        <button type="submit" disabled={m.create.isPending} className="w-full rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60">
          {m.create.isPending ? "Please wait…" : "Create match"}
        </button>
      </form>
    </section>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The opponent box: a picked player (with "change"), or the search with its suggestions. */
function OpponentField({ m, error }: { m: ReturnType<typeof useNewMatch>; error: string | null | undefined }) {
  return (
    <div className="space-y-1">
      <label htmlFor="opponent" className="block text-sm font-medium text-slate-700">
        Opponent (e-mail or name; leave empty for a link anyone can use)
      </label>
      {m.opponent ? (
        <p className="flex items-center justify-between rounded border border-slate-300 px-3 py-2 text-sm">
          {m.opponent.name}
          <button type="button" className="text-indigo-700 underline" onClick={() => m.setOpponent(null)}>
            change
          </button>
        </p>
      ) : (
        <>
          <input id="opponent" value={m.query} onChange={(e) => m.setQuery(e.target.value)} className={select} autoComplete="off" aria-describedby="opponent-hint" />
          <p id="opponent-hint" className="text-xs text-slate-500">
            Pick a suggestion, or type the player&apos;s exact e-mail.
          </p>
          {m.found.data?.length ? (
            <ul className="rounded border border-slate-200 text-sm">
              {m.found.data.map((u) => (
                <li key={u.id}>
                  <button type="button" className="w-full px-3 py-1 text-left hover:bg-slate-50" onClick={() => m.setOpponent(u)}>
                    {u.name}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      {error ? (
        <p className="text-sm text-red-600" role="alert" data-testid="opponent-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
