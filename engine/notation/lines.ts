/**
 * The whole lines a play forms, as text: "672+42+5=719" rather than the new tiles alone ("4++9").
 * One home for the analysis list, the judge's desk's "Best play here" and the scoresheet.
 *
 * - A line is the maximal run of tiles (the board's and the play's) through a new tile, across or
 *   down. The main line runs along the play (several tiles: their row or column; one tile: across
 *   when it has a neighbour across, else down); each new tile's run the other way, when it has two
 *   or more tiles, is a cross line.
 * - Text is the ruling's compact form (expr/lex `spanText`, docs/spec/adjudication.md "lines"): a
 *   space separates a digit run from its fraction tile (the mixed numeral "46 1/4", never "461/4")
 *   and two 'SMATH numbers side by side without a bracket between. A 'SMATH tile's brackets are
 *   shown in the line they belong to (`brackets` / `bracketLines`; both lines when not given).
 * Geometry only: it does not judge the play (engine/adjudicate.ts does).
 */
import type { Direction } from "../board";
import { spanText, type LexCell } from "../expr/lex";
import type { Placement } from "../play";
import type { Ruleset } from "../ruleset";
import { splitBrackets } from "../tiles";
import * as squares from "./squares";

/** What a text needs of a tile: its face and, for 'SMATH, who owns its brackets. */
export type TextTile = Pick<Placement, "tile" | "brackets" | "bracketLines">;

export interface FormedLine {
  /** compact text: "672+42+5=719", "46 1/4=185÷4" */
  text: string;
  direction: Direction;
  /** the line's first square */
  row: number;
  col: number;
  /** "A4 across" (squares.line) */
  where: string;
  main: boolean;
}

function lexCell(rs: Ruleset, t: TextTile, dir: Direction): LexCell {
  const b = rs.grammar.brackets ? splitBrackets(t.tile) : null;
  if (!b) return { face: t.tile, open: 0, close: 0 };
  if (t.bracketLines?.length) {
    const mine = (k: number) => (t.bracketLines![k] ?? dir) === dir;
    let open = 0;
    let close = 0;
    for (let k = 0; k < b.open; k++) if (mine(k)) open++;
    for (let k = 0; k < b.close; k++) if (mine(b.open + k)) close++;
    return { face: b.core, open, close };
  }
  if (t.brackets && t.brackets !== dir) return { face: b.core, open: 0, close: 0 };
  return { face: b.core, open: b.open, close: b.close };
}

/** The compact text of tiles read in order along `dir` (default across). */
export function tilesText(rs: Ruleset, tiles: readonly TextTile[], dir: Direction = "across"): string {
  if (tiles.length === 0) return "";
  const cells = tiles.map((t) => lexCell(rs, t, dir));
  return spanText(cells, 0, cells.length - 1, rs.grammar, false);
}

/** The direction of a play: its line for several tiles; for one tile, across when it has a
 * neighbour across on `board`, else down. */
export function playDirection(board: readonly { row: number; col: number }[], play: readonly { row: number; col: number }[]): Direction {
  if (play.length > 1) return play.every((p) => p.row === play[0].row) ? "across" : "down";
  const p = play[0];
  if (!p) return "across";
  const has = (r: number, c: number) => board.some((t) => t.row === r && t.col === c);
  return has(p.row, p.col - 1) || has(p.row, p.col + 1) ? "across" : "down";
}

/** The run through (row, col) along `dir` on `at` (square key → tile), or null when it is one
 * tile and not the main line. */
export function runThrough(rs: Ruleset, at: Map<string, TextTile>, row: number, col: number, dir: Direction, main: boolean): FormedLine | null {
  const [dr, dc] = dir === "across" ? [0, 1] : [1, 0];
  let r = row;
  let c = col;
  while (at.has(`${r - dr},${c - dc}`)) {
    r -= dr;
    c -= dc;
  }
  const [r0, c0] = [r, c];
  const tiles: TextTile[] = [];
  for (; at.has(`${r},${c}`); r += dr, c += dc) tiles.push(at.get(`${r},${c}`)!);
  if (tiles.length < 2 && !main) return null;
  return { text: tilesText(rs, tiles, dir), direction: dir, row: r0, col: c0, where: squares.line(r0, c0, dir), main };
}

/** Every line `play` forms on `board`: the main line first, then the cross lines in the play's
 * reading order. Empty for an empty play. */
export function formedLines(rs: Ruleset, board: readonly Placement[], play: readonly Placement[]): FormedLine[] {
  if (play.length === 0) return [];
  const at = new Map<string, TextTile>();
  for (const t of board) at.set(`${t.row},${t.col}`, t);
  // a play item on a taken square is a 'SMATH bracket overlay: its face is the tile's new face
  for (const t of play) at.set(`${t.row},${t.col}`, t);
  const dir = playDirection(board, play);
  const ordered = [...play].sort((a, b) => a.row - b.row || a.col - b.col);
  const out: FormedLine[] = [runThrough(rs, at, ordered[0].row, ordered[0].col, dir, true)!];
  const other: Direction = dir === "across" ? "down" : "across";
  for (const p of ordered) {
    const cross = runThrough(rs, at, p.row, p.col, other, false);
    if (cross) out.push(cross);
  }
  return out;
}

/** The main line a play forms, as text ("672+42+5=719"); "" for an empty play. */
export function mainLineText(rs: Ruleset, board: readonly Placement[], play: readonly Placement[]): string {
  return formedLines(rs, board, play)[0]?.text ?? "";
}

/** The lines a play forms, for a list of plays: "672+42+5=719 at A4 across", then any cross
 * line ("; also 7+2=9 at L2 down"); "" for an empty play. */
export function playLinesText(rs: Ruleset, board: readonly Placement[], play: readonly Placement[]): string {
  const [main, ...cross] = formedLines(rs, board, play);
  if (!main) return "";
  return `${main.text} at ${main.where}${cross.length ? `; also ${cross.map((l) => `${l.text} at ${l.where}`).join(", ")}` : ""}`;
}
