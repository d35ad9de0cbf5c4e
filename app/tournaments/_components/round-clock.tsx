"use client";
/**
 * The round clock: a countdown from the round's `startedAt` + `durationMs` (server time), and the
 * director's form that starts or restarts it. The browser's own clock may be wrong, so the
 * countdown runs on the server's time: the offset between `serverNow` (read with the view) and
 * the browser's clock at that moment is added to every tick. The live bus (`tournaments.live`)
 * refreshes the view when the director starts or restarts the round.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { formatClock, ROUND_MINUTES, roundTimeLeft } from "@/server/domain";
import { buttonClass } from "@/app/clubs/_components/ui";
import { FormError } from "@/app/_components/form";

type ClockRound = { number: number; status: string; startedAt: Date | null; durationMs: number | null };

/** The latest round whose clock runs (published, started), or null. */
export function clockedRound<R extends ClockRound>(rounds: readonly R[]): (R & { startedAt: Date; durationMs: number }) | null {
  const r = [...rounds].reverse().find((x) => x.status === "published" && x.startedAt && x.durationMs);
  return r ? (r as R & { startedAt: Date; durationMs: number }) : null;
}

/** The server's time, ticking every second (null until the first tick after mount). */
export function useServerNow(serverNow: Date): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const offset = serverNow.getTime() - Date.now();
    const tick = () => setNow(Date.now() + offset);
    const first = setTimeout(tick, 0);
    const every = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [serverNow]);
  return now;
}

export function RoundClock({ round, serverNow, className = "" }: { round: { number: number; startedAt: Date; durationMs: number }; serverNow: Date; className?: string }) {
  const now = useServerNow(serverNow);
  if (now === null) return null;
  const left = roundTimeLeft(round, now);
  const over = left <= 0;
  return (
    <p
      className={`rounded border px-3 py-2 text-lg font-semibold tabular-nums ${over ? "border-red-300 bg-red-50 text-red-800" : left < 5 * 60_000 ? "border-amber-300 bg-amber-50 text-amber-900" : "border-slate-200 bg-white text-slate-900"} ${className}`}
      data-testid="round-clock"
      role="timer"
      aria-label={`Round ${round.number} clock`}
    >
      Round {round.number}: {over ? `time is up (${formatClock(left)} over)` : `${formatClock(left)} left`}
    </p>
  );
}

/** The director's start (or restart) of a published round's clock. */
export function StartRoundForm({ tournamentId, round, defaultMinutes, onStarted }: { tournamentId: string; round: ClockRound; defaultMinutes: number; onStarted: () => unknown }) {
  const trpc = useTRPC();
  const start = useMutation(trpc.tournaments.rounds.start.mutationOptions({ onSuccess: () => onStarted() }));
  const [minutes, setMinutes] = useState(String(round.durationMs ? Math.round(round.durationMs / 60_000) : defaultMinutes));
  const [startGames, setStartGames] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const n = Number(minutes);
    if (minutes.trim() === "" || !Number.isInteger(n) || n < ROUND_MINUTES.min || n > ROUND_MINUTES.max)
      return setProblem(`Enter the round's length as whole minutes from ${ROUND_MINUTES.min} to ${ROUND_MINUTES.max}.`);
    setProblem(null);
    start.mutate({ tournamentId, roundNumber: round.number, minutes: n, startGames });
  }
  const id = `round-minutes-${round.number}`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" data-testid="start-round">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">Round length (minutes)</label>
        <input id={id} type="number" inputMode="numeric" min={ROUND_MINUTES.min} max={ROUND_MINUTES.max} value={minutes} onChange={(e) => setMinutes(e.target.value)} className="w-24 rounded border border-slate-300 px-2 py-2" />
      </div>
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input type="checkbox" checked={startGames} onChange={(e) => setStartGames(e.target.checked)} /> Start the waiting online games&apos; clocks too
      </label>
      <button type="submit" className={buttonClass} disabled={start.isPending}>
        {round.startedAt ? `Restart round ${round.number} clock` : `Start round ${round.number}`}
      </button>
      {start.data && start.data.startedGames > 0 ? <span className="pb-2 text-sm text-emerald-800" role="status">{start.data.startedGames} online game{start.data.startedGames === 1 ? "" : "s"} started.</span> : null}
      <div className="basis-full">
        <FormError message={problem ?? errorSentence(start.error)} />
      </div>
    </form>
  );
}
