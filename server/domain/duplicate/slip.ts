/**
 * A director's slip as typed (docs/duplicate.md "Slips"): `<table> <start> <line>`, e.g.
 * "3 8H 3+4=7" (start square "8H" reads across, "H8" down, as in the game record) or
 * "3 H8 across 3+4=7". The line is written whole, board tiles included; a tile already on the
 * board must match, the others are placed. A blank is written `?` before the face it stands for
 * ("?7"). Returns the table and the placements, or a sentence saying what is wrong.
 */
import { BLANK, longestFirst, readTyped, squares, type Placement, type Result, type Ruleset } from "@/engine";

export interface Slip {
  table: number;
  placements: Placement[];
}

export function parseSlip(rs: Pick<Ruleset, "tiles" | "layout">, board: readonly Placement[], text: string): Result<Slip, string> {
  const m = /^\s*(\d{1,3})\s+(\S+)(?:\s+(across|down))?\s+(\S+)\s*$/i.exec(text);
  if (!m) return { ok: false, error: 'Type the table number, the start square and the line, e.g. "3 8H 3+4=7".' };
  const size = rs.layout.size;
  const sq = squares.parse(m[2]!, size);
  if (!sq) return { ok: false, error: `"${m[2]}" is not a square of the board (e.g. 8H across, H8 down).` };
  const direction = (m[3]?.toLowerCase() as "across" | "down" | undefined) ?? sq.direction;
  const known = longestFirst(rs.tiles.map((t) => t.face).filter((f) => f !== BLANK));
  const at = new Map(board.map((t) => [`${t.row},${t.col}`, t]));
  const line = m[4]!;
  const out: Placement[] = [];
  let [row, col] = [sq.row, sq.col];
  for (let i = 0; i < line.length; ) {
    const blank = line[i] === BLANK;
    if (blank) i++;
    if (i >= line.length) return { ok: false, error: "A ? (blank) must come before the face it stands for." };
    const { face, next } = readTyped(line, i, known);
    i = next;
    if (row >= size || col >= size) return { ok: false, error: `The line runs off the board after ${out.length} tiles.` };
    const there = at.get(`${row},${col}`);
    if (there) {
      if (there.tile !== face) return { ok: false, error: `${squares.name(row, col)} holds ${there.tile}, not ${face}.` };
    } else out.push(blank ? { row, col, tile: face, blank: true } : { row, col, tile: face });
    if (direction === "across") col++;
    else row++;
  }
  if (out.length === 0) return { ok: false, error: "The line places no new tile." };
  return { ok: true, value: { table: Number(m[1]), placements: out } };
}
