/**
 * Public API of the Equalis rules engine (pure TypeScript: no I/O, no framework).
 * See docs/engine.md for the contract, the options and the rule decisions.
 */
export { adjudicate, adjudicatePlay, adjudicateRequest, parseAdjudicationRequest } from "./adjudicate";
export type { AdjudicationRequest, ParseResult, PlayOptions } from "./adjudicate";
export type { Placement } from "./play";
export type { Cell, Direction, Layout, Premium } from "./board";
export { DIRECTIONS, PREMIUMS, premiumAt, tileFactor, lineFactor } from "./board";
export {
  RULESET_IDS,
  CHALLENGE_RULES,
  EXCHANGE_MINIMUMS,
  END_SETTLEMENTS,
  EVALUATION_ORDERS,
  VALUE_BONUSES,
  getRuleset,
  isRulesetId,
  parseRulesetOptions,
  RULESET_DATA,
} from "./ruleset";
export type {
  RulesetId,
  Ruleset,
  RulesetData,
  RulesetOptions,
  ChallengeRule,
  ExchangeMinimum,
  EndSettlement,
  EvaluationOrder,
  ValueBonus,
  Grammar,
  Result,
} from "./ruleset";
export { VIOLATION_CODES, LINE_KINDS, BONUS_KINDS } from "./ruling";
export type { Ruling, Violation, ViolationCode, Line, LineKind, Bonus, BonusKind, CellRef } from "./ruling";
export { OPERATORS, BLANK, normaliseFace, splitBrackets } from "./tiles";
export type { Face, TileSpec, Operator } from "./tiles";
export type { Rational } from "./rational";
export type { Radical } from "./radical";
