"use client";
/**
 * The round clock on a player's game screen (the play page of a tournament game, the scorekeeper's
 * station): one line, "round 3: 12:40 left", amber in the last five minutes and red once time is
 * up. It reads only that round's clock (`tournaments.roundClock`) and re-reads it on the
 * tournament's live notices, so a director's start or restart shows at once. Nothing shows until
 * the director starts the round, nor after the round is closed.
 */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formatClock, roundTimeLeft } from "@/server/domain";
import { TOURNAMENT_FALLBACK_REFETCH_MS, useTournamentLive } from "./use-tournament-live";
import { useServerNow } from "./round-clock";

function Countdown({ round, serverNow, lead }: { round: { number: number; startedAt: Date; durationMs: number }; serverNow: Date; lead: string }) {
  const now = useServerNow(serverNow);
  if (now === null) return null;
  const left = roundTimeLeft(round, now);
  const tone = left <= 0 ? "bg-red-100 text-red-800" : left < 5 * 60_000 ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800";
  return (
    <>
      {lead}
      <span className={`whitespace-nowrap rounded px-1.5 py-0.5 font-semibold tabular-nums ${tone}`} data-testid="game-round-clock" role="timer" aria-label={`Round ${round.number} clock`}>
        round {round.number}: {left <= 0 ? `time is up (${formatClock(left)} over)` : `${formatClock(left)} left`}
      </span>
    </>
  );
}

/** `lead`: text shown before the clock only when the clock shows (a separator such as " · "). */
export function GameRoundClock({ tournamentId, roundNumber, lead = "" }: { tournamentId: string; roundNumber: number; lead?: string }) {
  const trpc = useTRPC();
  useTournamentLive(tournamentId);
  const q = useQuery({ ...trpc.tournaments.roundClock.queryOptions({ tournamentId, roundNumber }), refetchInterval: TOURNAMENT_FALLBACK_REFETCH_MS });
  const r = q.data?.round;
  if (!r || r.status !== "published" || !r.startedAt || !r.durationMs) return null;
  return <Countdown round={{ number: r.number, startedAt: r.startedAt, durationMs: r.durationMs }} serverNow={q.data!.serverNow} lead={lead} />;
}
