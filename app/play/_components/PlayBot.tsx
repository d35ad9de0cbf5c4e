"use client";
/** "Play the bot": a casual, untimed game against the Equalis Bot (matches.bot.challenge). */
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";

const GAMES = { equate: "Equate", smath: "'SMATH", "number-scrabble": "Number Scrabble" } as const;

export function PlayBot() {
  const trpc = useTRPC();
  const router = useRouter();
  const [ruleset, setRuleset] = useState<keyof typeof GAMES>("equate");
  const start = useMutation(trpc.matches.bot.challenge.mutationOptions({ onSuccess: (m) => router.push(`/play/${m.matchId}`) }));
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="play-bot">
      <select aria-label="Game against the bot" value={ruleset} onChange={(e) => setRuleset(e.target.value as keyof typeof GAMES)} className="rounded border border-slate-300 px-2 py-1.5">
        {Object.entries(GAMES).map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => start.mutate({ ruleset })}
        disabled={start.isPending}
        className="rounded bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
      >
        {start.isPending ? "Starting…" : "Play the bot"}
      </button>
      {start.error ? <span className="text-red-700">{start.error.message}</span> : null}
    </div>
  );
}
