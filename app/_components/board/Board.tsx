"use client";
/**
 * The board: premium squares with colours and labels, committed tiles, the draft play (tiles
 * being placed, removable by clicking them), the last play highlighted. Squares accept a click
 * (place the selected rack tile, or choose the keyboard start square) and an HTML5 drop of a rack
 * tile. It takes plain props, no data fetching; the judge's desk uses it too, with the optional
 * extras: coordinates round the edge, "new" tiles (the disputed play), squares a violation names
 * outlined in red, and squares as keyboard-focusable buttons.
 */
import type { DragEvent, ReactNode } from "react";
import type { Layout, Premium } from "@/engine";
import { PREMIUM_STYLE, showFace, squareName } from "./squares";

export interface BoardTileProp {
  row: number;
  col: number;
  tile: string;
  blank?: boolean;
}

type Square = { row: number; col: number };

const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function Board({
  layout,
  tiles,
  draft = [],
  fresh = [],
  highlight = [],
  violations = [],
  marker = null,
  coordinates = false,
  buttons = false,
  premiumLabels,
  testId = "board",
  onSquare,
  onDropTile,
}: {
  layout: Layout;
  tiles: readonly BoardTileProp[];
  draft?: readonly BoardTileProp[];
  /** "new" tiles — the disputed play on the judge's desk; shown over `tiles` on the same square */
  fresh?: readonly BoardTileProp[];
  highlight?: readonly Square[];
  /** squares a violation names: outlined in red */
  violations?: readonly Square[];
  /** the keyboard start square */
  marker?: { row: number; col: number; direction: "across" | "down" } | null;
  /** column letters across the top and row numbers down the side */
  coordinates?: boolean;
  /** squares as focusable buttons, named "F10, 2S, empty" / "F10: 4 (new)" */
  buttons?: boolean;
  /** premium label text by layout letter (default: 2S 3S 2E 3E) */
  premiumLabels?: Partial<Record<Premium, string>>;
  testId?: string;
  onSquare?: (row: number, col: number) => void;
  onDropTile?: (row: number, col: number, rackIndex: number) => void;
}) {
  const n = layout.size;
  const key = (r: number, c: number) => r * n + c;
  const placed = new Map(tiles.map((t) => [key(t.row, t.col), t]));
  const drafted = new Map(draft.map((t) => [key(t.row, t.col), t]));
  const news = new Map(fresh.map((t) => [key(t.row, t.col), t]));
  const lit = new Set(highlight.map((h) => key(h.row, h.col)));
  const flagged = new Set(violations.map((v) => key(v.row, v.col)));
  const rows: ReactNode[] = [];
  if (coordinates) {
    rows.push(
      <div key="cols" role="row" className="contents">
        <div aria-hidden className="bg-emerald-700" />
        {Array.from({ length: n }, (_, c) => (
          <div key={c} role="columnheader" className="bg-slate-100 py-0.5 text-center text-[10px] leading-none text-slate-500">
            {COLS[c] ?? `c${c}`}
          </div>
        ))}
      </div>,
    );
  }
  for (let r = 0; r < n; r++) {
    const cells: ReactNode[] = [];
    if (coordinates) {
      cells.push(
        <div key="h" role="rowheader" className="flex items-center justify-center bg-slate-100 text-[10px] leading-none text-slate-500">
          {r + 1}
        </div>,
      );
    }
    for (let c = 0; c < n; c++) {
      const p = layout.premiums[key(r, c)]!;
      const style = PREMIUM_STYLE[p];
      const premiumLabel = premiumLabels?.[p] ?? style.label;
      const f = news.get(key(r, c));
      const t = f ?? placed.get(key(r, c));
      const d = drafted.get(key(r, c));
      const isStart = layout.start[0] === r && layout.start[1] === c;
      const isMarker = marker && marker.row === r && marker.col === c;
      const name = squareName(r, c);
      let content;
      let cls = `relative flex aspect-square items-center justify-center border border-white/60 text-[10px] leading-none select-none `;
      let label = buttons
        ? [name, p !== "." ? premiumLabel : null, isStart ? "start" : null, "empty"].filter(Boolean).join(", ")
        : `${name}, ${style.name}${isStart ? ", start square" : ""}`;
      if (t) {
        cls += f
          ? "bg-amber-300 font-semibold text-slate-900 text-xs ring-2 ring-inset ring-amber-600"
          : `bg-amber-100 font-semibold text-slate-900 text-xs ${lit.has(key(r, c)) ? "ring-2 ring-inset ring-amber-500" : ""}`;
        content = <span>{showFace(t.tile)}{t.blank ? <sup className="text-[8px] text-slate-500">?</sup> : null}</span>;
        label = `${name}: ${t.tile}${t.blank ? " (blank)" : ""}${f ? " (new)" : ""}`;
      } else if (d) {
        cls += "bg-amber-300 font-semibold text-slate-900 text-xs ring-2 ring-inset ring-indigo-500 cursor-pointer";
        content = <span>{showFace(d.tile)}</span>;
        label = `${name}: ${d.tile} (placing; click to take back)`;
      } else {
        cls += `${style.className} cursor-pointer hover:brightness-95`;
        content = isStart && p !== "." ? <span>★</span> : <span className="opacity-80">{isStart ? "★" : premiumLabel}</span>;
      }
      if (isMarker) cls += " outline outline-2 outline-indigo-700 z-10";
      else if (flagged.has(key(r, c))) cls += " outline outline-2 -outline-offset-2 outline-red-600 z-10";
      if (buttons) cls += " p-0 focus-visible:z-20 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600";
      const props = {
        role: "gridcell",
        "aria-label": label,
        "data-testid": `sq-${r}-${c}`,
        "data-square": name,
        "data-row": r,
        "data-col": c,
        className: cls,
        onClick: () => onSquare?.(r, c),
        onDragOver: (e: DragEvent) => {
          if (!t) e.preventDefault();
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          const i = Number(e.dataTransfer.getData("text/rack-index"));
          if (!t && Number.isInteger(i)) onDropTile?.(r, c, i);
        },
      };
      const inner = (
        <>
          {content}
          {isMarker ? <span className="absolute right-0 top-0 text-[8px] text-indigo-800">{marker!.direction === "across" ? "→" : "↓"}</span> : null}
        </>
      );
      cells.push(
        buttons ? (
          <button key={c} type="button" title={label} {...props}>
            {inner}
          </button>
        ) : (
          <div key={c} {...props}>
            {inner}
          </div>
        ),
      );
    }
    rows.push(
      <div key={r} role="row" className="contents">
        {cells}
      </div>,
    );
  }
  return (
    <div
      role="grid"
      aria-label="Board"
      className="grid w-full max-w-[620px] bg-emerald-700 p-0.5"
      style={{ gridTemplateColumns: `${coordinates ? "1.25rem " : ""}repeat(${n}, minmax(0, 1fr))` }}
      data-testid={testId}
    >
      {rows}
    </div>
  );
}
