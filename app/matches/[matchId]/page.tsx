"use client";
/**
 * A game's page with replay: the board at any point of the game, the scoresheet as the move list
 * (click a line to go there), first / previous / next / last buttons and the arrow keys (Home and
 * End too), and downloads of the record (engine notation, event JSON). Spectator-safe: it reads
 * the public (spectator) view (`matches.scorekeeper.get`, which also says whether the game is
 * played over the board) and replays its scoresheet (app/matches/_components/replay.ts);
 * a game in play follows the live feed and stays on the latest move unless you step back.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { rulesetFor } from "@/engine";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { Board } from "@/app/_components/board/Board";
import { Scoresheet } from "@/app/_components/board/Scoresheet";
import { boardsOf } from "../_components/replay";
import { AnalysisLink } from "./analysis/analysis-link";

const btn = "flex min-h-11 min-w-11 items-center justify-center rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium disabled:opacity-40";

/** Replay controls drawn as SVG: the ⏮ ⏭ characters have no glyph in common fonts and showed as empty boxes. */
function StepIcon({ kind }: { kind: "first" | "previous" | "next" | "last" }) {
  const back = kind === "first" || kind === "previous";
  const bar = kind === "first" || kind === "last";
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className={back ? "-scale-x-100" : ""} fill="currentColor">
      <path d={bar ? "M2 2.5v11l8-5.5z" : "M4 2.5v11l9-5.5z"} />
      {bar ? <rect x="11" y="2.5" width="2.5" height="11" /> : null}
    </svg>
  );
}

export default function GamePage() {
  const { matchId } = useParams<{ matchId: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const opts = trpc.matches.scorekeeper.get.queryOptions({ matchId });
  const view = useQuery({ ...opts, retry: false });
  const me = useQuery(trpc.accounts.me.queryOptions());
  useSubscription(trpc.matches.live.subscriptionOptions({ matchId }, { onData: () => void queryClient.invalidateQueries({ queryKey: opts.queryKey }) }));
  const v = view.data?.view;
  const otb = view.data?.mode === "otb";
  const sheet = useMemo(() => v?.game?.sheet ?? [], [v]);
  const boards = useMemo(() => boardsOf(sheet), [sheet]);
  const last = Math.max(0, sheet.length - 1);
  // null: follow the latest line
  const [pos, setPos] = useState<number | null>(null);
  const at = pos === null ? last : Math.min(pos, last);
  const go = (k: number) => setPos(Math.max(0, Math.min(last, k)) === last ? null : Math.max(0, k));
  const [download, setDownload] = useState<{ error: string | null }>({ error: null });

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

  const rulesetId = v?.ruleset;
  const storedOptions = v?.rulesetOptions;
  const ruleset = useMemo(() => (rulesetId ? rulesetFor(rulesetId, storedOptions) : null), [rulesetId, storedOptions]);

  async function save(format: "text" | "json") {
    try {
      const r = await queryClient.fetchQuery(trpc.matches.record.queryOptions({ matchId, format }));
      const blob = new Blob([r.text], { type: format === "json" ? "application/json" : "text/plain" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `equalis-${matchId.slice(0, 8)}.${format === "json" ? "json" : "txt"}`;
      a.click();
      URL.revokeObjectURL(a.href);
      setDownload({ error: null });
    } catch (e) {
      setDownload({ error: e instanceof Error ? e.message : "The record could not be read." });
    }
  }

  if (view.isPending) return <p>Loading…</p>;
  if (view.error || !v) return <FormError message={view.error?.message ?? "This game could not be loaded."} />;
  const names = v.players.map((p) => p.name);
  const row = sheet[at];
  const totals = row?.totals ?? v.players.map(() => 0);
  const board = boards[at] ?? [];
  const highlight = row?.type === "play" ? (row.placements ?? []) : [];

  return (
    <div className="space-y-4" data-testid="game-page">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">{names.join(" vs ")}</h1>
        <span className="flex flex-wrap gap-3 text-sm">
          {v.status === "finished" ? <AnalysisLink matchId={matchId} /> : null}
          {v.status === "active" ? (
            <Link className="text-indigo-700 underline" href={otb ? `/scorekeeper/${matchId}` : `/play/${matchId}`}>
              {otb ? "Scorekeeper station" : "Live board"}
            </Link>
          ) : null}
          {/* Offered only when the server gives it: a finished game to anyone, a game in play to its players. */}
          {v.status === "finished" || (v.status === "active" && v.players.some((p) => p.userId === me.data?.id)) ? (
            <>
              <button type="button" className="text-indigo-700 underline" onClick={() => void save("text")} data-testid="download-text">
                Download record
              </button>
              <button type="button" className="text-indigo-700 underline" onClick={() => void save("json")} data-testid="download-json">
                Download JSON
              </button>
            </>
          ) : null}
        </span>
      </div>
      <FormError message={download.error} />
      <p className="text-sm text-slate-600">
        {v.status === "finished" ? `Finished: ${v.players.map((p) => `${p.name} ${p.score}`).join(" – ")}` : v.status === "active" ? "In play" : "Not started"}
        {v.result?.adjusted ? " (result adjusted by the director)" : ""}
      </p>
      {v.imported ? (
        <p className="text-sm text-slate-600" data-testid="imported-note">
          Imported from a game record, not played on Equalis: the moves were checked by the rules engine; the players are names, not accounts; never rated.
        </p>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,620px)_1fr]">
        <div className="space-y-2">
          {ruleset ? <Board layout={ruleset.layout} tiles={board} highlight={highlight} /> : null}
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Replay">
            <button type="button" className={btn} onClick={() => go(0)} disabled={at === 0} aria-label="First">
              <StepIcon kind="first" />
            </button>
            <button type="button" className={btn} onClick={() => go(at - 1)} disabled={at === 0} aria-label="Previous">
              <StepIcon kind="previous" />
            </button>
            <button type="button" className={btn} onClick={() => go(at + 1)} disabled={at >= last} aria-label="Next">
              <StepIcon kind="next" />
            </button>
            <button type="button" className={btn} onClick={() => go(last)} disabled={at >= last} aria-label="Last">
              <StepIcon kind="last" />
            </button>
            <span className="text-sm text-slate-600" data-testid="replay-pos">
              {at + 1} / {sheet.length}
            </span>
          </div>
          <p className="text-sm" data-testid="replay-scores">
            {names.map((n, i) => `${n} ${totals[i] ?? 0}`).join(" – ")}
            {row ? ` · ${row.seat === null ? "" : `${names[row.seat]}: `}${row.text}` : ""}
          </p>
        </div>
        <Scoresheet rows={sheet} names={names} selected={at} onSelect={go} testId="move-list" rowTestId="move-row" maxHeight="max-h-[32rem]" />
      </div>
    </div>
  );
}
