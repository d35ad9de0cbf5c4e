"use client";
/**
 * Pieces of the analysis page (docs/analysis.md): the board of a turn with the best play drawn over
 * it in blue (the play made keeps the board's amber ring), the chart of points lost per turn (a
 * hand-drawn SVG, as the rating chart: no chart library for bars), and the play's text.
 *
 * The best play is an overlay grid with the board's geometry (same padding and columns, every cell
 * square as the board's are, else the rows collapse and the tiles drift up), so the
 * shared Board component stays as it is; its squares carry their own labels ("H8: 3 (best play)").
 */
import { squares, type Layout } from "@/engine";
import { Board } from "@/app/_components/board/Board";

export type Tile = { row: number; col: number; tile: string; blank?: boolean };
export type Play = { placements: Tile[]; score: number };

/** "3+4=7 from H8 across" (tiles in reading order, the first square, the direction). */
export function playText(placements: readonly Tile[]): string {
  if (placements.length === 0) return "";
  const ps = [...placements].sort((a, b) => a.row - b.row || a.col - b.col);
  const down = ps.length > 1 && ps[0]!.col === ps[1]!.col;
  return `${ps.map((p) => p.tile + (p.blank ? "?" : "")).join("")} from ${squares.name(ps[0]!.row, ps[0]!.col)}${ps.length > 1 ? (down ? " down" : " across") : ""}`;
}

export function AnalysisBoard({ layout, board, made, best }: { layout: Layout; board: readonly Tile[]; made: readonly Tile[]; best: readonly Tile[] }) {
  const n = layout.size;
  const at = new Map(best.map((t) => [t.row * n + t.col, t]));
  const cells = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const t = at.get(r * n + c);
      cells.push(
        t ? (
          <div
            key={`${r}-${c}`}
            role="img"
            aria-label={`${squares.name(r, c)}: ${t.tile} (best play)`}
            data-testid="best-tile"
            className="flex aspect-square items-center justify-center border border-white/60 bg-sky-300/90 text-xs font-semibold leading-none text-slate-900 ring-2 ring-inset ring-sky-700"
          >
            {t.tile}
          </div>
        ) : (
          <div key={`${r}-${c}`} aria-hidden className="aspect-square" />
        ),
      );
    }
  return (
    <div className="relative w-full max-w-[620px]">
      <Board layout={layout} tiles={[...board, ...made]} highlight={made} testId="analysis-board" label="Board before the turn, with the play made" />
      <div className="pointer-events-none absolute inset-0 grid p-0.5" style={{ gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))` }} data-testid="best-overlay">
        {cells}
      </div>
    </div>
  );
}

const SEAT_COLOURS = ["#4f46e5", "#d97706", "#059669", "#db2777"];

/** Points lost per turn: one bar per turn, coloured by seat; the turn shown is outlined; a bar click
 * goes to its turn (the keyboard steps with ←/→ on the page). */
export function LostChart({ lost, seats, names, at, onSelect }: { lost: number[]; seats: number[]; names: string[]; at: number; onSelect: (i: number) => void }) {
  const w = 600;
  const h = 140;
  const pad = { l: 28, b: 18, t: 8 };
  const max = Math.max(10, ...lost);
  const bw = (w - pad.l) / Math.max(1, lost.length);
  const y = (v: number) => pad.t + (h - pad.t - pad.b) * (1 - v / max);
  return (
    <figure className="space-y-1">
      <svg viewBox={`0 0 ${w} ${h}`} className="h-auto w-full" role="img" aria-labelledby="lost-chart-title" data-testid="lost-chart">
        <title id="lost-chart-title">{`Points lost per turn: ${lost.map((v, i) => `turn ${i + 1} ${names[seats[i]!] ?? ""} ${v}`).join(", ")}`}</title>
        <line x1={pad.l} x2={w} y1={y(0)} y2={y(0)} stroke="#94a3b8" />
        <text x={pad.l - 4} y={y(max) + 4} textAnchor="end" fontSize="10" fill="#475569">
          {max}
        </text>
        <text x={pad.l - 4} y={y(0)} textAnchor="end" fontSize="10" fill="#475569">
          0
        </text>
        {lost.map((v, i) => (
          <rect
            key={i}
            x={pad.l + i * bw + 1}
            y={y(v)}
            width={Math.max(1, bw - 2)}
            height={Math.max(v > 0 ? 1 : 0, y(0) - y(v))}
            fill={SEAT_COLOURS[seats[i]! % SEAT_COLOURS.length]}
            stroke={i === at ? "#0f172a" : "none"}
            strokeWidth={2}
            className="cursor-pointer"
            onClick={() => onSelect(i)}
            data-testid="lost-bar"
          >
            <title>{`Turn ${i + 1}, ${names[seats[i]!] ?? ""}: ${v} lost`}</title>
          </rect>
        ))}
        <text x={pad.l} y={h - 4} fontSize="10" fill="#475569">
          turn 1
        </text>
        <text x={w} y={h - 4} fontSize="10" fill="#475569" textAnchor="end">
          {lost.length}
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs text-slate-600">
        {names.map((n, s) => (
          <span key={s} className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: SEAT_COLOURS[s % SEAT_COLOURS.length] }} />
            {n}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
