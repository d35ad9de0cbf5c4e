/**
 * Placement: typed board/play values → a grid, with the placement checks of docs/spec/adjudication.md
 * (EMPTY_PLAY, OFF_BOARD, OCCUPIED, UNKNOWN_TILE, BLANK_FACE, NOT_IN_LINE, GAP, NOT_CONNECTED,
 * START_NOT_COVERED, NOT_IN_RACK) and the runs ("lines") a play forms.
 * 'SMATH bracket overlays (docs/spec/rulesets.md): brackets belong to the line they were played in. A new
 * tile's brackets belong to the main direction; a board tile's to its `brackets` field, else to
 * the direction of its longer run of board tiles (ties: across) — our inference. A play item on a
 * taken cell with the same number and more brackets adds the extra brackets (main direction).
 */
import { onBoard, premiumAt, type Cell, type Direction } from "./board";
import type { Ruleset } from "./ruleset";
import type { CellRef, Violation } from "./ruling";
import { BLANK, normaliseFace, splitBrackets, type Face } from "./tiles";
import * as squares from "./notation/squares";

/** A tile on the board or in the play, already typed (faces may still be aliases). */
export interface Placement {
  row: number;
  col: number;
  tile: Face;
  blank?: boolean;
  /** 'SMATH board tiles: the line all the tile's brackets were played in (guessed if absent) */
  brackets?: Direction;
  /** 'SMATH board tiles whose brackets came from both lines (an overlay of the other line): one
   * line per bracket in the face's order, opening brackets left to right, then closing ones.
   * Replaces `brackets`. */
  bracketLines?: Direction[];
}

/** Who owns a board tile's brackets, as a Placement says it. */
export type BracketOwner = Pick<Placement, "brackets" | "bracketLines">;

/** A copy of a tile with only the Placement fields (drops game bookkeeping such as `player`). */
export function plainPlacement(t: Placement): Placement {
  const p: Placement = { row: t.row, col: t.col, tile: t.tile };
  if (t.blank) p.blank = true;
  if (t.bracketLines) p.bracketLines = t.bracketLines.slice();
  else if (t.brackets) p.brackets = t.brackets;
  return p;
}

export interface Br {
  open: number;
  close: number;
}

const NO_BR: Br = { open: 0, close: 0 };

/** A board tile's brackets split between its two lines; null when the tile does not say (no
 * owner, or a list that does not match the brackets: the caller guesses). */
export function ownedBrackets(open: number, close: number, t: BracketOwner): { across: Br; down: Br } | null {
  const owner = t.bracketLines && t.bracketLines.length === open + close ? t.bracketLines : t.brackets;
  if (owner === undefined) return null;
  if (typeof owner === "string") {
    const br = { open, close };
    return owner === "down" ? { across: NO_BR, down: br } : { across: br, down: NO_BR };
  }
  const a = { open: 0, close: 0 };
  const d = { open: 0, close: 0 };
  for (let i = 0; i < owner.length; i++) {
    const side = owner[i] === "down" ? d : a;
    if (i < open) side.open++;
    else side.close++;
  }
  return { across: a, down: d };
}

/** Decision 10: with no owner given, a board tile's brackets go to its longer run of board tiles
 * (ties: across). `certain` when only one of the runs has two or more tiles — the brackets can
 * only have been played in that line; otherwise it is a guess the ruling notes. */
export function guessOwner(acrossRun: number, downRun: number): { direction: Direction; certain: boolean } {
  return { direction: downRun > acrossRun ? "down" : "across", certain: acrossRun >= 2 !== downRun >= 2 };
}

/** The brackets an overlay item adds to a board tile: its face shows the tile as it will look
 * (a superset of the old brackets) or only the brackets added (decision 10). */
export function overlayExtra(old: Br, face: Br): Br {
  const superset = face.open >= old.open && face.close >= old.close && face.open + face.close > old.open + old.close;
  return superset ? { open: face.open - old.open, close: face.close - old.close } : { open: face.open, close: face.close };
}

/** The owner of a board tile's brackets after an overlay played in `line` added `extra`: the
 * added brackets sit outside the old ones (opening first, closing last). `brackets` when they all
 * agree, else `bracketLines`. */
export function overlayOwner(old: Br, oldOwner: BracketOwner, extra: Br, line: Direction): BracketOwner {
  const n = old.open + old.close;
  const list = oldOwner.bracketLines && oldOwner.bracketLines.length === n ? oldOwner.bracketLines : null;
  const was = (i: number): Direction => (list ? list[i] : (oldOwner.brackets ?? line));
  const owners: Direction[] = [];
  for (let i = 0; i < extra.open; i++) owners.push(line);
  for (let i = 0; i < n; i++) owners.push(was(i));
  for (let i = 0; i < extra.close; i++) owners.push(line);
  return owners.every((d) => d === owners[0]) ? { brackets: owners[0] ?? line } : { bracketLines: owners };
}

