"use client";
/** The scorekeeper's games: start a new over-the-board game, reopen a station. */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Card, FormError } from "@/app/_components/form";

export default function ScorekeeperHome() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const mine = useQuery({ ...trpc.matches.scorekeeper.mine.queryOptions(), enabled: !!me.data });
  if (me.isPending) return <p>Loading…</p>;
  if (!me.data)
    return (
      <p>
        <Link href="/signin?next=/scorekeeper" className="text-indigo-700 underline">
          Sign in
        </Link>{" "}
        to keep score of a game played on a board.
      </p>
    );
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Scorekeeper</h1>
        <Link href="/scorekeeper/new" className="rounded-lg bg-indigo-600 px-4 py-3 font-semibold text-white">
          New over-the-board game
        </Link>
      </div>
      <Card title="Games you keep score of">
        <FormError message={mine.error?.message} />
        {mine.data?.length === 0 ? <p className="text-sm text-slate-600">None yet.</p> : null}
        <ul className="divide-y divide-slate-100">
          {mine.data?.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {m.players.join(" vs ")} <span className="text-sm text-slate-500">({m.scores.join("–")}, {m.status === "finished" ? "finished" : "in play"})</span>
              </span>
              <span className="flex gap-3">
                {m.status === "active" ? (
                  <Link href={`/scorekeeper/${m.id}`} className="text-indigo-700 underline">
                    Station
                  </Link>
                ) : null}
                <Link href={`/matches/${m.id}`} className="text-indigo-700 underline">
                  Game page
                </Link>
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
