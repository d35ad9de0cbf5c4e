"use client";
/**
 * Keeps a tournament page current: subscribes to `tournaments.live` and, on every change notice,
 * invalidates the tournament queries so each page re-reads its own view (messages carry no data).
 * The first message of a connection is skipped on the first connect (the page has just loaded its
 * data) but not after a reconnect, when notices may have been missed.
 */
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "@/app/_trpc/client";

/** Slow safety net for the pages' queries in case the live connection is down. */
export const TOURNAMENT_FALLBACK_REFETCH_MS = 60_000;

export function useTournamentLive(tournamentId: string | undefined): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // State, not a ref: tRPC reads the latest options on every message, so the next one sees it.
  const [connected, setConnected] = useState(false);
  useSubscription(
    trpc.tournaments.live.subscriptionOptions(
      { tournamentId: tournamentId ?? "" },
      {
        enabled: !!tournamentId,
        onData: (msg) => {
          if (msg.version === 0 && !connected) {
            setConnected(true);
            return;
          }
          void queryClient.invalidateQueries({ queryKey: trpc.tournaments.pathKey() });
        },
      },
    ),
  );
}
