/**
 * The desk editor's model (no React): two layers of tiles on a board — the position ("board") and
 * the disputed play ("play", the new tiles) — and the text helpers a judge types into:
 * - squares are named like the scoresheet (`squares` of `@/engine`: "J10" = row 9, col 9);
 * - a play string reads the whole line from a start square in a direction, old tiles included
 *   (they are skipped when the face matches): `4-6+7=5`, `12÷(3`, `[1/2]`; a face may be written in
 *   brackets to force it (`[12]`), `?` after a face makes that tile a blank.
 * The request built from the layers is exactly the adjudication contract's (docs/spec/adjudication.md).
 * 'SMATH board tiles keep the line their brackets belong to (`brackets`): a match position and
 * the position notation carry it, and the judge can set it; without it the engine guesses.
 */
import { longestFirst, normaliseFace, readTyped, splitBrackets, squares, type AdjudicationRequest, type Direction, type Placement, type RulesetId } from "@/engine";

export type Layer = "board" | "play";
export interface EditorTile {
  tile: string;
  blank: boolean;
  /** 'SMATH: the line the tile's brackets belong to; absent (and no bracketLines) = the engine guesses */
  brackets?: Direction;
  /** 'SMATH: one line per bracket, for a tile whose brackets came from both lines (as loaded) */
  bracketLines?: Direction[];
}
export type Tiles = Record<string, EditorTile>;

export const keyOf = (row: number, col: number) => `${row},${col}`;
export const fromKey = (k: string): [number, number] => k.split(",").map(Number) as [number, number];

export function toPlacements(tiles: Tiles): Placement[] {
  return Object.entries(tiles)
    .map(([k, t]) => {
      const [row, col] = fromKey(k);
      const p: Placement = { row, col, tile: t.tile };
      if (t.blank) p.blank = true;
      if (t.bracketLines) p.bracketLines = t.bracketLines;
      else if (t.brackets) p.brackets = t.brackets;
      return p;
    })
    .sort((a, b) => a.row - b.row || a.col - b.col);
}

export function fromPlacements(ps: readonly Placement[]): Tiles {
  const out: Tiles = {};
  for (const p of ps) {
    const t: EditorTile = { tile: p.tile, blank: p.blank === true };
    if (p.bracketLines) t.bracketLines = p.bracketLines;
    else if (p.brackets) t.brackets = p.brackets;
    out[keyOf(p.row, p.col)] = t;
  }
  return out;
}

/** A position tile carrying 'SMATH brackets, whose owner the judge may set. */
export interface BracketTile {
  key: string;
  square: string;
  tile: string;
  brackets?: Direction;
  bracketLines?: Direction[];
}

/** The position's tiles with brackets, in reading order (none outside 'SMATH). */
export function bracketTiles(ruleset: RulesetId, board: Tiles): BracketTile[] {
  if (ruleset !== "smath") return [];
  return toPlacements(board)
    .filter((p) => {
      const b = splitBrackets(normaliseFace(p.tile));
      return b !== null && b.open + b.close > 0;
    })
    .map((p) => ({ key: keyOf(p.row, p.col), square: squares.name(p.row, p.col), tile: p.tile, brackets: p.brackets, bracketLines: p.bracketLines }));
}

/** Set the line of all of a position tile's brackets, or clear it to let the engine guess. */
export function setBracketOwner(board: Tiles, key: string, line: Direction | undefined): Tiles {
  const t = board[key];
  if (!t) return board;
  const { brackets: _b, bracketLines: _l, ...rest } = t;
  return { ...board, [key]: line ? { ...rest, brackets: line } : rest };
}

/** "( across, ) down": a per-bracket owner list, read out. */
export function describeOwners(tile: string, owners: readonly string[]): string {
  const b = splitBrackets(normaliseFace(tile));
  const marks = b ? [..."(".repeat(b.open), ...")".repeat(b.close)] : [];
  return owners.map((o, i) => `${marks[i] ?? "?"} ${o}`).join(", ");
}

