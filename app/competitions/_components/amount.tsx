"use client";
/** A promotion amount in a form: a number of players, or a share of the division with its rounding (top ceil(N/4)). */
import { SelectField } from "@/app/clubs/_components/ui";
import { Field } from "@/app/_components/form";

export interface AmountForm {
  kind: "count" | "fraction";
  n: string;
  num: string;
  den: string;
  round: "ceil" | "floor" | "nearest";
}

export const amountValue = (a: AmountForm) =>
  a.kind === "count" ? { kind: "count" as const, n: Number(a.n) } : { kind: "fraction" as const, num: Number(a.num), den: Number(a.den), round: a.round };

export function AmountFields({ legend, prefix, value, onChange }: { legend: string; prefix: string; value: AmountForm; onChange: (a: AmountForm) => void }) {
  const set = (patch: Partial<AmountForm>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="space-y-2 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <SelectField label="As" name={`${prefix}-kind`} value={value.kind} onChange={(e) => set({ kind: e.target.value as AmountForm["kind"] })} options={{ fraction: "A share of the division", count: "A number of players" }} />
      {value.kind === "count" ? (
        <Field label="Players" name={`${prefix}-n`} type="number" min={0} max={64} value={value.n} onChange={(e) => set({ n: e.target.value })} />
      ) : (
        <div className="grid grid-cols-3 gap-2">
          <Field label="Share" name={`${prefix}-num`} type="number" min={0} max={100} value={value.num} onChange={(e) => set({ num: e.target.value })} />
          <Field label="out of" name={`${prefix}-den`} type="number" min={1} max={100} value={value.den} onChange={(e) => set({ den: e.target.value })} />
          <SelectField label="Rounded" name={`${prefix}-round`} value={value.round} onChange={(e) => set({ round: e.target.value as AmountForm["round"] })} options={{ ceil: "up", floor: "down", nearest: "to nearest" }} />
        </div>
      )}
    </fieldset>
  );
}
