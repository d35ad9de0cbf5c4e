"use client";
/** "Analyse this game" / "View analysis" for a finished game (the replay page and the player page). */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";

export function AnalysisLink({ matchId, className = "text-indigo-700 underline" }: { matchId: string; className?: string }) {
  const trpc = useTRPC();
  const a = useQuery({ ...trpc.analysis.get.queryOptions({ matchId }), retry: false });
  const status = a.data?.status;
  return (
    <Link className={className} href={`/matches/${matchId}/analysis`} data-testid="analysis-link">
      {status === "done" ? "View analysis" : status === "queued" || status === "running" ? "Analysis in progress" : "Analyse this game"}
    </Link>
  );
}
