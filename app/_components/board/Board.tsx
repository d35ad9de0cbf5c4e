"use client";
/**
 * The board: premium squares with colours and labels, committed tiles, the draft play (tiles
 * being placed, removable by clicking them), the last play highlighted. It takes plain props, no
 * data fetching; the live board, the scorekeeper station, the replay page and the judge's desk
 * all draw it.
 *
 * Optional extras: a play shown over the board in blue without being on it (the analysis page's
 * best play, `shown`, each square named "H8: 3 (best play)"), coordinates round the edge (named as every message names squares, `squares`
 * of `@/engine`), "new" tiles (the disputed play on the judge's desk), squares a violation names
 * outlined in red, the squares of a challenged play outlined dashed until the next move (distinct
 * from the last play's ring: purple where the play came off, green where it stood), the entry
 * cursor with its direction arrow, and squares as buttons. Buttons use
 * a roving tabindex (one Tab stop for the whole board, arrow keys move between squares, as the
 * WAI-ARIA grid pattern does); keys the board does not use go to `onKey`. A square accepts an
 * HTML5 drop of a rack tile or a supply tile (`DropSource`).
 */
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from "react";
import { squares, type Layout, type Premium } from "@/engine";
import { PREMIUM_STYLE, showFace } from "./squares";

export interface BoardTileProp {
  row: number;
  col: number;
  tile: string;
  blank?: boolean;
}

type Square = { row: number; col: number };

/** What was dropped on a square: a rack tile (by index) or a supply tile (by face). */
export type DropSource = { rackIndex: number } | { supply: string };

/** Drag data types: set by the rack and the supply strip, read by the squares. */
export const DRAG_RACK = "text/x-equalis-rack";
export const DRAG_SUPPLY = "text/x-equalis-supply";

export function dropSourceOf(e: DragEvent): DropSource | null {
  const rack = e.dataTransfer.getData(DRAG_RACK);
  if (rack !== "" && Number.isInteger(Number(rack))) return { rackIndex: Number(rack) };
  const supply = e.dataTransfer.getData(DRAG_SUPPLY);
  return supply ? { supply } : null;
}

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export interface BoardProps {
  layout: Layout;
  tiles: readonly BoardTileProp[];
  draft?: readonly BoardTileProp[];
  /** "new" tiles — the disputed play on the judge's desk; shown over `tiles` on the same square */
  fresh?: readonly BoardTileProp[];
  /** a play drawn in blue over the board, not part of it (the analysis page's best play) */
  shown?: readonly BoardTileProp[];
  /** what `shown` is, in each of its squares' names ("H8: 3 (best play)") */
  shownLabel?: string;
  highlight?: readonly Square[];
  /** squares a violation names: outlined in red */
  violations?: readonly Square[];
  /** the squares of the latest challenged play, and whether it stood or came off */
  challenged?: { cells: readonly Square[]; stands: boolean } | null;
  /** the entry cursor: where the next typed tile goes, and which way the play runs */
  marker?: { row: number; col: number; direction: "across" | "down" } | null;
  /** column letters across the top and row numbers down the side */
  coordinates?: boolean;
  /** squares as focusable buttons (one Tab stop, arrow keys), named "F10, 2S, empty" / "F10: 4 (new)" */
  buttons?: boolean;
  /** the square that holds the Tab stop (default: the marker, else the start square); moved here when the board has focus */
  focus?: Square | null;
  premiumLabels?: Partial<Record<Premium, string>>;
  testId?: string;
  /** width classes of the board (it is square and scales with its width) */
  className?: string;
  /** fixed square size in px (the zoomed board on a phone, inside a scrolling window) */
  squarePx?: number;
  label?: string;
  onSquare?: (row: number, col: number) => void;
  onDropTile?: (row: number, col: number, source: DropSource) => void;
  /** an arrow key moved the focus to this square */
  onMove?: (row: number, col: number) => void;
  /** any other key pressed on a square (typing, Backspace, Enter, Escape…) */
  onKey?: (e: KeyboardEvent, row: number, col: number) => void;
}

