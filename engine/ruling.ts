/**
 * The ruling contract (docs/spec/adjudication.md, "Ruling" and "Violation codes"): the types every
 * adjudication returns, and the stable violation codes. Codes are only ever added, never renamed.
 */
import type { Direction } from "./board";

export const VIOLATION_CODES = [
  "EMPTY_PLAY", // no tiles placed
  "OFF_BOARD", // a cell outside the board
  "OCCUPIED", // a new tile on a taken cell, or two new tiles on one cell
  "NOT_IN_LINE", // new tiles not all in one row or one column
  "GAP", // an empty cell between new tiles
  "NOT_CONNECTED", // no new tile touches an old one (after the first play)
  "START_NOT_COVERED", // the first play misses the start square ('SMATH: neither end on it)
  "UNKNOWN_TILE", // a face this ruleset does not have
  "NOT_IN_RACK", // the play cannot be drawn from the given rack
  "SYNTAX", // a run that is not a number, complete expression or complete equation
  "LEADING_ZERO", // a number with an unnecessary leading zero
  "LEADING_SIGN", // a sign where the ruleset allows none
  "ADJACENT_NUMBERS", // two number tiles side by side where longer numbers are forbidden
  "MULTIPLE_EQUALS", // more `=` in one equation than allowed
  "NEW_EQUALS_LIMIT", // more new `=` in one turn than allowed
  "NOT_EQUAL", // the sides of an equation differ
  "NEGATIVE", // a negative value where forbidden (Equate: any partial result; √ of a negative)
  "DIVISION_BY_ZERO", // division by zero
  "NO_EQUATION", // the ruleset requires an equation and the play forms none
  // added by the engine (docs/spec/adjudication.md marks them "ours")
  "MIXED_NUMERAL", // Equate: the fraction of a mixed numeral is not below 1 (option)
  "BLANK_FACE", // a blank standing for a face it may not take (`=`, brackets)
  "NOT_REPRESENTABLE", // a value the exact arithmetic cannot hold (huge radicand)
  "BAD_REQUEST", // adjudicate(): the input is not of the request shape
  "INTERNAL", // adjudicate(): a bug caught; never expected
  "TOO_MANY_TILES", // more rack tiles placed in one turn than a rack holds
  "SINGLE_TILE", // the first play is one tile alone: no run of two or more, so no line at all
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

/** [row, col] as in the contract. */
export type CellRef = [number, number];

export interface Violation {
  code: ViolationCode;
  message: string;
  cells: CellRef[];
}

export const LINE_KINDS = ["equation", "expression", "number", "fragment"] as const;
/** equation: has `=`; expression: operators, no `=`; number: one number; fragment: a Number
 * Scrabble cross run that is not a complete equation (allowed, unchecked). */
export type LineKind = (typeof LINE_KINDS)[number];

export interface Line {
  text: string;
  direction: Direction;
  cells: CellRef[];
  kind: LineKind;
  value: string | null;
  points: number;
  main: boolean;
}

export const BONUS_KINDS = ["all-tiles", "value"] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** A bonus; `points` are counted in `score` once (a value bonus already multiplied by the
 * line's word premiums; `line` is its index in `lines`). */
export interface Bonus {
  kind: BonusKind;
  points: number;
  line?: number;
}

export const NOTE_CODES = [
  "BRACKETS_GUESSED", // 'SMATH: a board tile's bracket owner was not given and the board does not settle it
] as const;
export type NoteCode = (typeof NOTE_CODES)[number];

/** Something the ruling rests on that the request did not say: not a fault of the play. */
export interface Note {
  code: NoteCode;
  message: string;
  cells: CellRef[];
}

/** What a valid play formed: an equation, or (where the ruleset allows it) an expression only. */
export const RULING_KINDS = ["equation", "expression"] as const;
export type RulingKind = (typeof RULING_KINDS)[number];

export interface Ruling {
  valid: boolean;
  kind: RulingKind | null;
  score: number;
  lines: Line[];
  bonuses: Bonus[];
  violations: Violation[];
  /** present only when there is a note (docs/engine.md), so rulings without one are unchanged */
  notes?: Note[];
}
