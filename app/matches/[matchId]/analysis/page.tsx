"use client";
/**
 * A finished game's analysis (docs/analysis.md): at each turn the board before it, with
 * coordinates, the play made (amber ring) and the best play (blue; a click on another best play in
 * the list draws that one), the rack, the best plays — each as the whole line it makes — with their
 * scores and the points lost; each player's summary; a chart of points lost per turn. ←/→ (Home/End) step turns.
 * While the analysis is queued or running the page polls `analysis.get` and shows a progress bar
 * (a game's analysis is queued when it ends); never requested (a game that ended before that, or
 * whose queueing failed), it offers "Analyse this game" (signed in). Names, ruleset and options come from
 * the game's public view, as on the replay page. The pieces: analysis-view.tsx, analysis-parts.tsx.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formErrors } from "@/app/_trpc/errors";
import { FormError } from "@/app/_components/form";
import { useRuleset } from "@/app/_components/board/use-ruleset";
import { AnalysisBoard, LostChart } from "./analysis-view";
import { AnalysisOffer, AnalysisProgress, AnalysisSummary, TurnDetail } from "./analysis-parts";

const btn = "flex min-h-11 min-w-11 items-center justify-center rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium disabled:opacity-40";

/** The game's view, its analysis (polled while queued or running) and the request to run one. */
function useAnalysis(matchId: string) {
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
  return { view, me, analysis, request };
}

/** ←/→ step turns, Home/End jump to the first and the last (outside a text box). */
function useTurnKeys(at: number, last: number, go: (k: number) => void) {
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
}

export default function AnalysisPage() {
  const { matchId } = useParams<{ matchId: string }>();
  const { view, me, analysis, request } = useAnalysis(matchId);
  const [at, setAt] = useState(0);
  // the best play drawn on the board: the first unless one was clicked on this turn
  const [picked, setPicked] = useState<{ turn: number; index: number } | null>(null);

  const v = view.data?.view;
  const ruleset = useRuleset(v?.ruleset, v?.rulesetOptions);
  const result = analysis.data?.result ?? null;
  const turns = result?.turns ?? [];
  const last = Math.max(0, turns.length - 1);
  const go = (k: number) => setAt(Math.max(0, Math.min(last, k)));
  useTurnKeys(at, last, go);

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
    const error = request.error ? (formErrors(request.error).message ?? "The analysis could not be started.") : null;
    return (
      <div className="space-y-4" data-testid="analysis-page">
        {header}
        <AnalysisOffer a={a} matchId={matchId} signedIn={!!me.data} pending={request.isPending} error={error} onRequest={() => request.mutate({ matchId })} />
      </div>
    );
  }

  if (a.status !== "done" || !result || !ruleset) {
    return (
      <div className="space-y-4" data-testid="analysis-page">
        {header}
        <AnalysisProgress a={a} />
      </div>
    );
  }

  const t = turns[Math.min(at, last)];
  if (!t) return <div className="space-y-4">{header}<p>This game has no turns to analyse.</p></div>;
  const chosen = picked?.turn === at ? picked.index : 0;
  const best = t.best[chosen] ?? t.best[0];

  return (
    <div className="space-y-4" data-testid="analysis-page">
      {header}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,620px)_1fr]">
        <div className="space-y-2">
          <AnalysisBoard layout={ruleset.layout} board={t.board} made={t.made?.placements ?? []} best={best?.placements ?? []} />
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
          <TurnDetail ruleset={ruleset} t={t} at={at} who={names[t.seat] ?? "Player"} chosen={chosen} onPick={(index) => setPicked({ turn: at, index })} />
          <AnalysisSummary players={result.players} names={names} />
          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-sm font-semibold">Points lost per turn</h2>
            <LostChart lost={turns.map((x) => x.lost)} seats={turns.map((x) => x.seat)} names={names} at={at} onSelect={go} />
          </section>
        </div>
      </div>
    </div>
  );
}