export function Board({
  layout,
  tiles,
  draft = [],
  fresh = [],
  shown = [],
  shownLabel = "best play",
  highlight = [],
  violations = [],
  challenged = null,
  marker = null,
  coordinates = false,
  buttons = false,
  focus = null,
  premiumLabels,
  testId = "board",
  className = "max-w-[620px]",
  squarePx,
  label = "Board",
  onSquare,
  onDropTile,
  onMove,
  onKey,
}: BoardProps) {
  const n = layout.size;
  const marks = indexMarks(n, { tiles, draft, fresh, shown, highlight, violations, challenged });
  const grid = useRef<HTMLDivElement>(null);

  // The roving Tab stop: the square last focused, unless the caller places it.
  const [own, setOwn] = useState<Square>({ row: layout.start[0], col: layout.start[1] });
  const stop = focus ?? (marker ? { row: marker.row, col: marker.col } : own);
  const focusSquare = (r: number, c: number) => grid.current?.querySelector<HTMLElement>(`[data-row="${r}"][data-col="${c}"] button, button[data-row="${r}"][data-col="${c}"]`)?.focus();
  // When the caller moves the stop (the cursor advancing as tiles are typed), focus follows if the board has it.
  useEffect(() => {
    if (buttons && grid.current?.contains(document.activeElement)) focusSquare(stop.row, stop.col);
  }, [buttons, stop.row, stop.col]);

  function keyDown(e: KeyboardEvent, r: number, c: number) {
    const step = ARROWS[e.key];
    if (step && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const nr = Math.max(0, Math.min(n - 1, r + step[0]));
      const nc = Math.max(0, Math.min(n - 1, c + step[1]));
      setOwn({ row: nr, col: nc });
      focusSquare(nr, nc);
      onMove?.(nr, nc);
      return;
    }
    onKey?.(e, r, c);
  }

  const look = { layout, marks, challenged, marker, buttons, premiumLabels, shownLabel };
  const rows: ReactNode[] = [];
  if (coordinates) {
    rows.push(
      <div key="cols" role="row" className="contents">
        <div aria-hidden className="bg-emerald-700" />
        {Array.from({ length: n }, (_, c) => (
          <div key={c} role="columnheader" className="bg-slate-100 py-0.5 text-center text-[10px] leading-none text-slate-600">
            {squares.column(c)}
          </div>
        ))}
      </div>,
    );
  }
  for (let r = 0; r < n; r++) {
    const cells: ReactNode[] = [];
    if (coordinates) {
      cells.push(
        <div key="h" role="rowheader" className="flex items-center justify-center bg-slate-100 text-[10px] leading-none text-slate-600">
          {r + 1}
        </div>,
      );
    }
    for (let c = 0; c < n; c++) {
      const sq = squareLook(r, c, look);
      const drop = {
        onDragOver: (e: DragEvent) => {
          if (!sq.occupied && onDropTile) e.preventDefault();
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          const src = dropSourceOf(e);
          if (!sq.occupied && src) onDropTile?.(r, c, src);
        },
      };
      if (buttons) {
        const isStop = stop.row === r && stop.col === c;
        cells.push(
          <div key={c} role="gridcell" className="contents">
            <button
              type="button"
              title={sq.label}
              aria-label={sq.label}
              tabIndex={isStop ? 0 : -1}
              className={`${sq.cls} p-0 focus-visible:z-20 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600`}
              onClick={() => onSquare?.(r, c)}
              onFocus={() => setOwn({ row: r, col: c })}
              onKeyDown={(e) => keyDown(e, r, c)}
              {...drop}
              {...sq.data}
            >
              {sq.content}
            </button>
          </div>,
        );
      } else {
        cells.push(
          <div key={c} role="gridcell" aria-label={sq.label} className={sq.cls} onClick={() => onSquare?.(r, c)} {...drop} {...sq.data}>
            {sq.content}
          </div>,
        );
      }
    }
    rows.push(
      <div key={r} role="row" className="contents">
        {cells}
      </div>,
    );
  }
  return (
    <div
      ref={grid}
      role="grid"
      aria-label={label}
      className={`grid w-full bg-emerald-700 p-0.5 ${className}`}
      style={{
        gridTemplateColumns: `${coordinates ? "1.25rem " : ""}repeat(${n}, minmax(0, 1fr))`,
        ...(squarePx ? { width: `calc(${n * squarePx + 4}px${coordinates ? " + 1.25rem" : ""})` } : {}),
      }}
      data-testid={testId}
    >
      {rows}
    </div>
  );
}

type Marker = { row: number; col: number; direction: "across" | "down" };
type Challenged = { cells: readonly Square[]; stands: boolean };

/** Every kind of tile and mark, by square index (row × size + col). */
function indexMarks(
  n: number,
  p: { tiles: readonly BoardTileProp[]; draft: readonly BoardTileProp[]; fresh: readonly BoardTileProp[]; shown: readonly BoardTileProp[]; highlight: readonly Square[]; violations: readonly Square[]; challenged: Challenged | null },
) {
  const key = (s: Square) => s.row * n + s.col;
  const byKey = (ts: readonly BoardTileProp[]) => new Map(ts.map((t) => [key(t), t]));
  return {
    placed: byKey(p.tiles),
    drafted: byKey(p.draft),
    news: byKey(p.fresh),
    ghosts: byKey(p.shown),
    lit: new Set(p.highlight.map(key)),
    flagged: new Set(p.violations.map(key)),
    disputed: new Set((p.challenged?.cells ?? []).map(key)),
  };
}

