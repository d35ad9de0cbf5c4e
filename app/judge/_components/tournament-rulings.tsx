"use client";
/**
 * Every ruling of a tournament, newest first, for its directors and judges
 * (`<TournamentRulings tournamentId=… />`; used by /judge/rulings and embeddable in a tournament's
 * manage page).
 */
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { RulingSummary } from "./ruling-summary";

export function TournamentRulings({ tournamentId }: { tournamentId: string }) {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.adjudication.listForTournament.queryOptions({ tournamentId }), retry: false });
  if (list.isPending) return <p>Loading…</p>;
  if (list.error) return <p role="alert" className="text-red-700">{list.error.message}</p>;
  return (
    <section className="space-y-2" data-testid="tournament-rulings">
      <h2 className="text-lg font-semibold">Rulings · {list.data.tournament.name}</h2>
      {list.data.rulings.length === 0 ? (
        <p className="text-sm text-slate-500">No rulings recorded yet.</p>
      ) : (
        <ul className="space-y-2">
          {list.data.rulings.map((r) => (
            <RulingSummary key={r.id} r={r} showMatch />
          ))}
        </ul>
      )}
    </section>
  );
}
