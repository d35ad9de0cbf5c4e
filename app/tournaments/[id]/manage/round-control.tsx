"use client";
/** The dashboard's "Rounds" section: pair the next round (by the plan, or another method for this
 * round only), publish or delete a draft, close a round, start the round clock, and adjust a draft
 * (swap who moves first, swap two players, confirming a swap the server warns about). */
import { useState } from "react";
import { FormError } from "@/app/_components/form";
import { errorSentence } from "@/app/_trpc/errors";
import { PAIRING_METHODS, methodForRound, type PairingMethod } from "@/server/domain";
import { Section, buttonClass, dangerButtonClass, secondaryButtonClass } from "@/app/clubs/_components/ui";
import { FORMAT_LABELS } from "@/app/_lib/labels";
import { RoundClock, StartRoundForm, clockedRound } from "../../_components/round-clock";
import { PrintLinks } from "../../_components/print-links";
import { ConfirmDialog } from "../../_components/confirm-dialog";
import type { DirectorActions, TournamentData } from "./use-dashboard";

type Round = TournamentData["rounds"][number];

export function RoundControl({ id, data, a, refresh }: { id: string; data: TournamentData; a: DirectorActions; refresh: () => unknown }) {
  const { tournament: t, rounds, serverNow } = data;
  const { pair, publish, close, deleteDraft, swap, flip } = a;
  // The method for the next round: "" = the pairing plan's.
  const [pairMethod, setPairMethod] = useState<"" | PairingMethod>("");
  // A refusal to pair ("check in at least 2 players") is stale once the field changed after it.
  const pairError = pair.submittedAt > Math.max(a.checkIn.submittedAt, a.checkInAll.submittedAt, a.withdraw.submittedAt) ? pair.error : null;
  const roundError = errorSentence(pairError ?? publish.error ?? close.error ?? deleteDraft.error ?? swap.error ?? flip.error);
  const last = rounds.at(-1);
  const draft = last?.status === "draft" ? last : null;
  const lastOpen = rounds.filter((r) => r.status !== "draft").at(-1);
  const clocked = clockedRound(rounds);
  const next = (last?.number ?? 0) + 1;
  // Swiss and King of the Hill: the plan's method for the next round (others fix their rounds).
  const planned = t.format === "swiss" || t.format === "king-of-the-hill" ? methodForRound(t.format, t.pairingPlan, next) : null;
  return (
    <Section title="Rounds" testId="round-control">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm" data-testid="round-state">
          {last ? `Round ${last.number}: ${last.status}` : "No round paired yet"}
        </span>
        {t.status !== "finished" && (!last || last.status === "closed") ? (
          <>
            {planned ? (
              <select
                aria-label={`Method for round ${next}`}
                value={pairMethod}
                onChange={(e) => setPairMethod(e.target.value as "" | PairingMethod)}
                className="rounded border border-slate-300 px-2 py-1.5 text-sm"
                data-testid="pair-method"
              >
                <option value="">{`By the plan: ${FORMAT_LABELS[planned]}`}</option>
                {PAIRING_METHODS.map((m) => (
                  <option key={m.code} value={m.code}>{`${FORMAT_LABELS[m.code]} (this round only)`}</option>
                ))}
              </select>
            ) : null}
            <button
              className={buttonClass}
              disabled={pair.isPending}
              onClick={() => pair.mutate({ tournamentId: id, ...(pairMethod ? { method: pairMethod } : {}) }, { onSuccess: () => setPairMethod("") })}
            >
              Pair round {next}
            </button>
          </>
        ) : null}
        {draft ? (
          <>
            <button className={buttonClass} disabled={publish.isPending} onClick={() => publish.mutate({ tournamentId: id, roundNumber: draft.number })}>
              Publish round {draft.number}
            </button>
            <button className={dangerButtonClass} disabled={deleteDraft.isPending} onClick={() => deleteDraft.mutate({ tournamentId: id, roundNumber: draft.number })}>
              Delete draft (to re-pair)
            </button>
          </>
        ) : null}
        {last?.status === "published" ? (
          <button className={buttonClass} disabled={close.isPending} onClick={() => close.mutate({ tournamentId: id, roundNumber: last.number })}>
            Close round {last.number}
          </button>
        ) : null}
      </div>
      <FormError message={roundError} />
      {lastOpen ? <PrintLinks tournamentId={id} round={lastOpen.number} /> : null}
      {last?.status === "published" ? (
        <div className="mt-4 space-y-3">
          {clocked ? <RoundClock round={clocked} serverNow={serverNow} /> : null}
          <StartRoundForm
            key={`${last.number}:${last.durationMs ?? 0}`}
            tournamentId={id}
            round={last}
            defaultMinutes={Math.ceil((2 * t.timeControl.initialMs) / 60_000) + 10}
            onStarted={refresh}
          />
        </div>
      ) : null}
      {draft ? <DraftRound tournamentId={id} draft={draft} a={a} /> : null}
    </Section>
  );
}

