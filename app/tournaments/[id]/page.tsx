"use client";
/**
 * The public tournament page: settings, players, and pairings by round. Every board can show why
 * those players meet (the pairing engine's reason), so a player can see why they got their opponent.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { TOURNAMENT_FALLBACK_REFETCH_MS, useTournamentLive } from "../_components/use-tournament-live";
import { FormError } from "@/app/_components/form";
import { Section, buttonClass } from "@/app/clubs/_components/ui";
import { PairingsTable } from "../_components/pairings";
import { Loading, PrintButton, TournamentTabs, formatDate } from "../_components/ui";
import { LiveNow } from "@/app/live/_components/live-now";
import { RoundClock, clockedRound } from "../_components/round-clock";
import { MyGames } from "../_components/my-games";
import { errorSentence } from "@/app/_trpc/errors";
import { EntryList, EntryPanel } from "./entry-panel";
import { FORMAT_LABELS, PREVIEW_LABELS, ROUND_STATUS_LABELS, TOURNAMENT_STATUS_LABELS } from "@/app/_lib/labels";
import { RULESET_NAMES } from "@/engine";

export default function TournamentPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  useTournamentLive(id);
  const queryClient = useQueryClient();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const q = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false, refetchInterval: TOURNAMENT_FALLBACK_REFETCH_MS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tournaments.pathKey() });
  const checkIn = useMutation(trpc.tournaments.checkInSelf.mutationOptions({ onSuccess: refresh }));

  return (
    <Loading q={q}>
      {() => {
        const { tournament: t, club, entries, rounds, myEntry, viewerRole, staff } = q.data!;
        const tc = t.timeControl;
        const visible = [...rounds].reverse();
        const clocked = clockedRound(rounds);
        return (
          <div className="space-y-6">
            {/* A div, not <header>: the print style hides headers, and a printed pairing sheet names its tournament. */}
            <div className="space-y-1">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h1 className="text-3xl font-bold tracking-tight">{t.name}</h1>
                  <p className="text-sm text-slate-500">
                    <Link href={`/clubs/${club.handle}`} className="hover:underline">{club.name}</Link> · {formatDate(t.startsAt)} · {RULESET_NAMES[t.ruleset]} ·{" "}
                    {FORMAT_LABELS[t.format]}
                    {t.format === "swiss" || t.format === "king-of-the-hill" ? `, ${t.rounds} rounds` : ""} · {t.rated ? "rated" : "unrated"} ·{" "}
                    <span data-testid="tournament-status">{TOURNAMENT_STATUS_LABELS[t.status]}</span>
                  </p>
                </div>
                <div className="no-print flex flex-wrap gap-2">
                  {t.status === "registration" && myEntry?.status === "registered" ? (
                    <button className={buttonClass} disabled={checkIn.isPending} onClick={() => checkIn.mutate({ tournamentId: id })}>Check in</button>
                  ) : null}
                  <PrintButton />
                </div>
              </div>
              {myEntry && t.status !== "registration" ? <p className="text-sm text-emerald-800" role="status">You are entered ({myEntry.status}).</p> : null}
              {myEntry && myEntry.status !== "withdrawn" ? (
                <p className="text-sm">
                  <Link href={`/tournaments/${id}/entry`} className="font-medium text-indigo-700 underline" data-testid="my-entry-link">Your entry and check-in code</Link>
                </p>
              ) : null}
              {viewerRole && t.status === "registration" ? (
                <p className="no-print text-sm"><a href={`/tournaments/${id}/desk`} className="text-indigo-700 underline">Check-in desk</a></p>
              ) : null}
              <FormError message={errorSentence(checkIn.error)} />
              {t.description ? <p className="no-print max-w-3xl whitespace-pre-line text-slate-700">{t.description}</p> : null}
            </div>
            <EntryPanel id={id} data={q.data!} onChange={refresh} />
            <TournamentTabs id={id} current="overview" elimination={t.format.endsWith("elimination")} director={viewerRole === "director"} />
            <div className="grid gap-6 lg:grid-cols-3">
              <div className="space-y-6 lg:col-span-2">
                {clocked ? <RoundClock round={clocked} serverNow={q.data!.serverNow} className="no-print" /> : null}
                {me.data && myEntry ? <div className="no-print"><MyGames tournamentId={id} title="My games" /></div> : null}
                <div className="no-print"><LiveNow tournamentId={id} empty="No game of this tournament is in play right now." /></div>
                {visible.length === 0 ? <p className="text-slate-600">No round has been published yet.</p> : null}
                {/* Printing gives the newest round only: one pairing sheet for the wall. */}
                {visible.map((r, i) => (
                  <div key={r.number} className={i > 0 ? "print:hidden" : undefined} data-testid={`round-section-${r.number}`}>
                    <Section title={`Round ${r.number} · ${ROUND_STATUS_LABELS[r.status]}`}>
                      <PairingsTable round={r} highlight={me.data?.id} />
                      <p className="no-print mt-2 flex flex-wrap gap-x-3 text-xs">
                        <a href={`/tournaments/${id}/pairings.csv?round=${r.number}`} className="text-indigo-700 underline">Round {r.number} as CSV</a>
                        <Link href={`/tournaments/${id}/print/find-your-table?round=${r.number}`} className="text-indigo-700 underline">Find your table</Link>
                        <Link href={`/tournaments/${id}/print/table-cards?round=${r.number}`} className="text-indigo-700 underline">Table cards</Link>
                      </p>
                    </Section>
                  </div>
                ))}
              </div>
              <div className="no-print space-y-6">
                <Section title="Settings">
                  <dl className="grid grid-cols-2 gap-1 text-sm">
                    <dt className="text-slate-500">Clock</dt>
                    <dd>{Math.round(tc.initialMs / 60000)} min{tc.incrementMs ? ` + ${tc.incrementMs / 1000}s` : ""}</dd>
                    <dt className="text-slate-500">Overtime</dt>
                    <dd>−{tc.overtimePenaltyPoints}/min, max {Math.round(tc.maxOvertimeMs / 60000)} min</dd>
                    <dt className="text-slate-500">Challenge</dt>
                    <dd>{t.challengeRule}</dd>
                    <dt className="text-slate-500">Play preview</dt>
                    <dd data-testid="preview-setting">{PREVIEW_LABELS[t.preview]}</dd>
                    <dt className="text-slate-500">No-show</dt>
                    <dd data-testid="no-show-setting">{t.noShowMinutes ? `forfeit after ${t.noShowMinutes} min` : "no rule"}</dd>
                    <dt className="text-slate-500">Bye</dt>
                    <dd>{t.byeWins} win, +{t.byeSpread}</dd>
                    <dt className="text-slate-500">Tiebreaks</dt>
                    <dd>wins → {t.tiebreaks.join(" → ") || "none"}</dd>
                    {t.gibson ? (<><dt className="text-slate-500">Gibson</dt><dd>on</dd></>) : null}
                  </dl>
                  <p className="mt-2 text-xs text-slate-500">Staff: {staff.map((s) => `${s.name} (${s.role})`).join(", ")}</p>
                </Section>
                <EntryList entries={entries} />
              </div>
            </div>
          </div>
        );
      }}
    </Loading>
  );
}
