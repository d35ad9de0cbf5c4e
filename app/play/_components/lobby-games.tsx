"use client";
/** The lobby's list of my games, grouped: challenges waiting, games in play, finished ones. */
import Link from "next/link";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { RULESET_NAMES } from "@/engine";
import { END_REASON_SHORT } from "@/app/_lib/labels";

type MyGame = inferRouterOutputs<AppRouter>["matches"]["mine"][number];

export function LobbyGames({ rows, pending }: { rows: MyGame[]; pending: boolean }) {
  const groups = [
    { title: "Waiting to start", rows: rows.filter((m) => m.status === "open") },
    { title: "In play", rows: rows.filter((m) => m.status === "active") },
    { title: "Finished", rows: rows.filter((m) => m.status === "finished") },
  ];
  return (
    <>
      {pending ? <p>Loading…</p> : null}
      {rows.length === 0 && !pending ? <p className="text-slate-600">No games yet: challenge someone with the form.</p> : null}
      {groups.map((g) =>
        g.rows.length ? (
          <section key={g.title}>
            <h2 className="mb-2 text-lg font-semibold">{g.title}</h2>
            <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white" data-testid={`games-${g.title}`}>
              {g.rows.map((m) => (
                <GameRow key={m.id} m={m} />
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </>
  );
}

function GameRow({ m }: { m: MyGame }) {
  return (
    <li className="flex items-center justify-between px-3 py-2 text-sm">
      <span>
        <span className="font-medium">{RULESET_NAMES[m.ruleset]}</span> vs {m.opponents.join(", ") || "(open seat)"}
        {m.tournamentId ? <span className="ml-1 text-xs text-slate-500">tournament</span> : null}
        {m.status === "active" ? <span className="ml-2 text-slate-600">{m.scores.join(" – ")}</span> : null}
        {m.result ? (
          <span className="ml-2 text-slate-600">
            {Object.values(m.result.scores).join(" – ")} ({END_REASON_SHORT[m.result.reason]})
          </span>
        ) : null}
      </span>
      <span className="flex items-center gap-2">
        {m.myTurn ? <span className="rounded bg-indigo-100 px-2 py-0.5 text-xs text-indigo-800">your turn</span> : null}
        {m.awaitingMe ? <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-800">challenge for you</span> : null}
        <Link href={`/play/${m.id}`} className="text-indigo-700 underline">
          {m.status === "finished" ? "Review" : "Open"}
        </Link>
        {m.status !== "open" && m.status !== "cancelled" ? (
          <Link href={`/matches/${m.id}`} className="text-indigo-700 underline">
            Replay
          </Link>
        ) : null}
      </span>
    </li>
  );
}