export function buildRequest(ruleset: RulesetId, board: Tiles, play: Tiles, rack: string, options?: Record<string, unknown>): AdjudicationRequest {
  // bracket owners matter on position tiles only: a play's brackets belong to its own line
  const req: AdjudicationRequest = { ruleset, board: toPlacements(board), play: toPlacements(play).map(({ brackets: _b, bracketLines: _l, ...p }) => p) };
  const r = splitFaces(rack, []);
  if (rack.trim() !== "" && r.ok) req.rack = r.faces.map((f) => (f.blank ? "?" : f.tile));
  if (options && Object.keys(options).length) req.options = options as AdjudicationRequest["options"];
  return req;
}

/** Split typed text into faces, longest known face first ("1/2" before "1"); `[..]` forces a face. */
export function splitFaces(text: string, faces: readonly string[]): { ok: true; faces: EditorTile[] } | { ok: false; error: string } {
  const known = longestFirst(faces);
  const out: EditorTile[] = [];
  let i = 0;
  const s = text.trim();
  while (i < s.length) {
    const ch = s[i];
    if (ch === " ") {
      i++;
      continue;
    }
    if (ch === "?" && (out.length === 0 || s[i - 1] === " ")) {
      // a lone `?` is a blank on a rack
      out.push({ tile: "?", blank: true });
      i++;
      continue;
    }
    if (ch === "?") {
      out[out.length - 1].blank = true;
      i++;
      continue;
    }
    let face: string | null = null;
    let open = "";
    while (s[i] === "(") {
      open += "(";
      i++;
    }
    if (s[i] === "[") {
      const j = s.indexOf("]", i);
      if (j < 0) return { ok: false, error: `a "[" without "]" at ${i + 1}` };
      face = s.slice(i + 1, j);
      i = j + 1;
    } else {
      const t = readTyped(s, i, known);
      face = t.face;
      i = t.next;
    }
    let close = "";
    while (s[i] === ")") {
      close += ")";
      i++;
    }
    out.push({ tile: open + face + close, blank: false });
  }
  return { ok: true, faces: out };
}

/**
 * Lay a typed line from `start` going `direction`: returns the new play tiles. Squares already
 * holding a board tile with the same face are read through; a different face there is an error.
 */
export function layLine(
  text: string,
  start: [number, number],
  direction: "across" | "down",
  board: Tiles,
  faces: readonly string[],
  size: number,
): { ok: true; play: Tiles } | { ok: false; error: string } {
  const split = splitFaces(text, faces);
  if (!split.ok) return split;
  if (split.faces.length === 0) return { ok: false, error: "Type the tiles of the play." };
  const play: Tiles = {};
  let [r, c] = start;
  for (const t of split.faces) {
    if (r >= size || c >= size) return { ok: false, error: "The play runs off the board." };
    const old = board[keyOf(r, c)];
    if (old) {
      if (old.tile !== t.tile) {
        // 'SMATH: brackets added over a board tile are part of the play
        if (old.tile.replace(/[()]/g, "") === t.tile.replace(/[()]/g, "") && t.tile !== old.tile) play[keyOf(r, c)] = t;
        else return { ok: false, error: `${squares.name(r, c)} already holds ${old.tile}, not ${t.tile}.` };
      }
    } else play[keyOf(r, c)] = t;
    if (direction === "across") c++;
    else r++;
  }
  return { ok: true, play };
}

/**
 * Put laid tiles (a typed line, `layLine`) on the layer the judge has selected: the disputed play
 * replaces the play; position tiles join the board, and a square they take leaves the play.
 */
export function placeOnLayer(layer: Layer, board: Tiles, play: Tiles, laid: Tiles): { board: Tiles; play: Tiles } {
  if (layer === "play") return { board, play: laid };
  const rest = Object.fromEntries(Object.entries(play).filter(([k]) => !(k in laid)));
  return { board: { ...board, ...laid }, play: rest };
}
