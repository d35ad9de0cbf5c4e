"use client";
/**
 * The frame of the print sheets: on screen a toolbar (which sheet, which round, Print, the round's
 * pairings.csv), in print only the sheet itself. The round is in the address (`?round=N`), so a
 * director can bookmark or share "table cards, round 3"; a draft or unknown round falls back to the
 * newest published one (`pickRound`), since a draft may still change.
 */
import Link from "next/link";
import { useParams, usePathname, useRouter, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "@/app/_trpc/client";
import { Loading, PrintButton, TournamentTabs } from "./ui";
import { TOURNAMENT_FALLBACK_REFETCH_MS, useTournamentLive } from "./use-tournament-live";
import { pickRound, printableRounds } from "./print-model";

export type Overview = inferRouterOutputs<AppRouter>["tournaments"]["byId"];
export type OverviewRound = Overview["rounds"][number];

export const SHEETS = [
  { key: "find-your-table", label: "Find your table", perRound: true, description: "Every player alphabetically: table, opponent, first or second. For the door." },
  { key: "table-cards", label: "Table cards", perRound: true, description: "One page per table: a big table number and both names, first mover first." },
  { key: "scorecards", label: "Scorecards", perRound: false, description: "One page per player: a row per round with opponent, first/second, scores, spread and running totals." },
  { key: "wall-chart", label: "Wall chart", perRound: false, description: "The cross-table on landscape pages, large enough to read on a wall." },
  { key: "match-sheets", label: "Match sheets", perRound: true, description: "Team events: one page per team match with each board's players, first mover, results and the captains' signatures." },
  { key: "payout", label: "Payout sheet", perRound: false, description: "Who wins which prize and how much, with the prize fund and the sum (provisional until the results are final)." },
] as const;
export type SheetKey = (typeof SHEETS)[number]["key"];

const linkClass = "rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50";

/** Loads the tournament and draws the toolbar; `children` draws the sheet for the chosen round. */
export function PrintShell({ sheet, children }: { sheet: SheetKey | null; children: (o: Overview, round: OverviewRound | null) => ReactNode }) {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  useTournamentLive(id);
  const q = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false, refetchInterval: TOURNAMENT_FALLBACK_REFETCH_MS });
  const params = useSearchParams();
  const router = useRouter();
  const path = usePathname();
  const asked = params.get("round");
  const askedNumber = asked && /^[0-9]{1,3}$/.test(asked) ? Number(asked) : null;
  const current = SHEETS.find((s) => s.key === sheet);
  return (
    <Loading q={q}>
      {() => {
        const o = q.data!;
        const t = o.tournament;
        const rounds = printableRounds(o.rounds);
        const round = pickRound(o.rounds, askedNumber);
        const query = round ? `?round=${round.number}` : "";
        return (
          <div className="print-sheet space-y-4">
            <div className="no-print space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h1 className="text-2xl font-bold">
                  {t.name}: {current ? current.label.toLowerCase() : "print sheets"}
                </h1>
                {current ? <PrintButton /> : null}
              </div>
              <TournamentTabs id={id} current="print" elimination={t.format.endsWith("elimination")} director={o.viewerRole === "director"} />
              <nav aria-label="Print sheets" className="flex flex-wrap items-center gap-2 text-sm">
                {SHEETS.map((s) => (
                  <Link
                    key={s.key}
                    href={`/tournaments/${id}/print/${s.key}${s.perRound ? query : ""}`}
                    aria-current={s.key === sheet ? "page" : undefined}
                    className={`rounded px-3 py-1 ${s.key === sheet ? "bg-slate-800 text-white" : "border border-slate-300 text-slate-700 hover:bg-slate-100"}`}
                  >
                    {s.label}
                  </Link>
                ))}
              </nav>
              {rounds.length > 0 && (!current || current.perRound) ? (
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <label htmlFor="print-round" className="font-medium text-slate-700">Round</label>
                  <select
                    id="print-round"
                    value={round?.number ?? ""}
                    onChange={(e) => router.replace(`${path}?round=${e.target.value}`)}
                    className="rounded border border-slate-300 px-2 py-1.5"
                  >
                    {rounds.map((r) => (
                      <option key={r.number} value={r.number}>Round {r.number}{r.status === "closed" ? " (closed)" : ""}</option>
                    ))}
                  </select>
                  {round ? (
                    <a href={`/tournaments/${id}/pairings.csv?round=${round.number}`} className={linkClass} data-testid="round-csv">
                      Round {round.number} as CSV
                    </a>
                  ) : null}
                  <a href={`/tournaments/${id}/pairings.csv`} className={linkClass}>All rounds as CSV</a>
                </div>
              ) : null}
              {current ? <p className="text-sm text-slate-600">{current.description}</p> : null}
            </div>
            {current?.perRound && !round ? <p className="text-slate-600">No round has been published yet, so there is nothing to print.</p> : children(o, round)}
          </div>
        );
      }}
    </Loading>
  );
}
