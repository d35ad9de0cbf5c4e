"use client";
/** An invite link: joins the club directly when signed in, otherwise asks the visitor to sign in. */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { Card, FormError } from "@/app/_components/form";
import { buttonClass } from "../../_components/ui";

const STATUS_TEXT = {
  expired: "This invite link has expired. Ask the club for a new one.",
  revoked: "This invite link was revoked. Ask the club for a new one.",
  "used-up": "This invite link has been used as many times as allowed. Ask the club for a new one.",
} as const;

export default function JoinClubPage() {
  const { code } = useParams<{ code: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const preview = useQuery({ ...trpc.clubs.invites.preview.queryOptions({ code }), retry: false });
  const accept = useMutation(
    trpc.clubs.invites.accept.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.clubs.pathKey() }) }),
  );
  const tried = useRef(false);

  const signedIn = !!me.data;
  const active = preview.data?.status === "active";
  useEffect(() => {
    if (signedIn && active && !tried.current) {
      tried.current = true;
      accept.mutate({ code });
    }
  }, [signedIn, active, code, accept]);

  if (me.isPending || preview.isPending) return <p>Loading…</p>;
  if (preview.error)
    return (
      <Card title="Invite link">
        <FormError message={preview.error.message} />
      </Card>
    );

  const { club, status } = preview.data;
  const clubLink = (
    <Link href={`/clubs/${club.handle}`} className={buttonClass}>
      Go to {club.name}
    </Link>
  );

  return (
    <Card title={`Join ${club.name}`}>
      {club.location ? <p className="mb-2 text-sm text-slate-500">{club.location}</p> : null}
      {status !== "active" ? (
        <FormError message={STATUS_TEXT[status]} />
      ) : !signedIn ? (
        <div className="space-y-3 text-slate-700">
          <p>You have been invited to join this club.</p>
          <p>
            <Link href={`/signin?next=${encodeURIComponent(`/clubs/join/${code}`)}`} className="text-indigo-700 underline">Sign in</Link> to join,
            or <Link href={`/signup?next=${encodeURIComponent(`/clubs/join/${code}`)}`} className="text-indigo-700 underline">create an account</Link>: either brings you back here to join.
          </p>
        </div>
      ) : accept.isSuccess ? (
        <div className="space-y-4">
          <p role="status" className="text-green-800" data-testid="join-result">
            {accept.data.joined ? `You joined ${club.name}. Welcome!` : `You are already a member of ${club.name}.`}
          </p>
          {clubLink}
        </div>
      ) : accept.error ? (
        <FormError message={accept.error.message} />
      ) : (
        <p>Joining…</p>
      )}
    </Card>
  );
}
