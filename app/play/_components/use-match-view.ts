"use client";
/**
 * The live board's data: the viewer's view (`matches.get`), kept fresh by the `matches.live`
 * subscription (SSE; neither it nor a late read ever takes the view back a version: keep-newer.ts),
 * the server's clock, and a re-read of the view once a flag should have fallen (or a move
 * limit run out), which makes the server record the timeout. Also the "?" shortcut toggle.
 */
import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "@/app/_trpc/client";
import { useServerNow } from "@/app/_components/board/use-server-now";
import { keepNewer } from "./keep-newer";

export function useMatchView(matchId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const viewOpts = trpc.matches.get.queryOptions({ matchId });
  const view = useQuery({ ...viewOpts, retry: false, structuralSharing: keepNewer });
  const live = useSubscription(
    trpc.matches.live.subscriptionOptions(
      { matchId },
      {
        onData: (v) => void queryClient.setQueryData(viewOpts.queryKey, v),
      },
    ),
  );
  const v = view.data;
  const serverNow = useServerNow(v?.serverNow, view.dataUpdatedAt);

  // A flag should have fallen (or a move limit run out): re-read the view, which records it.
  const touched = useRef<number>(-1);
  const clock = v?.game?.clock ?? null;
  const due = v?.status === "active" && clock && ((clock.flagAt !== null && serverNow > clock.flagAt + 300) || (clock.moveDeadline !== null && serverNow > clock.moveDeadline + 300));
  useEffect(() => {
    if (due && v && touched.current !== v.version) {
      touched.current = v.version;
      void view.refetch();
    }
  }, [due, v, view]);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: viewOpts.queryKey });
  return { view, v, live, serverNow, invalidate };
}

/** "?" anywhere on the page (outside a text box) shows or hides the shortcuts. */
export function useShortcutsToggle() {
  const [help, setHelp] = useState(false);
  useEffect(() => {
    function onKey(e: globalThis.KeyboardEvent) {
      if (e.key !== "?" || e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.defaultPrevented) return;
      e.preventDefault();
      setHelp((h) => !h);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return [help, setHelp] as const;
}
