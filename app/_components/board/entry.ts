/**
 * Entry on the board itself, as on the best word-game sites: a cursor with a direction, tiles
 * typed onto the squares from it, Backspace walking back. Pure helpers (no React) so the rules are
 * unit-tested (tests/unit/board-entry.test.ts); the live board's draft reducer (app/play/_components/draft.ts)
 * holds the state.
 */
import type { Placement } from "@/engine";
import type { TypedTile } from "./keyboard";

/** A drawn or entered tile as the engine's placement: square, face and the blank flag only (no
 * rack index, no move number). The live board's preview and the scorekeeper station both send these. */
export function placementOf(t: { row: number; col: number; tile: string; blank?: boolean }): Placement {
  return t.blank ? { row: t.row, col: t.col, tile: t.tile, blank: true } : { row: t.row, col: t.col, tile: t.tile };
}

export type Direction = "across" | "down";
export interface Cursor {
  row: number;
  col: number;
  direction: Direction;
}

/** The first square from (row, col) onwards, in `direction`, that `occupied` says is free; null off the board. */
export function nextFree(row: number, col: number, direction: Direction, occupied: (r: number, c: number) => boolean, size: number): { row: number; col: number } | null {
  let [r, c] = [row, col];
  while (r < size && c < size && occupied(r, c)) [r, c] = direction === "across" ? [r, c + 1] : [r + 1, c];
  return r < size && c < size ? { row: r, col: c } : null;
}

/** Where the cursor stands after the typed tiles: the next free square beyond the last of them (or the anchor while nothing is typed). */
export function cursorAfter(anchor: Cursor, typed: readonly TypedTile[], occupied: (r: number, c: number) => boolean, size: number): Cursor {
  const last = typed.at(-1);
  if (!last) return anchor;
  const [r, c] = anchor.direction === "across" ? [last.row, last.col + 1] : [last.row + 1, last.col];
  const at = nextFree(r, c, anchor.direction, occupied, size);
  return at ? { ...at, direction: anchor.direction } : { row: last.row, col: last.col, direction: anchor.direction };
}

/**
 * Does this key type a tile? One printable character that is not a command of the board (space
 * turns the cursor, "?" opens the shortcuts), pressed without Ctrl/Alt/Meta.
 */
export function typesTile(e: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): boolean {
  return e.key.length === 1 && e.key !== " " && e.key !== "?" && !e.ctrlKey && !e.altKey && !e.metaKey;
}

/** Backspace on typed text: drop the last whole tile (a face may be several characters, "1/2"). */
export function backspace(text: string, starts: readonly number[]): string {
  const s = text.replace(/\s+/g, "");
  const last = starts.at(-1);
  return last === undefined ? s.slice(0, -1) : s.slice(0, last);
}

/** Shown in the shortcut overlay and the docs (docs/matches.md). */
export const SHORTCUTS: readonly [string, string][] = [
  ["Click a square", "set the cursor there; click it again to turn it across ↔ down"],
  ["Arrow keys", "move between squares (the cursor follows)"],
  ["Space", "turn the cursor across ↔ down"],
  ["Type a tile (3, +, =, 1/2 …)", "lay it at the cursor; a face not on your rack uses a blank"],
  ["x * / : −", "×, ×, ÷, ÷, - (unless your rack holds a fraction)"],
  ["Backspace", "take back the last tile"],
  ["Enter", "submit the play"],
  ["Esc", "recall every tile to the rack"],
  ["Click or drag a rack or supply tile", "lay it at the cursor, or on the square you click or drop it on"],
  ["?", "show or hide these shortcuts"],
];
