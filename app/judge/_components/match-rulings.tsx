"use client";
/**
 * The rulings recorded on a match, for the match page (`<MatchRulings matchId=… />`). Public, like
 * the match page; renders nothing while there are none, so the page stays quiet.
 */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { RulingSummary } from "./ruling-summary";

export function MatchRulings({ matchId, moveNumber }: { matchId: string; /** to link the desk at the current position */ moveNumber?: number }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.adjudication.listForMatch.queryOptions({ matchId }, { refetchInterval: 30_000 }));
  if (!list.data) return null;
  return (
    <section className="space-y-2" data-testid="match-rulings" aria-labelledby="match-rulings-title">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="match-rulings-title" className="text-lg font-semibold">
          Rulings
        </h2>
        <Link className="text-sm text-indigo-700 underline" href={`/judge?match=${matchId}${moveNumber !== undefined ? `&move=${moveNumber}` : ""}`}>
          Ask the judge&apos;s desk
        </Link>
      </div>
      {list.data.length === 0 ? (
        <p className="text-sm text-slate-500">No rulings on this game.</p>
      ) : (
        <ul className="space-y-2">
          {list.data.map((r) => (
            <RulingSummary key={r.id} r={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
