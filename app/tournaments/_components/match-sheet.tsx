/**
 * One team match's sheet (docs/teams.md "Prints and files"): the teams, each board's players with who
 * moves first, the results so far and blank boxes for the rest, the match score and both captains'
 * signatures. Drawn by the match's own sheet and by the print sheet "Match sheets" (a round's matches,
 * one page each).
 */
import { wins } from "./ui";
import { resultText } from "./team-results";

const cell = "border border-slate-400 px-2 py-1.5 print:py-2";

type Ref = { id: string; name: string };
export interface SheetMatch {
  table: number;
  home: Ref;
  away: Ref | null;
  boards: { board: number; home: Ref | null; away: Ref | null; firstMover: "home" | "away"; outcome: string; homeScore: number | null; awayScore: number | null; forfeitBy: string | null; lossReason: string | null }[];
  score: { home: number; away: number } | null;
}

export function MatchSheet({ tournamentName, round, m }: { tournamentName: string; round: number; m: SheetMatch }) {
  const away = m.away?.name ?? "bye";
  return (
    <section className="print-page rounded border border-slate-300 bg-white p-4 print:rounded-none print:border-0 print:p-0" data-testid="match-sheet">
      <div className="mb-3 border-b-2 border-slate-800 pb-2">
        <p className="text-sm text-slate-600">
          {tournamentName} · round {round} · match {m.table}
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
  );
}
