"use client";
/**
 * The club page: details, members and roles, tournaments (app/tournaments/_components) and
 * the members' rating leaderboard. Signed-in visitors can ask to join
 * a public club; members can leave.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { ClubLeaderboard } from "@/app/ratings/_components/club-leaderboard";
import { ClubTournaments } from "@/app/tournaments/_components/club-tournaments";
import { ClubCompetitions } from "@/app/competitions/_components/club-competitions";
import { ClubNights } from "@/app/arena/_components/club-nights";
import { Section, SignInPrompt, buttonClass, dangerButtonClass, secondaryButtonClass } from "../_components/ui";
import { LiveNow } from "@/app/live/_components/live-now";
import { RULESET_NAMES } from "@/engine";
import { ROLE_LABELS } from "@/app/_lib/labels";
import { CalendarLink } from "@/app/_components/calendar-link";
import { ClubSeeks } from "@/app/play/_components/seek-list";

export default function ClubPage() {
  const { handle } = useParams<{ handle: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const page = useQuery({ ...trpc.clubs.byHandle.queryOptions({ handle }), retry: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.clubs.pathKey() });
  const ask = useMutation(trpc.clubs.requests.create.mutationOptions({ onSuccess: refresh }));
  const cancel = useMutation(trpc.clubs.requests.cancel.mutationOptions({ onSuccess: refresh }));
  const leave = useMutation(trpc.clubs.leave.mutationOptions({ onSuccess: refresh }));

  if (page.isPending) return <p>Loading…</p>;
  if (page.error) {
    const notFound = page.error instanceof TRPCClientError && page.error.data?.code === "NOT_FOUND";
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold">{notFound ? "Club not found" : "Could not load this club"}</h1>
        <p className="text-slate-700">{page.error.message}</p>
        <Link href="/clubs" className="text-indigo-700 underline">Back to the club directory</Link>
      </div>
    );
  }

  const { club, members, membership, pendingRequest } = page.data;
  const canManage = membership?.role === "owner" || membership?.role === "director";
  const actionError = ask.error ?? cancel.error ?? leave.error;

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">{club.name}</h1>
            <p className="text-sm text-slate-500">
              @{club.handle}
              {club.location ? ` · ${club.location}` : ""} · plays {RULESET_NAMES[club.defaultRuleset]} ·{" "}
              {club.visibility === "public" ? "public club" : "invite-only club"}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2" data-testid="club-actions">
            {membership ? (
              <>
                <span className="rounded bg-indigo-50 px-2 py-1 text-sm text-indigo-800" data-testid="my-role">
                  You are {membership.role === "owner" ? "an owner" : membership.role === "director" ? "a director" : "a member"}
                </span>
                {canManage ? (
                  <Link href={`/clubs/${club.handle}/settings`} className={secondaryButtonClass}>
                    Settings
                  </Link>
                ) : null}
                <button
                  className={dangerButtonClass}
                  disabled={leave.isPending}
                  onClick={() => {
                    if (window.confirm(`Leave ${club.name}?`)) leave.mutate({ clubId: club.id });
                  }}
                >
                  Leave club
                </button>
              </>
            ) : !me.data ? (
              <SignInPrompt next={`/clubs/${club.handle}`} what="to join this club." />
            ) : pendingRequest ? (
              <>
                <span className="text-sm text-slate-700" role="status">Request pending: a director will answer soon.</span>
                <button className={secondaryButtonClass} disabled={cancel.isPending} onClick={() => cancel.mutate({ clubId: club.id })}>
                  Withdraw request
                </button>
              </>
            ) : club.visibility === "public" ? (
              <button className={buttonClass} disabled={ask.isPending} onClick={() => ask.mutate({ clubId: club.id, message: "" })}>
                Request to join
              </button>
            ) : (
              <span className="text-sm text-slate-600">This club is invite-only: ask a director for an invite link.</span>
            )}
          </div>
        </div>
        {actionError ? <FormError message={actionError.message} /> : null}
        {club.description ? <p className="max-w-3xl whitespace-pre-line text-slate-700">{club.description}</p> : null}
        <CalendarLink path={`/clubs/${club.handle}/calendar.ics`} label="Subscribe to the club's events" />
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <LiveNow clubId={club.id} empty="No game of this club's tournaments is in play right now." />
          {membership ? (
            <Section title="Play now: the club's open seeks" testId="club-play-now">
              <ClubSeeks clubId={club.id} />
            </Section>
          ) : null}
          <ClubTournaments clubId={club.id} canManage={canManage} />
          <ClubCompetitions clubId={club.id} handle={club.handle} canManage={canManage} />
          {membership ? <ClubNights clubId={club.id} /> : null}
          {canManage ? (
            <p className="text-sm">
              <Link href={`/duplicate?club=${club.id}`} className="text-indigo-700 underline">
                Run a duplicate game or event for the club
              </Link>
            </p>
          ) : membership ? (
            <p className="text-sm">
              <Link href="/duplicate" className="text-indigo-700 underline">
                The club&apos;s duplicate games and events
              </Link>
            </p>
          ) : null}
          <Section title="Rating leaderboard" testId="leaderboard">
            <ClubLeaderboard clubId={club.id} defaultGame={club.defaultRuleset} />
          </Section>
        </div>
        <Section title={`Members (${members.length})`} testId="members">
          <ul className="divide-y divide-slate-100">
            {members.map((m) => (
              <li key={m.userId} className="flex items-center justify-between py-2 text-sm" data-testid="member-row">
                <Link href={`/players/${m.userId}`} className="hover:text-indigo-700 hover:underline">{m.name}</Link>
                <span className={`rounded px-2 py-0.5 text-xs ${m.role === "member" ? "bg-slate-100" : "bg-amber-100 text-amber-900"}`}>{ROLE_LABELS[m.role]}</span>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  );
}
