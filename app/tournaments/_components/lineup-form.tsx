"use client";
/**
 * A captain's line-up for one team match (docs/teams.md "Line-ups"): one select per board from the
 * team's roster (or nobody: that board is lost by forfeit). Submitting again before the deadline
 * replaces the line-up; after the deadline, or once the boards are set, the server says why not.
 */
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";

interface Props {
  teamMatchId: string;
  teamId: string;
  teamName: string;
  boards: number;
  roster: { userId: string; name: string; reserve: boolean }[];
  current: { id: string }[] | null;
}

export function LineupForm({ teamMatchId, teamId, teamName, boards, roster, current }: Props) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const regulars = roster.filter((p) => !p.reserve);
  const start = current?.map((p) => p.id) ?? regulars.slice(0, boards).map((p) => p.userId);
  const [picks, setPicks] = useState<string[]>(Array.from({ length: boards }, (_, i) => start[i] ?? ""));
  const [saved, setSaved] = useState(false);
  const m = useMutation(trpc.teams.submitLineup.mutationOptions({ onSuccess: () => (setSaved(true), qc.invalidateQueries()) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    m.mutate({ teamMatchId, teamId, players: picks.filter((x) => x) });
  };
  return (
    <form onSubmit={submit} className="space-y-2 rounded border border-slate-200 p-3" aria-label={`${teamName} line-up`}>
      <h3 className="font-semibold">{teamName}: line-up</h3>
      {picks.map((v, i) => (
        <p key={i} className="flex items-center gap-2 text-sm">
          <label htmlFor={`lineup-${teamId}-${i + 1}`} className="w-16">Board {i + 1}</label>
          <select id={`lineup-${teamId}-${i + 1}`} className="rounded border border-slate-300 px-2 py-1.5" value={v} onChange={(e) => setPicks((p) => p.map((x, j) => (j === i ? e.target.value : x)))}>
            <option value="">nobody (board forfeited)</option>
            {roster.map((p) => (
              <option key={p.userId} value={p.userId}>
                {p.name}
                {p.reserve ? " (reserve)" : ""}
              </option>
            ))}
          </select>
        </p>
      ))}
      <FormError message={m.error?.message} />
      {saved ? <p role="status" className="text-sm text-green-700">Line-up saved.</p> : null}
      <button className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60" disabled={m.isPending}>
        Submit line-up
      </button>
    </form>
  );
}
