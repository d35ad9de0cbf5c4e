"use client";
/**
 * Pieces of the analysis page (docs/analysis.md): the board of a turn, with coordinates as on the
 * live board, the play made (the board's amber ring) and the best play chosen in the list drawn
 * over it in blue (the Board's `shown` tiles, each square named "H8: 3 (best play)"); the chart of
 * points lost per turn (a hand-drawn SVG, as the rating chart: no chart library for bars). The
 * page names each play by the whole line it makes, "672+42+5=719 at A4 across" (the engine's
 * `playLinesText`), never the new tiles alone.
 */
import { type Layout } from "@/engine";
import { Board } from "@/app/_components/board/Board";

export type Tile = { row: number; col: number; tile: string; blank?: boolean };
export type Play = { placements: Tile[]; score: number };

export function AnalysisBoard({ layout, board, made, best }: { layout: Layout; board: readonly Tile[]; made: readonly Tile[]; best: readonly Tile[] }) {
  return (
    <Board
      layout={layout}
      tiles={[...board, ...made]}
      highlight={made}
      shown={best}
      shownLabel="best play"
      coordinates
      testId="analysis-board"
      label="Board before the turn, with the play made and the best play chosen"
    />
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
