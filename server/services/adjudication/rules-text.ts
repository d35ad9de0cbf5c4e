/**
 * The rule behind each violation code, in a sentence quoting the ruleset's own rules
 * (docs/spec/rulesets.md, which names the seeds: 000–002 Equate, 003 'SMATH, 004 Number Scrabble;
 * every quoted sentence is there word for word, tests/unit/repo-standalone.test.ts checks it).
 * The judge's desk shows the engine's message (what went wrong here) next to this sentence (the
 * rule it breaks), so a player sees both the working and the rule book.
 *
 * One table per ruleset; a code missing from a ruleset's table falls back to `COMMON`. Codes are
 * the engine's stable violation codes (engine/ruling.ts); a new code without a sentence falls back
 * to a generic one, and a unit test keeps every code covered.
 */
import type { RulesetId, ViolationCode } from "@/engine";

type RuleTable = Partial<Record<ViolationCode, string>>;

/** Rules shared by all three games (docs/spec/rulesets.md "Shared by all three"; codes as in
 * docs/spec/adjudication.md). */
const COMMON: Record<ViolationCode, string> = {
  EMPTY_PLAY: "A turn that plays tiles must place at least one tile on the board.",
  OFF_BOARD: "Tiles are placed on the squares of the board; nothing may hang off its edge.",
  OCCUPIED: "A new tile goes on an empty square: tiles already played cannot be moved or covered.",
  NOT_IN_LINE: "“A turn places tiles in one row or one column.” (no diagonals, no corners)",
  GAP: "“A turn places tiles in one row or one column, contiguous with the help of tiles already there.”",
  NOT_CONNECTED: "“After the first play at least one new tile must touch an existing tile.”",
  START_NOT_COVERED: "The first play must use the start square.",
  UNKNOWN_TILE: "Only the faces in this game's tile set may be played.",
  NOT_IN_RACK: "A player can only play tiles from their own rack.",
  SYNTAX: "“Every maximal run of ≥2 tiles containing a new tile is checked”: each must be a number, a complete expression or a complete equation (not “6 +” or “8 − 2 =”).",
  LEADING_ZERO: "Numbers are written without an unnecessary leading zero (“05”).",
  LEADING_SIGN: "Operators join two numbers: there is no sign in front of a number.",
  ADJACENT_NUMBERS: "Number tiles may not sit side by side to make a longer number.",
  MULTIPLE_EQUALS: "An equation may hold only one “=”.",
  NEW_EQUALS_LIMIT: "“At most one new = per turn.”",
  NOT_EQUAL: "Every equation must be true: both sides have the same value (“exact arithmetic only”).",
  NEGATIVE: "Negative values are not allowed here.",
  DIVISION_BY_ZERO: "“Division by zero invalidates the run.”",
  NO_EQUATION: "The play must form an equation.",
  MIXED_NUMERAL: "The fraction of a mixed numeral must be below 1 (“2 1/2”, not “3 2/2”).",
  BLANK_FACE: "“A blank stands for one face (never =) and keeps it for the rest of the game.”",
  NOT_REPRESENTABLE: "The value is too large for exact arithmetic; the play cannot be verified.",
  BAD_REQUEST: "The request does not follow the adjudication format.",
  INTERNAL: "The engine hit an unexpected problem; please report this position.",
  TOO_MANY_TILES: "A turn plays tiles from the player's rack, so it can never place more than a full rack (unlimited tiles such as = do not count).",
  SINGLE_TILE: "“The first play lays at least two tiles in a line: a single tile alone forms no run, so it is no play.”",
};

