"use client";
/** "Play the bot": a casual, untimed game against the Equalis Bot (matches.bot.challenge), at the
 * level the player picks (a radio group: click a level, or arrow keys inside the group). */
import { RulesetOptions } from "@/app/_components/ruleset-options";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { BOT_LEVELS, type BotLevel, DEFAULT_BOT_LEVEL, LEVEL_SPECS, type RulesetId } from "@/engine";
import { useTRPC } from "@/app/_trpc/client";

export function PlayBot() {
  const trpc = useTRPC();
  const router = useRouter();
  const [ruleset, setRuleset] = useState<RulesetId>("equate");
  const [level, setLevel] = useState<BotLevel>(DEFAULT_BOT_LEVEL);
  const start = useMutation(trpc.matches.bot.challenge.mutationOptions({ onSuccess: (m) => router.push(`/play/${m.matchId}`) }));
  return (
    <div className="space-y-2 text-sm" data-testid="play-bot">
      <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <legend className="mb-1 font-medium">Bot level</legend>
        {BOT_LEVELS.map((l) => (
          <label key={l} className="inline-flex cursor-pointer items-center gap-1" title={LEVEL_SPECS[l].describe}>
            <input type="radio" name="bot-level" value={l} checked={level === l} onChange={() => setLevel(l)} className="accent-indigo-600" />
            {LEVEL_SPECS[l].label}
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-slate-600" data-testid="bot-level-rule">
        {LEVEL_SPECS[level].label}: {LEVEL_SPECS[level].describe}, in about {LEVEL_SPECS[level].budgetMs} ms a move.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <select aria-label="Game against the bot" value={ruleset} onChange={(e) => setRuleset(e.target.value as RulesetId)} className="rounded border border-slate-300 px-2 py-1.5">
          <RulesetOptions />
        </select>
        <button
          type="button"
          onClick={() => start.mutate({ ruleset, level })}
          disabled={start.isPending}
          className="rounded bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
        >
          {start.isPending ? "Starting…" : "Play the bot"}
        </button>
        {start.error ? <span className="text-red-700">{start.error.message}</span> : null}
      </div>
    </div>
  );
}
