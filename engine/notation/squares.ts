/**
 * Square names: the one home for naming and reading squares (the `squares` namespace of
 * `@/engine`, as chessops exposes `fen`). Every message a person reads names a square this way.
 *
 * - A square is its column letter and 1-based row: row 9, column 9 is "J10" (row 0 at the top,
 *   column A at the left; boards have at most 26 columns).
 * - A start square with a direction follows the game record's reading order (in the spirit of
 *   GCG): the row first for an across play ("10J"), the column first for a down play ("J10").
 * - A square that no board has (a negative index, a column past Z) has no name; it is written
 *   "row R, column C" (1-based) so a message about a bad request still says where.
 */
import type { Direction } from "../board";

export const COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Column letter: 0 → "A", 9 → "J"; a column no board has → "column N" (1-based). */
export function column(col: number): string {
  return Number.isInteger(col) && col >= 0 && col < COLUMNS.length ? COLUMNS[col]! : `column ${col + 1}`;
}

/** "J10" for row 9, column 9. */
export function name(row: number, col: number): string {
  const named = Number.isInteger(row) && row >= 0 && Number.isInteger(col) && col >= 0 && col < COLUMNS.length;
  return named ? `${COLUMNS[col]}${row + 1}` : `row ${row + 1}, column ${col + 1}`;
}

/** Several squares, in the given order: "H6, H7". */
export function names(cells: readonly (readonly [number, number])[]): string {
  return cells.map(([r, c]) => name(r, c)).join(", ");
}

/** A start square in the record's reading order: "10J" across, "J10" down. */
export function start(row: number, col: number, direction: Direction): string {
  return direction === "across" ? `${row + 1}${column(col)}` : name(row, col);
}

/** The scoresheet's place of a line: "J10 across" (the square of its first tile, then the direction word). */
export function line(row: number, col: number, direction: Direction): string {
  return `${name(row, col)} ${direction}`;
}

export interface ParsedSquare {
  row: number;
  col: number;
  /** the reading order the text was written in: "10J" across, "J10" down */
  direction: Direction;
}

/**
 * Read "J10" (down) or "10J" (across); case and surrounding spaces are ignored. Null when it is not
 * a square name, or (given `size`) not a square of a size×size board.
 */
export function parse(text: string, size?: number): ParsedSquare | null {
  const s = text.trim().toUpperCase();
  let m = /^(\d{1,2})([A-Z])$/.exec(s);
  let out: ParsedSquare;
  if (m) out = { row: Number(m[1]) - 1, col: COLUMNS.indexOf(m[2]!), direction: "across" };
  else {
    m = /^([A-Z])(\d{1,2})$/.exec(s);
    if (!m) return null;
    out = { row: Number(m[2]) - 1, col: COLUMNS.indexOf(m[1]!), direction: "down" };
  }
  if (out.row < 0 || (size !== undefined && (out.row >= size || out.col >= size))) return null;
  return out;
}
