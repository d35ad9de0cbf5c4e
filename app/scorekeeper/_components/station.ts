/**
 * Pure helpers of the scorekeeper station: the unseen tiles as a pool to type from (the station
 * has no rack) and the clock readings with a tap not yet sent. Start squares ("10H" across, "H10"
 * down, as in the game record) are the engine's `squares.parse` / `squares.start`.
 */
import type { Face } from "@/engine";

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
