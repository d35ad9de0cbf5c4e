"use client";
/** The player's rack: click to select a tile (then click a square), drag it onto the board, or
 * in exchange mode tick the tiles to trade. Tiles already in the draft play are dimmed. */
import { showFace } from "./squares";

export function Rack({
  tiles,
  points,
  used,
  selected,
  marked,
  onTile,
}: {
  tiles: readonly string[];
  points?: (face: string) => number | undefined;
  used: ReadonlySet<number>;
  selected: number | null;
  /** exchange mode: tiles ticked */
  marked?: ReadonlySet<number> | null;
  onTile: (index: number) => void;
}) {
  return (
    // A list of buttons (not buttons with role="listitem", which would lose their pressed state).
    <ul className="flex flex-wrap gap-1.5" aria-label="Your rack" data-testid="rack">
      {tiles.map((face, i) => {
        const isUsed = used.has(i);
        const isSel = selected === i;
        const isMarked = marked?.has(i) ?? false;
        const pts = points?.(face);
        return (
          <li key={i}>
            <button
              type="button"
              draggable={!isUsed}
              onDragStart={(e) => {
                e.dataTransfer.setData("text/rack-index", String(i));
                e.dataTransfer.effectAllowed = "move";
              }}
              disabled={isUsed && !marked}
              onClick={() => onTile(i)}
              aria-pressed={isSel || isMarked}
              aria-label={`Rack tile ${face === "?" ? "blank" : face}`}
              data-testid="rack-tile"
              data-face={face}
              className={`relative flex h-10 w-10 items-center justify-center rounded border text-base font-semibold shadow-sm ${
                isUsed ? "border-slate-200 bg-slate-100 text-slate-300" : isMarked ? "border-red-500 bg-red-100" : isSel ? "border-indigo-600 bg-amber-300" : "border-amber-400 bg-amber-100 hover:bg-amber-200"
              }`}
            >
              {showFace(face)}
              {pts !== undefined ? <span className="absolute bottom-0 right-0.5 text-[9px] font-normal text-slate-500">{pts}</span> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
