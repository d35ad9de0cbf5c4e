"use client";
/** The director's shortcuts to a round's print sheets and CSV (its own file, so the dashboard's edit stays one line). */
import Link from "next/link";
import { SHEETS } from "./print-shell";

export function PrintLinks({ tournamentId, round }: { tournamentId: string; round: number }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="print-links">
      <span className="text-slate-600">Print round {round}:</span>
      {SHEETS.map((s) => (
        <Link key={s.key} href={`/tournaments/${tournamentId}/print/${s.key}${s.perRound ? `?round=${round}` : ""}`} className="text-indigo-700 underline">
          {s.label.toLowerCase()}
        </Link>
      ))}
      <a href={`/tournaments/${tournamentId}/pairings.csv?round=${round}`} className="text-indigo-700 underline">pairings.csv</a>
    </p>
  );
}
