"use client";
/**
 * The settings form's "Entries" group (docs/entries.md): when entries open and close, the cap
 * (beyond it players wait on the waitlist), who may enter, and which fields the entry form asks
 * for. Read back by `readEntrySettings` into the settings patch.
 */
import { dateTimeLocalValue, Field } from "@/app/_components/form";
import { SelectField } from "@/app/clubs/_components/ui";
import { ENTRY_FIELDS, type EntryField, type EntryOpenTo } from "@/server/domain";
import { optionalNumber } from "../../_components/time-control-fields";

export const ENTRY_FIELD_LABELS: Record<EntryField, string> = { class: "Rating class", club: "Club", age: "Junior / adult / senior", notes: "Notes to the director" };
const OPEN_TO_LABELS: Record<EntryOpenTo, string> = { members: "Club members", anyone: "Anyone signed in" };

export interface EntrySettings {
  entryOpensAt: Date | null;
  entryClosesAt: Date | null;
  entryCap: number | null;
  entryOpenTo: EntryOpenTo;
  entryFields: EntryField[];
}

/** Setting names whose refusal shows under their own box. */
export const ENTRY_SETTING_KEYS = ["entryOpensAt", "entryClosesAt", "entryCap", "entryOpenTo", "entryFields"] as const;

const dateOrNull = (v: FormDataEntryValue | null) => (v ? new Date(String(v)) : null);

export function readEntrySettings(f: FormData): EntrySettings {
  return {
    entryOpensAt: dateOrNull(f.get("entryOpensAt")),
    entryClosesAt: dateOrNull(f.get("entryClosesAt")),
    entryCap: optionalNumber(f.get("entryCap")),
    entryOpenTo: f.get("entryOpenTo") as EntryOpenTo,
    entryFields: ENTRY_FIELDS.filter((k) => f.get(`entryField-${k}`) === "on"),
  };
}

export function EntrySettingsFields({ t, disabled, errors }: { t: EntrySettings; disabled: boolean; errors: Record<string, string> }) {
  const local = (d: Date | null) => (d ? dateTimeLocalValue(d.getTime()) : "");
  return (
    <>
      <Field label="Entries open (empty: now)" name="entryOpensAt" type="datetime-local" defaultValue={local(t.entryOpensAt)} disabled={disabled} error={errors.entryOpensAt} />
      <Field label="Entries close (empty: when round 1 is paired)" name="entryClosesAt" type="datetime-local" defaultValue={local(t.entryClosesAt)} disabled={disabled} error={errors.entryClosesAt} />
      <Field
        label="Most players (empty: no limit)"
        name="entryCap"
        type="number"
        inputMode="numeric"
        min={2}
        max={10_000}
        defaultValue={t.entryCap ?? ""}
        disabled={disabled}
        error={errors.entryCap}
        hint="Beyond it, entries wait on the waitlist and move up when a place frees."
      />
      <SelectField label="Who may enter" name="entryOpenTo" defaultValue={t.entryOpenTo} options={OPEN_TO_LABELS} disabled={disabled} error={errors.entryOpenTo} />
      <fieldset className="space-y-1 sm:col-span-2" disabled={disabled}>
        <legend className="text-sm font-medium text-slate-700">The entry form asks for</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {ENTRY_FIELDS.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={`entryField-${k}`} defaultChecked={t.entryFields.includes(k)} /> {ENTRY_FIELD_LABELS[k]}
            </label>
          ))}
        </div>
        {errors.entryFields ? <p role="alert" className="text-sm text-red-600">{errors.entryFields}</p> : null}
      </fieldset>
    </>
  );
}
