"use client";
/**
 * The wall chart: the cross-table on landscape pages (the named page `wall` in globals.css) in
 * type large enough to read from a step away. One row per player in standings order; each cell
 * the result, own score–opponent's score, and the opponent's rank (* = moved first).
 */
import { Suspense } from "react";
import { useParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { PrintShell } from "../../../_components/print-shell";
import { CROSS_CELL_LEGEND, POD_CELL_LEGEND, crossCellParts, spread, wins } from "../../../_components/ui";

function WallChart({ name }: { name: string }) {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const x = useQuery({ ...trpc.tournaments.crossTable.queryOptions({ tournamentId: id }), retry: false });
  if (x.isPending) return <p>Loading…</p>;
  if (x.error) return <p className="text-red-800">{x.error.message}</p>;
  const { rounds, rows } = x.data;
  return (
    <section className="print-landscape overflow-x-auto" data-testid="wall-chart">
      <h2 className="mb-2 text-2xl font-bold print:text-[20pt]">{name}: wall chart</h2>
      <table className="w-full border-collapse text-base print:text-[12pt]">
        <thead>
          <tr className="bg-slate-100 text-left">
            <th className="border border-slate-500 px-2 py-1">#</th>
            <th className="border border-slate-500 px-2 py-1">Player</th>
            {rounds.map((r) => (
              <th key={r} className="border border-slate-500 px-2 py-1 text-center">R{r}</th>
            ))}
            <th className="border border-slate-500 px-2 py-1 text-right">Wins</th>
            <th className="border border-slate-500 px-2 py-1 text-right">Spread</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId} className="print-keep odd:bg-white even:bg-slate-50" data-testid="wall-row">
              <td className="border border-slate-500 px-2 py-1 font-semibold tabular-nums">{row.rank}</td>
              <td className="border border-slate-500 px-2 py-1 font-semibold whitespace-nowrap">{row.name}</td>
              {row.cells.map((c) => (
                <td key={c.round} className="border border-slate-500 px-2 py-1 text-center whitespace-nowrap tabular-nums">
                  {(() => {
                    const cell = crossCellParts(c);
                    return (
                      <>
                        <span className="font-semibold">{cell.mark}</span>
                        {cell.score ? <span className="block text-sm">{cell.score}</span> : null}
                        {cell.opponents ? <span className="block text-xs text-slate-600">v {cell.opponents}</span> : null}
                      </>
                    );
                  })()}
                </td>
              ))}
              <td className="border border-slate-500 px-2 py-1 text-right text-lg font-bold tabular-nums">{wins(row.wins)}</td>
              <td className="border border-slate-500 px-2 py-1 text-right tabular-nums">{spread(row.spread)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-600">Each cell: result, own score–opponent&apos;s score, the opponent&apos;s rank (* = moved first), B = bye. A game lost whatever the scores: {CROSS_CELL_LEGEND}. {POD_CELL_LEGEND}</p>
    </section>
  );
}

export default function WallChartPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <PrintShell sheet="wall-chart">{(o) => <WallChart name={o.tournament.name} />}</PrintShell>
    </Suspense>
  );
}
