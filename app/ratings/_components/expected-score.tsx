"use client";
/**
 * One line for a match header before or during a rated game: each player's current rating and
 * expected score (chance to beat the others, from Glicko-2 with both players' RD).
 */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { RatingValue, type GameId } from "./ratings-ui";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ExpectedScoreLine({ ruleset, userIds }: { ruleset: GameId; userIds: string[] }) {
  const trpc = useTRPC();
  const ok = userIds.length >= 2 && userIds.length <= 4 && userIds.every((id) => UUID.test(id));
  const q = useQuery({ ...trpc.ratings.expected.queryOptions({ ruleset, userIds }), enabled: ok });
  if (!ok || !q.data) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="expected-score">
      Expected score:{" "}
      {q.data.map((p, i) => (
        <span key={p.userId}>
          {i ? " · " : ""}
          <Link href={`/players/${p.userId}`} className="text-indigo-700 hover:underline">{p.name}</Link>{" "}
          <RatingValue rating={p.rating} rd={p.rd} provisional={p.provisional} /> → {Math.round(p.expected * 100)}%
        </span>
      ))}
    </p>
  );
}
