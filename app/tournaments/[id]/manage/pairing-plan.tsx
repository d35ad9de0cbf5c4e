"use client";
/**
 * The pairing plan of a Swiss or King of the Hill event (docs/tournaments.md "A pairing method per
 * round"): steps "from round N, pair by M", e.g. King of the Hill from the last round. It may change
 * until the event is finished (it shapes only rounds not yet paired); the server checks it against
 * the rounds (`checkPairingPlan`) and says what is wrong in a sentence.
 */
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { PAIRING_METHODS, type PairingMethod, type PairingPlanStep } from "@/server/domain";
import { Section, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { FORMAT_LABELS } from "@/app/_lib/labels";

/** "Swiss for rounds 1–6, then King of the Hill from round 7" — the plan in words. */
export function planText(base: PairingMethod, plan: readonly PairingPlanStep[]): string {
  const steps = [...plan].sort((a, b) => a.fromRound - b.fromRound);
  if (steps.length === 0) return `${FORMAT_LABELS[base]} every round`;
  return [`${FORMAT_LABELS[base]} first`, ...steps.map((s) => `${FORMAT_LABELS[s.method]} from round ${s.fromRound}`)].join(", then ");
}

export function PairingPlanForm({ tournamentId, format, rounds, plan, status, paired }: { tournamentId: string; format: PairingMethod; rounds: number; plan: readonly PairingPlanStep[]; status: string; paired: number }) {
  return <PlanFields key={JSON.stringify(plan)} tournamentId={tournamentId} format={format} rounds={rounds} plan={plan} status={status} paired={paired} />;
}

function PlanFields({ tournamentId, format, rounds, plan, status, paired }: { tournamentId: string; format: PairingMethod; rounds: number; plan: readonly PairingPlanStep[]; status: string; paired: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.tournaments.update.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.tournaments.pathKey() }) }));
  const [steps, setSteps] = useState<PairingPlanStep[]>(() => [...plan].sort((a, b) => a.fromRound - b.fromRound));
  const finished = status === "finished";
  const other: PairingMethod = format === "swiss" ? "king-of-the-hill" : "swiss";

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    save.mutate({ tournamentId, pairingPlan: steps });
  }
  const set = (i: number, patch: Partial<PairingPlanStep>) => setSteps((cur) => cur.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <Section title="Pairing plan" testId="pairing-plan-form">
      <p className="mb-2 text-sm" data-testid="pairing-plan-now">{planText(format, plan)}.</p>
      {finished ? null : (
        <form onSubmit={submit} noValidate className="space-y-2">
          <p className="text-xs text-slate-500">
            Switch method from a round on (e.g. King of the Hill for the last round). It shapes only rounds not yet paired{paired ? ` (round ${paired + 1} on)` : ""}; when pairing, you may also pick another method for that one round.
          </p>
          <ul className="space-y-2">
            {steps.map((s, i) => (
              <li key={i} className="flex flex-wrap items-center gap-2 text-sm" data-testid="plan-step">
                <label htmlFor={`plan-from-${i}`}>From round</label>
                <input
                  id={`plan-from-${i}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={rounds}
                  value={Number.isNaN(s.fromRound) ? "" : s.fromRound}
                  onChange={(e) => set(i, { fromRound: e.target.valueAsNumber })}
                  className="w-20 rounded border border-slate-300 px-2 py-1"
                />
                <label htmlFor={`plan-method-${i}`} className="sr-only">Method from that round</label>
                <select id={`plan-method-${i}`} value={s.method} onChange={(e) => set(i, { method: e.target.value as PairingMethod })} className="rounded border border-slate-300 px-2 py-1">
                  {PAIRING_METHODS.map((m) => (
                    <option key={m.code} value={m.code}>{FORMAT_LABELS[m.code]}</option>
                  ))}
                </select>
                <button type="button" className="text-xs text-red-700 underline" onClick={() => setSteps((cur) => cur.filter((_, j) => j !== i))}>
                  remove
                </button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondaryButtonClass} onClick={() => setSteps((cur) => [...cur, { fromRound: Math.min(rounds, Math.max(paired + 1, (cur.at(-1)?.fromRound ?? 0) + 1)), method: cur.at(-1)?.method === other ? format : other }])}>
              Add a step
            </button>
            <button type="submit" className={secondaryButtonClass} disabled={save.isPending}>
              Save plan
            </button>
            {save.isSuccess && !save.isPending ? <span role="status" className="self-center text-sm text-emerald-700">Saved.</span> : null}
          </div>
          <FormError message={save.error ? errorSentence(save.error) : null} />
        </form>
      )}
    </Section>
  );
}
