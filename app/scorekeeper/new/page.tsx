"use client";
/**
 * A new over-the-board game: the game, the challenge rule, the clock and the players' names in
 * turn order (guests; a tournament pairing's game is started from the pairing instead:
 * /scorekeeper/new?pairing=<id>). The creator keeps score; the station opens at once.
 */
import { RulesetOptions } from "@/app/_components/ruleset-options";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { Card, Field, FormError, SubmitButton } from "@/app/_components/form";
import { type RulesetId } from "@/engine";

const RULES = ["single", "double", "retry", "5-point", "10-point", "void"] as const;

function NewStation() {
  const trpc = useTRPC();
  const router = useRouter();
  const pairing = useSearchParams().get("pairing");
  const create = useMutation(trpc.matches.scorekeeper.create.mutationOptions({ onSuccess: (m) => router.push(`/scorekeeper/${m.id}`) }));
  const fromPairing = useMutation(trpc.matches.scorekeeper.createFromPairing.mutationOptions({ onSuccess: (m) => router.push(`/scorekeeper/${m.matchId}`) }));
  const asked = useRef(false);
  useEffect(() => {
    if (pairing && !asked.current) {
      asked.current = true;
      fromPairing.mutate({ pairingId: pairing });
    }
  }, [pairing, fromPairing]);
  const [ruleset, setRuleset] = useState<RulesetId>("equate");
  const [rule, setRule] = useState<(typeof RULES)[number]>("single");
  const [minutes, setMinutes] = useState("25");
  const [names, setNames] = useState(["", ""]);
  const errs = formErrors(create.error);

  if (pairing) {
    return (
      <Card title="Over-the-board game">
        {fromPairing.error ? <FormError message={fromPairing.error.message} /> : <p>Starting the pairing&apos;s game…</p>}
      </Card>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const m = Number(minutes);
    create.mutate({
      ruleset,
      rulesetOptions: {},
      challengeRule: rule,
      timeControl: minutes.trim() === "" || m === 0 ? null : { initialMs: Math.round(m * 60_000), incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 },
      players: names.map((name) => ({ userId: null, name })),
    });
  }

  return (
    <Card title="New over-the-board game">
      <form onSubmit={submit} className="space-y-4">
        <label className="block text-sm">
          Game
          <select className="mt-1 block w-full rounded border border-slate-300 px-2 py-3" value={ruleset} onChange={(e) => setRuleset(e.target.value as typeof ruleset)}>
            <RulesetOptions />
          </select>
        </label>
        <label className="block text-sm">
          Challenge rule
          <select className="mt-1 block w-full rounded border border-slate-300 px-2 py-3" value={rule} onChange={(e) => setRule(e.target.value as typeof rule)} aria-label="Challenge rule">
            {RULES.map((r) => (
              <option key={r} value={r}>
                {r === "void" ? "void (invalid plays refused, no challenges)" : r}
              </option>
            ))}
          </select>
        </label>
        <Field name="minutes" label="Minutes per player (empty or 0: untimed)" inputMode="decimal" value={minutes} onChange={(e) => setMinutes(e.target.value)} error={errs.fields.timeControl} />
        {names.map((n, i) => (
          <Field
            key={i}
            name={`player-${i + 1}`}
            label={`Player ${i + 1}${i === 0 ? " (moves first)" : ""}`}
            value={n}
            onChange={(e) => setNames(names.map((x, j) => (j === i ? e.target.value : x)))}
            required
            maxLength={60}
          />
        ))}
        <div className="flex gap-2">
          {names.length < 4 ? (
            <button type="button" className="rounded border border-slate-300 px-3 py-2 text-sm" onClick={() => setNames([...names, ""])}>
              Add a player
            </button>
          ) : null}
          {names.length > 2 ? (
            <button type="button" className="rounded border border-slate-300 px-3 py-2 text-sm" onClick={() => setNames(names.slice(0, -1))}>
              Remove a player
            </button>
          ) : null}
        </div>
        <FormError message={errs.message ?? errs.fields.players ?? null} />
        <SubmitButton pending={create.isPending}>Start the game</SubmitButton>
      </form>
    </Card>
  );
}

export default function NewStationPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <NewStation />
    </Suspense>
  );
}
