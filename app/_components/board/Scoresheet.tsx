/** The scoresheet: every event with who, what, points, running totals and the clock reading. */
export interface SheetRow {
  seq: number;
  type: string;
  seat: number | null;
  text: string;
  points: number;
  totals: number[];
  clockMs: number | null;
}

export function formatClock(ms: number): string {
  const neg = ms < 0;
  const a = Math.abs(ms);
  const m = Math.floor(a / 60_000);
  const s = Math.floor((a % 60_000) / 1000);
  const t = Math.floor((a % 1000) / 100);
  return `${neg ? "−" : ""}${m}:${String(s).padStart(2, "0")}${m === 0 ? `.${t}` : ""}`;
}

export function Scoresheet({ rows, names }: { rows: readonly SheetRow[]; names: readonly string[] }) {
  return (
    <div className="max-h-96 overflow-y-auto rounded border border-slate-200 bg-white" data-testid="scoresheet">
      <table className="w-full text-left text-xs">
        <thead className="sticky top-0 bg-slate-100 text-slate-600">
          <tr>
            <th className="px-2 py-1">#</th>
            <th className="px-2 py-1">Player</th>
            <th className="px-2 py-1">Move</th>
            <th className="px-2 py-1 text-right">Pts</th>
            <th className="px-2 py-1 text-right">Totals</th>
            <th className="px-2 py-1 text-right">Clock</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.seq} className="border-t border-slate-100" data-testid="sheet-row" data-type={r.type}>
              <td className="px-2 py-1 text-slate-400">{r.seq}</td>
              <td className="px-2 py-1">{r.seat === null ? "" : names[r.seat]}</td>
              <td className="px-2 py-1">{r.text}</td>
              <td className={`px-2 py-1 text-right ${r.points < 0 ? "text-red-600" : ""}`}>{r.points ? (r.points > 0 ? `+${r.points}` : `${r.points}`) : ""}</td>
              <td className="px-2 py-1 text-right tabular-nums">{r.totals.join(" / ")}</td>
              <td className="px-2 py-1 text-right tabular-nums">{r.clockMs === null ? "" : formatClock(r.clockMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
