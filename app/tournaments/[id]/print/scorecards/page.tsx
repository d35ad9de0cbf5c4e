"use client";
/**
 * Scorecards: one page per player (alphabetical, withdrawn players left out), a row per planned
 * round. Results already entered are filled in with running totals; the rest is left blank for
 * the player to fill in at the table (print-model `scorecard`).
 */
import { Suspense } from "react";
import { PrintShell } from "../../../_components/print-shell";
import { scorecard, seatLabel } from "../../../_components/print-model";
import { formatDate, spread, wins } from "../../../_components/ui";
import { FORMAT_LABELS } from "@/app/_lib/labels";

const cell = "border border-slate-400 px-2 py-1.5 print:py-2";

export default function ScorecardsPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <PrintShell sheet="scorecards">
        {(o) => {
          const t = o.tournament;
          const planned = o.plannedRounds ?? t.rounds;
          const scoring = { byeWins: t.byeWins, byeSpread: t.byeSpread, forfeitSpread: t.forfeitSpread, spreadCap: null, lateEntryWins: t.lateEntryWins };
          const players = o.entries.filter((e) => e.status !== "withdrawn" && e.status !== "waitlisted").sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
          if (players.length === 0) return <p className="text-slate-600">Nobody is entered yet.</p>;
          return (
            <div className="space-y-6 print:space-y-0" data-testid="scorecards">
              {players.map((e) => (
                <section key={e.userId} className="print-page rounded border border-slate-300 bg-white p-4 print:rounded-none print:border-0 print:p-0" data-testid="scorecard">
                  <div className="mb-3 flex flex-wrap items-end justify-between gap-2 border-b-2 border-slate-800 pb-2">
                    <div>
                      <p className="text-sm text-slate-600">{t.name} · {FORMAT_LABELS[t.format]} · {formatDate(t.startsAt)}</p>
                      <h2 className="text-2xl font-bold" data-testid="scorecard-player">{e.name}</h2>
                    </div>
                    <p className="text-sm text-slate-600">Scorecard{e.seed ? ` · seed ${e.seed}` : ""}</p>
                  </div>
                  <div className="overflow-x-auto">
                    <table className="w-full border-collapse text-sm print:text-[10.5pt]">
                      <thead>
                        <tr className="bg-slate-100 text-left">
                          <th className={cell}>Rd</th>
                          <th className={cell}>Table</th>
                          <th className={cell}>Opponent</th>
                          <th className={cell}>Moved</th>
                          <th className={`${cell} text-right`}>Own score</th>
                          <th className={`${cell} text-right`}>Opp. score</th>
                          <th className={`${cell} text-right`}>Spread</th>
                          <th className={cell}>Result</th>
                          <th className={`${cell} text-right`}>Total wins</th>
                          <th className={`${cell} text-right`}>Total spread</th>
                        </tr>
                      </thead>
                      <tbody>
                        {scorecard(e, o.rounds, planned, scoring).map((r) => (
                          <tr key={r.round} data-testid="scorecard-row">
                            <td className={cell}>{r.round}</td>
                            <td className={`${cell} tabular-nums`}>{r.table ?? (r.bye ? "–" : "")}</td>
                            <td className={`${cell} min-w-32`}>{r.bye ? "bye" : r.result === "missed" ? "(not entered yet)" : r.opponents.join(", ")}</td>
                            <td className={cell}>{r.seat === null ? "" : seatLabel(r.seat)}</td>
                            <td className={`${cell} text-right tabular-nums`}>{r.own ?? ""}</td>
                            <td className={`${cell} text-right tabular-nums`}>{r.against.join(" / ")}</td>
                            <td className={`${cell} text-right tabular-nums`}>{r.spread === null ? "" : spread(r.spread)}</td>
                            <td className={cell}>{r.result}</td>
                            <td className={`${cell} text-right tabular-nums`}>{r.totalWins === null ? "" : wins(r.totalWins)}</td>
                            <td className={`${cell} text-right tabular-nums`}>{r.totalSpread === null ? "" : spread(r.totalSpread)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <p className="mt-6 hidden text-sm print:block">Player&apos;s signature: ____________________________</p>
                </section>
              ))}
            </div>
          );
        }}
      </PrintShell>
    </Suspense>
  );
}
