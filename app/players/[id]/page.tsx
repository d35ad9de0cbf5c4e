"use client";
/**
 * A player's page: name, clubs, one rating per game (with the provisional mark), the rating
 * history chart of each game played, and the most recent rated games with opponents and changes.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useTRPC } from "@/app/_trpc/client";
import { RatingChart, RatingValue, fmtRating } from "@/app/ratings/_components/ratings-ui";
import { LiveNow } from "@/app/live/_components/live-now";
import { RULESET_NAMES } from "@/engine";

const RESULT_LABEL = (r: number, n: number) => (n > 1 ? `${(r * n).toLocaleString("en", { maximumFractionDigits: 1 })}/${n}` : r === 1 ? "Win" : r === 0 ? "Loss" : "Tie");

export default function PlayerPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const profile = useQuery({
    ...trpc.ratings.player.queryOptions({ userId: id }),
    retry: false,
    // While a queued re-rate runs, look again every few seconds so the new rating shows by itself.
    refetchInterval: (q) => (q.state.data?.ratings.some((r) => r.recomputing) ? 5_000 : false),
  });

  if (profile.isPending) return <p>Loading…</p>;
  if (profile.error) {
    const notFound = profile.error instanceof TRPCClientError && (profile.error.data?.code === "NOT_FOUND" || profile.error.data?.code === "BAD_REQUEST");
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold">{notFound ? "Player not found" : "Could not load this player"}</h1>
        <p className="text-slate-700">{notFound ? "There is no player at this address." : profile.error.message}</p>
        <Link href="/ratings" className="text-indigo-700 underline">Back to the leaderboards</Link>
      </div>
    );
  }

  const { user, clubs, ratings, history, recent } = profile.data;
  const played = ratings.filter((r) => r.games > 0);

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight" data-testid="player-name">{user.name}</h1>
        <p className="text-sm text-slate-500">Member since {user.memberSince.toLocaleDateString()}</p>
        <LiveNow userId={user.id} title="Playing now" empty="Not playing right now." />
        {clubs.length ? (
          <p className="text-sm" data-testid="player-clubs">
            Clubs:{" "}
            {clubs.map((c, i) => (
              <span key={c.id}>
                {i ? ", " : ""}
                <Link href={`/clubs/${c.handle}`} className="text-indigo-700 hover:underline">{c.name}</Link>
              </span>
            ))}
          </p>
        ) : null}
      </header>

      <section className="grid gap-4 sm:grid-cols-3" aria-label="Ratings">
        {ratings.map((r) => (
          <article key={r.ruleset} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={`rating-${r.ruleset}`}>
            <h2 className="text-sm font-medium text-slate-600">{RULESET_NAMES[r.ruleset]}</h2>
            {/* One presentation for every rating, a new player's too: the number seeding and expected
                scores use (the initial rating) with the provisional "?" (docs/ratings.md "Pages"). */}
            <p className="text-3xl font-bold">
              <RatingValue rating={r.rating} rd={r.rd} provisional={r.provisional} />
            </p>
            <p className="text-xs text-slate-500">
              ± {Math.round(r.rd)} · {r.games > 0 ? `${r.games} rated game${r.games === 1 ? "" : "s"}` : "no rated games yet"}
              {r.provisional ? " · provisional" : ""}
            </p>
            {r.recomputing ? (
              <p className="mt-1 text-xs font-medium text-amber-700" role="status" data-testid="recomputing">
                Being recomputed: a corrected result is being re-rated; this rating will change shortly.
              </p>
            ) : null}
          </article>
        ))}
      </section>

      {played.map((r) => (
        <section key={r.ruleset} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="mb-2 text-lg font-semibold">{RULESET_NAMES[r.ruleset]} rating history</h2>
          {history[r.ruleset].start ? (
            <RatingChart title={`${RULESET_NAMES[r.ruleset]} rating history`} start={history[r.ruleset].start!} points={history[r.ruleset].points} />
          ) : null}
        </section>
      ))}

      <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="recent-games">
        <h2 className="mb-3 text-lg font-semibold">Recent rated games</h2>
        {recent.length === 0 ? (
          <p className="text-sm text-slate-600">No rated games yet.</p>
        ) : (
          // px-2 on every cell: a right-aligned Score beside a left-aligned Result otherwise touch ("220Win").
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                <th className="px-2 py-1.5">Date</th>
                <th className="px-2 py-1.5">Game</th>
                <th className="px-2 py-1.5">Opponents</th>
                <th className="px-2 py-1.5 text-right">Score</th>
                <th className="px-2 py-1.5">Result</th>
                <th className="px-2 py-1.5 text-right">Rating</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((g) => {
                const delta = g.ratingAfter - g.ratingBefore;
                return (
                  <tr key={g.ratedGameId} className="border-b border-slate-100" data-testid="recent-game">
                    <td className="px-2 py-1.5">
                      {g.source === "match" ? (
                        <>
                          <Link href={`/matches/${g.sourceId}`} className="text-indigo-700 hover:underline">{g.playedAt.toLocaleDateString()}</Link>{" "}
                          <Link href={`/matches/${g.sourceId}/analysis`} className="text-xs text-indigo-700 hover:underline" data-testid="recent-analysis">analysis</Link>
                        </>
                      ) : (
                        g.playedAt.toLocaleDateString()
                      )}
                    </td>
                    <td className="px-2 py-1.5">{RULESET_NAMES[g.ruleset]}</td>
                    <td className="px-2 py-1.5">
                      {g.opponents.map((o, i) => (
                        <span key={o.userId}>
                          {i ? ", " : ""}
                          <Link href={`/players/${o.userId}`} className="text-indigo-700 hover:underline">{o.name}</Link>{" "}
                          <span className="text-slate-500">({fmtRating(o.rating)}, {o.score})</span>
                        </span>
                      ))}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{g.score}</td>
                    <td className="px-2 py-1.5">{RESULT_LABEL(g.result, g.opponents.length)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {fmtRating(g.ratingAfter)}{" "}
                      <span className={delta >= 0 ? "text-green-700" : "text-red-700"}>
                        ({delta >= 0 ? "+" : "−"}
                        {Math.abs(Math.round(delta))})
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