/** A draft round: its boards with the pairing's reasons, and the director's adjustments. */
function DraftRound({ tournamentId: id, draft, a }: { tournamentId: string; draft: Round; a: DirectorActions }) {
  const { swap, flip } = a;
  const [swapA, setSwapA] = useState("");
  const [swapB, setSwapB] = useState("");
  // A swap the server warned about (forbidden pair, repeat, second bye): applied only once confirmed.
  const [swapWarning, setSwapWarning] = useState<{ roundNumber: number; a: string; b: string; warnings: string[] } | null>(null);
  function trySwap(input: { roundNumber: number; a: string; b: string }, confirm = false) {
    swap.mutate({ tournamentId: id, ...input, confirm }, { onSuccess: (r) => setSwapWarning(r.applied ? null : { ...input, warnings: r.warnings }), onError: () => setSwapWarning(null) });
  }
  return (
    <div className="mt-4 space-y-2" data-testid="draft">
      <h3 className="font-semibold">Draft of round {draft.number}</h3>
      {draft.pairingMethod ? (
        <p className="text-sm text-slate-600" data-testid="draft-method">
          Paired by {PAIRING_METHODS.find((m) => m.code === draft.pairingMethod)?.description ?? draft.pairingMethod}
        </p>
      ) : null}
      {draft.notes.length ? <ul className="list-disc pl-5 text-xs text-amber-800">{draft.notes.map((n) => <li key={n}>{n}</li>)}</ul> : null}
      <table className="w-full text-sm">
        <tbody>
          {draft.pairings.map((p) => (
            <tr key={p.id} className="border-b border-slate-100 align-top" data-testid="draft-row">
              <td className="py-1 pr-2">{p.isBye ? "bye" : p.table}</td>
              <td className="py-1 pr-2">{p.players.map((x) => x.name).join(" v ")}{p.manual ? " (manual)" : ""}</td>
              <td className="py-1 pr-2 text-xs text-slate-500">{p.reason}</td>
              <td className="py-1">
                {!p.isBye ? <button className="text-xs text-indigo-700 underline" onClick={() => flip.mutate({ tournamentId: id, pairingId: p.id })}>swap first move</button> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>Swap</span>
        {(
          [
            [swapA, setSwapA, "Swap player A"],
            [swapB, setSwapB, "Swap player B"],
          ] as const
        ).map(([v, set, label]) => (
          <select key={label} aria-label={label} value={v} onChange={(e) => set(e.target.value)} className="rounded border border-slate-300 px-2 py-1">
            <option value="">choose…</option>
            {draft.pairings.flatMap((p) => p.players).map((x) => (
              <option key={x.userId} value={x.userId}>{x.name}</option>
            ))}
          </select>
        ))}
        <button className={secondaryButtonClass} disabled={!swapA || !swapB || swap.isPending} onClick={() => trySwap({ roundNumber: draft.number, a: swapA, b: swapB })}>
          Swap
        </button>
      </div>
      <ConfirmDialog
        open={!!swapWarning}
        title="Swap anyway?"
        confirmLabel="Swap anyway"
        testId="swap-warning"
        onConfirm={() => swapWarning && trySwap(swapWarning, true)}
        onCancel={() => setSwapWarning(null)}
      >
        <ul className="list-disc space-y-1 pl-5 text-sm text-amber-900">
          {(swapWarning?.warnings ?? []).map((w) => <li key={w}>{w}</li>)}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
