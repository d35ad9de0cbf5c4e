"use client";
/** /play: "Play now" (open seeks: post one with a preset button, or accept another's), my games
 * (challenges waiting, games in play, finished) and the "New match" form — challenge a player
 * found by e-mail or name, or open a seat to anyone with the link. */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { PlayBot } from "./_components/PlayBot";
import { LobbyGames } from "./_components/lobby-games";
import { NewMatchForm } from "./_components/new-match-form";
import { PlayNow } from "./_components/play-now";
import { MyGames } from "@/app/tournaments/_components/my-games";

export default function PlayPage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const mine = useQuery({ ...trpc.matches.mine.queryOptions(), enabled: !!me.data, refetchInterval: 10_000 });

  if (me.isPending) return <p>Loading…</p>;
  if (!me.data)
    return (
      <p>
        Please{" "}
        <Link href="/signin?next=/play" className="text-indigo-700 underline">
          sign in
        </Link>{" "}
        to play.
      </p>
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
      <div className="min-w-0 space-y-6">
        <PlayNow />
        <h1 className="text-2xl font-semibold">My games</h1>
        <MyGames />
        <PlayBot />
        <p className="text-sm text-slate-700">
          Everyone on the same rack?{" "}
          <Link href="/duplicate" className="text-indigo-700 underline">
            Play a duplicate game
          </Link>
          .
        </p>
        <LobbyGames rows={mine.data ?? []} pending={mine.isPending} />
      </div>
      <NewMatchForm />
    </div>
  );
}
