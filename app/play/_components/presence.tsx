"use client";
/**
 * Presence on the live board (docs/matches.md "A fair start" and "Disconnection"). A player who
 * opens the page checks in once (`matches.checkIn`): that is what lets a tournament game's clocks
 * start. Coming back to a game already under way, or the live connection dropping and coming
 * back, shows a reconnect notice — the clocks are the server's and kept running meanwhile.
 */
import { useEffect, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";

type LiveStatus = "idle" | "connecting" | "pending" | "error";

export function PresenceNotice({ matchId, isPlayer, status, liveStatus }: { matchId: string; isPlayer: boolean; status: string; liveStatus: LiveStatus }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const checkIn = useMutation(
    trpc.matches.checkIn.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.matches.get.queryKey({ matchId }) }) }),
  );
  const sent = useRef(false);
  const { mutate } = checkIn;
  useEffect(() => {
    if (!isPlayer || sent.current || status === "cancelled") return;
    sent.current = true;
    mutate({ matchId });
  }, [isPlayer, status, matchId, mutate]);

  // The connection: once it has been live, a drop shows "reconnecting", its return "reconnected".
  const [wasLive, setWasLive] = useState(false);
  const [dropped, setDropped] = useState(false);
  const [back, setBack] = useState(false);
  const [prev, setPrev] = useState<LiveStatus>(liveStatus);
  if (liveStatus !== prev) {
    setPrev(liveStatus);
    if (liveStatus === "pending") {
      if (dropped) setBack(true);
      setWasLive(true);
      setDropped(false);
    } else if (wasLive && (liveStatus === "connecting" || liveStatus === "error")) setDropped(true);
  }
  const [dismissed, setDismissed] = useState(false);

  const returning = checkIn.data?.returning === true && status === "active";
  const shown = (returning || back) && !dismissed;
  // The welcome-back notice goes by itself after a while (the timer's callback, not the render, sets it).
  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => setDismissed(true), 12_000);
    return () => clearTimeout(t);
  }, [shown]);
  // Floating, so it never pushes the board or the rack out of view; at the top, away from the rack
  // and the buttons, and taps pass through it (only Dismiss takes them), so it never blocks a move.
  const toast = "pointer-events-none fixed inset-x-2 top-2 z-40 mx-auto flex max-w-xl items-center justify-between gap-2 rounded border px-3 py-2 text-sm shadow-lg";
  if (dropped)
    return (
      <p role="status" className={`${toast} border-amber-300 bg-amber-50 text-amber-900`} data-testid="reconnect-notice">
        Connection lost — reconnecting… The clocks keep running on the server.
      </p>
    );
  if (shown)
    return (
      <p role="status" className={`${toast} border-sky-300 bg-sky-50 text-sky-900`} data-testid="reconnect-notice">
        <span>Welcome back: you are reconnected. The clocks kept running while you were away.</span>
        <button type="button" className="pointer-events-auto text-sky-800 underline" onClick={() => setDismissed(true)}>
          Dismiss
        </button>
      </p>
    );
  return null;
}
