/**
 * Replay from the public scoresheet (spectator-safe: no racks, no seed). Position k is the board
 * after sheet line k: plays add their tiles; a successful challenge (a "challenge" line about the
 * challenged player's seat) takes the last play's tiles off again. Scores and clocks are the
 * sheet's own readings. Caveat: 'SMATH bracket overlays on a board tile are shown as placed.
 */
export interface ReplayRow {
  type: string;
  seat: number | null;
  placements?: { row: number; col: number; tile: string; blank?: boolean }[];
  totals: number[];
}

export type ReplayTile = { row: number; col: number; tile: string; blank?: boolean };

/** Boards after each line (index k = after line k). */
export function boardsOf(rows: readonly ReplayRow[]): ReplayTile[][] {
  const out: ReplayTile[][] = [];
  let board: ReplayTile[] = [];
  const plays: { seat: number | null; tiles: ReplayTile[]; before: ReplayTile[] }[] = [];
  for (const r of rows) {
    if (r.type === "play" && r.placements) {
      const before = board;
      const key = new Set(board.map((t) => `${t.row},${t.col}`));
      board = [...board.filter(() => true), ...r.placements.filter((p) => !key.has(`${p.row},${p.col}`))];
      plays.push({ seat: r.seat, tiles: r.placements, before });
    } else if (r.type === "challenge") {
      const last = plays.at(-1);
      // A challenge line about the seat that made the last play means the play was withdrawn.
      if (last && r.seat === last.seat) {
        board = last.before;
        plays.pop();
      }
    }
    out.push(board);
  }
  return out;
}
