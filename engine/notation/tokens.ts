/**
 * Tile tokens shared by the position and game-record notations. Faces are multi-character
 * ("12", "1/2", "(3", "sqrt"), and digits cannot stand bare because digit counts mean empty
 * squares in a board row, so:
 * - a face of one character that is not a digit and not one of `[ ] ( ) ? . : / ; @ # >` or
 *   whitespace is written bare: `+ - × ÷ = ² √`;
 * - any other face is written in brackets: `[7]`, `[12]`, `[1/2]`, `[(3]`;
 * - `?` after a board tile marks a blank standing for that face (`[7]?`); on a rack `?` alone is
 *   an unassigned blank;
 * - `:a` / `:d` after a board tile records the line its 'SMATH brackets belong to (`brackets`);
 *   several letters give one line per bracket, opening then closing (`bracketLines`:
 *   `[(3)]:ad` is a `(` of the across line and a `)` of the down line).
 * Faces may not contain `]`, whitespace or a line break (no ruleset face does).
 */
import type { Direction } from "../board";
import { ALIASES, type Face } from "../tiles";

const RESERVED = new Set(["[", "]", "(", ")", "?", ".", ":", "/", ";", "@", "#", ">", ",", "*"]);

export function encodableFace(face: Face): boolean {
  return face.length > 0 && !/[\]\s]/.test(face) && face !== "?";
}

export function encodeFace(face: Face): string {
  if (face.length === 1 && !/[0-9\s]/.test(face) && !RESERVED.has(face)) return face;
  return `[${face}]`;
}

export interface TileToken {
  face: Face;
  blank: boolean;
  brackets?: Direction;
  bracketLines?: Direction[];
}

const letter = (d: Direction): string => (d === "across" ? "a" : "d");

export function encodeTile(t: { tile: Face; blank?: boolean; brackets?: Direction; bracketLines?: Direction[] }): string {
  let s = encodeFace(t.tile);
  if (t.blank) s += "?";
  if (t.bracketLines?.length) s += `:${t.bracketLines.map(letter).join("")}`;
  else if (t.brackets) s += `:${letter(t.brackets)}`;
  return s;
}

/** Read one face token at i (bare char or [..]); null on a syntax error. */
export function readFace(s: string, i: number): { face: Face; next: number } | null {
  if (i >= s.length) return null;
  const ch = s[i];
  if (ch === "[") {
    const j = s.indexOf("]", i + 1);
    if (j <= i + 1) return null;
    return { face: s.slice(i + 1, j), next: j + 1 };
  }
  if (/[0-9\s]/.test(ch) || RESERVED.has(ch)) return null;
  // one UTF-16 code unit is enough: every bare face (+ - × ÷ = ² √) is in the BMP
  return { face: ch, next: i + 1 };
}

/** Read a board tile token: face, optional `?`, optional `:a`/`:d` (`brackets`) or a run of those
 * letters (`bracketLines`, one per bracket — checked against the face by the caller). No face is
 * the letter a or d, so the run cannot swallow the next tile. */
export function readTile(s: string, i: number): { tile: TileToken; next: number } | null {
  const f = readFace(s, i);
  if (!f) return null;
  let j = f.next;
  const tile: TileToken = { face: f.face, blank: false };
  if (s[j] === "?") {
    tile.blank = true;
    j++;
  }
  if (s[j] === ":" && (s[j + 1] === "a" || s[j + 1] === "d")) {
    const owners: Direction[] = [];
    for (j++; s[j] === "a" || s[j] === "d"; j++) owners.push(s[j] === "a" ? "across" : "down");
    if (owners.length === 1) tile.brackets = owners[0];
    else tile.bracketLines = owners;
  }
  return { tile, next: j };
}

/** A rack or exchange list: faces, `?` for a blank. */
export function encodeRack(faces: readonly Face[]): string {
  return faces.map((f) => (f === "?" ? "?" : encodeFace(f))).join("");
}

export function decodeRack(s: string): Face[] | null {
  const out: Face[] = [];
  let i = 0;
  while (i < s.length) {
    if (s[i] === "?") {
      out.push("?");
      i++;
      continue;
    }
    const f = readFace(s, i);
    if (!f) return null;
    out.push(f.face);
    i = f.next;
  }
  return out;
}

/** Split on `sep` outside brackets ("[1/2]/[3]" → ["[1/2]", "[3]"]). */
export function splitOutside(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of s) {
    if (ch === "[") depth++;
    else if (ch === "]") depth = Math.max(0, depth - 1);
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** Faces longest first, as `readTyped` wants them ("1/2" and "12" before "1"). */
export function longestFirst(faces: Iterable<Face>): Face[] {
  return [...new Set(faces)].sort((a, b) => b.length - a.length);
}

const ALIAS_KEYS = longestFirst(Object.keys(ALIASES));

/**
 * The one tokenizer of typed tile faces (the board's keyboard entry, the judge's editor): the
 * face at i is the longest of `known` (sorted by `longestFirst`) that fits, else an alias
 * (tiles.ts `ALIASES`, so "/" is ÷ unless a fraction tile such as 1/2 is known), else the one
 * character there. Unlike `readFace` it never fails: what the text says is for the caller to judge.
 */
export function readTyped(s: string, i: number, known: readonly Face[]): { face: Face; next: number } {
  for (const f of known) if (s.startsWith(f, i)) return { face: f, next: i + f.length };
  for (const a of ALIAS_KEYS) if (s.startsWith(a, i)) return { face: ALIASES[a], next: i + a.length };
  return { face: s[i], next: i + 1 };
}
