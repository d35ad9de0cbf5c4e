"use client";
/**
 * A finished game's analysis (docs/analysis.md): at each turn the board before it, with
 * coordinates, the play made (amber ring) and the best play (blue; a click on another best play in
 * the list draws that one), the rack, the best plays — each as the whole line it makes — with their
 * scores and the points lost; each player's summary; a chart of points lost per turn. ←/→ (Home/End) step turns.
 * While the analysis is queued or running the page polls `analysis.get` and shows a progress bar
 * (a game's analysis is queued when it ends); never requested (a game that ended before that, or
 * whose queueing failed), it offers "Analyse this game" (signed in). Names, ruleset and options come from
 * the game's public view, as on the replay page.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { playLinesText, rulesetFor } from "@/engine";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { AnalysisBoard, LostChart } from "./analysis-view";

const btn = "flex min-h-11 min-w-11 items-center justify-center rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium disabled:opacity-40";
const primary = "rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60";

export default function AnalysisPage() {
  const { matchId } = useParams<{ matchId: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const view = useQuery({ ...trpc.matches.scorekeeper.get.queryOptions({ matchId }), retry: false });
  const me = useQuery(trpc.accounts.me.queryOptions());
  const analysisOpts = trpc.analysis.get.queryOptions({ matchId });
  const analysis = useQuery({
    ...analysisOpts,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === "queued" || q.state.data?.status === "running" ? 1000 : false),
  });
  const request = useMutation(trpc.analysis.request.mutationOptions({ onSuccess: (a) => queryClient.setQueryData(analysisOpts.queryKey, a) }));
  const [at, setAt] = useState(0);
  // the best play drawn on the board: the first unless one was clicked on this turn
  const [picked, setPicked] = useState<{ turn: number; index: number } | null>(null);

  const v = view.data?.view;
  const rulesetId = v?.ruleset;
  const storedOptions = v?.rulesetOptions;
  const ruleset = useMemo(() => (rulesetId ? rulesetFor(rulesetId, storedOptions) : null), [rulesetId, storedOptions]);
  const result = analysis.data?.result ?? null;
  const turns = result?.turns ?? [];
  const last = Math.max(0, turns.length - 1);
  const go = (k: number) => setAt(Math.max(0, Math.min(last, k)));

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === "ArrowLeft") go(at - 1);
      else if (e.key === "ArrowRight") go(at + 1);
      else if (e.key === "Home") go(0);
      else if (e.key === "End") go(last);
      else return;
      e.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  if (view.isPending || analysis.isPending) return <p>Loading…</p>;
  if (view.error || !v) return <FormError message={view.error?.message ?? "This game could not be loaded."} />;
  const names = v.players.map((p) => p.name);
  const header = (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-xl font-semibold">Analysis: {names.join(" vs ")}</h1>
      <Link className="text-sm text-indigo-700 underline" href={`/matches/${matchId}`}>
        Back to the replay
      </Link>
    </div>
  );
  if (analysis.error) return <div className="space-y-4">{header}<FormError message={analysis.error.message} /></div>;
  const a = analysis.data!;

  if (a.status === "none" || a.status === "failed") {
    return (
      <div className="space-y-4" data-testid="analysis-page">
        {header}
        {a.status === "failed" ? <FormError message={`The last analysis failed (${a.error ?? "unknown error"}); you can run it again.`} /> : null}
        <p className="text-sm text-slate-600">
          The engine finds the best plays each player had at every turn ({a.total} turns) and what each move left on the table.
        </p>
        {me.data ? (
          <button type="button" className={primary} disabled={request.isPending} onClick={() => request.mutate({ matchId })}>
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
        <FormError message={request.error ? (formErrors(request.error).message ?? "The analysis could not be started.") : null} />
      </div>
    );
  }

  if (a.status !== "done" || !result || !ruleset) {
    const pct = a.total ? Math.round((100 * a.done) / a.total) : 0;
    return (
      <div className="space-y-4" data-testid="analysis-page">
        {header}
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
      </div>
    );
  }

  const t = turns[Math.min(at, last)];
  if (!t) return <div className="space-y-4">{header}<p>This game has no turns to analyse.</p></div>;
  const who = names[t.seat] ?? "Player";
  const made = t.made?.placements ?? [];
  const chosen = picked?.turn === at ? picked.index : 0;
  const best = t.best[chosen] ?? t.best[0];

  return (
    <div className="space-y-4" data-testid="analysis-page">
      {header}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,620px)_1fr]">
        <div className="space-y-2">
          <AnalysisBoard layout={ruleset.layout} board={t.board} made={made} best={best?.placements ?? []} />
          <p className="flex flex-wrap gap-3 text-xs text-slate-600">
            <span className="flex items-center gap-1">
              <span aria-hidden className="inline-block h-3 w-3 rounded-sm bg-amber-100 ring-2 ring-inset ring-amber-500" /> play made
            </span>
            <span className="flex items-center gap-1">
              <span aria-hidden className="inline-block h-3 w-3 rounded-sm bg-sky-300 ring-2 ring-inset ring-sky-700" /> best play
            </span>
          </p>
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Turns">
            <button type="button" className={btn} onClick={() => go(at - 1)} disabled={at === 0} aria-label="Previous turn">
              ←
            </button>
            <button type="button" className={btn} onClick={() => go(at + 1)} disabled={at >= last} aria-label="Next turn">
              →
            </button>
            <span className="text-sm text-slate-600" data-testid="analysis-pos">
              Turn {at + 1} / {turns.length}
            </span>
          </div>
        </div>

        <div className="space-y-4">
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
              ) : (
                t.kind === "exchange" ? "an exchange (0)" : "a pass (0)"
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
                    onClick={() => setPicked({ turn: at, index: i })}
                  >
                    <span className="font-mono">{playLinesText(ruleset, t.board, p.placements)}</span> — {p.score}
                  </button>
                </li>
              ))}
            </ol>
          </section>

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
                {result.players.map((p) => (
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

          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-sm font-semibold">Points lost per turn</h2>
            <LostChart lost={turns.map((x) => x.lost)} seats={turns.map((x) => x.seat)} names={names} at={at} onSelect={go} />
          </section>
        </div>
      </div>
    </div>
  );
}
