"use client";
/**
 * One player at the desk: name, entry and fee status, the entry's notes, a check-in button when
 * they are not in yet, and the fee form (paid / waived / owed, amount, method, note). The form
 * sends the fee record's time as the desk read it, so a second desk's change is not overwritten
 * (services/tournaments/fees.ts); a double tap records nothing twice.
 */
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { LocalTime } from "@/app/_components/local-time";
import { FEE_METHODS, formatMoney, parseMoney, type FeeMethod, type FeeStatus } from "@/server/domain";
import { ENTRY_LABELS, FEE_BADGE, FEE_METHOD_LABELS, FEE_STATUS_LABELS } from "../../_components/fee-labels";

export type DeskCardData = inferRouterOutputs<AppRouter>["tournaments"]["desk"]["search"][number];
export type Banner = { kind: "ok" | "already" | "refused"; text: string } | null;

const big = "min-h-12 rounded-lg px-4 text-base font-medium";
const seg = (on: boolean) => `${big} flex-1 border ${on ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-800"}`;

function FeeForm({ tournamentId, card, entryFee, currency, onSaved }: { tournamentId: string; card: DeskCardData; entryFee: number; currency: string; onSaved: (c: DeskCardData) => void }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<FeeStatus>(card.feeStatus === "owed" ? "paid" : card.feeStatus);
  const [amount, setAmount] = useState(formatMoney(card.feeStatus === "paid" ? card.feeAmount : entryFee, currency).split(" ")[0]!);
  const [method, setMethod] = useState<FeeMethod | null>(card.feeMethod ?? "cash");
  const [note, setNote] = useState(card.feeNote);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(trpc.tournaments.desk.setFee.mutationOptions({ onSuccess: onSaved }));
  const submit = () => {
    const minor = status === "paid" ? parseMoney(amount, currency) : 0;
    if (minor === null) return setProblem(`Enter the amount in ${currency}, e.g. 15 or 15.00.`);
    setProblem(null);
    save.mutate({ tournamentId, userId: card.userId, status, amount: minor, method: status === "paid" ? method : null, note, expectedUpdatedAt: card.feeUpdatedAt });
  };
  return (
    <form className="space-y-3 border-t border-slate-200 pt-3" onSubmit={(e) => (e.preventDefault(), submit())} data-testid="fee-form">
      <div className="flex gap-2" role="group" aria-label="Fee">
        {(["paid", "waived", "owed"] as const).map((s) => (
          <button key={s} type="button" className={seg(status === s)} aria-pressed={status === s} onClick={() => setStatus(s)}>{s === "paid" ? "Paid" : s === "waived" ? "Waived" : "Owed"}</button>
        ))}
      </div>
      {status === "paid" ? (
        <>
          <label className="block text-sm font-medium text-slate-700">
            Amount ({currency})
            <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} className="mt-1 block min-h-12 w-full rounded-lg border border-slate-300 px-3 text-base" name="amount" />
          </label>
          <div className="flex gap-2" role="group" aria-label="Paid by">
            {FEE_METHODS.map((m) => (
              <button key={m} type="button" className={seg(method === m)} aria-pressed={method === m} onClick={() => setMethod(m)}>{m === "card" ? "Card" : FEE_METHOD_LABELS[m]}</button>
            ))}
          </div>
        </>
      ) : null}
      <label className="block text-sm font-medium text-slate-700">
        Note (only the desk sees it)
        <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} className="mt-1 block min-h-12 w-full rounded-lg border border-slate-300 px-3 text-base" name="note" />
      </label>
      <FormError message={problem ?? errorSentence(save.error)} />
      <button type="submit" disabled={save.isPending} className={`${big} w-full bg-emerald-600 text-white disabled:opacity-60`}>Save fee</button>
    </form>
  );
}

export function DeskCard({ tournamentId, card, banner, entryFee, currency, onCheckIn, checkingIn, onChange }: {
  tournamentId: string;
  card: DeskCardData;
  banner: Banner;
  entryFee: number;
  currency: string;
  onCheckIn: () => void;
  checkingIn: boolean;
  onChange: (c: DeskCardData, banner: Banner) => void;
}) {
  const [fee, setFee] = useState(false);
  const tone = banner?.kind === "refused" ? "border-red-300 bg-red-50 text-red-900" : banner ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "";
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="desk-card">
      {banner ? <p role="status" className={`rounded border px-3 py-2 text-lg font-semibold ${tone}`} data-testid="desk-banner">{banner.text}</p> : null}
      <h2 className="text-2xl font-bold" data-testid="desk-card-name">{card.name}</h2>
      <div className="flex flex-wrap gap-2 text-sm">
        <span className="rounded border border-indigo-300 bg-indigo-50 px-2 py-1 text-indigo-900">{ENTRY_LABELS[card.status]}{card.checkedInAt ? " ✓" : ""}</span>
        <span className={`rounded border px-2 py-1 ${FEE_BADGE[card.feeStatus]}`} data-testid="desk-card-fee">
          {FEE_STATUS_LABELS[card.feeStatus]}
          {card.feeStatus === "paid" ? ` · ${formatMoney(card.feeAmount, currency)}${card.feeMethod ? ` · ${FEE_METHOD_LABELS[card.feeMethod]}` : ""}` : card.feeStatus === "owed" && entryFee ? ` · ${formatMoney(entryFee, currency)}` : ""}
        </span>
      </div>
      {card.checkedInAt ? <p className="text-sm text-slate-600">Checked in at <LocalTime at={card.checkedInAt} options={{ hour: "2-digit", minute: "2-digit" }} /></p> : null}
      {card.notes ? <p className="rounded bg-amber-50 px-3 py-2 text-amber-900">Entry note: {card.notes}</p> : null}
      {card.feeNote ? <p className="text-sm text-slate-700">Fee note: {card.feeNote}</p> : null}
      {!card.checkedInAt && card.status !== "withdrawn" ? (
        <button type="button" onClick={onCheckIn} disabled={checkingIn} className={`${big} w-full bg-indigo-600 text-white disabled:opacity-60`} data-testid="desk-check-in">Check in {card.name}</button>
      ) : null}
      {fee ? (
        <FeeForm key={`${card.userId}-${card.feeUpdatedAt?.getTime() ?? 0}`} tournamentId={tournamentId} card={card} entryFee={entryFee} currency={currency} onSaved={(c) => { setFee(false); onChange(c, { kind: "ok", text: `${c.name}: ${FEE_STATUS_LABELS[c.feeStatus].toLowerCase()}.` }); }} />
      ) : (
        <button type="button" onClick={() => setFee(true)} className={`${big} w-full border border-slate-300 bg-white text-slate-800`} data-testid="desk-fee-open">Record fee</button>
      )}
    </section>
  );
}
