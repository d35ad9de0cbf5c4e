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

/** A tile on the board or in the play, already typed (faces may still be aliases). */
export interface Placement {
  row: number;
  col: number;
  tile: Face;
  blank?: boolean;
  /** 'SMATH: the direction the tile's brackets belong to (board tiles; inferred if absent) */
  brackets?: Direction;
}

interface Br {
  open: number;
  close: number;
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

const NO_BR: Br = { open: 0, close: 0 };

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
}

export function place(rs: Ruleset, boardIn: readonly Placement[], playIn: readonly Placement[], firstPlayOpt?: boolean): PlacementResult {
  const size = rs.layout.size;
  const v: Violation[] = [];
  const firstPlay = firstPlayOpt ?? boardIn.length === 0;
  const fail = (): PlacementResult => ({ violations: v, placed: [], direction: null, firstPlay });

  if (playIn.length === 0) {
    v.push({ code: "EMPTY_PLAY", message: "no tiles were placed", cells: [] });
    return fail();
  }
  const cells: (GridCell | undefined)[] = new Array(size * size);
  const board: Board = { size, cells };
  const pendingInfer: GridCell[] = [];

  // Old tiles.
  for (const t of boardIn) {
    const face = normaliseFace(t.tile);
    const info = faceInfo(rs, face);
    if (!onBoard(rs.layout, t.row, t.col)) {
      v.push({ code: "OFF_BOARD", message: `a board tile at [${t.row},${t.col}] lies outside the ${size}×${size} board`, cells: [ref(t)] });
      continue;
    }
    if (!info) {
      v.push({ code: "UNKNOWN_TILE", message: `${rs.name} has no tile "${t.tile}" (on the board)`, cells: [ref(t)] });
      continue;
    }
    const i = t.row * size + t.col;
    if (cells[i]) {
      v.push({ code: "OCCUPIED", message: `the board lists two tiles at [${t.row},${t.col}]`, cells: [ref(t)] });
      continue;
    }
    const br = { open: info.open, close: info.close };
    const c: GridCell = {
      row: t.row,
      col: t.col,
      core: info.core,
      blank: t.blank === true,
      isNew: false,
      overlay: false,
      across: t.brackets === "down" ? NO_BR : br,
      down: t.brackets === "down" ? br : NO_BR,
    };
    if (!t.brackets && (br.open || br.close)) pendingInfer.push(c);
    cells[i] = c;
  }
  // Infer the direction of old brackets from the old tiles' runs.
  for (const c of pendingInfer) {
    const len = (dr: number, dc: number): number => {
      let n = 1;
      for (let r = c.row + dr, k = c.col + dc; cellAt(board, r, k); r += dr, k += dc) n++;
      for (let r = c.row - dr, k = c.col - dc; cellAt(board, r, k); r -= dr, k -= dc) n++;
      return n;
    };
    if (len(1, 0) > len(0, 1)) {
      c.down = c.across;
      c.across = NO_BR;
    }
  }

  // New tiles.
  const placed: GridCell[] = [];
  const overlays: Array<{ c: GridCell; extra: Br }> = [];
  for (const t of playIn) {
    const face = normaliseFace(t.tile);
    if (!onBoard(rs.layout, t.row, t.col)) {
      v.push({ code: "OFF_BOARD", message: `[${t.row},${t.col}] lies outside the ${size}×${size} board`, cells: [ref(t)] });
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
        v.push({ code: "OCCUPIED", message: `two new tiles on [${t.row},${t.col}]`, cells: [ref(t)] });
        continue;
      }
      const oldOpen = old.across.open + old.down.open;
      const oldClose = old.across.close + old.down.close;
      const isOverlay =
        rs.grammar.brackets && old.core === info.core && info.open + info.close > 0 && !old.overlay;
      if (!isOverlay) {
        v.push({ code: "OCCUPIED", message: `[${t.row},${t.col}] already holds ${old.core}`, cells: [ref(t)] });
        continue;
      }
      // The face shows the tile as it will look (superset) or only the brackets added.
      const superset = info.open >= oldOpen && info.close >= oldClose && info.open + info.close > oldOpen + oldClose;
      const extra = superset ? { open: info.open - oldOpen, close: info.close - oldClose } : { open: info.open, close: info.close };
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
  if (v.length) return fail();
  if (!placed.some((c) => c.isNew)) {
    v.push({ code: "EMPTY_PLAY", message: "brackets alone are not a play: place at least one tile", cells: placed.map(ref) });
    return fail();
  }

  // One row or one column, no gap.
  const sameRow = placed.every((c) => c.row === placed[0].row);
  const sameCol = placed.every((c) => c.col === placed[0].col);
  if (!sameRow && !sameCol) {
    v.push({ code: "NOT_IN_LINE", message: "the tiles of one turn must lie in one row or one column", cells: placed.map(ref) });
    return fail();
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
    return fail();
  }
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

  if (firstPlay) {
    const [sr, sc] = rs.layout.start;
    if (rs.startRule === "cover" && !placed.some((c) => c.row === sr && c.col === sc)) {
      v.push({ code: "START_NOT_COVERED", message: `the first play must cover the start square [${sr},${sc}]`, cells: [[sr, sc]] });
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
  return { violations: v, board, placed, direction, firstPlay };
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
