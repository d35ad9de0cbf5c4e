"use client";
/** An open challenge link: shows the game and takes the seat when the visitor accepts. */
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Card, FormError } from "@/app/_components/form";
import { RULESET_NAMES } from "@/engine";

export default function JoinMatchPage() {
  const { code } = useParams<{ code: string }>();
  const trpc = useTRPC();
  const router = useRouter();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const preview = useQuery({ ...trpc.matches.preview.queryOptions({ code }), retry: false });
  const join = useMutation(trpc.matches.join.mutationOptions({ onSuccess: (r) => router.push(`/play/${r.matchId}`) }));

  if (me.isPending || preview.isPending) return <p>Loading…</p>;
  if (preview.error)
    return (
      <Card title="Challenge link">
        <FormError message={preview.error.message} />
      </Card>
    );
  const p = preview.data;
  const tc = p.timeControl;
  return (
    <Card title="You are challenged">
      <p className="mb-2">
        {p.players.map((x) => x.name).join(", ")} invite{p.players.length === 1 ? "s" : ""} you to a {p.rated ? "rated" : "casual"} game of {RULESET_NAMES[p.ruleset]} ({p.seats} players,
        challenge rule {p.challengeRule}, {tc ? `${Math.round(tc.initialMs / 1000)} s per player` : "untimed"}).
      </p>
      {p.status !== "open" ? (
        <p className="mb-2">This game has already started or was withdrawn.</p>
      ) : me.data ? (
        <button className="rounded bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60" onClick={() => join.mutate({ code })} disabled={join.isPending}>
          Accept and play
        </button>
      ) : (
        <p>
          Please{" "}
          <Link href={`/signin?next=/play/join/${code}`} className="text-indigo-700 underline">
            sign in
          </Link>{" "}
          to accept.
        </p>
      )}
      <FormError message={join.error?.message} />
    </Card>
  );
}
