"use client";
/**
 * The end-of-game summary: who won and how, each player's final score with the rack settlement,
 * time penalties and bonuses, the rating change of a rated game (from each player's rated-games
 * ledger entry for this match), and a rematch — a new casual challenge with the same settings to
 * the same opponents (they must accept it, as any challenge).
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQueries, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import type { MatchView } from "./match-view";
import { END_REASON_LABELS } from "@/app/_lib/labels";
import type { MatchResultReason } from "@/server/domain";

export function GameSummary({ v }: { v: MatchView }) {
  const trpc = useTRPC();
  const router = useRouter();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const rated = v.rated && v.status === "finished";
  const profiles = useQueries({ queries: v.players.map((p) => ({ ...trpc.ratings.player.queryOptions({ userId: p.userId }), enabled: rated })) });
  const rematch = useMutation(trpc.matches.create.mutationOptions({ onSuccess: (m) => router.push(`/play/${m.id}`) }));
  if (v.status !== "finished") return null;
  const end = v.game?.end ?? null;
  const reason = v.result?.reason ?? end?.reason ?? "";
  const winners = v.players.filter((p) => p.winner).map((p) => p.name);
  const ratingChange = (i: number) => {
    const entry = profiles[i]?.data?.recent.find((g) => g.source === "match" && g.sourceId === v.id);
    return entry ? Math.round(entry.ratingAfter) - Math.round(entry.ratingBefore) : null;
  };
  const mine = v.viewerSeat !== null && me.data;
  return (
    <section className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm" data-testid="game-summary">
      <h2 className="mb-1 text-lg font-semibold">Game over</h2>
      <p>
        {winners.length > 1 ? `Tie: ${winners.join(" and ")}` : winners.length ? `${winners[0]} won` : "No winner"} — ended by {END_REASON_LABELS[reason as MatchResultReason] ?? reason}.
      </p>
      <ul className="mt-1">
        {v.players.map((p, i) => {
          const change = rated ? ratingChange(i) : null;
          return (
            <li key={p.userId} data-testid={`summary-${p.seat}`}>
              {p.name}: <span className="font-semibold tabular-nums">{v.result?.scores[p.userId] ?? p.score}</span>
              {end?.rackSettlement[i] ? ` (rack ${end.rackSettlement[i]! > 0 ? "+" : ""}${end.rackSettlement[i]})` : ""}
              {end?.timePenalties[i] ? ` (time penalty ${end.timePenalties[i]})` : ""}
              {end?.timeBonuses[i] ? ` (time bonus +${end.timeBonuses[i]})` : ""}
              {change !== null ? <span className="ml-2 text-slate-700" data-testid={`rating-change-${p.seat}`}>{`rating ${change >= 0 ? "+" : "−"}${Math.abs(change)}`}</span> : null}
            </li>
          );
        })}
      </ul>
      {v.result?.adjusted ? <p className="mt-1 text-amber-800">The result was adjusted by a tournament director: {v.adjustments[0]?.reason}</p> : null}
      <p className="mt-2 flex flex-wrap items-center gap-3">
        {mine ? (
          <button
            type="button"
            className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
            disabled={rematch.isPending}
            onClick={() =>
              rematch.mutate({
                ruleset: v.ruleset,
                rulesetOptions: v.rulesetOptions,
                challengeRule: v.challengeRule,
                timeControl: v.timeControl,
                // a tournament game's rematch is a friendly one
                rated: v.rated && !v.tournamentId,
                seats: v.seats,
                invite: v.players.filter((p) => p.seat !== v.viewerSeat).map((p) => p.userId),
                firstMover: "random",
              })
            }
          >
            Rematch
          </button>
        ) : null}
        {v.game ? (
          <a className="text-indigo-700 underline" href={`/matches/${v.id}/record`}>
            Game record
          </a>
        ) : null}
        <Link className="text-indigo-700 underline" href="/play">
          Back to my games
        </Link>
      </p>
      <FormError message={rematch.error?.message} />
    </section>
  );
}