/** A board tile whose bracket owner the engine guessed. */
export interface Guess {
  cell: GridCell;
  /** the tile's face as given */
  face: Face;
  direction: Direction;
  acrossRun: number;
  downRun: number;
}

export interface GridCell {
  row: number;
  col: number;
  core: Face; // face without brackets
  blank: boolean;
  isNew: boolean;
  /** an old tile that gets extra brackets in this play */
  overlay: boolean;
  across: Br;
  down: Br;
}

export interface Board {
  size: number;
  cells: (GridCell | undefined)[];
}

export function cellAt(b: Board, row: number, col: number): GridCell | undefined {
  if (row < 0 || col < 0 || row >= b.size || col >= b.size) return undefined;
  return b.cells[row * b.size + col];
}

const ref = (p: { row: number; col: number }): CellRef => [p.row, p.col];

interface FaceInfo {
  core: Face;
  open: number;
  close: number;
}

/** Split and check a face for this ruleset; null when the ruleset has no such face. */
function faceInfo(rs: Ruleset, face: Face): FaceInfo | null {
  if (rs.grammar.brackets) {
    const b = splitBrackets(face);
    if (b) return rs.tileByFace.has(b.core) ? { core: b.core, open: b.open, close: b.close } : null;
  }
  if (face === BLANK || face === "()" || !rs.tileByFace.has(face)) return null;
  return { core: face, open: 0, close: 0 };
}

export interface PlacementResult {
  violations: Violation[];
  /** set when the lines can be read (no fundamental placement error) */
  board?: Board;
  /** the new tiles and overlays, in reading order */
  placed: GridCell[];
  direction: Direction | null;
  firstPlay: boolean;
  /** board tiles whose bracket owner was a guess (not certain from the board) */
  guesses: Guess[];
}

export function place(rs: Ruleset, boardIn: readonly Placement[], playIn: readonly Placement[], firstPlayOpt?: boolean): PlacementResult {
  const size = rs.layout.size;
  const v: Violation[] = [];
  const firstPlay = firstPlayOpt ?? boardIn.length === 0;
  const fail = (): PlacementResult => ({ violations: v, placed: [], direction: null, firstPlay, guesses: [] });

  if (playIn.length === 0) {
    v.push({ code: "EMPTY_PLAY", message: "no tiles were placed", cells: [] });
    return fail();
  }
  const board: Board = { size, cells: new Array(size * size) };
  const guesses = placeOld(rs, board, boardIn, v);
  const { placed, overlays } = placeNew(rs, board, playIn, v);
  if (v.length) return fail();
  if (!placed.some((c) => c.isNew)) {
    v.push({ code: "EMPTY_PLAY", message: "brackets alone are not a play: place at least one tile", cells: placed.map(ref) });
    return fail();
  }
  const direction = lineOf(board, placed, v);
  if (direction === null) return fail();
  // Brackets of new tiles and overlays belong to the main direction.
  for (const c of placed) {
    if (c.isNew && direction === "down") {
      c.down = c.across;
      c.across = NO_BR;
    }
  }
  for (const { c, extra } of overlays) {
    const cur = c[direction];
    c[direction] = { open: cur.open + extra.open, close: cur.close + extra.close };
  }
  checkConnected(rs, board, placed, firstPlay, v);
  return { violations: v, board, placed, direction, firstPlay, guesses };
}

/** The board's tiles onto the grid (OFF_BOARD, UNKNOWN_TILE, OCCUPIED go to `v`), then the owner
 * of old brackets no tile names guessed from the old tiles' runs (before new tiles are placed). */
function placeOld(rs: Ruleset, board: Board, boardIn: readonly Placement[], v: Violation[]): Guess[] {
  const { size, cells } = board;
  const pendingInfer: Array<{ c: GridCell; face: Face }> = [];
  for (const t of boardIn) {
    const face = normaliseFace(t.tile);
    const info = faceInfo(rs, face);
    if (!onBoard(rs.layout, t.row, t.col)) {
      v.push({ code: "OFF_BOARD", message: `a board tile at ${squares.name(t.row, t.col)} lies outside the ${size}×${size} board`, cells: [ref(t)] });
      continue;
    }
    if (!info) {
      v.push({ code: "UNKNOWN_TILE", message: `${rs.name} has no tile "${t.tile}" (on the board)`, cells: [ref(t)] });
      continue;
    }
    const i = t.row * size + t.col;
    if (cells[i]) {
      v.push({ code: "OCCUPIED", message: `the board lists two tiles at ${squares.name(t.row, t.col)}`, cells: [ref(t)] });
      continue;
    }
    const owned = info.open || info.close ? ownedBrackets(info.open, info.close, t) : null;
    const c: GridCell = {
      row: t.row,
      col: t.col,
      core: info.core,
      blank: t.blank === true,
      isNew: false,
      overlay: false,
      across: owned ? owned.across : { open: info.open, close: info.close },
      down: owned ? owned.down : NO_BR,
    };
    if (!owned && (info.open || info.close)) pendingInfer.push({ c, face });
    cells[i] = c;
  }
  const guesses: Guess[] = [];
  for (const { c, face } of pendingInfer) {
    const acrossRun = runLength(board, c, "across");
    const downRun = runLength(board, c, "down");
    const g = guessOwner(acrossRun, downRun);
    if (g.direction === "down") {
      c.down = c.across;
      c.across = NO_BR;
    }
    if (!g.certain) guesses.push({ cell: c, face, direction: g.direction, acrossRun, downRun });
  }
  return guesses;
}

