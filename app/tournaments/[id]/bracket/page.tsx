"use client";
/** The elimination bracket, drawn with rounds as columns (winners', losers', finals). */
import { useParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { TOURNAMENT_FALLBACK_REFETCH_MS, useTournamentLive } from "../../_components/use-tournament-live";
import { Loading, PrintButton, TournamentTabs } from "../../_components/ui";
import { LOSS_REASON_LABELS } from "@/app/_lib/labels";

const SIDES = [
  { side: "winners", title: "Winners' bracket" },
  { side: "losers", title: "Losers' bracket" },
  { side: "grand-final", title: "Grand final" },
  { side: "bronze", title: "Third place" },
] as const;

export default function BracketPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  useTournamentLive(id);
  const o = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false });
  const b = useQuery({ ...trpc.tournaments.bracket.queryOptions({ tournamentId: id }), retry: false, refetchInterval: TOURNAMENT_FALLBACK_REFETCH_MS });
  return (
    <Loading q={{ isPending: o.isPending || b.isPending, error: o.error ?? b.error }}>
      {() => {
        const t = o.data!.tournament;
        const bracket = b.data;
        return (
          <div className="space-y-4">
            <div className="flex items-center justify-between">
              <h1 className="text-2xl font-bold">{t.name}: bracket</h1>
              <PrintButton />
            </div>
            <TournamentTabs id={id} current="bracket" elimination director={o.data!.viewerRole === "director"} />
            {!bracket ? (
              <p className="text-slate-600">The bracket is drawn when round 1 is paired.</p>
            ) : (
              SIDES.map(({ side, title }) => {
                const ms = bracket.matches.filter((m) => m.side === side && m.status !== "void");
                if (!ms.length) return null;
                const rounds = [...new Set(ms.map((m) => m.round))].sort((x, y) => x - y);
                return (
                  <section key={side} className="space-y-2">
                    {bracket.format === "double" || side !== "winners" ? <h2 className="text-lg font-semibold">{title}</h2> : null}
                    <div className="flex gap-6 overflow-x-auto" data-testid={`bracket-${side}`}>
                      {rounds.map((r) => (
                        <div key={r} className="flex min-w-48 flex-col justify-around gap-4">
                          {ms.filter((m) => m.round === r).sort((x, y) => x.position - y.position).map((m) => (
                            <div key={m.id} className="rounded border border-slate-300 bg-white text-sm shadow-sm" data-testid="bracket-match">
                              <div className="border-b bg-slate-50 px-2 py-0.5 text-xs text-slate-500">{m.label}</div>
                              {[0, 1].map((i) => {
                                const pid = m.players[i as 0 | 1];
                                const won = m.winner !== null && m.winner === pid;
                                // A game lost on time (or resigned, forfeited) is a loss whatever the scores: say so, not "0–0".
                                const lost = m.lostBy;
                                const mark = lost ? (lost.userId === pid ? LOSS_REASON_LABELS[lost.reason] : pid && won ? "won" : "") : (m.scores[i as 0 | 1] ?? (m.status === "walkover" && won ? "bye" : ""));
                                return (
                                  <div key={i} className={`flex justify-between gap-2 px-2 py-1 ${won ? "font-semibold text-emerald-800" : ""}`} data-testid="bracket-slot">
                                    <span>{m.names[i as 0 | 1] ?? <span className="text-slate-400">{m.slotLabels[i as 0 | 1]}</span>}</span>
                                    <span className={`tabular-nums ${lost && lost.userId === pid ? "text-xs italic text-red-800" : ""}`} data-testid="bracket-mark">{mark}</span>
                                  </div>
                                );
                              })}
                            </div>
                          ))}
                        </div>
                      ))}
                    </div>
                  </section>
                );
              })
            )}
          </div>
        );
      }}
    </Loading>
  );
}
