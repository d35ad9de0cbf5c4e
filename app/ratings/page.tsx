"use client";
/**
 * The global leaderboard: one tab per game, highest rating first. Provisional ratings carry a "?"
 * (they can be hidden); a minimum number of games filters out occasional players.
 */
import { useDeferredValue, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { GameTabs, LeaderboardTable, ProvisionalMark, type GameId } from "./_components/ratings-ui";
import { RULESET_NAMES } from "@/engine";

const PAGE = 100;

export default function RatingsPage() {
  const trpc = useTRPC();
  const [game, setGame] = useState<GameId>("equate");
  const [minGamesText, setMinGamesText] = useState("0");
  const [established, setEstablished] = useState(false);
  const [page, setPage] = useState(0);
  const minGames = Math.max(0, Math.min(10_000, Number.parseInt(useDeferredValue(minGamesText), 10) || 0));
  const board = useQuery(trpc.ratings.leaderboard.queryOptions({ ruleset: game, minGames, established, limit: PAGE, offset: page * PAGE }));
  const pages = board.data ? Math.max(1, Math.ceil(board.data.total / PAGE)) : 1;

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Ratings</h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Glicko-2 ratings, one per game, updated after every rated game. A <ProvisionalMark /> marks a provisional rating: the player has
          not played enough yet for it to be reliable (rating deviation {board.data ? `≥ ${board.data.provisionalRd}` : "still high"}).
        </p>
      </header>

      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="leaderboard">
        <GameTabs
          value={game}
          onChange={(g) => {
            setGame(g);
            setPage(0);
          }}
          label="Game"
        />
        <div className="flex flex-wrap items-end gap-6 text-sm">
          <div className="space-y-1">
            <label htmlFor="min-games" className="block font-medium text-slate-700">
              Minimum games
            </label>
            <input
              id="min-games"
              type="number"
              min={0}
              max={10000}
              value={minGamesText}
              onChange={(e) => {
                setMinGamesText(e.target.value);
                setPage(0);
              }}
              className="w-24 rounded border border-slate-300 px-2 py-1 shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500"
            />
          </div>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={established}
              onChange={(e) => {
                setEstablished(e.target.checked);
                setPage(0);
              }}
            />
            Hide provisional ratings
          </label>
        </div>
        {board.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : board.error ? (
          <p role="alert" className="text-sm text-red-700">{board.error.message}</p>
        ) : (
          <>
            <LeaderboardTable
              rows={board.data.rows}
              empty={minGames > 0 || established ? "No player matches these filters yet." : `No rated ${RULESET_NAMES[game]} games yet.`}
            />
            {pages > 1 ? (
              <nav aria-label="Leaderboard pages" className="flex items-center gap-3 text-sm">
                <button type="button" className="rounded border border-slate-300 px-2 py-1 disabled:opacity-50" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  Previous
                </button>
                <span>
                  Page {page + 1} of {pages}
                </span>
                <button type="button" className="rounded border border-slate-300 px-2 py-1 disabled:opacity-50" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                  Next
                </button>
              </nav>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
