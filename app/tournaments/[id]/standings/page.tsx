"use client";
/** Standings: wins, spread and every tiebreak value in the event's order, with "why is X above Y". */
import { useParams } from "next/navigation";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { TOURNAMENT_FALLBACK_REFETCH_MS, useTournamentLive } from "../../_components/use-tournament-live";
import { placeLabel } from "@/server/domain";
import { Loading, PrintButton, TournamentTabs, spread, wins } from "../../_components/ui";

/** Win-based tiebreaks read like wins ("1½", not "1.50"); spread with its sign; a rating whole. */
const WIN_TIEBREAKS = new Set(["buchholz", "median-buchholz", "head-to-head", "cumulative", "sonneborn-berger"]);
function tiebreakValue(code: string, value: number | null): string {
  if (value === null) return "–";
  if (WIN_TIEBREAKS.has(code)) return wins(value);
  if (code === "spread") return spread(value);
  return Number.isInteger(value) ? String(value) : String(Math.round(value));
}

export default function StandingsPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  useTournamentLive(id);
  const o = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false });
  const s = useQuery({ ...trpc.tournaments.standings.queryOptions({ tournamentId: id }), retry: false, refetchInterval: TOURNAMENT_FALLBACK_REFETCH_MS });
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const why = useQuery({ ...trpc.tournaments.explain.queryOptions({ tournamentId: id, a, b }), enabled: !!a && !!b && a !== b });

  return (
    <Loading q={{ isPending: o.isPending || s.isPending, error: o.error ?? s.error }}>
      {() => {
        const t = o.data!.tournament;
        const st = s.data!;
        return (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-2xl font-bold">
                {t.name}: standings{st.afterRound ? ` after round ${st.afterRound}` : ""}
              </h1>
              <div className="no-print flex gap-2">
                <a href={`/tournaments/${id}/standings.csv`} className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">CSV</a>
                <PrintButton />
              </div>
            </div>
            <TournamentTabs id={id} current="standings" elimination={t.format.endsWith("elimination")} director={o.data!.viewerRole === "director"} />
            <p className="text-sm text-slate-600">
              Order: wins (a tie counts ½) → {st.tiebreakOrder.map((x) => x.label).join(" → ") || "nothing else"}.{" "}
              {st.tiebreakOrder.map((x) => `${x.label}: ${x.description}`).join("; ")}
            </p>
            {st.placings ? (
              <section>
                <h2 className="mb-1 text-lg font-semibold">Placements</h2>
                <table className="text-sm" data-testid="placings">
                  <tbody>
                    {st.placings.map((p) => (
                      <tr key={p.userId} data-testid="placing">
                        <td className="py-0.5 pr-3 text-right tabular-nums font-semibold">{placeLabel(p)}</td>
                        <td className="py-0.5 pr-3">{p.name}</td>
                        <td className="py-0.5 text-xs text-slate-500">{p.settled ? "" : "still playing"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="mt-1 text-xs text-slate-500">A range is a shared place (players knocked out at the same stage), or the places a player still in the bracket can reach.</p>
              </section>
            ) : null}
            {st.placings ? (
              <>
                <h2 className="text-lg font-semibold">Games won and lost</h2>
                {/* In a knockout the bracket decides the places; this table only counts games, so its order is not a ranking. */}
                <p className="text-xs text-slate-500">The placements above decide the event; this table counts each player&apos;s games.</p>
              </>
            ) : null}
            <table className="w-full text-sm" data-testid="standings">
              <thead>
                <tr className="border-b text-left text-slate-500">
                  <th className="py-1 pr-2">#</th>
                  <th className="py-1 pr-2">Player</th>
                  <th className="py-1 pr-2 text-right">Wins</th>
                  <th className="py-1 pr-2 text-right">Losses</th>
                  <th className="py-1 pr-2 text-right">Spread</th>
                  {st.tiebreakOrder.filter((x) => x.code !== "spread").map((x) => (
                    <th key={x.code} className="py-1 pr-2 text-right">{x.label}</th>
                  ))}
                  <th className="py-1 pr-2 text-right">Games</th>
                  <th className="py-1 no-print">Why above the next?</th>
                </tr>
              </thead>
              <tbody>
                {st.rows.map((r) => (
                  <tr key={r.userId} className="border-b border-slate-100 align-top" data-testid="standing-row">
                    <td className="py-1 pr-2">{r.rank}</td>
                    <td className="py-1 pr-2" data-testid="standing-name">
                      {r.name}
                      {r.withdrawn ? <span className="ml-1 text-xs text-slate-500">(withdrawn)</span> : null}
                    </td>
                    <td className="py-1 pr-2 text-right tabular-nums" data-testid="standing-wins">{wins(r.wins)}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{wins(r.losses)}</td>
                    <td className="py-1 pr-2 text-right tabular-nums" data-testid="standing-spread">{spread(r.spread)}</td>
                    {r.tiebreaks.filter((x) => x.code !== "spread").map((x) => (
                      <td key={x.code} className="py-1 pr-2 text-right tabular-nums">{tiebreakValue(x.code, x.value)}</td>
                    ))}
                    <td className="py-1 pr-2 text-right tabular-nums">
                      {r.games}
                      {r.byes ? ` +${r.byes} bye${r.byes > 1 ? "s" : ""}` : ""}
                      {r.absences ? ` (${r.absences} missed)` : ""}
                    </td>
                    <td className="py-1 text-xs text-slate-600 no-print">{r.whyAboveNext}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <section className="no-print space-y-2 rounded border border-slate-200 bg-white p-4">
              <h2 className="font-semibold">Why is one player above another?</h2>
              <div className="flex flex-wrap gap-2 text-sm">
                {[
                  [a, setA, "First player"],
                  [b, setB, "Second player"],
                ].map(([v, set, label]) => (
                  <select key={label as string} aria-label={label as string} value={v as string} onChange={(e) => (set as (x: string) => void)(e.target.value)} className="rounded border border-slate-300 px-2 py-1">
                    <option value="">{label as string}</option>
                    {st.rows.map((r) => (
                      <option key={r.userId} value={r.userId}>{r.name}</option>
                    ))}
                  </select>
                ))}
              </div>
              {why.data ? <p className="text-sm" data-testid="explain">{why.data.sentence}</p> : null}
            </section>
          </div>
        );
      }}
    </Loading>
  );
}
