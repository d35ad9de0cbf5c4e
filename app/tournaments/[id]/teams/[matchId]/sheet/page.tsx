"use client";
/**
 * The match sheet (docs/teams.md "Prints"): one page for a team match — the teams, each board's
 * players with who moves first, the results so far and blank boxes for the rest, the match score
 * and both captains' signatures. On screen a Print button; in print only the sheet.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Loading, PrintButton, wins } from "../../../../_components/ui";
import { resultText } from "../../../../_components/team-results";

const cell = "border border-slate-400 px-2 py-1.5 print:py-2";

export default function MatchSheetPage() {
  const { id, matchId } = useParams<{ id: string; matchId: string }>();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.teams.match.queryOptions({ teamMatchId: matchId }), retry: false });
  return (
    <Loading q={q}>
      {() => {
        const m = q.data!;
        const away = m.away?.name ?? "bye";
        return (
          <div className="print-sheet space-y-4">
            <div className="no-print flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-2xl font-bold">Match sheet</h1>
              <div className="flex gap-3">
                <Link href={`/tournaments/${id}/teams/${matchId}`} className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
                  Back to the match
                </Link>
                <PrintButton />
              </div>
            </div>
            <section className="print-page rounded border border-slate-300 bg-white p-4 print:rounded-none print:border-0 print:p-0" data-testid="match-sheet">
              <div className="mb-3 border-b-2 border-slate-800 pb-2">
                <p className="text-sm text-slate-600">
                  {m.tournament.name} · round {m.round} · match {m.table}
                </p>
                <h2 className="text-2xl font-bold">
                  {m.home.name} v {away}
                </h2>
              </div>
              <div className="overflow-x-auto">
                <table className="w-full border-collapse text-sm print:text-[11pt]">
                  <thead>
                    <tr className="bg-slate-100 text-left">
                      <th className={cell}>Board</th>
                      <th className={cell}>{m.home.name}</th>
                      <th className={cell}>{away}</th>
                      <th className={cell}>First move</th>
                      <th className={cell}>Result</th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.boards.map((b) => (
                      <tr key={b.board}>
                        <td className={cell}>{b.board}</td>
                        <td className={cell}>{b.home?.name ?? "—"}</td>
                        <td className={cell}>{b.away?.name ?? "—"}</td>
                        <td className={cell}>{b.home && b.away ? (b.firstMover === "home" ? b.home.name : b.away.name) : ""}</td>
                        <td className={cell}>{b.outcome === "pending" && b.homeScore === null ? "" : resultText(b)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="mt-3 text-lg font-semibold" data-testid="sheet-score">
                Match score: {m.home.name} {m.score ? wins(m.score.home) : "__"} – {m.score ? wins(m.score.away) : "__"} {away}
              </p>
              <div className="mt-8 grid grid-cols-2 gap-8 text-sm">
                <p className="border-t border-slate-600 pt-1">Captain, {m.home.name}</p>
                <p className="border-t border-slate-600 pt-1">Captain, {away}</p>
              </div>
            </section>
          </div>
        );
      }}
    </Loading>
  );
}
