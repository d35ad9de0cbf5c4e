/**
 * Keyboard entry: "3+4=7" typed into a box becomes tiles on consecutive empty squares from a
 * start square, across or down (squares already holding a tile are skipped, so you type only
 * the tiles you lay). Each token is the longest face that fits (`readTyped`, the engine's one
 * tokenizer of typed faces): a rack tile, a side-supply face (Equate's and 'SMATH's `=`), or a
 * blank standing for it; then the aliases x * → ×, / : → ÷ (unless the rack holds a fraction
 * tile such as 1/2), − – → -, ^2 → ², sqrt → √.
 *
 * The live board types onto the squares themselves: it keeps the text typed since the cursor was
 * set and re-reads it on every key, so a face of several characters ("1/2", "12") builds up as it
 * is typed. `used` rack tiles (already on the board by mouse) are not offered; `starts` says where
 * in the text each tile began, so Backspace can take back a whole tile.
 */
import { longestFirst, readTyped, type Face } from "@/engine";

export interface TypedTile {
  row: number;
  col: number;
  tile: Face;
  blank?: boolean;
  /** index in the rack, null for a side-supply face */
  rackIndex: number | null;
}

export function typeTiles(
  text: string,
  opts: { rack: readonly Face[]; supply: readonly Face[]; start: { row: number; col: number }; direction: "across" | "down"; occupied: (r: number, c: number) => boolean; size: number; used?: ReadonlySet<number> },
): { tiles: TypedTile[]; error: string | null; starts: number[] } {
  const s = text.replace(/\s+/g, "");
  const free = opts.rack.map((_, i) => i).filter((i) => !opts.used?.has(i));
  const tiles: TypedTile[] = [];
  const starts: number[] = [];
  let { row, col } = opts.start;
  let i = 0;
  const faces = longestFirst([...free.map((i) => opts.rack[i]!).filter((f) => f !== "?"), ...opts.supply]);
  while (i < s.length) {
    const { face, next } = readTyped(s, i, faces);
    while (row < opts.size && col < opts.size && opts.occupied(row, col)) [row, col] = opts.direction === "across" ? [row, col + 1] : [row + 1, col];
    if (row >= opts.size || col >= opts.size) return { tiles, error: "The tiles run off the board.", starts };
    if (opts.supply.includes(face)) {
      tiles.push({ row, col, tile: face, rackIndex: null });
    } else {
      let k = free.findIndex((ri) => opts.rack[ri] === face);
      let blank = false;
      if (k < 0) {
        k = free.findIndex((ri) => opts.rack[ri] === "?");
        if (k < 0) return { tiles, error: `There is no ${face} on your rack.`, starts };
        blank = true;
      }
      const rackIndex = free[k]!;
      free.splice(k, 1);
      tiles.push(blank ? { row, col, tile: face, blank: true, rackIndex } : { row, col, tile: face, rackIndex });
    }
    starts.push(i);
    [row, col] = opts.direction === "across" ? [row, col + 1] : [row + 1, col];
    i = next;
  }
  return { tiles, error: null, starts };
}
