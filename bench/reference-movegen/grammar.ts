/* eslint-disable no-restricted-imports -- a frozen copy of engine/movegen for the bench reference (README.md) */
/**
 * Prefix automata for one side of an equation (the tiles between two `=` or a line's ends), per
 * ruleset grammar (docs/spec/rulesets.md; engine/expr/lex.ts and parse.ts are the reference).
 * They only reject prefixes that no continuation can make valid, so pruning with them is sound;
 * the full check (engine/validate.ts `checkLine`) still runs on every finished side.
 * - multi-digit with fractions (Equate): operand = digits [fraction] | fraction; no `05`, no
 *   `0 1/2`, nothing after a fraction but an operator.
 * - single-tile numbers ('SMATH): numbers may touch (brackets make them multiply), operators
 *   sit between numbers.
 * - signs and powers (Number Scrabble, decision 6): literal = [−][√][−]digits[²], the inner sign
 *   only without the outer one; no leading zero; `+` never a sign.
 */
import type { Grammar } from "@/engine/ruleset";
import type { Face } from "@/engine/tiles";

export const REJECT = -1;
export const START = 0;

export interface SideAutomaton {
  step(state: number, core: Face): number;
  accepts(state: number): boolean;
}

const isDigit = (f: Face): boolean => f.length === 1 && f >= "0" && f <= "9";
const isFraction = (f: Face): boolean => f.length >= 3 && f.includes("/");
const isOp = (f: Face): boolean => f === "+" || f === "-" || f === "×" || f === "÷";

/** Equate: 0 operand expected, 1 number, 2 a lone "0", 3 after a fraction. */
const FRACTIONS: SideAutomaton = {
  step(s, f) {
    if (isOp(f)) return s === 1 || s === 2 || s === 3 ? START : REJECT;
    if (isDigit(f)) {
      if (s === START) return f === "0" ? 2 : 1;
      return s === 1 ? 1 : REJECT;
    }
    if (isFraction(f)) return s === START || s === 1 ? 3 : REJECT;
    return REJECT;
  },
  accepts: (s) => s === 1 || s === 2 || s === 3,
};

/** Multi-digit numbers without fractions or signs (a grammar no shipped ruleset has alone). */
const DIGITS: SideAutomaton = {
  step(s, f) {
    if (isOp(f)) return s === 1 || s === 2 ? START : REJECT;
    if (isDigit(f)) {
      if (s === START) return f === "0" ? 2 : 1;
      return s === 1 ? 1 : REJECT;
    }
    return REJECT;
  },
  accepts: (s) => s === 1 || s === 2,
};

/** 'SMATH: 0 operand expected, 1 after a number. */
const SINGLE_TILE: SideAutomaton = {
  step(s, f) {
    if (isOp(f)) return s === 1 ? START : REJECT;
    return /^\d{1,2}$/.test(f) ? 1 : REJECT;
  },
  accepts: (s) => s === 1,
};

/** Number Scrabble: 0 operand expected, 1 after an outer sign, 2 after √, 3 after −√, 4 after √−,
 * 5 in a number, 6 a lone "0", 7 after ². */
const POWERS: SideAutomaton = {
  step(s, f) {
    const digit = isDigit(f);
    switch (s) {
      case 0:
        if (f === "-") return 1;
        if (f === "√") return 2;
        return digit ? (f === "0" ? 6 : 5) : REJECT;
      case 1:
        if (f === "√") return 3;
        return digit ? (f === "0" ? 6 : 5) : REJECT;
      case 2:
        if (f === "-") return 4;
        return digit ? (f === "0" ? 6 : 5) : REJECT;
      case 3:
      case 4:
        return digit ? (f === "0" ? 6 : 5) : REJECT;
      case 5:
        if (digit) return 5;
        if (f === "²") return 7;
        return isOp(f) ? START : REJECT;
      case 6:
        if (f === "²") return 7;
        return isOp(f) ? START : REJECT;
      case 7:
        return isOp(f) ? START : REJECT;
      default:
        return REJECT;
    }
  },
  accepts: (s) => s === 5 || s === 6 || s === 7,
};

export function sideAutomaton(g: Grammar): SideAutomaton {
  if (g.numbers === "single-tile") return SINGLE_TILE;
  if (g.powers || g.unaryMinus) return POWERS;
  return g.fractions ? FRACTIONS : DIGITS;
}
