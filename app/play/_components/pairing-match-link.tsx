"use client";
/**
 * The "Start match" / "Play" / "Watch" link of a tournament pairing row. A paired player (or a
 * director, when the page says so) starts the board's online game; everyone else can watch it
 * once it exists. The server decides who may start (createFromPairing); this only hides the
 * button from people who could not.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";

export function PairingMatchLink({ pairingId, playerIds, hasResult, director = false }: { pairingId: string; playerIds: string[]; hasResult: boolean; director?: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const match = useQuery(trpc.matches.forPairings.queryOptions({ pairingIds: [pairingId] }));
  const start = useMutation(trpc.matches.createFromPairing.mutationOptions({ onSuccess: (r) => router.push(`/play/${r.matchId}`) }));
  const m = match.data?.[0];
  const mine = !!me.data && playerIds.includes(me.data.id);
  if (m) {
    return (
      <Link href={`/play/${m.matchId}`} className="text-xs text-indigo-700 underline" data-testid="pairing-match-link">
        {m.status === "finished" ? "Review" : mine ? "Play" : "Watch"}
      </Link>
    );
  }
  if (hasResult || playerIds.length < 2 || !(mine || director)) return null;
  return (
    <span>
      <button type="button" className="text-xs text-indigo-700 underline disabled:opacity-50" disabled={start.isPending} onClick={() => start.mutate({ pairingId })} data-testid="pairing-start-match">
        Start match
      </button>
      {start.error ? <span role="alert" className="ml-1 text-xs text-red-600">{start.error.message}</span> : null}
    </span>
  );
}
