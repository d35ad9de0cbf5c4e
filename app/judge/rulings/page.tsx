"use client";
/** /judge/rulings?tournament=…: a tournament's rulings for its directors and judges; without a
 * tournament, the caller's tournaments to choose from. */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { TournamentRulings } from "../_components/tournament-rulings";

function Rulings() {
  const trpc = useTRPC();
  const params = useSearchParams();
  const tournamentId = params.get("tournament");
  const me = useQuery(trpc.accounts.me.queryOptions());
  const mine = useQuery({ ...trpc.adjudication.myTournaments.queryOptions(), enabled: !!me.data });
  if (me.isPending) return <p>Loading…</p>;
  if (!me.data)
    return (
      <p>
        Please{" "}
        <Link className="text-indigo-700 underline" href={`/signin?next=${encodeURIComponent(`/judge/rulings${tournamentId ? `?tournament=${tournamentId}` : ""}`)}`}>
          sign in
        </Link>{" "}
        to see a tournament&apos;s rulings.
      </p>
    );
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">Rulings</h1>
      {tournamentId ? (
        <TournamentRulings tournamentId={tournamentId} />
      ) : (
        <ul className="list-disc pl-5">
          {(mine.data ?? []).map((t) => (
            <li key={t.id}>
              <Link className="text-indigo-700 underline" href={`/judge/rulings?tournament=${t.id}`}>
                {t.name}
              </Link>
            </li>
          ))}
          {mine.data?.length === 0 ? <li className="list-none text-slate-500">You judge or direct no tournament.</li> : null}
        </ul>
      )}
      <Link className="text-sm text-indigo-700 underline" href="/judge">
        Back to the judge&apos;s desk
      </Link>
    </div>
  );
}

export default function RulingsPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <Rulings />
    </Suspense>
  );
}
