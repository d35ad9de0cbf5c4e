/* eslint-disable no-restricted-imports -- a frozen copy of engine/movegen for the bench reference (README.md) */
/**
 * Board preparation for move generation: face ids, old tiles as a grid, and per-square
 * cross-check sets (Appel & Jacobson, "The World's Fastest Scrabble Program", CACM 31(5), 1988).
 *
 * A cross-check answers "may face f stand on empty square (r, c) when the play runs in direction
 * d?": the perpendicular run through (r, c) with f in it must pass the engine's own line check
 * (`checkLine`, not main: strict rulesets need a number/expression/true equation, Number
 * Scrabble accepts any fragment that is not a complete, false equation). Sets are computed
 * lazily, one face at a time, and memoised in a byte table (unknown / allowed / refused), so a
 * search only pays for the faces it actually tries on the squares it actually reaches.
 * Old tiles' 'SMATH brackets belong to their `brackets` direction, else to the direction of their
 * longer run of old tiles (ties: across) — the same inference as engine/play.ts.
 */
import { lineFactor, premiumAt, tileFactor, type Direction } from "@/engine/board";
import { guessOwner, ownedBrackets, type GridCell, type Placement } from "@/engine/play";
import type { Ruleset } from "@/engine/ruleset";
import { isOperator, normaliseFace, splitBrackets, type Face } from "@/engine/tiles";
import { valueBonus } from "@/engine/score";
import { checkLine } from "@/engine/validate";

/** What a face does in a run (drives the grammar automaton of search.ts). */
export const FACE_KINDS = ["digit", "fraction", "number", "op", "eq", "square", "root", "other"] as const;
export type FaceKind = (typeof FACE_KINDS)[number];

export interface FaceInfo {
  readonly face: Face;
  readonly kind: FaceKind;
  /** numeric value (digit, fraction, 'SMATH number); operator code 1 + 2 − 3 × 4 ÷ for ops */
  readonly value: number;
  readonly points: number;
  readonly unlimited: boolean;
}

const OP_CODE: Readonly<Record<string, number>> = { "+": 1, "-": 2, "×": 3, "÷": 4 };

/** Face table of a ruleset, in tile-table order (the blank and 'SMATH's "()" excluded). */
export function faceTable(rs: Ruleset): FaceInfo[] {
  const out: FaceInfo[] = [];
  for (const t of rs.tiles) {
    const f = t.face;
    if (f === "?" || f === "()") continue;
    let kind: FaceKind = "other";
    let value = 0;
    if (isOperator(f)) {
      kind = "op";
      value = OP_CODE[f];
    } else if (f === "=") kind = "eq";
    else if (f === "²") kind = "square";
    else if (f === "√") kind = "root";
    else if (/^\d+\/\d+$/.test(f)) {
      kind = "fraction";
      const [a, b] = f.split("/").map(Number);
      value = a / b;
    } else if (/^\d+$/.test(f)) {
      kind = rs.grammar.numbers === "single-tile" ? "number" : "digit";
      value = Number(f);
    }
    out.push({ face: f, kind, value, points: t.points, unlimited: t.unlimited });
  }
  return out;
}

const NO_BR = { open: 0, close: 0 };

/** What a cross-check needs of `checkLine`'s answer. */
interface CrossLine {
  ok: boolean;
  trueEquation: boolean;
  value: unknown;
}

/** Cross-check lines already checked, per ruleset, across searches: consecutive moves of a game
 * ask about the same perpendicular runs again and again, and `checkLine` (lex, parse, exact
 * evaluation) is most of a small search's time. The answer depends only on the ruleset, the old
 * tiles before and after the square (faces, with their brackets in the cross direction: the key)
 * and the new face, not on the squares: one slot per face id for each run. Bounded (cleared when
 * full; searches under way keep their slots) and keyed by the ruleset object, so it is garbage
 * collected with it. */
const CROSS_CACHE_RUNS = 5_000;
const crossCache = new WeakMap<Ruleset, Map<string, (CrossLine | undefined)[]>>();

function slotsFor(rs: Ruleset, key: string, faces: number): (CrossLine | undefined)[] {
  let byRs = crossCache.get(rs);
  if (!byRs) crossCache.set(rs, (byRs = new Map()));
  let slots = byRs.get(key);
  if (!slots) {
    if (byRs.size >= CROSS_CACHE_RUNS) byRs.clear();
    byRs.set(key, (slots = new Array<CrossLine | undefined>(faces).fill(undefined)));
  }
  return slots;
}

/** A run's part of a cache key: each old tile's face and its brackets in the cross direction. */
function keyOf(cells: readonly GridCell[], cross: Direction): string {
  let key = "";
  for (const c of cells) {
    const br = c[cross];
    key += br.open || br.close ? `|${c.core}(${br.open})${br.close}` : `|${c.core}`;
  }
  return key;
}

/** Old tiles on a size×size grid, with brackets assigned to a direction. */
export class OldGrid {
  readonly size: number;
  readonly cells: (GridCell | undefined)[];

