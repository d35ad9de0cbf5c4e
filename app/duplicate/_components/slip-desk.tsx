"use client";
/**
 * The director's slip desk (docs/duplicate.md "Slips"): one line per slip, typed as the table
 * number, the start square and the line ("3 8H 3+4=7"), Enter sends it and clears the box for the
 * next one; the answer says whose play it became, or what is wrong.
 */
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { buttonClass } from "@/app/clubs/_components/ui";
import type { DupView } from "./types";

export function SlipDesk({ v, onDone }: { v: DupView; onDone: () => void }) {
  const trpc = useTRPC();
  const [text, setText] = useState("");
  const [log, setLog] = useState<string[]>([]);
  const slip = useMutation(
    trpc.duplicate.slip.mutationOptions({
      onSuccess: (r) => {
        setLog((l) => [`Table ${r.table} (${r.name}): entered for turn ${r.turn}.`, ...l].slice(0, 8));
        setText("");
        onDone();
      },
    }),
  );
  if (!v.turn) return null;
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) slip.mutate({ gameId: v.id, turn: v.turn!.number, text });
  };
  const waiting = v.players.filter((p) => !v.submitted.includes(p.userId));
  return (
    <div className="space-y-2" data-testid="slip-desk">
      <form onSubmit={send} className="flex flex-wrap items-end gap-2">
        <label className="block text-sm">
          <span className="block font-medium text-slate-700">Slip (table, start square, line)</span>
          <input
            className="mt-1 w-72 max-w-full rounded border border-slate-300 px-2 py-1 font-mono"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="3 8H 3+4=7"
            autoComplete="off"
          />
        </label>
        <button type="submit" className={buttonClass} disabled={slip.isPending}>
          Enter slip
        </button>
      </form>
      <FormError message={slip.error?.message} />
      <ul className="text-sm text-emerald-800" aria-live="polite">
        {log.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
      <p className="text-sm text-slate-600">
        Still to submit this turn: {waiting.length ? waiting.map((p) => `${p.table} ${p.name}`).join(", ") : "no one"}.
      </p>
    </div>
  );
}
