/**
 * The standings table: the standings page's and the public event page's (one home, so both show
 * a rank the same way). Every column beyond rank, name, wins, losses, spread and games is
 * optional: the tiebreak values in the event's order, the prize, and why each player is above
 * the next. On a phone the table keeps to rank, name, wins, spread and games (one line a player);
 * the reasons then come on demand (`showWhyOnPhone`).
 */
import { Fragment } from "react";
import { spread, wins } from "./ui";

/** Win-based tiebreaks read like wins ("1½", not "1.50"); spread with its sign; a rating whole. */
const WIN_TIEBREAKS = new Set(["buchholz", "median-buchholz", "head-to-head", "cumulative", "sonneborn-berger"]);

function tiebreakValue(code: string, value: number | null): string {
  if (value === null) return "–";
  if (WIN_TIEBREAKS.has(code)) return wins(value);
  if (code === "spread") return spread(value);
  return Number.isInteger(value) ? String(value) : String(Math.round(value));
}

export interface StandingsTableRow {
  key: string;
  rank: number;
  name: string;
  wins: number;
  losses: number;
  spread: number;
  games: number;
  withdrawn?: boolean;
  byes?: number;
  absences?: number;
  tiebreaks?: { code: string; value: number | null }[];
  whyAboveNext?: string | null;
}

export function StandingsTable(props: {
  rows: StandingsTableRow[];
  testId: string;
  id?: string;
  /** the event's tiebreaks in order (spread has its own column) */
  tiebreakOrder?: { code: string; label: string }[];
  /** the prize column's text per row key; null: no prize column */
  prizes?: ((key: string) => string) | null;
  /** the "why above the next" column (hidden on a phone) */
  why?: boolean;
  /** on a phone: the reasons as a line under each row */
  showWhyOnPhone?: boolean;
}) {
  const { rows, prizes = null, why = false, showWhyOnPhone = false } = props;
  const tiebreaks = (props.tiebreakOrder ?? []).filter((x) => x.code !== "spread");
  return (
    <table id={props.id} className="w-full text-sm" data-testid={props.testId}>
      <thead>
        <tr className="border-b text-left text-slate-500">
          <th className="py-1 pr-2">#</th>
          <th className="py-1 pr-2">Player</th>
          <th className="py-1 pr-2 text-right">Wins</th>
          <th className="hidden py-1 pr-2 text-right sm:table-cell">Losses</th>
          <th className="py-1 pr-2 text-right">Spread</th>
          {tiebreaks.map((x) => (
            <th key={x.code} className="hidden py-1 pr-2 text-right sm:table-cell">{x.label}</th>
          ))}
          <th className="py-1 pr-2 text-right">Games</th>
          {prizes ? <th className="py-1 pr-2 text-right">Prize</th> : null}
          {why ? <th className="hidden py-1 no-print sm:table-cell">Why above the next?</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <Fragment key={r.key}>
            <tr className="border-b border-slate-100 align-top" data-testid="standing-row">
              <td className="py-1 pr-2">{r.rank}</td>
              <td className="py-1 pr-2" data-testid="standing-name">
                {r.name}
                {r.withdrawn ? <span className="ml-1 text-xs text-slate-500">(withdrawn)</span> : null}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums" data-testid="standing-wins">{wins(r.wins)}</td>
              <td className="hidden py-1 pr-2 text-right tabular-nums sm:table-cell">{wins(r.losses)}</td>
              <td className="py-1 pr-2 text-right tabular-nums" data-testid="standing-spread">{spread(r.spread)}</td>
              {(r.tiebreaks ?? []).filter((x) => x.code !== "spread").map((x) => (
                <td key={x.code} className="hidden py-1 pr-2 text-right tabular-nums sm:table-cell">{tiebreakValue(x.code, x.value)}</td>
              ))}
              <td className="py-1 pr-2 text-right tabular-nums">
                {r.games}
                {r.byes ? <span className="hidden sm:inline">{` +${r.byes} bye${r.byes > 1 ? "s" : ""}`}</span> : null}
                {r.absences ? <span className="hidden sm:inline">{` (${r.absences} missed)`}</span> : null}
              </td>
              {prizes ? (
                <td className="py-1 pr-2 text-right tabular-nums" data-testid="standing-prize">
                  {prizes(r.key)}
                </td>
              ) : null}
              {why ? <td className="hidden py-1 text-xs text-slate-600 no-print sm:table-cell" data-testid="standing-why">{r.whyAboveNext}</td> : null}
            </tr>
            {showWhyOnPhone && r.whyAboveNext ? (
              <tr className="border-b border-slate-100 sm:hidden" data-testid="standing-why-phone">
                <td />
                <td colSpan={3 + tiebreaks.length} className="pb-1 text-xs text-slate-600">
                  {r.whyAboveNext}
                </td>
              </tr>
            ) : null}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
