"use client";
/** Cross-table: one row per player in standings order, one cell per round (result, score, opponent's rank). */
import { useParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { useTournamentLive } from "../../_components/use-tournament-live";
import { CROSS_CELL_LEGEND, POD_CELL_LEGEND, crossCellText, Loading, PrintButton, TournamentTabs, spread, wins } from "../../_components/ui";


export default function CrossTablePage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  useTournamentLive(id);
  const o = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false });
  const x = useQuery({ ...trpc.tournaments.crossTable.queryOptions({ tournamentId: id }), retry: false });
  return (
    <Loading q={{ isPending: o.isPending || x.isPending, error: o.error ?? x.error }}>
      {() => {
        const t = o.data!.tournament;
        return (
          <div className="space-y-4">
            <div className="flex items-center justify-between">
              <h1 className="text-2xl font-bold">{t.name}: cross-table</h1>
              <PrintButton />
            </div>
            <TournamentTabs id={id} current="crosstable" elimination={t.format.endsWith("elimination")} director={o.data!.viewerRole === "director"} />
            <p className="text-xs text-slate-500">Each cell: result, own score–opponent&apos;s score, then the opponent&apos;s current rank (* = moved first). A game lost whatever the scores: {CROSS_CELL_LEGEND}. {POD_CELL_LEGEND}</p>
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="crosstable">
                <thead>
                  <tr className="border-b text-left text-slate-500">
                    <th className="py-1 pr-2">#</th>
                    <th className="py-1 pr-2">Player</th>
                    {x.data!.rounds.map((r) => (
                      <th key={r} className="py-1 pr-2">R{r}</th>
                    ))}
                    <th className="py-1 pr-2 text-right">Wins</th>
                    <th className="py-1 text-right">Spread</th>
                  </tr>
                </thead>
                <tbody>
                  {x.data!.rows.map((row) => (
                    <tr key={row.userId} className="border-b border-slate-100">
                      <td className="py-1 pr-2">{row.rank}</td>
                      <td className="py-1 pr-2">{row.name}</td>
                      {row.cells.map((c) => (
                        <td key={c.round} data-testid="cross-cell" className="py-1 pr-2 whitespace-nowrap tabular-nums" title={c.opponents.map((op) => op.name).join(", ")}>
                          {crossCellText(c)}
                        </td>
                      ))}
                      <td className="py-1 pr-2 text-right">{wins(row.wins)}</td>
                      <td className="py-1 text-right">{spread(row.spread)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        );
      }}
    </Loading>
  );
}
