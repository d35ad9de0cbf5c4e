"use client";
/** Shared pieces of the tournament pages: the tab bar, number formats and the load/error shell. */
import Link from "next/link";
import type { ReactNode } from "react";
import { TRPCClientError } from "@trpc/client";
import type { LossReason } from "@/server/domain";
import { LOSS_REASON_MARKS } from "@/app/_lib/labels";

/** "2½" for a win count. */
export function wins(w: number): string {
  const whole = Math.floor(w + 1e-9);
  const half = Math.abs(w - whole - 0.5) < 1e-9;
  if (Math.abs(w - whole) < 1e-9) return String(whole);
  return half ? `${whole === 0 ? "" : whole}½` : w.toFixed(2);
}

/** "+120" / "-45" / "0" for a spread. */
export function spread(s: number): string {
  const r = Math.round(s * 100) / 100;
  return r > 0 ? `+${r}` : String(r);
}

export function formatDate(d: Date): string {
  return d.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

export function TournamentTabs({ id, current, elimination, director }: { id: string; current: string; elimination: boolean; director: boolean }) {
  const tabs = [
    { href: `/tournaments/${id}`, label: "Overview & pairings", key: "overview" },
    { href: `/tournaments/${id}/standings`, label: "Standings", key: "standings" },
    { href: `/tournaments/${id}/crosstable`, label: "Cross-table", key: "crosstable" },
    { href: `/tournaments/${id}/watch`, label: "Watch live", key: "watch" },
    { href: `/tournaments/${id}/teams`, label: "Teams", key: "teams" },
    ...(elimination ? [{ href: `/tournaments/${id}/bracket`, label: "Bracket", key: "bracket" }] : []),
    { href: `/tournaments/${id}/print`, label: "Print sheets", key: "print" },
    ...(director ? [{ href: `/tournaments/${id}/manage`, label: "Director's dashboard", key: "manage" }] : []),
  ];
  return (
    <nav aria-label="Tournament" className="no-print flex flex-wrap gap-2 border-b border-slate-200 pb-2 text-sm">
      {tabs.map((t) => (
        <Link
          key={t.key}
          href={t.href}
          aria-current={t.key === current ? "page" : undefined}
          className={`rounded px-3 py-1 ${t.key === current ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

export function Loading({ q, children }: { q: { isPending: boolean; error: unknown; data?: unknown }; children: () => ReactNode }) {
  if (q.isPending) return <p>Loading…</p>;
  // a refetch that failed (the network or the server gone, docs/offline.md) keeps the last data on screen
  if (q.error && q.data === undefined) {
    const notFound = q.error instanceof TRPCClientError && q.error.data?.code === "NOT_FOUND";
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold">{notFound ? "Tournament not found" : "Could not load this tournament"}</h1>
        <p className="text-slate-700">{(q.error as Error).message}</p>
        <Link href="/tournaments" className="text-indigo-700 underline">
          All tournaments
        </Link>
      </div>
    );
  }
  return <>{children()}</>;
}

export function PrintButton() {
  return (
    <button type="button" onClick={() => window.print()} className="no-print rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
      Print
    </button>
  );
}

const CELL_KIND: Record<string, string> = { win: "W", loss: "L", tie: "T", bye: "B", absent: "–", "forfeit-win": "W", "forfeit-loss": "L", "double-forfeit": "L (double ff)", pending: "…", none: "" };

/** A cross-table cell's result mark: "W", "L (time)", "W (ff)", "B"… (the same on screen and on the wall chart). */
export function crossCellMark(c: { kind: string; lossReason: LossReason | null }): string {
  const mark = CELL_KIND[c.kind] ?? "";
  return c.lossReason ? `${mark} (${LOSS_REASON_MARKS[c.lossReason]})` : mark;
}
/** The legend of those marks, for under the table. */
export const CROSS_CELL_LEGEND = "time = lost on time, res = resigned, no-show = did not show, ff = forfeit entered by the director, double ff = double forfeit (both lost)";
/** The legend of a pod's cell (crossCellParts). */
export const POD_CELL_LEGEND = "A pod (3–4 players) shows the place and the player's score, with the top score (or, for the winner, the next best) in brackets.";

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

type CellInput = { kind: string; lossReason: LossReason | null; own: number | null; against: number | null; place?: number | null; opponents: { rank: number | null }[]; firstMove: boolean | null };

/**
 * A cross-table cell in parts (docs/tournaments.md "Cross-table"): the result, the score and the
 * opponents' ranks. A pod's result is its placing — "2nd of 4", score "290 (top 310)", or for the
 * winner "1st of 4", "310 (next 290)" — without the opponents' ranks (their names are the cell's
 * title). A game without a result yet reads "not yet played". Shared by the page and the wall chart.
 */
export function crossCellParts(c: CellInput): { mark: string; score: string | null; opponents: string | null } {
  if (c.kind === "pending") return { mark: "not yet played", score: null, opponents: null };
  if (c.place != null && c.own !== null)
    return { mark: `${ordinal(c.place)} of ${c.opponents.length + 1}`, score: `${c.own} (${c.place === 1 ? "next" : "top"} ${c.against})`, opponents: null };
  return {
    mark: crossCellMark(c),
    score: c.own !== null ? `${c.own}–${c.against}` : null,
    opponents: c.opponents.length ? `#${c.opponents.map((op) => op.rank ?? "?").join(",")}${c.firstMove ? "*" : ""}` : null,
  };
}

/** The cell as one line: "W 412–380 #3*", "2nd of 4 290 (top 310)", "not yet played". */
export function crossCellText(c: CellInput): string {
  const { mark, score, opponents } = crossCellParts(c);
  return [mark, score, opponents].filter(Boolean).join(" ");
}

