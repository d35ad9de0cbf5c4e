"use client";
/** One recorded ruling, compact: verdict, main line, violations (code + working), who asked, who ruled, note. */
import { squares } from "@/engine";
import { LocalTime } from "@/app/_components/local-time";
import type { RulingJson } from "./ruling-view";

export interface RecordedRulingJson {
  id: string;
  matchId: string | null;
  moveNumber: number | null;
  requestedBy: string;
  ruledBy: { id: string; name: string } | null;
  ruling: RulingJson;
  note: string;
  createdAt: Date;
}

export function RulingSummary({ r, showMatch }: { r: RecordedRulingJson; showMatch?: boolean }) {
  const main = r.ruling.lines.find((l) => l.main) ?? r.ruling.lines[0];
  return (
    <li className="rounded border border-slate-200 bg-white p-3 text-sm" data-testid="recorded-ruling">
      <p className="flex flex-wrap items-baseline gap-2">
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${r.ruling.valid ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}>
          {r.ruling.valid ? `Valid, ${r.ruling.score} pts` : "Invalid"}
        </span>
        {main ? (
          <span className="font-mono">
            {main.text} at {squares.name(main.cells[0][0], main.cells[0][1])} {main.direction}
          </span>
        ) : null}
        {r.moveNumber !== null ? <span className="text-slate-500">move {r.moveNumber}</span> : null}
        {showMatch && r.matchId ? (
          <a className="text-indigo-700 underline" href={`/play/${r.matchId}`}>
            game
          </a>
        ) : null}
      </p>
      {r.ruling.violations.length ? (
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {r.ruling.violations.map((v, i) => (
            <li key={i}>
              <span className="font-mono text-xs text-red-800">{v.code}</span> {v.message}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-1 text-xs text-slate-500">
        {r.requestedBy ? `Asked by ${r.requestedBy} · ` : ""}ruled by {r.ruledBy?.name ?? "a former user"} · <LocalTime at={r.createdAt} />
      </p>
      {r.note ? <p className="mt-1 text-slate-700">Note: {r.note}</p> : null}
    </li>
  );
}
