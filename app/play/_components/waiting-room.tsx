"use client";
/**
 * A casual challenge or a tournament board before its game starts: who has accepted (or the
 * board's fair-start countdown, board-waiting.tsx), the link that fills an open seat, and accept,
 * decline or withdraw; or the note that the challenge was withdrawn.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { BoardWaiting } from "./board-waiting";
import type { MatchView } from "./match-view";

const btn = "rounded px-3 py-1.5 text-sm font-medium disabled:opacity-50";
const primary = `${btn} bg-indigo-600 text-white hover:bg-indigo-700`;
const secondary = `${btn} border border-slate-300 bg-white hover:bg-slate-50`;

export function WaitingRoom({ matchId, v, serverNow, mySeat }: { matchId: string; v: MatchView; serverNow: number; mySeat: number | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = { onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.matches.get.queryKey({ matchId }) }) };
  const accept = useMutation(trpc.matches.accept.mutationOptions(refresh));
  const cancel = useMutation(trpc.matches.cancel.mutationOptions(refresh));
  const isPlayer = mySeat !== null;
  const myAccept = v.status === "open" && isPlayer && !v.players[mySeat]!.accepted;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="waiting-room">
      {v.status === "cancelled" ? (
        <p>This challenge was withdrawn.</p>
      ) : (
        <>
          {v.pairingId ? (
            <BoardWaiting v={v} serverNow={serverNow} />
          ) : (
            <>
              <p className="mb-2">Waiting for every player to accept ({v.players.length} of {v.seats} seats taken).</p>
              <ul className="mb-3 list-disc pl-5 text-sm">
                {v.players.map((p) => (
                  <li key={p.userId}>
                    {p.name} {p.accepted ? "— ready" : "— invited"}
                  </li>
                ))}
              </ul>
            </>
          )}
          {v.joinCode ? (
            <p className="mb-3 text-sm">
              Share this link to fill the open seat:{" "}
              <code className="rounded bg-slate-100 px-1" data-testid="join-link">
                {typeof window !== "undefined" ? `${window.location.origin}/play/join/${v.joinCode}` : `/play/join/${v.joinCode}`}
              </code>
            </p>
          ) : null}
          <div className="flex gap-2">
            {myAccept ? (
              <button className={primary} onClick={() => accept.mutate({ matchId })} disabled={accept.isPending}>
                Accept challenge
              </button>
            ) : null}
            {isPlayer && !v.pairingId ? (
              <button className={secondary} onClick={() => cancel.mutate({ matchId })} disabled={cancel.isPending}>
                {myAccept ? "Decline" : "Withdraw challenge"}
              </button>
            ) : null}
          </div>
          <FormError message={accept.error?.message ?? cancel.error?.message} />
        </>
      )}
    </section>
  );
}
