"use client";
/**
 * The match sheet of one team match (the sheet itself: _components/match-sheet.tsx). On screen a
 * Print button and the way back; in print only the sheet.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Loading, PrintButton } from "../../../../_components/ui";
import { MatchSheet } from "../../../../_components/match-sheet";

export default function MatchSheetPage() {
  const { id, matchId } = useParams<{ id: string; matchId: string }>();
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.teams.match.queryOptions({ teamMatchId: matchId }), retry: false });
  return (
    <Loading q={q}>
      {() => {
        const m = q.data!;
        return (
          <div className="print-sheet space-y-4">
            <div className="no-print flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-2xl font-bold">Match sheet</h1>
              <div className="flex gap-3">
                <Link href={`/tournaments/${id}/teams/${matchId}`} className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
                  Back to the match
                </Link>
                <PrintButton />
              </div>
            </div>
            <MatchSheet tournamentName={m.tournament.name} round={m.round} m={m} />
          </div>
        );
      }}
    </Loading>
  );
}
