/**
 * Board vocabulary: cells, directions, premium squares, and the layout parser.
 * Layouts are data (legend also in docs/spec/rulesets.md): "." plain, "d" tile ×2 (2S/DL), "t" tile ×3
 * (3S/TL), "D" equation ×2 (2E/DW), "T" equation ×3 (3E/TW); row 0 at the top.
 * Premiums count only for a tile placed this turn (docs/spec/rulesets.md, "Shared by all three").
 */

/** [row, col], 0-based, row 0 at the top. */
export type Cell = readonly [number, number];

export const DIRECTIONS = ["across", "down"] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const PREMIUMS = [".", "d", "t", "D", "T"] as const;
export type Premium = (typeof PREMIUMS)[number];

export interface Layout {
  readonly size: number;
  readonly start: Cell;
  /** premiums[row * size + col] */
  readonly premiums: readonly Premium[];
}

/** Tile multiplier of a premium square (2S/DL, 3S/TL). */
export function tileFactor(p: Premium): number {
  return p === "d" ? 2 : p === "t" ? 3 : 1;
}

/** Equation multiplier of a premium square (2E/DW, 3E/TW). */
export function lineFactor(p: Premium): number {
  return p === "D" ? 2 : p === "T" ? 3 : 1;
}

export function parseLayout(rows: readonly string[], start: Cell): Layout {
  const size = rows.length;
  const premiums: Premium[] = [];
  for (const row of rows) {
    if (row.length !== size) throw new Error(`layout row of length ${row.length}, expected ${size}`);
    for (const ch of row) {
      if (!(PREMIUMS as readonly string[]).includes(ch)) throw new Error(`unknown premium ${ch}`);
      premiums.push(ch as Premium);
    }
  }
  return { size, start, premiums };
}

export function premiumAt(layout: Layout, row: number, col: number): Premium {
  return layout.premiums[row * layout.size + col];
}

export function onBoard(layout: Layout, row: number, col: number): boolean {
  return Number.isInteger(row) && Number.isInteger(col) && row >= 0 && col >= 0 && row < layout.size && col < layout.size;
}
