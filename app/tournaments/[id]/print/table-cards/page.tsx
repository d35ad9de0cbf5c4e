"use client";
/** Table cards: one page per board with a big table number and the names, first mover first. */
import { Suspense } from "react";
import { PrintShell } from "../../../_components/print-shell";
import { seatLabel, tableCards } from "../../../_components/print-model";

export default function TableCardsPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <PrintShell sheet="table-cards">
        {(o, round) =>
          round ? (
            <div className="space-y-4 print:space-y-0" data-testid="table-cards">
              {tableCards(round).map((p) => (
                <section
                  key={p.id}
                  className="print-page flex flex-col items-center justify-center gap-6 rounded border-2 border-slate-800 bg-white p-6 text-center print:min-h-[250mm] print:rounded-none print:border-4"
                  data-testid="table-card"
                >
                  <p className="text-sm text-slate-600 print:text-lg">{o.tournament.name} · round {round.number}</p>
                  <p className="flex flex-col items-center" data-testid="table-number">
                    <span className="text-xl font-semibold uppercase tracking-widest text-slate-500 print:text-2xl">Table </span>
                    <span className="text-7xl font-black tabular-nums print:text-[140pt] print:leading-none" data-testid="table-digits">{p.table}</span>
                  </p>
                  <ol className="space-y-3">
                    {p.players.map((pl, i) => (
                      <li key={pl.userId} className="text-3xl font-bold print:text-[32pt]">
                        {pl.name} <span className="block text-base font-normal text-slate-600 print:text-[14pt]">{i === 0 ? "moves first" : `${seatLabel(i)} to move`}</span>
                      </li>
                    ))}
                  </ol>
                </section>
              ))}
            </div>
          ) : null
        }
      </PrintShell>
    </Suspense>
  );
}