/** The play's tiles onto the grid (OFF_BOARD, UNKNOWN_TILE, BLANK_FACE, OCCUPIED go to `v`): new
 * tiles, and 'SMATH overlays (a board tile given again with more brackets) with their extra brackets. */
function placeNew(rs: Ruleset, board: Board, playIn: readonly Placement[], v: Violation[]): { placed: GridCell[]; overlays: Array<{ c: GridCell; extra: Br }> } {
  const { size, cells } = board;
  const placed: GridCell[] = [];
  const overlays: Array<{ c: GridCell; extra: Br }> = [];
  for (const t of playIn) {
    const face = normaliseFace(t.tile);
    if (!onBoard(rs.layout, t.row, t.col)) {
      v.push({ code: "OFF_BOARD", message: `${squares.name(t.row, t.col)} lies outside the ${size}×${size} board`, cells: [ref(t)] });
      continue;
    }
    const info = faceInfo(rs, face);
    if (!info) {
      v.push({ code: "UNKNOWN_TILE", message: `${rs.name} has no tile "${t.tile}"`, cells: [ref(t)] });
      continue;
    }
    if (t.blank === true && (info.core === "=" || !rs.tileByFace.get(info.core)?.inBag)) {
      // a blank stands for one bag face, never `=` (docs/spec/rulesets.md, "Shared by all three")
      v.push({ code: "BLANK_FACE", message: `a blank cannot stand for ${info.core}`, cells: [ref(t)] });
      continue;
    }
    const i = t.row * size + t.col;
    const old = cells[i];
    if (old) {
      if (old.isNew) {
        v.push({ code: "OCCUPIED", message: `two new tiles on ${squares.name(t.row, t.col)}`, cells: [ref(t)] });
        continue;
      }
      const oldOpen = old.across.open + old.down.open;
      const oldClose = old.across.close + old.down.close;
      const isOverlay =
        rs.grammar.brackets && old.core === info.core && info.open + info.close > 0 && !old.overlay;
      if (!isOverlay) {
        v.push({ code: "OCCUPIED", message: `${squares.name(t.row, t.col)} already holds ${old.core}`, cells: [ref(t)] });
        continue;
      }
      const extra = overlayExtra({ open: oldOpen, close: oldClose }, info);
      old.overlay = true;
      overlays.push({ c: old, extra });
      placed.push(old);
      continue;
    }
    const c: GridCell = {
      row: t.row,
      col: t.col,
      core: info.core,
      blank: t.blank === true,
      isNew: true,
      overlay: false,
      across: { open: info.open, close: info.close },
      down: NO_BR,
    };
    cells[i] = c;
    placed.push(c);
  }
  return { placed, overlays };
}

/** The play's direction when its tiles lie in one row or column without a gap (sorts `placed`
 * in reading order); else null, with NOT_IN_LINE or GAP in `v`. */
function lineOf(board: Board, placed: GridCell[], v: Violation[]): Direction | null {
  const sameRow = placed.every((c) => c.row === placed[0].row);
  const sameCol = placed.every((c) => c.col === placed[0].col);
  if (!sameRow && !sameCol) {
    v.push({ code: "NOT_IN_LINE", message: "the tiles of one turn must lie in one row or one column", cells: placed.map(ref) });
    return null;
  }
  let direction: Direction;
  if (placed.length > 1) direction = sameRow ? "across" : "down";
  else direction = pickSingleDirection(board, placed[0]);
  placed.sort((a, b) => (direction === "across" ? a.col - b.col : a.row - b.row));
  const first = placed[0];
  const last = placed[placed.length - 1];
  const gaps: CellRef[] = [];
  if (direction === "across") {
    for (let k = first.col; k <= last.col; k++) if (!cellAt(board, first.row, k)) gaps.push([first.row, k]);
  } else {
    for (let r = first.row; r <= last.row; r++) if (!cellAt(board, r, first.col)) gaps.push([r, first.col]);
  }
  if (gaps.length) {
    v.push({ code: "GAP", message: "the tiles leave an empty square between them", cells: gaps });
    return null;
  }
  return direction;
}

