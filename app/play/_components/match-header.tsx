"use client";
/** The live board's heading: the game and its players, then its facts (rated, challenge rule, time
 * control, bot level, tournament round and table with the round's clock) and, for a rated game
 * still to be decided, each player's expected score. */
import Link from "next/link";
import { clock as C, LEVEL_SPECS, RULESET_DATA } from "@/engine";
import { formatClock } from "@/app/_components/board/Scoresheet";
import { ExpectedScoreLine } from "@/app/ratings/_components/expected-score";
import { GameRoundClock } from "@/app/tournaments/_components/game-round-clock";
import type { MatchView } from "./match-view";

export function MatchHeader({ v }: { v: MatchView }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
      <h1 className="text-lg font-semibold sm:text-2xl">
        {RULESET_DATA[v.ruleset].name} · {v.players.map((p) => p.name).join(" vs ")}
      </h1>
      <p className="text-xs text-slate-600 sm:text-sm" data-testid="game-facts">
        {v.rated ? "Rated" : "Casual"} · challenge rule: {v.challengeRule}
        {v.timeControl && C.isCorrespondence(v.timeControl)
          ? ` · correspondence: ${C.describeTimeLeft(v.timeControl.moveAllowanceMs ?? 0)} per move + ${C.describeTimeLeft(v.timeControl.initialMs)} bank`
          : v.timeControl ? ` · ${formatClock(v.timeControl.initialMs)} per player${v.timeControl.incrementMs ? ` + ${v.timeControl.incrementMs / 1000} s` : ""}` : " · untimed"}
        {v.botLevel ? <span data-testid="bot-level">{` · bot level: ${LEVEL_SPECS[v.botLevel].label}`}</span> : null}
        {v.tournamentId ? (
          <>
            {" · "}
            <Link className="text-indigo-700 underline" href={`/tournaments/${v.tournamentId}`}>
              tournament
            </Link>
            {v.board ? <span data-testid="round-table">{` · round ${v.board.round}, table ${v.board.table}`}</span> : null}
            {/* the separator comes with the clock: before the round starts it shows nothing */}
            {v.board && v.status !== "finished" ? <GameRoundClock tournamentId={v.tournamentId} roundNumber={v.board.round} lead=" · " /> : null}
          </>
        ) : null}
      </p>
      {v.rated && v.status !== "finished" ? <ExpectedScoreLine ruleset={v.ruleset} userIds={v.players.map((p) => p.userId)} /> : null}
    </div>
  );
}
