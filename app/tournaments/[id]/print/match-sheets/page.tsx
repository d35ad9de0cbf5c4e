"use client";
/** Match sheets: every team match of the round, one page each (a team event's table cards). */
import { Suspense } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { PrintShell, type OverviewRound } from "../../../_components/print-shell";
import { MatchSheet } from "../../../_components/match-sheet";

function RoundSheets({ tournamentId, round }: { tournamentId: string; round: OverviewRound }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.teams.roundSheets.queryOptions({ tournamentId, roundNumber: round.number }), retry: false });
  if (q.isPending) return <p>Loading…</p>;
  if (q.isError) return <p role="alert" className="text-red-700">{q.error.message}</p>;
  const s = q.data;
  if (s.matches.length === 0) return <p data-testid="no-match-sheets">Round {s.round} has no team matches: match sheets are for events played by teams.</p>;
  return (
    <div className="space-y-4 print:space-y-0" data-testid="match-sheets">
      {s.matches.map((m) => (
        <MatchSheet key={m.id} tournamentName={s.tournament.name} round={s.round} m={m} />
      ))}
    </div>
  );
}

export default function MatchSheetsPage() {
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <PrintShell sheet="match-sheets">{(o, round) => (round ? <RoundSheets tournamentId={o.tournament.id} round={round} /> : null)}</PrintShell>
    </Suspense>
  );
}
