"use client";
/**
 * The event page's entry box (docs/entries.md): the entry form with only the fields the director
 * asks for, the viewer's own status ("entered", "waitlisted — number 2 in line") with a withdraw
 * button until round 1 is paired, and the public entry list — names only, the waitlist apart.
 * The server decides everything (window, cap, who may enter); this shows what it says.
 */
import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence, formErrors } from "@/app/_trpc/errors";
import { Field, FormError } from "@/app/_components/form";
import { Section, SelectField, TextAreaField, buttonClass, dangerButtonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { AGE_CATEGORIES, type AgeCategory } from "@/server/domain";
import { ENTRY_TEXT_LIMITS } from "@/server/limits";

type Overview = inferRouterOutputs<AppRouter>["tournaments"]["byId"];
type EntryRow = Overview["entries"][number];

const AGE_LABELS: Record<AgeCategory, string> = { junior: "Junior", adult: "Adult", senior: "Senior" };

/** In the field: entered or checked in, or withdrawn during the event (their results stay). */
export const inField = (e: EntryRow) => e.status === "registered" || e.status === "checked-in" || (e.status === "withdrawn" && e.withdrawnAfterRound !== null);

function statusLine(e: EntryRow): string {
  if (e.status === "waitlisted") return `You are on the waitlist — number ${e.waitlistPosition} in line. You move up by yourself when a place frees, and we tell you.`;
  if (e.status === "checked-in") return "You are entered and checked in.";
  if (e.status === "registered") return "You are entered.";
  return "You have withdrawn.";
}

export function EntryPanel({ id, data, onChange }: { id: string; data: Overview; onChange: () => unknown }) {
  const trpc = useTRPC();
  const enter = useMutation(trpc.tournaments.entries.enter.mutationOptions({ onSuccess: () => onChange() }));
  const withdraw = useMutation(trpc.tournaments.entries.withdraw.mutationOptions({ onSuccess: () => onChange() }));
  const [confirming, setConfirming] = useState(false);
  // Keyboard users land on the safe answer when the question appears, and back on the button after.
  const keepRef = useRef<HTMLButtonElement>(null);
  const withdrawRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (asked.current) withdrawRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const { tournament: t, myEntry, entryForm } = data;
  if (t.status !== "registration") return null;
  const active = myEntry && myEntry.status !== "withdrawn" ? myEntry : null;
  const full = entryForm.cap !== null && (entryForm.inField >= entryForm.cap || entryForm.waiting > 0);
  const places = entryForm.cap === null ? `${entryForm.inField} entered` : `${entryForm.inField} of ${entryForm.cap} places taken${entryForm.waiting ? `, ${entryForm.waiting} waiting` : ""}`;
  const fe = formErrors(enter.error).fields;
  const fieldError = (k: string) => fe[`details.${k}`] ?? fe[k];

  function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const f = new FormData(ev.currentTarget);
    const details: Record<string, string> = {};
    for (const k of t.entryFields) {
      const v = String(f.get(k) ?? "").trim();
      if (v) details[k] = v;
    }
    enter.mutate({ tournamentId: id, details });
  }

  return (
    <section className="no-print rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="entry-heading" data-testid="entry-panel">
      <h2 id="entry-heading" className="text-lg font-semibold">Entry</h2>
      <p className="text-sm text-slate-600" data-testid="entry-places">{places}.</p>
      {active ? (
        <div className="mt-2 space-y-2">
          <p role="status" className="text-sm text-emerald-800" data-testid="my-entry-status">{statusLine(active)}</p>
          {active.details && Object.keys(active.details).length ? (
            <p className="text-xs text-slate-500">
              Your answers: {Object.entries(active.details).map(([k, v]) => `${k} ${v}`).join(" · ")}
            </p>
          ) : null}
          {confirming ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm">Withdraw your entry? Your place goes to the next player waiting.</span>
              <button type="button" className={dangerButtonClass} disabled={withdraw.isPending} onClick={() => withdraw.mutate({ tournamentId: id }, { onSettled: () => setConfirming(false) })}>Yes, withdraw</button>
              <button type="button" ref={keepRef} className={secondaryButtonClass} onClick={() => setConfirming(false)}>Keep my entry</button>
            </div>
          ) : (
            <button type="button" ref={withdrawRef} className={secondaryButtonClass} onClick={() => setConfirming(true)}>Withdraw my entry</button>
          )}
        </div>
      ) : entryForm.refusal ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="entry-refusal">
          {entryForm.refusal === "Sign in to enter." ? <><Link href={`/signin?next=/tournaments/${id}`} className="text-indigo-700 underline">Sign in</Link> to enter.</> : entryForm.refusal}
        </p>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Entry form" className="mt-2 grid gap-3 sm:grid-cols-2">
          {t.entryFields.includes("class") ? <Field label="Rating class" name="class" maxLength={ENTRY_TEXT_LIMITS.class} required error={fieldError("class")} /> : null}
          {t.entryFields.includes("club") ? <Field label="Club" name="club" maxLength={ENTRY_TEXT_LIMITS.club} required error={fieldError("club")} /> : null}
          {t.entryFields.includes("age") ? (
            <SelectField label="Age category" name="age" defaultValue="adult" options={Object.fromEntries(AGE_CATEGORIES.map((a) => [a, AGE_LABELS[a]]))} error={fieldError("age")} />
          ) : null}
          {t.entryFields.includes("notes") ? (
            <div className="sm:col-span-2">
              <TextAreaField label="Notes to the director (only directors see them)" name="notes" maxLength={ENTRY_TEXT_LIMITS.notes} rows={2} error={fieldError("notes")} />
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
            <button type="submit" className={buttonClass} disabled={enter.isPending}>{full ? "Join the waitlist" : "Enter"}</button>
            {full ? <span className="text-xs text-slate-500">The field is full: you will wait in line for a place.</span> : null}
          </div>
        </form>
      )}
      <FormError message={errorSentence(enter.error ?? withdraw.error)} />
    </section>
  );
}

/** The public entry list: names only; the waitlist apart, in order. */
export function EntryList({ entries }: { entries: EntryRow[] }) {
  const field = entries.filter(inField);
  const waiting = entries.filter((e) => e.status === "waitlisted").sort((a, b) => (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0));
  return (
    <>
      <Section title={`Players (${field.filter((e) => e.status !== "withdrawn").length})`} testId="entries">
        <ul className="divide-y divide-slate-100 text-sm">
          {field.map((e) => (
            <li key={e.userId} className="flex justify-between py-1">
              <span>{e.name}</span>
              <span className="text-xs text-slate-500">{e.status}{e.joinedRound > 1 ? ` · from round ${e.joinedRound}` : ""}</span>
            </li>
          ))}
        </ul>
      </Section>
      {waiting.length ? (
        <Section title={`Waitlist (${waiting.length})`} testId="waitlist">
          <ol className="divide-y divide-slate-100 text-sm">
            {waiting.map((e) => (
              <li key={e.userId} className="py-1">
                {e.waitlistPosition}. {e.name}
              </li>
            ))}
          </ol>
        </Section>
      ) : null}
    </>
  );
}
