"use client";
/**
 * The projector view of a duplicate game (docs/duplicate.md "The projector"): the board large, the
 * rack, the countdown by the server's clock, and after each turn its master play. Nothing to
 * press: the room reads it. Kept current by push (use-dup-view.ts).
 */
import { useParams } from "next/navigation";
import type { RulesetId } from "@/engine";
import { Board } from "@/app/_components/board/Board";
import { PREMIUM_LABELS } from "@/app/_components/board/squares";
import { useRuleset } from "@/app/_components/board/use-ruleset";
import { mmss } from "../../_components/types";
import { useDuplicateView } from "../../_components/use-dup-view";

export default function ProjectorPage() {
  const { gameId } = useParams<{ gameId: string }>();
  const { q, v, now } = useDuplicateView(gameId);
  const ruleset = useRuleset(v?.ruleset as RulesetId | undefined, v?.rulesetOptions);
  if (q.isPending) return <p>Loading…</p>;
  if (q.error && !q.data) return <p role="alert" className="text-red-700">{q.error.message}</p>;
  if (!v || !ruleset) return null;
  const last = v.history.at(-1);
  const left = v.turn ? v.turn.dueAt.getTime() - now : 0;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]" data-testid="projector">
      <Board layout={ruleset.layout} tiles={v.board} highlight={last?.master?.placements ?? []} coordinates premiumLabels={PREMIUM_LABELS[v.ruleset as RulesetId]} className="max-w-[min(100%,calc(100dvh-8rem))]" />
      <div className="space-y-6">
        <h1 className="text-3xl font-semibold">{v.name}</h1>
        {v.turn ? (
          <>
            <p className="text-4xl font-semibold">Turn {v.turn.number}</p>
            <p className="font-mono text-5xl tracking-widest" aria-label="Rack">
              {v.turn.rack.join(" ")}
            </p>
            <p className="text-6xl tabular-nums" role="timer" aria-label="Time left in this turn">
              {left > 0 ? mmss(left) : "0:00"}
            </p>
          </>
        ) : (
          <p className="text-3xl">{v.status === "finished" ? "The game is over." : "Waiting for the start."}</p>
        )}
        {last ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="projector-master">
            <p className="text-lg">Turn {last.number} master play</p>
            <p className="text-2xl font-semibold">{last.master ? `${last.master.text} — ${last.master.score} points` : "No play found"}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
