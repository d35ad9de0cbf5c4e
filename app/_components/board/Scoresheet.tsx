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

/**
 * The scoresheet table. Live pages show it as is; the replay page passes `selected` and `onSelect`
 * so a row is the step being shown and a click jumps to it.
 */
export function Scoresheet({
  rows,
  names,
  selected,
  onSelect,
  testId = "scoresheet",
  rowTestId = "sheet-row",
  maxHeight = "max-h-96",
}: {
  rows: readonly SheetRow[];
  names: readonly string[];
  selected?: number;
  onSelect?: (index: number) => void;
  testId?: string;
  rowTestId?: string;
  maxHeight?: string;
}) {
  // Narrow on a phone: tighter padding, and names and plays may break anywhere (an equation has no
  // spaces), so every column fits a 390 px screen; anything still too wide scrolls in this box.
  const cell = onSelect ? "px-1 py-1.5 sm:px-2" : "px-1 py-1 sm:px-2";
  const head = "px-1 py-1 sm:px-2";
  return (
    <div className={`${maxHeight} max-w-full overflow-auto rounded border border-slate-200 bg-white`} data-testid={testId}>
      <table className="w-full text-left text-xs">
        <thead className="sticky top-0 bg-slate-100 text-slate-600">
          <tr>
            <th className={head}>#</th>
            <th className={head}>Player</th>
            <th className={head}>Move</th>
            <th className={`${head} text-right`}>Pts</th>
            <th className={`${head} text-right`}>Totals</th>
            <th className={`${head} text-right`}>Clock</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, k) => (
            <tr
              key={r.seq}
              onClick={onSelect ? () => onSelect(k) : undefined}
              className={`border-t border-slate-100 ${onSelect ? (k === selected ? "cursor-pointer bg-indigo-50 font-medium" : "cursor-pointer hover:bg-slate-50") : ""}`}
              aria-current={onSelect && k === selected ? "step" : undefined}
              data-testid={rowTestId}
              data-type={r.type}
            >
              <td className={`${cell} text-slate-500`}>{r.seq}</td>
              <td className={`${cell} wrap-anywhere`}>{r.seat === null ? "" : names[r.seat]}</td>
              <td className={`${cell} wrap-anywhere`}>{r.text}</td>
              <td className={`${cell} text-right ${r.points < 0 ? "text-red-600" : ""}`}>{r.points ? (r.points > 0 ? `+${r.points}` : `${r.points}`) : ""}</td>
              <td className={`${cell} text-right tabular-nums`}>{r.totals.join(" / ")}</td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{r.clockMs === null ? "" : formatClock(r.clockMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
