"use client";
/**
 * Standings: wins, spread and every tiebreak value in the event's order, with "why is X above Y".
 * On a phone the table keeps to rank, name, wins, spread and games (one line a player); the reasons
 * come on demand. A knockout is ranked by its placements alone: one table in place order with each
 * player's games won and lost, no "why above" ranking that could contradict the bracket.
 */
import { useParams } from "next/navigation";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { TOURNAMENT_FALLBACK_REFETCH_MS, useTournamentLive } from "../../_components/use-tournament-live";
import { formatMoney, placeLabel } from "@/server/domain";
import { Loading, PrintButton, TournamentTabs, spread, wins } from "../../_components/ui";
import { StandingsTable } from "../../_components/standings-table";

export default function StandingsPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  useTournamentLive(id);
  const o = useQuery({ ...trpc.tournaments.byId.queryOptions({ tournamentId: id }), retry: false });
  const s = useQuery({ ...trpc.tournaments.standings.queryOptions({ tournamentId: id }), retry: false, refetchInterval: TOURNAMENT_FALLBACK_REFETCH_MS });
  const payout = useQuery({ ...trpc.tournaments.prizes.payout.queryOptions({ tournamentId: id }), retry: false });
  const prizes = prizeMap(payout.data);
  const [a, setA] = useState("");
  const [b, setB] = useState("");
  const [showWhy, setShowWhy] = useState(false);
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
            {st.placings ? (
              <p className="text-sm text-slate-600">A knockout is ranked by the bracket: each player&apos;s place is where they left it.</p>
            ) : (
            <p className="text-sm text-slate-600">
              Order: wins (a tie counts ½) → {st.tiebreakOrder.map((x) => x.label).join(" → ") || "nothing else"}.{" "}
              {st.tiebreakOrder.map((x) => `${x.label}: ${x.description}`).join("; ")}
            </p>
            )}
            {st.placings ? (
              <KnockoutStandings placings={st.placings} rows={st.rows} />
            ) : (
              <>
                {/* On a phone the reasons come on demand: the table keeps to numbers, one line a player. */}
                <button type="button" className="no-print rounded border border-slate-300 px-3 py-1.5 text-sm sm:hidden" aria-expanded={showWhy} aria-controls="standings" onClick={() => setShowWhy((v) => !v)}>
                  {showWhy ? "Hide why each player is above the next" : "Show why each player is above the next"}
                </button>
                <StandingsTable
                  id="standings"
                  testId="standings"
                  rows={st.rows.map((r) => ({ ...r, key: r.userId }))}
                  tiebreakOrder={st.tiebreakOrder}
                  prizes={prizes ? (userId) => prizeText(prizes.get(userId), payout.data!.currency) : null}
                  why
                  showWhyOnPhone={showWhy}
                />
                <p className="text-xs text-slate-500 sm:hidden">Losses, the tiebreak values and byes are shown on a wider screen, on the print and in the CSV.</p>
              </>
            )}
            {st.placings ? null : (
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
            )}
          </div>
        );
      }}
    </Loading>
  );
}

type PayoutData = { final: boolean; visible: boolean; lines: { winner: { kind: "player"; playerId: string } | { kind: "club"; club: string } | null; amount: number; item: string }[] };

/** Who won what, once the results are final (docs/prizes.md): player id → cash and items; null before. */
function prizeMap(p: PayoutData | undefined): Map<string, { amount: number; items: string[] }> | null {
  if (!p || !p.final || !p.visible) return null;
  const out = new Map<string, { amount: number; items: string[] }>();
  for (const l of p.lines) {
    if (l.winner?.kind !== "player") continue;
    const had = out.get(l.winner.playerId) ?? { amount: 0, items: [] };
    out.set(l.winner.playerId, { amount: had.amount + l.amount, items: l.item ? [...had.items, l.item] : had.items });
  }
  return out;
}

function prizeText(p: { amount: number; items: string[] } | undefined, currency: string): string {
  if (!p) return "";
  return [p.amount ? formatMoney(p.amount, currency) : "", ...p.items].filter(Boolean).join(" + ");
}

type Placing = { userId: string; name: string; place: number; placeTo: number; settled: boolean };
type Row = { userId: string; wins: number; losses: number; spread: number; withdrawn: boolean };

/** A knockout's standings: the placements, in place order, with each player's games won and lost. */
function KnockoutStandings({ placings, rows }: { placings: Placing[]; rows: Row[] }) {
  const rowOf = new Map(rows.map((r) => [r.userId, r]));
  return (
    <section>
      <table className="w-full text-sm" data-testid="placings">
        <thead>
          <tr className="border-b text-left text-slate-500">
            <th className="py-1 pr-2 text-right">Place</th>
            <th className="py-1 pr-2">Player</th>
            <th className="py-1 pr-2 text-right">Won</th>
            <th className="py-1 pr-2 text-right">Lost</th>
            <th className="py-1 pr-2 text-right">Spread</th>
          </tr>
        </thead>
        <tbody>
          {placings.map((p) => {
            const r = rowOf.get(p.userId);
            return (
              <tr key={p.userId} className="border-b border-slate-100" data-testid="placing">
                <td className="py-1 pr-2 text-right tabular-nums font-semibold">{placeLabel(p)}</td>
                <td className="py-1 pr-2">
                  {p.name}
                  {p.settled ? null : <> <span className="text-xs text-slate-500">still playing</span></>}
                  {r?.withdrawn ? <> <span className="text-xs text-slate-500">(withdrawn)</span></> : null}
                </td>
                <td className="py-1 pr-2 text-right tabular-nums">{r ? wins(r.wins) : "–"}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{r ? wins(r.losses) : "–"}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{r ? spread(r.spread) : "–"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-500">A range is a shared place (players knocked out at the same stage), or the places a player still in the bracket can reach.</p>
    </section>
  );
}

