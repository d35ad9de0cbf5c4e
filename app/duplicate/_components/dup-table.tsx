"use client";
/**
 * The turn table (docs/duplicate.md "The table", "Reading a game"): per closed turn the master
 * score, then each player's score; running totals and the percentage of the top (beside the name,
 * so a phone shows them without scrolling). A top is marked ★, a solo top (the only player to
 * find it) ★ solo; a turn before a player joined "–". The view brings the first rows and the
 * reader's own with its neighbours; a large field pages through the rest (`duplicate.table`).
 */
import { Fragment, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/_trpc/client";
import { secondaryButtonClass } from "@/app/clubs/_components/ui";
import { formatPercent } from "@/server/domain";
import { DUP_PAGE, Pager } from "./pager";
import { TurnHistory } from "./dup-history";
import type { DupView } from "./types";

/** The player column stays put while a phone scrolls the turns sideways; total and % come first. */
const STICKY = "sticky left-0 z-10";

export function TurnTable({ v, myId }: { v: DupView; myId: string | null }) {
  const trpc = useTRPC();
  // null: the rows the view brought (the top and mine); a number: that page of the whole table
  const [offset, setOffset] = useState<number | null>(null);
  const paged = useQuery({ ...trpc.duplicate.table.queryOptions({ gameId: v.id, offset: offset ?? 0, limit: DUP_PAGE }), enabled: offset !== null, placeholderData: keepPreviousData });
  if (v.history.length === 0) return <p className="text-sm text-slate-600">The table fills in as turns close.</p>;
  const t = offset !== null && paged.data ? paged.data : v.table;
  const partial = v.table.rowCount > v.table.rows.length;
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="dup-table">
          <caption className="sr-only">Scores by turn, totals and percentage of the top</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className={`${STICKY} bg-white py-1 pr-3`}>Player</th>
              <th scope="col" className="px-2 py-1 text-right">Total</th>
              <th scope="col" className="whitespace-nowrap px-2 py-1 text-right">% of top</th>
              {t.turns.map((n) => (
                <th key={n} scope="col" className="px-2 py-1 text-right">
                  T{n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-b bg-amber-50 font-medium">
              <th scope="row" className={`${STICKY} bg-amber-50 py-1 pr-3 text-left`}>Master</th>
              <td className="px-2 py-1 text-right">{t.topTotal}</td>
              <td className="whitespace-nowrap px-2 py-1 text-right">100.0 %</td>
              {t.tops.map((s, i) => (
                <td key={i} className="px-2 py-1 text-right">{s}</td>
              ))}
            </tr>
            {t.rows.map((r, i) => (
              <Fragment key={r.userId}>
                {i > 0 && r.position > t.rows[i - 1]!.position + 1 ? (
                  <tr aria-hidden="true">
                    <td colSpan={3 + t.turns.length} className="py-1 text-center text-slate-500">…</td>
                  </tr>
                ) : null}
                <tr className={`border-b ${r.userId === myId ? "bg-indigo-50" : ""}`}>
                  <th scope="row" className={`${STICKY} py-1 pr-3 text-left font-normal ${r.userId === myId ? "bg-indigo-50" : "bg-white"}`}>
                    {partial ? <span className="text-slate-500">{r.position + 1}. </span> : null}
                    {r.name}
                  </th>
                  <td className="px-2 py-1 text-right font-medium">{r.total}</td>
                  <td className="whitespace-nowrap px-2 py-1 text-right">{formatPercent(r.percent)}</td>
                  {r.cells.map((c, j) => (
                    <td key={j} className="whitespace-nowrap px-2 py-1 text-right" title={c.solo ? "solo top" : c.top ? "top" : undefined}>
                      {c.missed ? "–" : c.score}
                      {c.solo ? " ★ solo" : c.top ? " ★" : ""}
                    </td>
                  ))}
                </tr>
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {partial ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="dup-table-pages">
          {offset === null ? (
            <button type="button" className={`${secondaryButtonClass} min-h-10`} onClick={() => setOffset(0)}>
              Show the whole table ({v.table.rowCount} players), {DUP_PAGE} at a time
            </button>
          ) : (
            <>
              <Pager offset={offset} shown={t.rows.length} total={t.rowCount} what="Players" onPage={setOffset} />
              <button type="button" className={`${secondaryButtonClass} min-h-10`} onClick={() => setOffset(null)}>
                Back to the top and my row
              </button>
            </>
          )}
        </div>
      ) : null}
      <TurnHistory v={v} />
    </div>
  );
}
