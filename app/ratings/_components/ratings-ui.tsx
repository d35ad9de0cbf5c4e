/**
 * Building blocks shared by the ratings pages, the player page and the club page: the
 * provisional mark, game tabs, the leaderboard table and the rating history chart.
 *
 * The chart is a small hand-drawn SVG rather than a charting library: one line with an RD band
 * needs ~60 lines, no client bundle weight and no dependency to keep up to date.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { RULESET_IDS, RULESET_NAMES, type RulesetId } from "@/engine";

export type GameId = RulesetId;
export const GAME_IDS: readonly GameId[] = RULESET_IDS;

/** Ratings are kept as floats; people read whole points. */
export const fmtRating = (r: number) => Math.round(r).toString();

/** The "?" after a provisional rating (RD still at or above the threshold). */
export function ProvisionalMark({ rd }: { rd?: number }) {
  return (
    <abbr
      title={`Provisional rating: too few games to be sure yet${rd ? ` (RD ${Math.round(rd)})` : ""}`}
      className="ml-0.5 cursor-help text-amber-700 no-underline"
      data-testid="provisional"
    >
      ?
    </abbr>
  );
}

export function RatingValue({ rating, rd, provisional }: { rating: number; rd: number; provisional: boolean }) {
  return (
    <span className="tabular-nums" title={`Rating ${rating.toFixed(1)}, RD ${rd.toFixed(1)}`}>
      {fmtRating(rating)}
      {provisional ? <ProvisionalMark rd={rd} /> : null}
    </span>
  );
}

export function GameTabs({ value, onChange, label }: { value: GameId; onChange: (g: GameId) => void; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
      {GAME_IDS.map((g) => (
        <button
          key={g}
          role="tab"
          type="button"
          aria-selected={g === value}
          onClick={() => onChange(g)}
          className={`-mb-px rounded-t border px-3 py-1.5 text-sm ${g === value ? "border-slate-200 border-b-white bg-white font-semibold text-indigo-700" : "border-transparent text-slate-600 hover:text-indigo-700"}`}
        >
          {RULESET_NAMES[g]}
        </button>
      ))}
    </div>
  );
}

export interface LeaderboardRowView {
  rank: number;
  userId: string;
  name: string;
  rating: number;
  rd: number;
  games: number;
  provisional: boolean;
}

export function LeaderboardTable({ rows, empty, compact }: { rows: LeaderboardRowView[]; empty: ReactNode; compact?: boolean }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <table className="w-full text-sm" data-testid="leaderboard-table">
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
          <th className="w-12 py-1.5">#</th>
          <th className="py-1.5">Player</th>
          <th className="py-1.5 text-right">Rating</th>
          {compact ? null : <th className="py-1.5 text-right">RD</th>}
          <th className="py-1.5 text-right">Games</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.userId} className="border-b border-slate-100" data-testid="leaderboard-row">
            <td className="py-1.5 tabular-nums text-slate-500">{r.rank}</td>
            <td className="py-1.5">
              <Link href={`/players/${r.userId}`} className="text-indigo-700 hover:underline">
                {r.name}
              </Link>
            </td>
            <td className="py-1.5 text-right font-medium">
              <RatingValue rating={r.rating} rd={r.rd} provisional={r.provisional} />
            </td>
            {compact ? null : <td className="py-1.5 text-right tabular-nums text-slate-500">{Math.round(r.rd)}</td>}
            <td className="py-1.5 text-right tabular-nums">{r.games}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface ChartPoint {
  at: Date;
  rating: number;
  rd: number;
}

const W = 560;
const H = 180;
const PAD = { left: 40, right: 10, top: 10, bottom: 22 };

/**
 * Rating after each game (x = game number, so busy days do not squash the line), with a band of
 * ± RD showing how sure the rating is. The starting rating is the first point.
 */
export function RatingChart({ title, start, points }: { title: string; start: { rating: number; rd: number }; points: ChartPoint[] }) {
  const series = [{ rating: start.rating, rd: start.rd }, ...points];
  const lo = Math.min(...series.map((p) => p.rating - p.rd));
  const hi = Math.max(...series.map((p) => p.rating + p.rd));
  const x = (i: number) => PAD.left + (i / Math.max(1, series.length - 1)) * (W - PAD.left - PAD.right);
  const y = (r: number) => PAD.top + ((hi - r) / Math.max(1, hi - lo)) * (H - PAD.top - PAD.bottom);
  const line = series.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const band =
    series.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating + p.rd).toFixed(1)}`).join(" ") +
    " " +
    [...series].reverse().map((p, k) => `L${x(series.length - 1 - k).toFixed(1)},${y(p.rating - p.rd).toFixed(1)}`).join(" ") +
    " Z";
  const ticks = [lo, (lo + hi) / 2, hi].map((t) => Math.round(t));
  const last = series[series.length - 1]!;
  const label = `${title}: from ${fmtRating(start.rating)} to ${fmtRating(last.rating)} over ${points.length} rated game${points.length === 1 ? "" : "s"}`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="h-auto w-full max-w-xl" data-testid="rating-chart">
      <title>{label}</title>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
          <text x={PAD.left - 4} y={y(t) + 4} textAnchor="end" fontSize="10" fill="#64748b">
            {t}
          </text>
        </g>
      ))}
      <path d={band} fill="#6366f1" opacity="0.12" />
      <path d={line} fill="none" stroke="#4f46e5" strokeWidth="2" />
      {series.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.rating)} r={series.length > 60 ? 1.5 : 3} fill="#4f46e5">
          <title>{i === 0 ? `Start: ${fmtRating(p.rating)}` : `Game ${i}${"at" in p ? ` (${p.at.toLocaleDateString()})` : ""}: ${fmtRating(p.rating)} ± ${Math.round(p.rd)}`}</title>
        </circle>
      ))}
      <text x={PAD.left} y={H - 6} fontSize="10" fill="#64748b">
        start
      </text>
      <text x={W - PAD.right} y={H - 6} fontSize="10" fill="#64748b" textAnchor="end">
        game {points.length}
      </text>
    </svg>
  );
}
