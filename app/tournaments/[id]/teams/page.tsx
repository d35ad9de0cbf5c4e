"use client";
/**
 * The Teams tab of an event (docs/teams.md): the director's team settings and new-team form, every
 * team with its captain and roster, the team standings (in the event's order, or the other one)
 * with why each team is above the next, the rounds of team matches (each links to its match page),
 * the director's round buttons, and the best-K team table of an individual event.
 */
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { FormError } from "@/app/_components/form";
import { Loading, TournamentTabs, spread, wins } from "../../_components/ui";
import { TOURNAMENT_FALLBACK_REFETCH_MS, useTournamentLive } from "../../_components/use-tournament-live";
import { EnterClubTeam, NewTeamForm, SCORING_LABELS, TeamSettingsForm } from "../../_components/team-forms";

type EventView = inferRouterOutputs<AppRouter>["teams"]["event"];
const button = "rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60";
const outline = "rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60";

export default function TeamsPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  useTournamentLive(id);
  const o = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false });
  const ev = useQuery({ ...trpc.teams.event.queryOptions({ tournamentId: id }), retry: false, refetchInterval: TOURNAMENT_FALLBACK_REFETCH_MS });
  const table = useQuery({ ...trpc.teams.table.queryOptions({ tournamentId: id }), retry: false });
  return (
    <Loading q={{ isPending: o.isPending || ev.isPending, error: o.error ?? ev.error }}>
      {() => {
        const e = ev.data!;
        const teamEvent = !!e.settings?.boards;
        return (
          <div className="space-y-5">
            <h1 className="text-2xl font-bold">{e.tournament.name}: teams</h1>
            <TournamentTabs id={id} current="teams" elimination={e.tournament.format.endsWith("elimination")} director={e.isDirector} />
            {!e.settings ? <p className="text-slate-600">This event has no teams{e.isDirector ? ": turn them on below." : "."}</p> : null}
            {teamEvent ? (
              <p className="text-sm text-slate-600">
                Team event: matches over {e.settings!.boards} board{e.settings!.boards === 1 ? "" : "s"}, ranked by {SCORING_LABELS[e.settings!.primaryScore]} (then {SCORING_LABELS[e.settings!.primaryScore === "match-points" ? "game-points" : "match-points"]}). Each board is a rated individual game.
              </p>
            ) : null}
            {teamEvent ? <TeamStandings ev={e} /> : null}
            {table.data ? <TeamTable t={table.data} /> : null}
            {teamEvent ? <Rounds ev={e} /> : null}
            <section aria-labelledby="teams-heading" className="space-y-2">
              <h2 id="teams-heading" className="text-xl font-semibold">Teams</h2>
              {e.teams.length === 0 ? <p className="text-sm text-slate-600">No team yet.</p> : null}
              <ul className="grid gap-3 sm:grid-cols-2">
                {e.teams.map((t) => (
                  <TeamCard key={t.id} team={t} tournamentId={id} director={e.isDirector} />
                ))}
              </ul>
            </section>
            {e.isDirector ? (
              <>
                <TeamSettingsForm ev={e} />
                {e.settings ? <NewTeamForm tournamentId={id} entries={o.data!.entries.filter((x) => x.status !== "withdrawn" && x.status !== "waitlisted")} /> : null}
                {e.settings ? <EnterClubTeam tournamentId={id} clubTeams={e.clubTeams} /> : null}
              </>
            ) : null}
          </div>
        );
      }}
    </Loading>
  );
}

