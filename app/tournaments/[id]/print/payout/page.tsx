"use client";
/**
 * The payout sheet (docs/prizes.md): one line per payment — prize, winner, amount, item, why —
 * then the sum beside the prize fund, which are always equal. Marked PROVISIONAL until the
 * director marks the results final; before that only directors can see it.
 */
import { Suspense } from "react";
import { useParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formatMoney } from "@/server/domain";
import { PrintShell } from "../../../_components/print-shell";

const SPLITS = { none: "tiebreaks decide ties", equal: "ties share equally", hort: "ties share by the Hort system" } as const;

type Winner = { kind: "player"; name: string } | { kind: "club"; club: string } | null;
const winnerName = (w: Winner) => (w === null ? "not awarded" : w.kind === "player" ? w.name : w.club);

function PayoutSheet({ name }: { name: string }) {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.tournaments.prizes.payout.queryOptions({ tournamentId: id }), retry: false });
  if (q.isPending) return <p>Loading…</p>;
  if (q.error) return <p className="text-red-800">{q.error.message}</p>;
  const p = q.data;
  if (!p.visible) return <p data-testid="payout-hidden">The payout is published once the director marks the results final.</p>;
  const sum = p.lines.reduce((s, l) => s + l.amount, 0);
  const money = (m: number) => formatMoney(m, p.currency);
  return (
    <section data-testid="payout-sheet">
      <h2 className="mb-1 text-2xl font-bold print:text-[20pt]">
        {name}: payout{p.final ? "" : <span className="ml-2 rounded bg-amber-100 px-2 text-amber-900" data-testid="payout-provisional">PROVISIONAL</span>}
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        {SPLITS[p.split]}; {p.onePrizePerPlayer ? "one prize per player (the larger)" : "a player may win several prizes"}.
      </p>
      {p.lines.length === 0 ? <p>This event has no prize table.</p> : null}
      {/* A phone gets one card per payment (five columns do not fit 390 px); screens and print the table. */}
      <ul className="space-y-2 sm:hidden print:hidden" data-testid="payout-cards">
        {p.lines.map((l, i) => (
          <li key={i} className="rounded border border-slate-300 bg-white p-3">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-semibold">{winnerName(l.winner)}</span>
              <span className="font-semibold tabular-nums whitespace-nowrap">{money(l.amount)}</span>
            </div>
            <div className="text-sm">{l.label}{l.item ? ` · ${l.item}` : ""}</div>
            <p className="mt-1 text-xs text-slate-600">{l.why}</p>
          </li>
        ))}
        <li className="rounded border border-slate-400 bg-slate-50 p-3 font-bold">
          Total paid {money(sum)} · prize fund {money(p.total)}{sum === p.total ? " — adds up" : " — does not add up: please report this"}
        </li>
      </ul>
      <div className="hidden overflow-x-auto sm:block print:block">
        <table className="w-full border-collapse text-sm print:text-[11pt]">
          <thead>
            <tr className="bg-slate-100 text-left">
              <th className="border border-slate-400 px-2 py-1">Prize</th>
              <th className="border border-slate-400 px-2 py-1">Winner</th>
              <th className="border border-slate-400 px-2 py-1 text-right">Amount</th>
              <th className="border border-slate-400 px-2 py-1">Item</th>
              <th className="border border-slate-400 px-2 py-1">Why</th>
            </tr>
          </thead>
          <tbody>
            {p.lines.map((l, i) => (
              <tr key={i} className="print-keep align-top" data-testid="payout-line">
                <td className="border border-slate-400 px-2 py-1 whitespace-nowrap">{l.label}</td>
                <td className="border border-slate-400 px-2 py-1 font-semibold" data-testid="payout-winner">
                  {winnerName(l.winner)}
                </td>
                <td className="border border-slate-400 px-2 py-1 text-right tabular-nums whitespace-nowrap" data-testid="payout-amount">{money(l.amount)}</td>
                <td className="border border-slate-400 px-2 py-1">{l.item}</td>
                <td className="border border-slate-400 px-2 py-1 text-xs text-slate-700">{l.why}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <td className="border border-slate-400 px-2 py-1" colSpan={2}>Total paid</td>
              <td className="border border-slate-400 px-2 py-1 text-right tabular-nums whitespace-nowrap" data-testid="payout-sum">{money(sum)}</td>
              <td className="border border-slate-400 px-2 py-1" colSpan={2}>
                Prize fund <span data-testid="payout-fund">{money(p.total)}</span>
                {sum === p.total ? " — adds up" : " — does not add up: please report this"}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="no-print mt-2 text-sm">
        <a className="text-indigo-700 underline" href={`/tournaments/${id}/payout.csv`}>Download as CSV</a>
      </p>
    </section>
  );
}

export default function PayoutPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <PrintShell sheet="payout">{(o) => <PayoutSheet name={o.tournament.name} />}</PrintShell>
    </Suspense>
  );
}
