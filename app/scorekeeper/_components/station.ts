/**
 * Pure helpers of the scorekeeper station: reading a start square ("10H" across, "H10" down, as
 * in the game record; "H10" with the direction buttons otherwise), the unseen tiles as a pool to
 * type from (the station has no rack), and the clock readings with a tap not yet sent.
 */
import type { Face } from "@/engine";

const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** "10H" → row 9, col 7, across; "H10" → down. Null when it is not a square of an n×n board. */
export function parseSquare(text: string, size: number): { row: number; col: number; direction: "across" | "down" } | null {
  const s = text.trim().toUpperCase();
  let m = /^(\d{1,2})([A-Z])$/.exec(s);
  let row: number, col: number, direction: "across" | "down";
  if (m) {
    row = Number(m[1]) - 1;
    col = COLS.indexOf(m[2]!);
    direction = "across";
  } else {
    m = /^([A-Z])(\d{1,2})$/.exec(s);
    if (!m) return null;
    col = COLS.indexOf(m[1]!);
    row = Number(m[2]) - 1;
    direction = "down";
  }
  if (row < 0 || col < 0 || row >= size || col >= size) return null;
  return { row, col, direction };
}

/** The name of a start square in the notation's reading order ("10H" across, "H10" down). */
export function squareText(row: number, col: number, direction: "across" | "down"): string {
  return direction === "across" ? `${row + 1}${COLS[col]}` : `${COLS[col]}${row + 1}`;
}

/** Unseen tiles (face → count) as a "rack" for keyboard entry: any unseen tile can be played. */
export function poolOf(unseen: readonly { face: string; count: number }[]): Face[] {
  return unseen.flatMap((u) => Array.from({ length: u.count }, () => u.face));
}

/** Each seat's clock at `now`, given the view's readings at `viewNow` and a local tap (the mover
 * pressed the clock; the move is not entered yet): the mover's time stops at the tap and the
 * next seat's runs from it. */
export function clockReadings(
  players: readonly { remainingMs: number | null }[],
  running: number | null,
  paused: boolean,
  viewNow: number,
  now: number,
  tap: { seat: number; at: number; next: number } | null,
): (number | null)[] {
  return players.map((p, i) => {
    if (p.remainingMs === null) return null;
    if (paused || running === null) return p.remainingMs;
    if (tap && running === tap.seat) {
      if (i === tap.seat) return p.remainingMs - Math.max(0, tap.at - viewNow);
      if (i === tap.next) return p.remainingMs - Math.max(0, now - tap.at);
      return p.remainingMs;
    }
    return i === running ? p.remainingMs - Math.max(0, now - viewNow) : p.remainingMs;
  });
}
