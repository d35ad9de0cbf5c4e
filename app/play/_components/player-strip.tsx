"use client";
/**
 * The players' strip above the board: names, who is on move, tiles left, scores and both clocks;
 * once the game is over, the result's score (a director's result or an adjustment replaces the
 * score the game reached) with Won / Lost / Tie.
 */
import { formatClock } from "@/app/_components/board/Scoresheet";
import { clock as C } from "@/engine";
import type { MatchView } from "./match-view";

export function PlayerStrip({ v, game, serverNow, mySeat }: { v: MatchView; game: NonNullable<MatchView["game"]>; serverNow: number; mySeat: number | null }) {
  return (
    <section aria-label="Players and clocks" data-testid="clocks">
      <ul className="grid grid-cols-2 gap-1.5">
        {v.players.map((p) => {
          const running = game.clock?.running === p.seat && v.status === "active" && !game.paused;
          // correspondence: the bank as of the last read, in days (a turn spends its own allowance
          // first, so the bank does not tick down second by second; the turn line says what is left)
          const corr = C.isCorrespondence(v.timeControl);
          const ms = p.remainingMs === null ? null : running && !corr ? p.remainingMs - Math.max(0, serverNow - v.serverNow) : p.remainingMs;
          const onMove = game.phase === "playing" && game.turn === p.seat && v.status === "active";
          // Over: the final score is the result's (a director's result or an adjustment
          // replaces the score the game reached), with who won.
          const final = v.status === "finished" && v.result ? (v.result.scores[p.userId] ?? p.score) : null;
          const verdict = v.result ? (p.winner ? (v.result.winners.length > 1 ? "Tie" : "Won") : "Lost") : null;
          return (
            <li
              key={p.userId}
              className={`flex items-center justify-between gap-2 rounded-lg border px-2 py-1 ${onMove ? "border-indigo-500 bg-indigo-50" : "border-slate-200 bg-white"}`}
              data-testid={`player-${p.seat}`}
              aria-current={onMove ? "true" : undefined}
            >
              <span className="min-w-0 truncate text-sm">
                {onMove ? <span aria-label="to move">▶ </span> : null}
                <span className="font-medium">{p.name}</span>
                {p.seat === mySeat ? " (you)" : ""} <span className="text-xs text-slate-600">{p.rackCount} tiles</span>
              </span>
              <span className="flex shrink-0 items-center gap-2">
                {final !== null && verdict ? (
                  <span className={`rounded px-1 text-xs font-semibold ${p.winner ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700"}`} data-testid={`outcome-${p.seat}`}>
                    {verdict}
                  </span>
                ) : null}
                <span className="text-lg font-semibold tabular-nums" data-testid={`score-${p.seat}`}>
                  {final ?? p.score}
                </span>
                {ms !== null ? (
                  <span className={`rounded px-1 font-mono tabular-nums ${ms < 0 ? "bg-red-100 text-red-700" : running ? "bg-slate-900 text-white" : "bg-slate-100"}`} data-testid={`clock-${p.seat}`}>
                    {corr ? (ms > 0 ? `bank ${C.describeTimeLeft(ms)}` : "bank spent") : formatClock(ms)}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