/** The first play covers the start square ("cover"); any other touches a board tile. */
function checkConnected(rs: Ruleset, board: Board, placed: readonly GridCell[], firstPlay: boolean, v: Violation[]): void {
  if (firstPlay) {
    const [sr, sc] = rs.layout.start;
    if (rs.startRule === "cover" && !placed.some((c) => c.row === sr && c.col === sc)) {
      v.push({ code: "START_NOT_COVERED", message: `the first play must cover the start square ${squares.name(sr, sc)}`, cells: [[sr, sc]] });
    }
    // "end" (first or last tile of the main line on the start) is checked with the lines.
  } else {
    const touches = placed.some(
      (c) =>
        c.overlay ||
        [[-1, 0], [1, 0], [0, -1], [0, 1]].some(([dr, dc]) => {
          const n = cellAt(board, c.row + dr, c.col + dc);
          return n !== undefined && !n.isNew;
        }),
    );
    if (!touches) {
      v.push({ code: "NOT_CONNECTED", message: "the play must touch a tile already on the board", cells: placed.map(ref) });
    }
  }
}

function runLength(b: Board, c: GridCell, d: Direction): number {
  const [dr, dc] = d === "across" ? [0, 1] : [1, 0];
  let n = 1;
  for (let r = c.row + dr, k = c.col + dc; cellAt(b, r, k); r += dr, k += dc) n++;
  for (let r = c.row - dr, k = c.col - dc; cellAt(b, r, k); r -= dr, k -= dc) n++;
  return n;
}

/** One tile: the main line is the run that has an `=` if only one does, else across if it is a
 * run of 2 or more, else down (decision 9 in docs/spec/rulesets.md). */
function pickSingleDirection(b: Board, c: GridCell): Direction {
  const a = runLength(b, c, "across");
  const d = runLength(b, c, "down");
  if (a < 2) return d >= 2 ? "down" : "across";
  if (d < 2) return "across";
  const hasEq = (dir: Direction): boolean => run(b, c, dir).some((x) => x.core === "=");
  if (!hasEq("across") && hasEq("down")) return "down";
  return "across";
}

/** The maximal run through c in direction d, in reading order. */
export function run(b: Board, c: GridCell, d: Direction): GridCell[] {
  const [dr, dc] = d === "across" ? [0, 1] : [1, 0];
  let r = c.row;
  let k = c.col;
  while (cellAt(b, r - dr, k - dc)) {
    r -= dr;
    k -= dc;
  }
  const out: GridCell[] = [];
  for (let x = cellAt(b, r, k); x; x = cellAt(b, (r += dr), (k += dc))) out.push(x);
  return out;
}

export interface RawLine {
  direction: Direction;
  cells: GridCell[];
  main: boolean;
}

/** Main line first (kept even when it is a single tile and nothing else is formed), then the
 * cross runs of 2 or more through each new tile, in reading order. */
export function lines(b: Board, placed: readonly GridCell[], direction: Direction): RawLine[] {
  const out: RawLine[] = [];
  const mainCells = run(b, placed[0], direction);
  const cross: Direction = direction === "across" ? "down" : "across";
  for (const c of placed) {
    if (!c.isNew) continue;
    const r = run(b, c, cross);
    if (r.length >= 2) out.push({ direction: cross, cells: r, main: false });
  }
  if (mainCells.length >= 2 || out.length === 0) out.unshift({ direction, cells: mainCells, main: true });
  return out;
}

/** NOT_IN_RACK: every new tile drawn from the rack ("?" for blanks; unlimited faces free). */
export function checkRack(rs: Ruleset, placed: readonly GridCell[], rack: readonly Face[]): Violation | null {
  const left = new Map<Face, number>();
  for (const f of rack) {
    const k = normaliseFace(f);
    left.set(k, (left.get(k) ?? 0) + 1);
  }
  const missing: GridCell[] = [];
  for (const c of placed) {
    if (!c.isNew) continue;
    const key = c.blank ? BLANK : c.core;
    if (!c.blank && rs.tileByFace.get(c.core)?.unlimited) continue;
    const n = left.get(key) ?? 0;
    if (n > 0) left.set(key, n - 1);
    else missing.push(c);
  }
  if (missing.length === 0) return null;
  const names = missing.map((c) => (c.blank ? "a blank" : c.core)).join(", ");
  return { code: "NOT_IN_RACK", message: `the rack does not hold ${names}`, cells: missing.map(ref) };
}

export function premiumOf(rs: Ruleset, c: GridCell) {
  return premiumAt(rs.layout, c.row, c.col);
}

export function cellRef(c: { row: number; col: number }): CellRef {
  return [c.row, c.col];
}

export type { Cell };