function TeamCard({ team, tournamentId, director }: { team: EventView["teams"][number]; tournamentId: string; director: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const w = useMutation(trpc.teams.withdraw.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  const keep = useMutation(trpc.teams.saveAsClubTeam.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  return (
    <li className="rounded border border-slate-200 p-3" data-testid="team-card">
      <h3 className="font-semibold">
        {team.name}
        {team.withdrawnAfterRound !== null ? <span className="ml-2 text-sm font-normal text-red-700">withdrawn after round {team.withdrawnAfterRound}</span> : null}
      </h3>
      <p className="text-sm text-slate-600">
        Captain: {team.captain?.name ?? "none"} · boards {team.boardOrder === "rating" ? "by rating" : "in the captain's order"}
      </p>
      <ol className="mt-1 list-decimal pl-5 text-sm">
        {team.roster.map((p) => (
          <li key={p.userId}>
            {p.name}
            {p.rating ? <span className="text-slate-500"> ({p.rating})</span> : null}
            {p.reserve ? <span className="text-slate-500"> · reserve</span> : null}
          </li>
        ))}
      </ol>
      {director ? (
        <>
          <button type="button" className={`${outline} mt-2 mr-2`} disabled={keep.isPending} onClick={() => keep.mutate({ tournamentId, teamId: team.id })}>
            Keep {team.name} as a club team
          </button>
          {keep.isSuccess ? <span role="status" className="text-sm text-green-700">Kept for the club&apos;s next events.</span> : null}
          <FormError message={keep.error?.message} />
        </>
      ) : null}
      {director && team.withdrawnAfterRound === null ? (
        <>
          <button
            type="button"
            className={`${outline} mt-2`}
            disabled={w.isPending}
            onClick={() => {
              if (window.confirm(`Withdraw ${team.name}? Its results stay; it is not paired again.`)) w.mutate({ tournamentId, teamId: team.id });
            }}
          >
            Withdraw {team.name}
          </button>
          <FormError message={w.error?.message} />
        </>
      ) : null}
    </li>
  );
}

function TeamStandings({ ev }: { ev: EventView }) {
  const [other, setOther] = useState(false);
  const rows = other ? ev.standingsOtherOrder!.rows : ev.standings;
  const primary = other ? ev.standingsOtherOrder!.primary : ev.settings!.primaryScore;
  return (
    <section aria-labelledby="team-standings" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="team-standings" className="text-xl font-semibold">Team standings by {SCORING_LABELS[primary]}</h2>
        <button type="button" className={`${outline} no-print`} onClick={() => setOther((v) => !v)}>
          Rank by {SCORING_LABELS[primary === "match-points" ? "game-points" : "match-points"]}
        </button>
      </div>
      <table className="w-full text-sm" data-testid="team-standings">
        <thead>
          <tr className="border-b text-left text-slate-500">
            <th className="py-1 pr-2">#</th>
            <th className="py-1 pr-2">Team</th>
            <th className="py-1 pr-2 text-right">Match pts</th>
            <th className="py-1 pr-2 text-right">Game pts</th>
            <th className="hidden py-1 pr-2 text-right sm:table-cell">W–D–L</th>
            <th className="py-1 pr-2 text-right">Played</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.teamId} className="border-b border-slate-100">
              <td className="py-1 pr-2">{r.rank}</td>
              <td className="py-1 pr-2">
                {r.name}
                {r.withdrawn ? <span className="text-slate-500"> (withdrawn)</span> : null}
              </td>
              <td className="py-1 pr-2 text-right">{wins(r.mp)}</td>
              <td className="py-1 pr-2 text-right">{wins(r.gp)}</td>
              <td className="hidden py-1 pr-2 text-right sm:table-cell">
                {r.won}–{r.drawn}–{r.lost}
              </td>
              <td className="py-1 pr-2 text-right">{r.played}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary className="cursor-pointer text-sm text-indigo-700">Why each team is above the next</summary>
        <ul className="mt-1 list-disc pl-5 text-sm" data-testid="team-why">
          {rows.flatMap((r) => (r.whyAboveNext ? [<li key={r.teamId}>{r.whyAboveNext}</li>] : []))}
        </ul>
      </details>
    </section>
  );
}

function Rounds({ ev }: { ev: EventView }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const done = { onSuccess: () => qc.invalidateQueries() };
  const pair = useMutation(trpc.teams.pairRound.mutationOptions(done));
  const set = useMutation(trpc.teams.setBoards.mutationOptions(done));
  const pub = useMutation(trpc.teams.publishRound.mutationOptions(done));
  const close = useMutation(trpc.tournaments.rounds.close.mutationOptions(done));
  const tid = ev.tournament.id;
  const last = ev.rounds.at(-1);
  const error = pair.error ?? set.error ?? pub.error ?? close.error;
  return (
    <section aria-labelledby="team-rounds" className="space-y-3">
      <h2 id="team-rounds" className="text-xl font-semibold">Team matches</h2>
      {ev.rounds.length === 0 ? <p className="text-sm text-slate-600">No round paired yet.</p> : null}
      {ev.rounds.map((r) => (
        <div key={r.number} className="space-y-1">
          <h3 className="font-semibold">
            Round {r.number} <span className="text-sm font-normal text-slate-500">({r.status})</span>
          </h3>
          <ul className="space-y-1 text-sm">
            {r.matches.map((m) => (
              <li key={m.id}>
                {m.away ? (
                  <Link href={`/tournaments/${tid}/teams/${m.id}`} className="text-indigo-700 underline">
                    Match {m.table}: {m.home.name} v {m.away.name}
                    {m.score && m.boardsSet ? ` — ${wins(m.score.home)}–${wins(m.score.away)}` : ""}
                  </Link>
                ) : (
                  <span>{m.home.name}: bye</span>
                )}
                {!m.boardsSet && m.away ? <span className="text-slate-500"> · line-ups open</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {ev.isDirector && ev.tournament.status !== "finished" ? (
        <div className="no-print flex flex-wrap gap-2">
          {!last || last.status === "closed" ? (
            <button type="button" className={button} disabled={pair.isPending} onClick={() => pair.mutate({ tournamentId: tid })}>
              Pair team round {(last?.number ?? 0) + 1}
            </button>
          ) : null}
          {last?.status === "draft" ? (
            <>
              <button type="button" className={outline} disabled={set.isPending} onClick={() => set.mutate({ tournamentId: tid, roundNumber: last.number })}>
                Set boards from line-ups
              </button>
              <button type="button" className={button} disabled={pub.isPending} onClick={() => pub.mutate({ tournamentId: tid, roundNumber: last.number })}>
                Publish round {last.number}
              </button>
            </>
          ) : null}
          {last?.status === "published" ? (
            <button type="button" className={button} disabled={close.isPending} onClick={() => close.mutate({ tournamentId: tid, roundNumber: last.number })}>
              Close round {last.number}
            </button>
          ) : null}
        </div>
      ) : null}
      <FormError message={error?.message} />
      {set.data?.notes.length ? (
        <ul className="list-disc pl-5 text-sm text-slate-700" data-testid="board-notes">
          {set.data.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function TeamTable({ t }: { t: NonNullable<inferRouterOutputs<AppRouter>["teams"]["table"]> }) {
  return (
    <section aria-labelledby="team-table" className="space-y-2">
      <h2 id="team-table" className="text-xl font-semibold">Team table (best {t.bestK} results count)</h2>
      <table className="w-full text-sm" data-testid="team-table">
        <thead>
          <tr className="border-b text-left text-slate-500">
            <th className="py-1 pr-2">#</th>
            <th className="py-1 pr-2">Team</th>
            <th className="py-1 pr-2 text-right">Wins</th>
            <th className="py-1 pr-2 text-right">Spread</th>
            <th className="hidden py-1 pr-2 sm:table-cell">Counted</th>
          </tr>
        </thead>
        <tbody>
          {t.rows.map((r) => (
            <tr key={r.teamId} className="border-b border-slate-100">
              <td className="py-1 pr-2">{r.rank}</td>
              <td className="py-1 pr-2">{r.name}</td>
              <td className="py-1 pr-2 text-right">{wins(r.score)}</td>
              <td className="py-1 pr-2 text-right">{spread(r.spread)}</td>
              <td className="hidden py-1 pr-2 sm:table-cell">{r.counted.map((p) => `${p.name} ${wins(p.wins)}`).join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
