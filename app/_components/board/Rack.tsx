"use client";
/**
 * The player's rack and the supply strip beside it. Click a tile to choose it (then click a
 * square — or, with the entry cursor set, the tile goes straight to the cursor), or drag it onto
 * the board; in exchange mode tick the tiles to trade. Tiles already in the draft play are dimmed.
 * The supply strip holds the faces the ruleset supplies without limit (Equate's and 'SMATH's "=",
 * 'SMATH's brackets): they are never on a rack, yet a play by mouse needs them.
 */
import { DRAG_RACK, DRAG_SUPPLY } from "./Board";
import { showFace } from "./squares";

const tileBase = "relative flex h-9 items-center justify-center rounded border text-base font-semibold shadow-sm sm:h-10";
// 34 px wide on a phone (a 9-tile Equate rack fits one row of a 390 px screen)
const tileClass = `${tileBase} w-[34px] sm:w-10`;
// The rack is a one-row grid of columns up to 34 px (40 px from sm) that may narrow: a 10-tile
// 'SMATH rack on a 390 px phone gets ~30 px tiles on one row instead of wrapping its last tile.
const rackClass = "grid grid-flow-col auto-cols-[minmax(0,34px)] gap-1 sm:auto-cols-[minmax(0,40px)] sm:gap-1.5";

export function Rack({
  tiles,
  order,
  points,
  used,
  selected,
  marked,
  onTile,
}: {
  tiles: readonly string[];
  /** display order of the rack indices (the shuffle button permutes it); default as dealt */
  order?: readonly number[];
  points?: (face: string) => number | undefined;
  used: ReadonlySet<number>;
  selected: number | null;
  /** exchange mode: tiles ticked */
  marked?: ReadonlySet<number> | null;
  onTile: (index: number) => void;
}) {
  const shown = order && order.length === tiles.length ? order : tiles.map((_, i) => i);
  return (
    // A list of buttons (not buttons with role="listitem", which would lose their pressed state).
    <ul className={rackClass} aria-label="Your rack" data-testid="rack">
      {shown.map((i) => {
        const face = tiles[i]!;
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
                e.dataTransfer.setData(DRAG_RACK, String(i));
                e.dataTransfer.effectAllowed = "move";
              }}
              disabled={isUsed && !marked}
              onClick={() => onTile(i)}
              aria-pressed={isSel || isMarked}
              data-testid="rack-tile"
              data-face={face}
              data-index={i}
              className={`${tileBase} w-full ${
                isUsed ? "border-slate-200 bg-slate-100 text-slate-400" : isMarked ? "border-red-500 bg-red-100" : isSel ? "border-indigo-600 bg-amber-300" : "border-amber-400 bg-amber-100 hover:bg-amber-200"
              }`}
            >
              {/* The name comes from the content ("Rack tile 7, 2 points"), so it always contains what is seen. */}
              <span className="sr-only">Rack tile </span>
              {face === "?" ? (
                <>
                  ?<span className="sr-only"> (blank)</span>
                </>
              ) : (
                showFace(face)
              )}
              {pts !== undefined ? (
                <span className="absolute bottom-0 right-0.5 text-[9px] font-normal text-slate-700">
                  <span className="sr-only">, </span>
                  {pts}
                  <span className="sr-only"> points</span>
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The supply strip: one button per unlimited face, chosen or dragged like a rack tile. */
export function Supply({ faces, selected, onFace, disabled = false }: { faces: readonly string[]; selected: string | null; onFace: (face: string) => void; disabled?: boolean }) {
  if (faces.length === 0) return null;
  return (
    <ul className="flex gap-1.5" aria-label="Supply tiles (always available)" data-testid="supply">
      {faces.map((face) => (
        <li key={face}>
          <button
            type="button"
            draggable={!disabled}
            disabled={disabled}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_SUPPLY, face);
              e.dataTransfer.effectAllowed = "copy";
            }}
            onClick={() => onFace(face)}
            aria-pressed={selected === face}
            aria-label={`Supply tile ${face}`}
            data-testid="supply-tile"
            data-face={face}
            className={`${tileClass} border-dashed ${selected === face ? "border-indigo-600 bg-amber-300" : "border-slate-400 bg-white hover:bg-slate-50"}`}
          >
            {showFace(face)}
          </button>
        </li>
      ))}
    </ul>
  );
}
