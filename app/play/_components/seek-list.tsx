"use client";
/**
 * The open seeks of the "Play now" lobby (docs/matches.md "Play now: open seeks"): site-wide and my
 * clubs' on /play, one club's on its page. Accept takes a seat; the last seat makes the game and
 * the accepter goes straight to it. `useSeekWatcher` takes a player whose seek (or pod seat) has
 * just become a game there too: the list polls, which is enough for a lobby.
 */
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { RULESET_NAMES } from "@/engine";
import { describeTimeControl, TIME_PRESET_LABELS } from "@/server/domain";

export type SeekRow = inferRouterOutputs<AppRouter>["seeks"]["list"][number];

const POLL_MS = 2_000;

/** What a seek offers, in a line: "Equate · Blitz 5 min + 3 s · rated · pod of 3 (1 seated)". */
export function seekSummary(s: SeekRow): string {
  const parts = [RULESET_NAMES[s.ruleset], `${TIME_PRESET_LABELS[s.preset]} ${describeTimeControl(s.timeControl)}`, s.rated ? "rated" : "casual"];
  if (s.players > 2) parts.push(`pod of ${s.players} (${s.takers.length + 1} of ${s.players} in)`);
  return parts.join(" · ");
}

/** Polls my seeks; when the seek this page saw open becomes a game, goes to the game. */
export function useSeekWatcher(enabled: boolean) {
  const trpc = useTRPC();
  const router = useRouter();
  const mine = useQuery({ ...trpc.seeks.mine.queryOptions(), enabled, refetchInterval: POLL_MS });
  const watched = useRef<string | null>(null);
  const open = mine.data?.open?.id ?? null;
  const started = mine.data?.started ?? null;
  useEffect(() => {
    if (open) watched.current = open;
    else if (started && started.seekId === watched.current) {
      watched.current = null;
      router.push(`/play/${started.matchId}`);
    }
  }, [open, started, router]);
  return mine;
}

/** `hideMine`: my own seek is shown elsewhere (the Play now box on /play). */
export function SeekList({ clubId, signedIn, empty, hideMine = false }: { clubId?: string; signedIn: boolean; empty: string; hideMine?: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const list = useQuery({ ...trpc.seeks.list.queryOptions(clubId ? { clubId } : {}), refetchInterval: POLL_MS, retry: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.seeks.pathKey() });
  const accept = useMutation(
    trpc.seeks.accept.mutationOptions({
      onSuccess: (out) => (out.matchId ? router.push(`/play/${out.matchId}`) : refresh()),
      onError: refresh,
    }),
  );
  const leave = useMutation(trpc.seeks.cancel.mutationOptions({ onSettled: refresh }));
  const rows = (list.data ?? []).filter((s) => !(hideMine && s.mine));
  return (
    <div className="space-y-2" data-testid={clubId ? "club-seeks" : "open-seeks"}>
      {list.isPending ? <p className="text-sm text-slate-600">Loading…</p> : null}
      {list.error ? <p className="text-sm text-red-700">{list.error.message}</p> : null}
      {!list.isPending && !list.error && rows.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : null}
      {rows.length ? (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
          {rows.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="seek-row">
              <span className="min-w-0">
                <span className="font-medium">{s.creator.name}</span>
                {s.club && !clubId ? <span className="ml-1 rounded bg-slate-100 px-1.5 text-xs text-slate-700">{s.club.name}</span> : null}
                <span className="block text-slate-600">{seekSummary(s)}</span>
              </span>
              {!signedIn ? null : s.mine ? (
                <span className="rounded bg-indigo-50 px-2 py-1 text-xs text-indigo-800">your seek</span>
              ) : s.seated ? (
                <button type="button" onClick={() => leave.mutate({ seekId: s.id })} disabled={leave.isPending} className="rounded border border-slate-300 px-3 py-1.5 hover:bg-slate-50 disabled:opacity-50">
                  Leave seat
                </button>
              ) : (
                <button
                  type="button"
                  onClick={() => accept.mutate({ seekId: s.id })}
                  disabled={accept.isPending}
                  aria-label={`Accept ${s.creator.name}'s ${TIME_PRESET_LABELS[s.preset]} ${RULESET_NAMES[s.ruleset]} game`}
                  className="rounded bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
                >
                  Accept
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {accept.error ? (
        <p role="alert" className="text-sm text-red-700">
          {accept.error.message}
        </p>
      ) : null}
      {leave.error ? (
        <p role="alert" className="text-sm text-red-700">
          {leave.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** The club page's section: the club's open seeks, and off to the game when a seat I hold fills. */
export function ClubSeeks({ clubId }: { clubId: string }) {
  useSeekWatcher(true);
  return <SeekList clubId={clubId} signedIn empty="No member is looking for a game right now. Post one on the Play page, for this club's members." />;
}
