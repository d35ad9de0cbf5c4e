"use client";
/**
 * The board: premium squares with colours and labels, committed tiles, the draft play (tiles
 * being placed, removable by clicking them), the last play highlighted. Squares accept a click
 * (place the selected rack tile, or choose the keyboard start square) and an HTML5 drop of a rack
 * tile. Reusable by the judge's desk: it takes plain props, no data fetching.
 */
import type { DragEvent } from "react";
import type { Layout } from "@/engine";
import { PREMIUM_STYLE, showFace, squareName } from "./squares";

export interface BoardTileProp {
  row: number;
  col: number;
  tile: string;
  blank?: boolean;
}

export function Board({
  layout,
  tiles,
  draft = [],
  highlight = [],
  marker = null,
  onSquare,
  onDropTile,
}: {
  layout: Layout;
  tiles: readonly BoardTileProp[];
  draft?: readonly BoardTileProp[];
  highlight?: readonly { row: number; col: number }[];
  /** the keyboard start square */
  marker?: { row: number; col: number; direction: "across" | "down" } | null;
  onSquare?: (row: number, col: number) => void;
  onDropTile?: (row: number, col: number, rackIndex: number) => void;
}) {
  const n = layout.size;
  const key = (r: number, c: number) => r * n + c;
  const placed = new Map(tiles.map((t) => [key(t.row, t.col), t]));
  const drafted = new Map(draft.map((t) => [key(t.row, t.col), t]));
  const lit = new Set(highlight.map((h) => key(h.row, h.col)));
  const cells = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const p = layout.premiums[key(r, c)]!;
      const style = PREMIUM_STYLE[p];
      const t = placed.get(key(r, c));
      const d = drafted.get(key(r, c));
      const isStart = layout.start[0] === r && layout.start[1] === c;
      const isMarker = marker && marker.row === r && marker.col === c;
      const name = squareName(r, c);
      let content;
      let cls = `relative flex aspect-square items-center justify-center border border-white/60 text-[10px] leading-none select-none `;
      let label = `${name}, ${style.name}${isStart ? ", start square" : ""}`;
      if (t) {
        cls += `bg-amber-100 font-semibold text-slate-900 text-xs ${lit.has(key(r, c)) ? "ring-2 ring-inset ring-amber-500" : ""}`;
        content = <span>{showFace(t.tile)}{t.blank ? <sup className="text-[8px] text-slate-500">?</sup> : null}</span>;
        label = `${name}: ${t.tile}${t.blank ? " (blank)" : ""}`;
      } else if (d) {
        cls += "bg-amber-300 font-semibold text-slate-900 text-xs ring-2 ring-inset ring-indigo-500 cursor-pointer";
        content = <span>{showFace(d.tile)}</span>;
        label = `${name}: ${d.tile} (placing; click to take back)`;
      } else {
        cls += `${style.className} cursor-pointer hover:brightness-95`;
        content = isStart && p !== "." ? <span>★</span> : <span className="opacity-80">{isStart ? "★" : style.label}</span>;
      }
      if (isMarker) cls += " outline outline-2 outline-indigo-700 z-10";
      cells.push(
        <div
          key={key(r, c)}
          role="gridcell"
          aria-label={label}
          data-testid={`sq-${r}-${c}`}
          data-row={r}
          data-col={c}
          className={cls}
          onClick={() => onSquare?.(r, c)}
          onDragOver={(e: DragEvent) => {
            if (!t) e.preventDefault();
          }}
          onDrop={(e: DragEvent) => {
            e.preventDefault();
            const i = Number(e.dataTransfer.getData("text/rack-index"));
            if (!t && Number.isInteger(i)) onDropTile?.(r, c, i);
          }}
        >
          {content}
          {isMarker ? <span className="absolute right-0 top-0 text-[8px] text-indigo-800">{marker!.direction === "across" ? "→" : "↓"}</span> : null}
        </div>,
      );
    }
  }
  return (
    <div role="grid" aria-label="Board" className="grid w-full max-w-[620px] bg-emerald-700 p-0.5" style={{ gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))` }} data-testid="board">
      {cells}
    </div>
  );
}
