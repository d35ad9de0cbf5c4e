"use client";
/**
 * "Live now": games in play, with both players, their ratings, the scores and the clocks (ticking
 * here between refreshes, from the server's time), and a tournament game's round and table. Used
 * site-wide (/live) and on club, tournament and player pages (a filter prop). Spectators see no
 * rack: the list has none to show.
 */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { formatClock } from "@/app/_components/board/Scoresheet";
import { useServerNow } from "@/app/_components/board/use-server-now";
import { RULESET_NAMES } from "@/engine";


export function LiveNow({ clubId, tournamentId, userId, title = "Live now", empty = "No games in play right now." }: { clubId?: string; tournamentId?: string; userId?: string; title?: string; empty?: string }) {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.matches.liveNow.queryOptions({ clubId, tournamentId, userId, limit: 30 }), refetchInterval: 10_000 });
  const now = useServerNow(list.data?.serverNow, list.dataUpdatedAt);
  const games = list.data?.games ?? [];
  return (
    <section aria-labelledby="live-now-title" data-testid="live-now">
      <h2 id="live-now-title" className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {list.isPending ? <p className="text-sm text-slate-600">Loading…</p> : null}
      {list.isSuccess && games.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : null}
      {games.length ? (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
          {games.map((g) => (
            <li key={g.id} className="px-3 py-2 text-sm" data-testid="live-game">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="text-xs text-slate-600">
                  {RULESET_NAMES[g.ruleset]} · {g.rated ? "rated" : "casual"}
                  {g.tournamentName ? ` · ${g.tournamentName}` : ""}
                  {g.board ? ` · round ${g.board.round}, table ${g.board.table}` : ""}
                </span>
                <Link href={`/play/${g.id}`} className="text-indigo-700 underline">
                  Watch
                </Link>
              </div>
              <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                {g.players.map((p) => {
                  const ms = p.remainingMs === null ? null : g.running === p.seat ? p.remainingMs - Math.max(0, now - (list.data?.serverNow ?? now)) : p.remainingMs;
                  return (
                    <li key={p.userId} className={`flex items-center justify-between gap-2 rounded px-2 py-0.5 ${g.turn === p.seat ? "bg-indigo-50" : ""}`} data-testid="live-player">
                      <span className="min-w-0 truncate">
                        {g.turn === p.seat ? <span aria-label="to move">▶ </span> : null}
                        <Link href={`/players/${p.userId}`} className="font-medium hover:underline">
                          {p.name}
                        </Link>{" "}
                        <span className="text-xs text-slate-600" data-testid="live-rating">
                          {p.rating}
                          {p.provisional ? "?" : ""}
                        </span>
                      </span>
                      <span className="flex shrink-0 items-center gap-2 tabular-nums">
                        <span className="font-semibold">{p.score}</span>
                        {ms !== null ? <span className={`rounded px-1 font-mono ${ms < 0 ? "bg-red-100 text-red-700" : "bg-slate-100"}`}>{formatClock(ms)}</span> : null}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
