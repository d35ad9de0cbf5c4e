"use client";
/** One score box per player of a game, for reporting or deciding a result. */
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/app/clubs/_components/ui";

export function ScoreForm({
  players,
  initial,
  label,
  pending,
  onSubmit,
}: {
  players: { id: string; name: string }[];
  initial?: Record<string, number> | null;
  label: string;
  pending: boolean;
  onSubmit: (scores: Record<string, number>) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(players.map((p) => [p.id, initial?.[p.id] === undefined ? "" : String(initial[p.id])])));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(Object.fromEntries(players.map((p) => [p.id, Number(values[p.id] || "0")])));
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label={label}>
      {players.map((p) => (
        <label key={p.id} className="text-sm">
          <span className="block text-xs text-slate-600">{p.name}</span>
          <input
            type="number"
            inputMode="numeric"
            min={-10000}
            max={10000}
            required
            className="w-24 rounded border border-slate-300 px-2 py-1"
            aria-label={`Score of ${p.name}`}
            value={values[p.id] ?? ""}
            onChange={(e) => setValues({ ...values, [p.id]: e.target.value })}
          />
        </label>
      ))}
      <button type="submit" className={buttonClass} disabled={pending}>{label}</button>
    </form>
  );
}
