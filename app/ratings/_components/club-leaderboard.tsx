"use client";
/** A club's members ranked by rating, one tab per game; shown on the club page. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { GameTabs, LeaderboardTable, type GameId } from "./ratings-ui";
import { RULESET_NAMES } from "@/engine";

export function ClubLeaderboard({ clubId, defaultGame }: { clubId: string; defaultGame: GameId }) {
  const trpc = useTRPC();
  const [game, setGame] = useState<GameId>(defaultGame);
  const board = useQuery(trpc.ratings.club.queryOptions({ clubId, ruleset: game, limit: 50 }));
  return (
    <div className="space-y-3">
      <GameTabs value={game} onChange={setGame} label="Club leaderboard game" />
      {board.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : board.error ? (
        <p role="alert" className="text-sm text-red-700">{board.error.message}</p>
      ) : (
        <LeaderboardTable rows={board.data.rows} compact empty={`No member has played a rated ${RULESET_NAMES[game]} game yet.`} />
      )}
    </div>
  );
}