const face = (t: BoardTileProp) => (
  <span>
    {showFace(t.tile)}
    {t.blank ? <sup className="text-[8px] text-slate-600">?</sup> : null}
  </span>
);

/**
 * One square's look: its classes, its accessible name, what it shows and its data attributes.
 * A shown (best) play wins over a tile, a "new" tile over the position's, a tile over the draft,
 * the draft over the cursor; then the cursor's outline, else a violation's, else a challenge's.
 */
function squareLook(
  r: number,
  c: number,
  { layout, marks, challenged, marker, buttons, premiumLabels, shownLabel }: { layout: Layout; marks: ReturnType<typeof indexMarks>; challenged: Challenged | null; marker: Marker | null; buttons: boolean; premiumLabels?: Partial<Record<Premium, string>>; shownLabel: string },
) {
  const k = r * layout.size + c;
  const p = layout.premiums[k]!;
  const style = PREMIUM_STYLE[p];
  const premiumLabel = premiumLabels?.[p] ?? style.label;
  const f = marks.news.get(k);
  const t = f ?? marks.placed.get(k);
  const d = marks.drafted.get(k);
  const g = marks.ghosts.get(k);
  const isStart = layout.start[0] === r && layout.start[1] === c;
  const isMarker = marker && marker.row === r && marker.col === c;
  const disputed = marks.disputed.has(k);
  const name = squares.name(r, c);
  let content;
  // self-stretch: an aspect-square cell takes its height from its own column's width, and
  // columns differ by a fraction of a pixel, so without it shorter cells left hairline gaps
  // (the board's green showing as stray line segments between rows); stretched, every cell
  // fills its row.
  let cls = `relative flex aspect-square self-stretch items-center justify-center border border-white/60 text-[10px] leading-none select-none `;
  let label = buttons
    ? [name, p !== "." ? premiumLabel : null, isStart ? "start" : null, "empty"].filter(Boolean).join(", ")
    : `${name}, ${p !== "." ? `${premiumLabel} (${style.name})` : style.name}${isStart ? ", start square" : ""}`; // holds the text seen (axe: label-content-name-mismatch)
  if (g) {
    cls += "bg-sky-300 font-semibold text-slate-900 text-xs ring-2 ring-inset ring-sky-700";
    content = face(g);
    label = `${name}: ${g.tile}${g.blank ? "? (blank)" : ""} (${shownLabel})`;
  } else if (t) {
    cls += f
      ? "bg-amber-300 font-semibold text-slate-900 text-xs ring-2 ring-inset ring-amber-600"
      : `bg-amber-100 font-semibold text-slate-900 text-xs ${marks.lit.has(k) ? "ring-2 ring-inset ring-amber-500" : ""}`;
    content = face(t);
    label = `${name}: ${t.tile}${t.blank ? "? (blank)" : ""}${f ? " (new)" : ""}`;
  } else if (d) {
    cls += "bg-amber-300 font-semibold text-slate-900 text-xs ring-2 ring-inset ring-indigo-500 cursor-pointer";
    content = face(d);
    label = `${name}: ${d.tile}${d.blank ? "? (blank)" : ""} (placing; click to take back)`;
  } else if (isMarker) {
    cls += "bg-indigo-100 cursor-pointer";
    content = (
      <span aria-hidden className="text-sm font-bold text-indigo-700">
        {marker!.direction === "across" ? "→" : "↓"}
      </span>
    );
  } else {
    cls += `${style.className} cursor-pointer hover:brightness-95`;
    content = isStart && p !== "." ? <span>★</span> : <span>{isStart ? "★" : premiumLabel}</span>;
  }
  if (isMarker) {
    cls += " outline outline-2 outline-indigo-700 z-10";
    label += `, cursor ${marker!.direction}`;
  } else if (marks.flagged.has(k)) cls += " outline outline-2 -outline-offset-2 outline-red-600 z-10";
  else if (disputed) cls += ` outline-dashed outline-2 -outline-offset-2 z-10 ${challenged!.stands ? "outline-emerald-700" : "outline-fuchsia-700"}`;
  if (disputed) label += challenged!.stands ? ", challenged play (stood)" : ", challenged play (came off)";
  const data = {
    "data-testid": `sq-${r}-${c}`,
    "data-square": name,
    "data-row": r,
    "data-col": c,
    "data-face": (t ?? d)?.tile,
    "data-challenged": disputed ? (challenged!.stands ? "stood" : "off") : undefined,
    "data-last-play": marks.lit.has(k) ? "true" : undefined,
    "data-shown": g ? "true" : undefined,
  };
  return { cls, label, content, data, occupied: !!t };
}