  constructor(rs: Ruleset, board: readonly Placement[]) {
    const size = rs.layout.size;
    this.size = size;
    this.cells = new Array(size * size);
    const infer: GridCell[] = [];
    for (const t of board) {
      if (t.row < 0 || t.col < 0 || t.row >= size || t.col >= size) continue;
      const face = normaliseFace(t.tile);
      const b = rs.grammar.brackets ? splitBrackets(face) : null;
      const br = b ? { open: b.open, close: b.close } : NO_BR;
      const owned = br.open || br.close ? ownedBrackets(br.open, br.close, t) : null;
      const c: GridCell = {
        row: t.row,
        col: t.col,
        core: b ? b.core : face,
        blank: t.blank === true,
        isNew: false,
        overlay: false,
        across: owned ? owned.across : br,
        down: owned ? owned.down : NO_BR,
      };
      if (!owned && (br.open || br.close)) infer.push(c);
      this.cells[t.row * size + t.col] = c;
    }
    for (const c of infer) {
      if (guessOwner(this.runLength(c.row, c.col, 0, 1), this.runLength(c.row, c.col, 1, 0)).direction === "down") {
        c.down = c.across;
        c.across = NO_BR;
      }
    }
  }

  at(r: number, c: number): GridCell | undefined {
    if (r < 0 || c < 0 || r >= this.size || c >= this.size) return undefined;
    return this.cells[r * this.size + c];
  }

  private runLength(r: number, c: number, dr: number, dc: number): number {
    let n = 1;
    for (let i = r + dr, k = c + dc; this.at(i, k); i += dr, k += dc) n++;
    for (let i = r - dr, k = c - dc; this.at(i, k); i -= dr, k -= dc) n++;
    return n;
  }

  /** Old tiles before and after (r, c) along (dr, dc), in reading order. */
  perpendicular(r: number, c: number, dr: number, dc: number): { before: GridCell[]; after: GridCell[] } {
    const before: GridCell[] = [];
    const after: GridCell[] = [];
    for (let i = r - dr, k = c - dc; this.at(i, k); i -= dr, k -= dc) before.unshift(this.at(i, k)!);
    for (let i = r + dr, k = c + dc; this.at(i, k); i += dr, k += dc) after.push(this.at(i, k)!);
    return { before, after };
  }
}

/** Lazily computed cross-check sets for one play direction. */
export class CrossChecks {
  /** per square: 0 no perpendicular neighbour (anything goes), 1 has neighbours */
  readonly hasPerp: Uint8Array;
  /** per square × face: 0 unknown, 1 allowed, 2 refused */
  private readonly memo: Uint8Array;
  private readonly runs: ({ before: GridCell[]; after: GridCell[] } | undefined)[];
  /** per square: the cached answers for its run, by face id (slotsFor) */
  private readonly slots: ((CrossLine | undefined)[] | undefined)[];
  /** per square × face (when allowed): points of the cross equation it completes (0: none) */
  readonly points: Int32Array;
  /** per square × face: the new tile's own share of `points` (what a blank would not score) */
  readonly share: Int32Array;
  checks = 0;

  constructor(
    readonly rs: Ruleset,
    readonly grid: OldGrid,
    readonly faces: readonly FaceInfo[],
    readonly direction: Direction,
  ) {
    const size = grid.size;
    this.hasPerp = new Uint8Array(size * size);
    this.memo = new Uint8Array(size * size * faces.length);
    this.runs = new Array(size * size);
    this.slots = new Array(size * size);
    const cross: Direction = direction === "across" ? "down" : "across";
    this.points = new Int32Array(size * size * faces.length);
    this.share = new Int32Array(size * size * faces.length);
    const [dr, dc] = direction === "across" ? [1, 0] : [0, 1];
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        if (grid.at(r, c)) continue;
        if (grid.at(r - dr, c - dc) || grid.at(r + dr, c + dc)) {
          this.hasPerp[r * size + c] = 1;
          const run = grid.perpendicular(r, c, dr, dc);
          this.runs[r * size + c] = run;
          this.slots[r * size + c] = slotsFor(rs, `${cross}${keyOf(run.before, cross)}#${keyOf(run.after, cross)}`, faces.length);
        }
      }
    }
  }

  /** May face id f stand on empty square (r, c)? */
  allows(r: number, c: number, f: number): boolean {
    const sq = r * this.grid.size + c;
    if (this.hasPerp[sq] === 0) return true;
    const m = sq * this.faces.length + f;
    const known = this.memo[m];
    if (known !== 0) return known === 1;
    const run = this.runs[sq]!;
    const cell: GridCell = { row: r, col: c, core: this.faces[f].face, blank: false, isNew: true, overlay: false, across: NO_BR, down: NO_BR };
    this.checks++;
    const slots = this.slots[sq]!;
    let line = slots[f];
    if (!line) {
      const cross: Direction = this.direction === "across" ? "down" : "across";
      const checked = checkLine(this.rs, [...run.before, cell, ...run.after], cross, false);
      line = { ok: checked.violations.length === 0, trueEquation: checked.trueEquation, value: checked.value };
      slots[f] = line;
    }
    const ok = line.ok;
    this.memo[m] = ok ? 1 : 2;
    if (ok && line.trueEquation) {
      // engine/score.ts for one new tile: premiums under the new tile only
      const rs = this.rs;
      const p = premiumAt(rs.layout, r, c);
      const own = this.faces[f].points * tileFactor(p);
      let sum = own;
      if (rs.scoring === "all-tiles") for (const x of [...run.before, ...run.after]) if (!x.blank) sum += rs.tileByFace.get(x.core)?.points ?? 0;
      const mult = lineFactor(p);
      let bonus = 0;
      if (rs.scoring === "new-tiles") bonus = valueBonus(rs.options.valueBonus, line.value as never);
      this.points[m] = (sum + bonus) * mult;
      this.share[m] = own * mult;
    }
    return ok;
  }
}
