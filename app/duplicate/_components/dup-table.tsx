"use client";
/**
 * The turn table (docs/duplicate.md "The table"): per closed turn the master play and its score,
 * then each player's play and score; running totals and the percentage of the top (beside the
 * name, so a phone shows them without scrolling). A top is
 * marked ★, a solo top (the only player to find it) ★ solo; a turn before a player joined "–".
 */
import { formatPercent } from "@/server/domain";
import type { DupView } from "./types";

/** The player column stays put while a phone scrolls the turns sideways; total and % come first. */
const STICKY = "sticky left-0 z-10";

export function TurnTable({ v, myId }: { v: DupView; myId: string | null }) {
  const name = new Map(v.players.map((p) => [p.userId, p.name]));
  if (v.history.length === 0) return <p className="text-sm text-slate-600">The table fills in as turns close.</p>;
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="dup-table">
          <caption className="sr-only">Scores by turn, totals and percentage of the top</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className={`${STICKY} bg-white py-1 pr-3`}>Player</th>
              <th scope="col" className="px-2 py-1 text-right">Total</th>
              <th scope="col" className="whitespace-nowrap px-2 py-1 text-right">% of top</th>
              {v.table.turns.map((t) => (
                <th key={t} scope="col" className="px-2 py-1 text-right">
                  T{t}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-b bg-amber-50 font-medium">
              <th scope="row" className={`${STICKY} bg-amber-50 py-1 pr-3 text-left`}>Master</th>
              <td className="px-2 py-1 text-right">{v.table.topTotal}</td>
              <td className="whitespace-nowrap px-2 py-1 text-right">100.0 %</td>
              {v.table.tops.map((s, i) => (
                <td key={i} className="px-2 py-1 text-right">{s}</td>
              ))}
            </tr>
            {v.table.rows.map((r) => (
              <tr key={r.userId} className={`border-b ${r.userId === myId ? "bg-indigo-50" : ""}`}>
                <th scope="row" className={`${STICKY} py-1 pr-3 text-left font-normal ${r.userId === myId ? "bg-indigo-50" : "bg-white"}`}>
                  {name.get(r.userId) ?? "?"}
                </th>
                <td className="px-2 py-1 text-right font-medium">{r.total}</td>
                <td className="whitespace-nowrap px-2 py-1 text-right">{formatPercent(r.percent)}</td>
                {r.cells.map((c, i) => (
                  <td key={i} className="whitespace-nowrap px-2 py-1 text-right" title={c.solo ? "solo top" : c.top ? "top" : undefined}>
                    {c.missed ? "–" : c.score}
                    {c.solo ? " ★ solo" : c.top ? " ★" : ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ol className="space-y-2" data-testid="dup-history">
        {[...v.history].reverse().map((h) => (
          <li key={h.number} className="rounded border border-slate-200 p-2 text-sm">
            <p>
              <span className="font-medium">Turn {h.number}</span> (rack {h.rack.join(" ")}) — master play:{" "}
              {h.master ? (
                <span data-testid="master-play">
                  {h.master.text}, {h.master.score} points
                </span>
              ) : (
                "no play found"
              )}
            </p>
            <ul className="mt-1 space-y-0.5 text-slate-700">
              {h.plays.map((p) => (
                <li key={p.userId}>
                  {name.get(p.userId) ?? "?"}: {p.text || "—"} — {p.valid ? `${p.score} points` : "0 (not valid)"}
                  {p.reason ? <span className="block text-amber-800">Why: {p.reason}</span> : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
