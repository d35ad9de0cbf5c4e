"use client";
/**
 * The fee ledger (docs/desk.md "Fees"), for the event's staff: every entry's fee record and the
 * totals by status and by method, with the CSV. Directors also set the entry fee, its currency and
 * the check-in window here. Equalis takes no money: this is the desk's record of what it took.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { LocalTime } from "@/app/_components/local-time";
import { formatMoney, parseMoney } from "@/server/domain";
import { ENTRY_LABELS, FEE_METHOD_LABELS, FEE_STATUS_LABELS } from "../../_components/fee-labels";

function DeskSettingsForm({ id, entryFee, currency, checkInMinutes }: { id: string; entryFee: number; currency: string; checkInMinutes: number | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [fee, setFee] = useState(formatMoney(entryFee, currency).split(" ")[0]!);
  const [cur, setCur] = useState(currency);
  const [minutes, setMinutes] = useState(checkInMinutes === null ? "" : String(checkInMinutes));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(trpc.tournaments.desk.configure.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.tournaments.desk.pathKey() }) }));
  const submit = () => {
    const c = cur.trim().toUpperCase();
    const minor = parseMoney(fee, /^[A-Z]{3}$/.test(c) ? c : "EUR");
    if (minor === null) return setProblem("Enter the fee as an amount, e.g. 15 or 15.00 (0 for a free event).");
    setProblem(null);
    save.mutate({ tournamentId: id, entryFee: minor, currency: c, checkInMinutes: minutes.trim() ? Number(minutes) : null });
  };
  return (
    <form className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" onSubmit={(e) => (e.preventDefault(), submit())} data-testid="desk-settings">
      <h2 className="text-lg font-semibold">Entry fee and check-in window</h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <label className="text-sm font-medium text-slate-700">Fee<input name="entryFee" inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} className="mt-1 block w-full rounded border border-slate-300 px-3 py-2" /></label>
        <label className="text-sm font-medium text-slate-700">Currency<input name="currency" value={cur} maxLength={3} onChange={(e) => setCur(e.target.value)} className="mt-1 block w-full rounded border border-slate-300 px-3 py-2 uppercase" /></label>
        <label className="col-span-2 text-sm font-medium text-slate-700 sm:col-span-1">Check-in opens (minutes before the start)<input name="checkInMinutes" inputMode="numeric" placeholder="none" value={minutes} onChange={(e) => setMinutes(e.target.value)} className="mt-1 block w-full rounded border border-slate-300 px-3 py-2" /></label>
      </div>
      <p className="text-xs text-slate-500">Leave the window empty and only directors check players in; players check themselves in, and judges at the desk, once it opens.</p>
      <FormError message={problem ?? errorSentence(save.error)} />
      {save.isSuccess ? <p role="status" className="text-sm text-emerald-800">Saved.</p> : null}
      <button type="submit" disabled={save.isPending} className="rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-60">Save</button>
    </form>
  );
}

export default function LedgerPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const s = useQuery({ ...trpc.tournaments.desk.settings.queryOptions({ tournamentId: id }), retry: false });
  const l = useQuery({ ...trpc.tournaments.desk.ledger.queryOptions({ tournamentId: id }), retry: false });
  const o = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false });
  const error = s.error ?? l.error;
  if (error) return <div className="space-y-3"><h1 className="text-2xl font-semibold">Fee ledger</h1><p className="text-slate-700">{error.message}</p></div>;
  if (!s.data || !l.data) return <p>Loading…</p>;
  const money = (minor: number) => formatMoney(minor, l.data.currency);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500"><Link href={`/tournaments/${id}`} className="hover:underline">{s.data.name}</Link> · <a href={`/tournaments/${id}/desk`} className="hover:underline">Check-in desk</a></p>
          <h1 className="text-2xl font-bold">Fee ledger</h1>
          <p className="text-sm text-slate-600">Entry fee {money(l.data.entryFee)}. Recorded by the desk; Equalis takes no money.</p>
        </div>
        <a href={`/tournaments/${id}/ledger.csv`} className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50" data-testid="ledger-csv">CSV</a>
      </div>
      <div className="grid gap-3 sm:grid-cols-2" data-testid="ledger-totals">
        <table className="text-sm">
          <tbody>
            {l.data.byStatus.map((t) => (
              <tr key={t.status} className="border-b border-slate-100"><th className="py-1 pr-3 text-left font-medium">{FEE_STATUS_LABELS[t.status]}</th><td className="pr-3">{t.count}</td><td className="text-right tabular-nums">{money(t.amount)}</td></tr>
            ))}
            <tr><th className="py-1 pr-3 text-left">Received</th><td /><td className="text-right font-semibold tabular-nums" data-testid="ledger-received">{money(l.data.received)}</td></tr>
          </tbody>
        </table>
        <table className="text-sm">
          <tbody>
            {l.data.byMethod.map((t) => (
              <tr key={t.method} className="border-b border-slate-100"><th className="py-1 pr-3 text-left font-medium">{FEE_METHOD_LABELS[t.method]}</th><td className="pr-3">{t.count}</td><td className="text-right tabular-nums">{money(t.amount)}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="ledger-rows">
          <thead><tr className="border-b border-slate-300 text-left"><th className="py-1 pr-3">Player</th><th className="pr-3">Entry</th><th className="pr-3">Fee</th><th className="pr-3 text-right">Amount</th><th className="pr-3">Method</th><th className="pr-3">Note</th><th>Updated</th></tr></thead>
          <tbody>
            {l.data.rows.map((r) => (
              <tr key={r.userId} className="border-b border-slate-100">
                <td className="py-1 pr-3">{r.name}</td><td className="pr-3">{ENTRY_LABELS[r.entryStatus]}</td><td className="pr-3">{FEE_STATUS_LABELS[r.feeStatus]}</td>
                <td className="pr-3 text-right tabular-nums">{money(r.amount)}</td><td className="pr-3">{r.method ? FEE_METHOD_LABELS[r.method] : ""}</td><td className="pr-3">{r.note}</td>
                <td>{r.updatedAt ? <LocalTime at={r.updatedAt} options={{ hour: "2-digit", minute: "2-digit" }} /> : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {o.data?.viewerRole === "director" ? <DeskSettingsForm key={`${s.data.entryFee}-${s.data.currency}-${s.data.checkInMinutes}`} id={id} entryFee={s.data.entryFee} currency={s.data.currency} checkInMinutes={s.data.checkInMinutes} /> : null}
    </div>
  );
}
