"use client";
/**
 * A duplicate event (docs/duplicate.md "Events"): its games with links, and the standings (by total
 * or by percentage of the tops), each with why it stands above the next. The director adds a game
 * of theirs (or the club's) or sets up a new one in the event. Unrated: nothing here moves a rating.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RULESET_NAMES, type RulesetId } from "@/engine";
import { formatPercent } from "@/server/domain";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { Section, SelectField, buttonClass } from "@/app/clubs/_components/ui";

const STATUS = { lobby: "waiting for the start", playing: "in play", finished: "over" } as const;
const RULE = {
  total: "Ranked by total: the sum of each player's scores over the games.",
  percent: "Ranked by percentage: each player's scores over the tops of the games they played (a missed game does not count against it).",
} as const;

export default function DuplicateEventPage() {
  const { eventId } = useParams<{ eventId: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery({ ...trpc.duplicate.eventGet.queryOptions({ eventId }), refetchInterval: 5000, retry: false });
  const [pick, setPick] = useState("");
  const add = useMutation(
    trpc.duplicate.eventAdd.mutationOptions({
      onSuccess: () => {
        setPick("");
        void queryClient.invalidateQueries({ queryKey: trpc.duplicate.eventGet.queryKey({ eventId }) });
      },
    }),
  );
  if (q.isPending) return <p>Loading…</p>;
  if (q.error) return <p role="alert" className="text-red-700">{q.error.message}</p>;
  const v = q.data;
  const newGame = `/duplicate?event=${v.id}${v.clubId ? `&club=${v.clubId}` : ""}`;
  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{v.name}</h1>
        <p className="text-sm text-slate-600">
          Duplicate event · {v.games.length} game{v.games.length === 1 ? "" : "s"} · unrated
        </p>
      </header>
      <Section title="Standings" testId="event-standings">
        <p className="mb-2 text-sm text-slate-700">{RULE[v.standing]}</p>
        {v.standings.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th scope="col" className="pr-2">Place</th>
                  <th scope="col" className="pr-2">Player</th>
                  <th scope="col" className="pr-2 text-right">Total</th>
                  <th scope="col" className="pr-2 text-right">% of tops</th>
                  <th scope="col" className="pr-2 text-right">Games</th>
                  <th scope="col">Why above the next</th>
                </tr>
              </thead>
              <tbody>
                {v.standings.map((s) => (
                  <tr key={s.userId} className="border-t border-slate-100 align-top">
                    <td className="pr-2 tabular-nums">{s.rank}</td>
                    <td className="pr-2 font-medium">{s.name}</td>
                    <td className="pr-2 text-right tabular-nums">{s.total}</td>
                    <td className="pr-2 text-right tabular-nums">{formatPercent(s.percent)}</td>
                    <td className="pr-2 text-right tabular-nums">{s.games}</td>
                    <td className="text-slate-700">{s.why ?? "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-slate-600">No scores yet: the standings fill in as the games&apos; turns close.</p>
        )}
      </Section>
      <Section title="Games" testId="event-games">
        {v.games.length ? (
          <ul className="space-y-1">
            {v.games.map((g) => (
              <li key={g.id}>
                <Link href={`/duplicate/${g.id}`} className="text-indigo-700 underline">
                  {g.name}
                </Link>{" "}
                <span className="text-sm text-slate-600">
                  {RULESET_NAMES[g.ruleset as RulesetId]} · {STATUS[g.status]}
                  {g.status === "playing" ? ` (turn ${g.turn} of ${g.maxTurns})` : ""} · tops {g.topTotal}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No games yet.</p>
        )}
      </Section>
      {v.isDirector ? (
        <Section title="Director">
          <div className="flex flex-wrap items-end gap-3">
            {v.addable.length ? (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (pick) add.mutate({ eventId, gameId: pick });
                }}
              >
                <SelectField label="A game of yours" name="gameId" value={pick} options={{ "": "Choose a game", ...Object.fromEntries(v.addable.map((g) => [g.id, g.name])) }} onChange={(e) => setPick(e.target.value)} />
                <button type="submit" className={buttonClass} disabled={!pick || add.isPending}>
                  Add to the event
                </button>
              </form>
            ) : null}
            <Link href={newGame} className={buttonClass}>
              New game in this event
            </Link>
          </div>
          <FormError message={add.error?.message} />
        </Section>
      ) : null}
    </div>
  );
}
