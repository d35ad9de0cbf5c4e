/**
 * Tile vocabulary shared by the three rulesets: operator symbols, canonical faces, input aliases.
 * Contract: docs/spec/adjudication.md, "Request" (canonical faces and accepted aliases). A face is the
 * text a tile shows; which faces exist is per ruleset (`TileSpec` tables in rulesets/*.ts).
 * 'SMATH bracket overlays ride on number faces ("(3", "3)", "((3", "(3)"); see `splitBrackets`.
 */

export const OPERATORS = ["+", "-", "×", "÷"] as const;
export type Operator = (typeof OPERATORS)[number];

export const SYMBOLS = ["=", "²", "√"] as const;
export type SymbolFace = (typeof SYMBOLS)[number];

/** The blank as written on a rack. */
export const BLANK = "?";

/** A canonical face string ("7", "12", "1/2", "×", "=", "(3", "²"). */
export type Face = string;

/** One entry of a ruleset's tile table. */
export interface TileSpec {
  readonly face: Face;
  /** Tiles in a full set (for unlimited faces: how many the box holds). */
  readonly count: number;
  readonly points: number;
  /** false for faces kept beside the board (Equate's and 'SMATH's `=`, 'SMATH's brackets). */
  readonly inBag: boolean;
  /** Always available; never needs to be on the rack. */
  readonly unlimited: boolean;
}

/** What people type for a face (x * → ×, / : → ÷, − – → -, ^2 → ², sqrt → √). */
export const ALIASES: Readonly<Record<string, Face>> = {
  x: "×",
  X: "×",
  "*": "×",
  "/": "÷",
  ":": "÷",
  "−": "-",
  "–": "-",
  "^2": "²",
  sqrt: "√",
};

/** Normalise an input face: trims, maps aliases, keeps everything else as given. */
export function normaliseFace(raw: string): Face {
  const s = raw.trim();
  return ALIASES[s] ?? s;
}

export function isOperator(face: Face): face is Operator {
  return face === "+" || face === "-" || face === "×" || face === "÷";
}

/** Bracket overlay of a 'SMATH number face: "((3)" → { open: 2, core: "3", close: 1 }. */
export interface Bracketed {
  readonly open: number;
  readonly core: Face;
  readonly close: number;
}

const BRACKETED = /^(\(*)(\d+)(\)*)$/;

export function splitBrackets(face: Face): Bracketed | null {
  const m = BRACKETED.exec(face);
  if (!m) return null;
  return { open: m[1].length, core: m[2], close: m[3].length };
}

export function joinBrackets(b: Bracketed): Face {
  return "(".repeat(b.open) + b.core + ")".repeat(b.close);
}

/** Pretty operator for messages: U+2212 minus, spaced. */
export function pretty(face: Face): string {
  return face === "-" ? "−" : face;
}
