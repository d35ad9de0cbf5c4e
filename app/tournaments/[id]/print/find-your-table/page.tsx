"use client";
/** Find your table: every player of a round alphabetically with table, opponent and seat (print-model). */
import { Suspense } from "react";
import { PrintShell } from "../../../_components/print-shell";
import { findYourTable, seatLabel } from "../../../_components/print-model";

export default function FindYourTablePage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <PrintShell sheet="find-your-table">
        {(o, round) =>
          round ? (
            <section className="rounded border border-slate-200 bg-white p-4 print:border-0 print:p-0">
              <h2 className="text-2xl font-bold">{o.tournament.name}</h2>
              <p className="mb-3 text-lg">Round {round.number}: find your table</p>
              <table className="w-full text-base print:text-[11pt]" data-testid="find-your-table">
                <thead>
                  <tr className="border-b-2 border-slate-800 text-left">
                    <th className="py-1 pr-3">Player</th>
                    <th className="py-1 pr-3 text-right">Table</th>
                    <th className="py-1 pr-3">Opponent</th>
                    <th className="py-1">Moves</th>
                  </tr>
                </thead>
                <tbody>
                  {findYourTable(round).map((l) => (
                    <tr key={l.userId} className="print-keep border-b border-slate-200" data-testid="table-line">
                      <td className="py-1 pr-3 font-semibold">{l.name}</td>
                      <td className="py-1 pr-3 text-right text-lg font-bold tabular-nums">{l.table ?? "–"}</td>
                      <td className="py-1 pr-3">{l.table === null ? "bye" : l.opponents.join(", ")}</td>
                      <td className="py-1">{l.seat === null ? "" : seatLabel(l.seat)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null
        }
      </PrintShell>
    </Suspense>
  );
}
