"use client";
/**
 * Pieces of the analysis page (docs/analysis.md) beside analysis-view.tsx: the offer to analyse a
 * game never analysed (or whose analysis failed), the progress bar while it is queued or running,
 * a turn's detail (rack, the play made by the whole line it makes, the points lost, the best plays
 * — a click draws one on the board) and each player's summary.
 */
import Link from "next/link";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { playLinesText, type Ruleset } from "@/engine";
import { FormError } from "@/app/_components/form";

export type Analysis = inferRouterOutputs<AppRouter>["analysis"]["get"];
type Result = NonNullable<Analysis["result"]>;
type Turn = Result["turns"][number];

const primary = "rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60";

export function AnalysisOffer({ a, matchId, signedIn, pending, error, onRequest }: { a: Analysis; matchId: string; signedIn: boolean; pending: boolean; error: string | null; onRequest: () => void }) {
  return (
    <>
      {a.status === "failed" ? <FormError message={`The last analysis failed (${a.error ?? "unknown error"}); you can run it again.`} /> : null}
      <p className="text-sm text-slate-600">The engine finds the best plays each player had at every turn ({a.total} turns) and what each move left on the table.</p>
      {signedIn ? (
        <button type="button" className={primary} disabled={pending} onClick={onRequest}>
          Analyse this game
        </button>
      ) : (
        <p className="text-sm">
          <Link className="text-indigo-700 underline" href={`/signin?next=${encodeURIComponent(`/matches/${matchId}/analysis`)}`}>
            Sign in
          </Link>{" "}
          to analyse this game.
        </p>
      )}
      <FormError message={error} />
    </>
  );
}

export function AnalysisProgress({ a }: { a: Analysis }) {
  const pct = a.total ? Math.round((100 * a.done) / a.total) : 0;
  return (
    <>
      <p className="text-sm text-slate-600" id="analysis-progress-label">
        {a.status === "queued" ? "Waiting for the analysis to start…" : `Analysing turn ${Math.min(a.done + 1, a.total)} of ${a.total}…`}
      </p>
      <div
        role="progressbar"
        aria-labelledby="analysis-progress-label"
        aria-valuemin={0}
        aria-valuemax={a.total}
        aria-valuenow={a.done}
        className="h-3 w-full max-w-xl overflow-hidden rounded bg-slate-200"
        data-testid="analysis-progress"
      >
        <div className="h-full bg-indigo-600 transition-all" style={{ width: `${pct}%` }} />
      </div>
    </>
  );
}

export function TurnDetail({ ruleset, t, at, who, chosen, onPick }: { ruleset: Ruleset; t: Turn; at: number; who: string; chosen: number; onPick: (index: number) => void }) {
  return (
    <section className="space-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm" data-testid="turn-detail" aria-live="polite">
      <h2 className="font-semibold">
        Turn {at + 1}: {who}
      </h2>
      <p>
        Rack: <span className="font-mono">{t.rack.join(" ")}</span>
      </p>
      <p data-testid="made">
        Played:{" "}
        {t.made ? (
          <>
            <span className="font-mono">{playLinesText(ruleset, t.board, t.made.placements)}</span> for {t.madeScore}
          </>
        ) : t.kind === "exchange" ? (
          "an exchange (0)"
        ) : (
          "a pass (0)"
        )}
      </p>
      <p data-testid="lost" className={t.lost > 0 ? "font-semibold text-red-700" : t.best.length === 0 ? "font-semibold text-slate-700" : "font-semibold text-emerald-700"}>
        {t.lost > 0 ? `${t.lost} points lost` : t.best.length === 0 ? "No play found" : "The best play (nothing lost)"}
        {t.complete ? "" : " · unproven: the search was cut by its deadline"}
      </p>
      <h3 className="pt-2 font-medium">Best plays</h3>
      <ol className="list-decimal space-y-1 pl-5" data-testid="best-plays">
        {t.best.map((p, i) => (
          <li key={i}>
            <button
              type="button"
              aria-pressed={i === chosen}
              title="Show this play on the board"
              className={`rounded px-1 py-0.5 text-left hover:bg-sky-50 ${i === chosen ? "bg-sky-100 ring-1 ring-sky-600" : ""}`}
              onClick={() => onPick(i)}
            >
              <span className="font-mono">{playLinesText(ruleset, t.board, p.placements)}</span> — {p.score}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function AnalysisSummary({ players, names }: { players: Result["players"]; names: readonly string[] }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <h2 className="font-semibold">Summary</h2>
      <table className="mt-1 w-full text-left" data-testid="analysis-summary">
        <thead>
          <tr className="text-slate-600">
            <th className="py-1 font-medium">Player</th>
            <th className="py-1 font-medium">Turns</th>
            <th className="py-1 font-medium">Points lost</th>
            <th className="py-1 font-medium">Best-play rate</th>
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <tr key={p.seat} className="border-t border-slate-100">
              <td className="py-1">{names[p.seat]}</td>
              <td className="py-1">{p.turns}</td>
              <td className="py-1">{p.pointsLost}</td>
              <td className="py-1">{Math.round(p.bestRate * 100)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
