"use client";
/**
 * A board's state on the director's dashboard during a round: not started, waiting for players,
 * playing (live score and clocks from `matches.liveNow`), or finished — and whether the result
 * came from online play or was entered by a director. From here the director starts the board's
 * game (`matches.createFromPairing`) or, when it waits for a player, its clocks (`matches.startNow`,
 * the fair start's director override).
 */
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { errorSentence } from "@/app/_trpc/errors";
import { formatClock } from "@/server/domain";

export type LiveBoard = { id: string; running: number | null; players: { userId: string; name: string; seat: number; score: number; remainingMs: number | null }[] };
export type BoardGame = { matchId: string; status: string };

export function BoardState({ pairingId, hasResult, resultSource, game, live, onChanged }: { pairingId: string; hasResult: boolean; resultSource: string | null; game: BoardGame | undefined; live: LiveBoard | undefined; onChanged: () => unknown }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.matches.createFromPairing.mutationOptions({ onSuccess: () => onChanged() }));
  const startClocks = useMutation(trpc.matches.startNow.mutationOptions({ onSuccess: () => onChanged() }));
  const error = errorSentence(create.error ?? startClocks.error);
  const link = game ? (
    <Link href={`/play/${game.matchId}`} className="ml-2 text-indigo-700 underline">
      {game.status === "finished" ? "review" : "watch"}
    </Link>
  ) : null;
  let state;
  if (hasResult) state = <span className="text-emerald-800">finished · {resultSource === "match" ? "result from online play" : "result entered by a director"}</span>;
  else if (game?.status === "active")
    state = (
      <span className="text-indigo-800">
        playing
        {live
          ? ` · ${[...live.players]
              .sort((a, b) => a.seat - b.seat)
              .map((p) => `${p.name} ${p.score}${p.remainingMs !== null ? ` (${formatClock(p.remainingMs)}${live.running === p.seat ? " ▸" : ""})` : ""}`)
              .join(" – ")}`
          : ""}
      </span>
    );
  else if (game?.status === "open")
    state = (
      <span className="text-amber-800">
        waiting for players{" "}
        <button type="button" className="ml-1 text-indigo-700 underline" disabled={startClocks.isPending} onClick={() => startClocks.mutate({ matchId: game.matchId })}>
          start clocks
        </button>
      </span>
    );
  else if (game) state = <span className="text-slate-600">game {game.status}</span>;
  else
    state = (
      <span className="text-slate-600">
        not started{" "}
        <button type="button" className="ml-1 text-indigo-700 underline" disabled={create.isPending} onClick={() => create.mutate({ pairingId })}>
          start online game
        </button>
      </span>
    );
  return (
    <span className="text-xs" data-testid="board-state">
      {state}
      {link}
      {error ? <span role="alert" className="ml-2 text-red-700">{error}</span> : null}
    </span>
  );
}
