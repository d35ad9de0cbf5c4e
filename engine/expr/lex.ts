/**
 * Lexer: the faces of one run → tokens, per ruleset grammar (ruleset.ts `Grammar`).
 * - Equate (seeds 000–002): digit tiles side by side form one number; a digit run followed by one
 *   fraction tile is a mixed numeral (2 1/2 = 5/2); a fraction tile may stand alone; a fraction
 *   followed by a digit or a fraction is SYNTAX; `05` and `0 1/2` are LEADING_ZERO.
 * - 'SMATH (seed 003): each tile is one number 0–12; two number tiles side by side are
 *   ADJACENT_NUMBERS unless a bracket boundary sits between them, which is an implied ×.
 * - Number Scrabble (seed 004): multi-digit numbers, `²`, `√`; `05` is LEADING_ZERO.
 * Lexical problems are reported as issues and lexing continues, so a line reports all of them.
 */
import * as Q from "../rational";
import type { Rational } from "../rational";
import type { Grammar } from "../ruleset";
import type { ViolationCode } from "../ruling";
import { isOperator, pretty, type Face, type Operator } from "../tiles";

/** One tile of a run: the core face (brackets stripped) and the brackets that count here. */
export interface LexCell {
  readonly face: Face;
  readonly open: number;
  readonly close: number;
}

export type Token =
  | { kind: "num"; value: Rational; from: number; to: number }
  | { kind: "op"; op: Operator; at: number }
  | { kind: "imul"; at: number } // implied × before tile `at`
  | { kind: "eq"; at: number }
  | { kind: "open"; at: number }
  | { kind: "close"; at: number }
  | { kind: "sq"; at: number }
  | { kind: "sqrt"; at: number };

/** A problem found in tiles from..to (inclusive indices into the run). */
export interface Issue {
  code: ViolationCode;
  message: string;
  from: number;
  to: number;
}

export interface LexResult {
  tokens: Token[];
  issues: Issue[];
}

export interface LexOptions {
  mixedFractionBelowOne: boolean;
}

const isDigit = (f: Face): boolean => f.length === 1 && f >= "0" && f <= "9";
const isFraction = (f: Face): boolean => f.length >= 3 && f.includes("/");
const isSmathNumber = (f: Face): boolean => /^\d{1,2}$/.test(f);

export function lex(cells: readonly LexCell[], g: Grammar, opt: LexOptions): LexResult {
  const tokens: Token[] = [];
  const issues: Issue[] = [];
  const n = cells.length;
  let i = 0;
  while (i < n) {
    const f = cells[i].face;
    if (g.numbers === "multi-digit" && isDigit(f)) {
      let j = i;
      let digits = "";
      while (j < n && isDigit(cells[j].face)) digits += cells[j++].face;
      let value = Q.rat(BigInt(digits));
      let to = j - 1;
      if (digits.length > 1 && digits[0] === "0") {
        issues.push({ code: "LEADING_ZERO", message: `${digits} has an unnecessary leading zero`, from: i, to });
      }
      if (g.fractions && j < n && isFraction(cells[j].face)) {
        const fr = Q.parse(cells[j].face) ?? Q.ZERO;
        const shown = `${digits} ${cells[j].face}`;
        if (digits === "0") {
          issues.push({ code: "LEADING_ZERO", message: `${shown} has an unnecessary zero`, from: i, to: j });
        }
        if (opt.mixedFractionBelowOne && Q.cmp(fr, Q.ONE) >= 0) {
          issues.push({
            code: "MIXED_NUMERAL",
            message: `${shown}: the fraction of a mixed numeral must be below 1`,
            from: i,
            to: j,
          });
        }
        value = Q.add(value, fr);
        to = j;
        j++;
      }
      tokens.push({ kind: "num", value, from: i, to });
      i = j;
      if (g.fractions && i < n && (isDigit(cells[i].face) || isFraction(cells[i].face)) && isFraction(cells[to].face)) {
        issues.push({
          code: "SYNTAX",
          message: `a fraction tile cannot be followed by ${cells[i].face}`,
          from: to,
          to: i,
        });
      }
      continue;
    }
    if (g.fractions && isFraction(f)) {
      tokens.push({ kind: "num", value: Q.parse(f) ?? Q.ZERO, from: i, to: i });
      if (i + 1 < n && (isDigit(cells[i + 1].face) || isFraction(cells[i + 1].face))) {
        issues.push({
          code: "SYNTAX",
          message: `a fraction tile cannot be followed by ${cells[i + 1].face}`,
          from: i,
          to: i + 1,
        });
      }
      i++;
      continue;
    }
    if (g.numbers === "single-tile" && isSmathNumber(f)) {
      const c = cells[i];
      const prev = i > 0 ? cells[i - 1] : null;
      if (prev && isSmathNumber(prev.face)) {
        if (prev.close > 0 || c.open > 0) tokens.push({ kind: "imul", at: i });
        else {
          issues.push({
            code: "ADJACENT_NUMBERS",
            message: `${prev.face} and ${c.face} side by side: each number is one tile (largest 12)`,
            from: i - 1,
            to: i,
          });
          tokens.push({ kind: "imul", at: i });
        }
      }
      for (let k = 0; k < c.open; k++) tokens.push({ kind: "open", at: i });
      tokens.push({ kind: "num", value: Q.rat(BigInt(f)), from: i, to: i });
      for (let k = 0; k < c.close; k++) tokens.push({ kind: "close", at: i });
      i++;
      continue;
    }
    if (isOperator(f)) tokens.push({ kind: "op", op: f, at: i });
    else if (f === "=") tokens.push({ kind: "eq", at: i });
    else if (g.powers && f === "²") tokens.push({ kind: "sq", at: i });
    else if (g.powers && f === "√") tokens.push({ kind: "sqrt", at: i });
    else issues.push({ code: "SYNTAX", message: `${f} cannot be read here`, from: i, to: i });
    i++;
  }
  return { tokens, issues };
}

/**
 * Text of tiles from..to. Compact form (the ruling's `text`): "4-6+7=5", "2 1/2", "(2+3)4".
 * Pretty form (messages): operators spaced, U+2212 minus: "4 − 6 + 7".
 * A space separates two number tiles that do not form one number (digit then fraction; 'SMATH
 * numbers side by side without a bracket between).
 */
export function spanText(cells: readonly LexCell[], from: number, to: number, g: Grammar, prettyForm: boolean): string {
  let s = "";
  for (let i = from; i <= to; i++) {
    const c = cells[i];
    const face = "(".repeat(c.open) + (prettyForm ? pretty(c.face) : c.face) + ")".repeat(c.close);
    const op = isOperator(c.face) || c.face === "=";
    if (i > from) {
      const p = cells[i - 1];
      const pOp = isOperator(p.face) || p.face === "=";
      if (prettyForm && (op || pOp)) s += " ";
      else if (!op && !pOp) {
        if (g.fractions && isFraction(c.face)) s += " ";
        else if (g.numbers === "single-tile" && p.close === 0 && c.open === 0) s += " ";
      }
    }
    s += face;
  }
  return s;
}