const EQUATE: RuleTable = {
  START_NOT_COVERED: "Equate: “Board 19×19, start J10 (a 2E square): the first play covers it.”",
  SYNTAX: "Equate: “Every run must be a number, a complete expression (value ≥ 0) or a true equation” — strings such as “6 +” or “8 − 2 =” may not stand (seed 000).",
  LEADING_ZERO: "Equate: “Numbers: digit tiles side by side form multi-digit numbers; no unnecessary zero (05, 0 1/2).”",
  LEADING_SIGN: "Equate: “Operators + − × ÷, binary only (no sign).”",
  MULTIPLE_EQUALS: "Equate: “One = per equation” — “an equation cannot be extended to contain more than one equal symbol” (seed 000).",
  NEW_EQUALS_LIMIT: "Equate: “One = per equation, at most one new = per turn.”",
  NOT_EQUAL: "Equate: “Each side of the new equation must have the same numerical value” (seed 000).",
  NEGATIVE: "Equate: “No negative value anywhere: every partial result, in evaluation order, must be ≥ 0 (4-6+7=5 is invalid; 7-7=2×3-6 is valid).”",
  MIXED_NUMERAL: "Equate: “A digit run followed by one fraction tile is a mixed numeral (2 1/2 = 5/2); the fraction of a mixed numeral must be below 1.”",
  NO_EQUATION: "Equate: “A play that forms no equation (only numbers/expressions) is allowed and scores 0.”",
  BLANK_FACE: "Equate: a blank “can be used to represent any one of the 31 different operation or number symbols” — never “=” (seed 000).",
};

const SMATH: RuleTable = {
  START_NOT_COVERED: "'SMATH: “The first player places tiles on the board to form an equation so that the first or last tile rests on the start square” (seed 003).",
  SYNTAX: "'SMATH: “Every run must be a complete expression or a true equation.”",
  LEADING_SIGN: "'SMATH: “Standard precedence, brackets first; negative partial values are allowed; no unary sign.”",
  ADJACENT_NUMBERS: "'SMATH: “The largest number on a tile is 12. You may not place two tiles next to each other to make a larger number” — unless a bracket sits between them, which means multiply (seed 003).",
  NOT_EQUAL: "'SMATH: equations must be true math statements; with several “=” (2+3=5=7-2) “all parts equal”.",
  NO_EQUATION: "'SMATH: “the play must form at least one equation.”",
  BLANK_FACE: "'SMATH: “A blank tile may be used as any number or math sign” — not “=” or brackets, which are unlimited (seed 003).",
  TOO_MANY_TILES: "'SMATH: “Rack 10. = and brackets are unlimited and not in the bag”: a turn places at most the ten tiles of a rack; = and brackets do not count.",
};

const NUMBER_SCRABBLE: RuleTable = {
  START_NOT_COVERED: "Number Scrabble: “Standard Scrabble board, start H8 (double-equation star)”: the first play covers it.",
  SYNTAX: "Number Scrabble: the main line must be a well-formed equation: “² follows a number, √ precedes one”; “no leading +”.",
  LEADING_ZERO: "Number Scrabble: “no leading zero (also after a sign: -05).”",
  LEADING_SIGN: "Number Scrabble: “- is subtraction or a sign in front of a number (-3=5-8, 3=-5--8); no leading +.”",
  NEW_EQUALS_LIMIT: "Number Scrabble: “= tiles are in the bag … at most one new = per turn.”",
  NOT_EQUAL: "Number Scrabble: a complete equation “must be true”. “Evaluation is strictly left to right with no implied multiplication”, so 2+3×4 is 20, not 14; values are exact, so √2×√2=4÷2 is true.",
  NEGATIVE: "Number Scrabble: “√ of a negative is invalid.”",
  NO_EQUATION: "Number Scrabble: “The main line must be a true equation.”",
};

const TABLES: Record<RulesetId, RuleTable> = { equate: EQUATE, smath: SMATH, "number-scrabble": NUMBER_SCRABBLE };

/** The rule a violation code breaks in `ruleset`, as a sentence. */
export function ruleText(ruleset: RulesetId, code: string): string {
  return TABLES[ruleset][code as ViolationCode] ?? COMMON[code as ViolationCode] ?? "This play breaks a rule of the game.";
}

/** Every code with its sentence for a ruleset (the desk's "rules" reference). */
export function ruleTable(ruleset: RulesetId): Record<ViolationCode, string> {
  return { ...COMMON, ...TABLES[ruleset] } as Record<ViolationCode, string>;
}
