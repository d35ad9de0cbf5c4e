"use client";
/**
 * A team match (docs/teams.md): the two teams, the match score, each board with its players, who
 * moves first (alternating by board), its live score or result and its online game; the captains'
 * line-up forms while line-ups are open; the director's "forfeited by both" per board. Results are
 * entered as for any game (the director's dashboard) or come from the boards' online games.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { Loading, TournamentTabs, wins } from "../../../_components/ui";
import { useTournamentLive } from "../../../_components/use-tournament-live";
import { LineupForm } from "../../../_components/lineup-form";
import { resultText } from "../../../_components/team-results";
import { PairingMatchLink } from "@/app/play/_components/pairing-match-link";

const LIVE_MS = 5_000;

export default function TeamMatchPage() {
  const { id, matchId } = useParams<{ id: string; matchId: string }>();
  const trpc = useTRPC();
  const qc = useQueryClient();
  useTournamentLive(id);
  const q = useQuery({ ...trpc.teams.match.queryOptions({ teamMatchId: matchId }), retry: false, refetchInterval: LIVE_MS });
  const df = useMutation(trpc.teams.doubleForfeit.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  return (
    <Loading q={q}>
      {() => {
        const m = q.data!;
        const away = m.away?.name ?? "bye";
        return (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold">
              {m.home.name} v {away}
            </h1>
            <TournamentTabs id={id} current="teams" elimination={false} director={m.isDirector} />
            <p className="text-sm text-slate-600">
              {m.tournament.name} · round {m.round} ({m.roundStatus}) · match {m.table}. {m.reason}
            </p>
            {m.score ? (
              <p className="text-3xl font-bold" data-testid="match-score" aria-label="Match score">
                {m.home.name} {wins(m.score.home)} – {wins(m.score.away)} {away}
                {m.score.decided ? <span className="ml-3 text-base font-normal text-slate-600">match points {m.score.homeMp}–{m.score.awayMp}</span> : <span className="ml-3 text-base font-normal text-slate-600">{m.boardsSet ? "in play" : "line-ups open"}</span>}
              </p>
            ) : null}
            {!m.boardsSet ? (
              <p className="text-sm text-slate-700">
                Line-ups are open{m.lineupDeadline ? ` until ${m.lineupDeadline.toISOString().slice(11, 16)} UTC` : " until the director sets the boards"}. A team without a line-up plays its roster order.
                {" "}{m.home.name}: {m.lineups.home?.submitted ? "line-up in" : "no line-up yet"}{m.away ? `; ${m.away.name}: ${m.lineups.away?.submitted ? "line-up in" : "no line-up yet"}` : ""}.
              </p>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {(["home", "away"] as const).map((side) => {
                const l = m.lineups[side];
                const team = m[side];
                if (!l || !team || !l.mayEdit || !l.roster) return null;
                return <LineupForm key={side} teamMatchId={matchId} teamId={team.id} teamName={team.name} boards={m.boardsPerMatch} roster={l.roster} current={l.players} />;
              })}
            </div>
            {m.boardsSet ? (
              <div className="overflow-x-auto">
                <table className="w-full text-sm" data-testid="match-boards">
                  <thead>
                    <tr className="border-b text-left text-slate-500">
                      <th className="py-1 pr-2">Board</th>
                      <th className="py-1 pr-2">{m.home.name}</th>
                      <th className="py-1 pr-2">{away}</th>
                      <th className="py-1 pr-2">Result</th>
                      <th className="py-1 pr-2">Game</th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.boards.map((b) => (
                      <tr key={b.board} className="border-b border-slate-100">
                        <td className="py-1 pr-2">{b.board}</td>
                        <td className="py-1 pr-2">
                          {b.home?.name ?? "nobody"}
                          {b.firstMover === "home" && b.home && b.away ? <span className="text-slate-500"> (first)</span> : null}
                        </td>
                        <td className="py-1 pr-2">
                          {b.away?.name ?? "nobody"}
                          {b.firstMover === "away" && b.home && b.away ? <span className="text-slate-500"> (first)</span> : null}
                        </td>
                        <td className="py-1 pr-2">{resultText(b)}</td>
                        <td className="py-1 pr-2">
                          {b.pairingId && b.home && b.away && m.roundStatus !== "draft" ? (
                            <PairingMatchLink pairingId={b.pairingId} playerIds={[b.home.id, b.away.id]} hasResult={b.outcome !== "pending"} director={m.isDirector} />
                          ) : null}
                          {m.isDirector && b.outcome === "pending" && !b.gameId && b.home && b.away ? (
                            <button type="button" className="ml-2 rounded border border-slate-300 px-2 py-0.5 text-xs" onClick={() => df.mutate({ tournamentId: id, teamMatchId: matchId, board: b.board })}>
                              Forfeited by both
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <FormError message={df.error?.message} />
            <p className="no-print flex flex-wrap gap-3 text-sm">
              {m.boardsSet ? (
                <Link href={`/tournaments/${id}/teams/${matchId}/sheet`} className="text-indigo-700 underline">
                  Match sheet (print)
                </Link>
              ) : null}
              {m.isDirector ? (
                <Link href={`/tournaments/${id}/manage`} className="text-indigo-700 underline">
                  Enter results (director&apos;s dashboard)
                </Link>
              ) : null}
              <Link href={`/tournaments/${id}/teams`} className="text-indigo-700 underline">
                All teams and matches
              </Link>
            </p>
          </div>
        );
      }}
    </Loading>
  );
}
