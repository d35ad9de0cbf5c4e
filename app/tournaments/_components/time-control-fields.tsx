/**
 * The tournament clock's fields, shared by the create form and the dashboard's settings (one home
 * for the labels, the units and how the boxes are read back into a `timeControl`).
 */
import { Field } from "@/app/_components/form";
import type { TimeControl } from "@/engine";

/** A number box's value: null when empty (meaning "none"), else the number (NaN when not one: the server says so). */
export const optionalNumber = (v: FormDataEntryValue | null) => (String(v ?? "").trim() === "" ? null : Number(v));

// Not rounded: an event made through the API with a 15-second clock shows 0.25 and saves as it was.
const minutes = (ms: number) => ms / 60_000;
const seconds = (ms: number) => ms / 1000;

/** The six boxes, to sit inside a fieldset or group; `error` goes under the first. */
export function TimeControlFields({ value, disabled = false, error }: { value: TimeControl; disabled?: boolean; error?: string }) {
  return (
    <>
      <Field label="Minutes per player" name="initialMinutes" type="number" inputMode="decimal" min={0} step="any" defaultValue={minutes(value.initialMs)} disabled={disabled} error={error} />
      <Field label="Increment (seconds)" name="incrementSeconds" type="number" inputMode="numeric" min={0} step="any" defaultValue={seconds(value.incrementMs)} disabled={disabled} />
      <Field label="Per-move limit (seconds; empty: none)" name="perMoveLimitSeconds" type="number" inputMode="numeric" min={1} defaultValue={value.perMoveLimitMs === null ? "" : seconds(value.perMoveLimitMs)} disabled={disabled} />
      <Field label="Overtime penalty (points a started minute)" name="overtimePenaltyPoints" type="number" inputMode="numeric" min={0} defaultValue={value.overtimePenaltyPoints} disabled={disabled} />
      <Field label="Maximum overtime (minutes)" name="maxOvertimeMinutes" type="number" inputMode="decimal" min={0} step="any" defaultValue={minutes(value.maxOvertimeMs)} disabled={disabled} />
      <Field label="Least-time bonus (points)" name="leastTimeBonusPoints" type="number" inputMode="numeric" min={0} defaultValue={value.leastTimeBonusPoints} disabled={disabled} />
    </>
  );
}

/** The boxes read back (milliseconds rounded to whole ones; the server validates the ranges). */
export function readTimeControl(f: FormData): TimeControl {
  const num = (k: string) => Number(f.get(k));
  const perMove = optionalNumber(f.get("perMoveLimitSeconds"));
  return {
    initialMs: Math.round(num("initialMinutes") * 60_000),
    incrementMs: Math.round(num("incrementSeconds") * 1000),
    perMoveLimitMs: perMove === null ? null : Math.round(perMove * 1000),
    overtimePenaltyPoints: num("overtimePenaltyPoints"),
    maxOvertimeMs: Math.round(num("maxOvertimeMinutes") * 60_000),
    leastTimeBonusPoints: num("leastTimeBonusPoints"),
  };
}
