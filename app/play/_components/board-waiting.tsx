"use client";
/**
 * The waiting room of a tournament board (a fair start, docs/matches.md): who has come, the
 * no-show countdown when the director set one, and for a director a "Start clocks now" button
 * (presence.ts `startNow`). When the deadline passes, the page re-reads the view, which makes the
 * server record the no-show.
 */
import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { formatClock } from "@/app/_components/board/Scoresheet";
import type { MatchView } from "./match-view";

export function BoardWaiting({ v, serverNow }: { v: MatchView; serverNow: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const viewKey = trpc.matches.get.queryKey({ matchId: v.id });
  const start = useMutation(trpc.matches.startNow.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: viewKey }) }));
  const role = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: v.tournamentId ?? "" }), enabled: !!v.tournamentId && !!me.data && v.viewerSeat === null });
  const deadline = v.waiting?.deadline ?? null;
  const left = deadline === null ? null : deadline - serverNow;

  // Past the deadline: re-read once, so the server decides the no-show.
  const asked = useRef(false);
  useEffect(() => {
    if (left !== null && left < -300 && !asked.current) {
      asked.current = true;
      void queryClient.invalidateQueries({ queryKey: viewKey });
    }
  }, [left, queryClient, viewKey]);

  const absent = v.players.filter((p) => !p.joined);
  const isDirector = role.data?.viewerRole === "director";
  return (
    <div data-testid="board-waiting">
      <p className="mb-2">
        {v.board ? `Round ${v.board.round}, table ${v.board.table}. ` : ""}
        The clocks start when both players are here.
      </p>
      <ul className="mb-3 space-y-0.5 text-sm">
        {v.players.map((p) => (
          <li key={p.userId} data-testid={`presence-${p.seat}`}>
            <span className="font-medium">{p.name}</span> {p.joined ? "— here" : "— not here yet"}
            {p.seat === v.viewerSeat ? " (you)" : ""}
          </li>
        ))}
      </ul>
      {left !== null && absent.length ? (
        <p className="mb-3 text-sm text-amber-800" data-testid="no-show-countdown">
          {left > 0
            ? `If ${absent.map((p) => p.name).join(" and ")} ${absent.length === 1 ? "has" : "have"} not come in ${formatClock(left)}, the game is forfeited (the director's no-show rule).`
            : "The no-show time has passed: recording the forfeit…"}
        </p>
      ) : null}
      {isDirector ? (
        <button type="button" className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50" disabled={start.isPending} onClick={() => start.mutate({ matchId: v.id })}>
          Start clocks now
        </button>
      ) : null}
      <FormError message={start.error?.message} />
    </div>
  );
}
