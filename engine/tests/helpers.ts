/**
 * Test helpers: build requests from compact strings. `tiles("4 - 6 + 7 = 5")` splits on spaces;
 * `first(ruleset, text)` places a first play through the start square, across.
 */
import { getRuleset, type RulesetId } from "../ruleset";
import type { Placement } from "../play";

export const tiles = (text: string): string[] => text.trim().split(/\s+/);

export function across(row: number, col: number, text: string): Placement[] {
  return tiles(text).map((tile, i) => ({ row, col: col + i, tile }));
}

export function down(row: number, col: number, text: string): Placement[] {
  return tiles(text).map((tile, i) => ({ row: row + i, col, tile }));
}

/** A first play across the start square ('SMATH: its first or last tile on it). */
export function first(ruleset: RulesetId, text: string): Placement[] {
  const rs = getRuleset(ruleset);
  const [r, c] = rs.layout.start;
  const n = tiles(text).length;
  let col = c - Math.floor(n / 2);
  if (rs.startRule === "end") col = c + n - 1 < rs.layout.size ? c : c - (n - 1);
  col = Math.max(0, Math.min(col, rs.layout.size - n));
  return across(r, col, text);
}

export const codes = (r: { violations: { code: string }[] }): string[] => r.violations.map((v) => v.code);
