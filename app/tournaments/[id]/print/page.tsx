"use client";
/** The print sheets' index: which sheets there are, each a link (the toolbar is PrintShell's). */
import Link from "next/link";
import { useParams } from "next/navigation";
import { Suspense } from "react";
import { PrintShell, SHEETS } from "../../_components/print-shell";

export default function PrintIndexPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <PrintShell sheet={null}>
        {(_o, round) => (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="print-sheets">
            {SHEETS.map((s) => (
              <li key={s.key} className="rounded border border-slate-200 bg-white p-4">
                <Link href={`/tournaments/${id}/print/${s.key}${s.perRound && round ? `?round=${round.number}` : ""}`} className="font-semibold text-indigo-700 underline">
                  {s.label}
                </Link>
                <p className="mt-1 text-sm text-slate-600">{s.description}</p>
              </li>
            ))}
          </ul>
        )}
      </PrintShell>
    </Suspense>
  );
}
