"use client";
/**
 * A duplicate game's view kept current by push (docs/duplicate.md "Live pages"): the
 * `duplicate.live` subscription sends the game's version on every visible change and the page
 * re-reads its own view (`duplicate.get`, and any page of the table or players it shows) when the version is newer than the one it shows (or 0:
 * the bus lost notices). The countdown runs locally from the server's deadline. Two safety nets:
 * a slow poll for a lost stream, and re-reads every few seconds from just past the deadline until
 * the page shows the turn closed (a server whose queue is not worked closes the turn on such a read).
 */
import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useTRPC } from "@/app/_trpc/client";
import { useServerNow } from "@/app/_components/board/use-server-now";

/** The poll behind the stream: a stream lost without an error still catches up this often. */
export const DUP_FALLBACK_POLL_MS = 20_000;
/** The director's page polls faster: submissions are not announced, and the slip desk lists who has not submitted. */
export const DUP_DIRECTOR_POLL_MS = 5_000;
/** How long past the deadline a page waits for the close's notice before it reads by itself. */
const CLOSE_GRACE_MS = 3_000;

export function useDuplicateView(gameId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const opts = trpc.duplicate.get.queryOptions({ gameId });
  // the view and any page of it the screen shows (the table, the players; a closed turn's plays do not change)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: opts.queryKey }),
      queryClient.invalidateQueries({ queryKey: trpc.duplicate.table.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.duplicate.players.pathKey() }),
    ]);
  const q = useQuery({
    ...opts,
    retry: false,
    refetchInterval: (query) => (query.state.data?.isDirector && query.state.data.status === "playing" ? DUP_DIRECTOR_POLL_MS : DUP_FALLBACK_POLL_MS),
  });
  useSubscription(
    trpc.duplicate.live.subscriptionOptions(
      { gameId },
      {
        onData: ({ version }) => {
          const shown = queryClient.getQueryData(opts.queryKey)?.version;
          if (version === 0 || shown === undefined || version > shown) void refresh();
        },
      },
    ),
  );
  const v = q.data;
  const now = useServerNow(v?.serverNow.getTime(), q.dataUpdatedAt);
  // no notice of the close a while after the deadline: read now, and again every few seconds
  // until the page shows the turn closed (a read that failed — a dropped connection — or a notice
  // lost while it failed must not leave the page on a dead turn until the slow poll)
  const overdue = !!v?.turn && now > v.turn.dueAt.getTime() + CLOSE_GRACE_MS;
  const turnNumber = v?.turn?.number ?? -1;
  const { refetch } = q;
  useEffect(() => {
    if (!overdue) return;
    void refetch();
    const again = setInterval(() => void refetch(), CLOSE_GRACE_MS);
    return () => clearInterval(again);
  }, [overdue, turnNumber, refetch]);
  return { q, v, now, refresh };
}
