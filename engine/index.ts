/**
 * Public API of the Equalis rules engine (pure TypeScript: no I/O, no framework).
 * See docs/engine.md for the modules; docs/spec/adjudication.md for the contract;
 * docs/spec/rulesets.md for the options and the rule decisions.
 */
export { adjudicate, adjudicatePlay, adjudicateRequest, parseAdjudicationRequest } from "./adjudicate";
export type { AdjudicationRequest, ParseResult, PlayOptions } from "./adjudicate";
export { adjudicateText } from "./adjudicate-text";
export type { TextResult } from "./adjudicate-text";
export type { Placement, BracketOwner } from "./play";
export { plainPlacement } from "./play";
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
  rulesetFor,
  isRulesetId,
  parseRulesetOptions,
  RULESET_DATA,
  RULESET_NAMES,
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
} from "./ruleset";
// One result shape for the engine and the domain: { ok: true, value } | { ok: false, error }
export type { Result } from "./result";
export { VIOLATION_CODES, LINE_KINDS, BONUS_KINDS, NOTE_CODES, RULING_KINDS } from "./ruling";
export type { Ruling, RulingKind, Violation, ViolationCode, Line, LineKind, Bonus, BonusKind, CellRef, Note, NoteCode } from "./ruling";
export { OPERATORS, BLANK, normaliseFace, splitBrackets } from "./tiles";
export type { Face, TileSpec, Operator } from "./tiles";
export type { Rational } from "./rational";
export type { Radical } from "./radical";

// Games: event log, bag, clock, challenges, views, notation (docs/game-state.md)
// foldCommitted: TRUSTED INPUT ONLY (an event this server adjudicated and committed; see engine/game/game.ts)
export { applyEvent, applyEventRuled, foldCommitted, replay, closingEvents, dueTimeEvents, nextDueEvent, toMove, resolveStart, challengesAllowed, EVENT_TYPES, GAME_ERROR_CODES, END_REASONS, PHASES } from "./game";
export type {
  GameEvent,
  EventType,
  StartEvent,
  PlayEvent,
  ExchangeEvent,
  PassEvent,
  ChallengeEvent,
  ResignEvent,
  PauseEvent,
  ResumeEvent,
  TimePenaltyEvent,
  TimeBonusEvent,
  TimeoutEvent,
  EndEvent,
  PlayerRef,
  GameState,
  GameOptions,
  GameError,
  GameErrorCode,
  GameEnd,
  EndReason,
  Phase,
  PendingPlay,
  BoardTile,
  ReplayResult,
  ToMove,
} from "./game";
// One request folded into a game: the events owed, or a refusal a player reads (issue 24)
export { act, settleDue, resultOf, refusal, sentence, ACT_REFUSAL_CODES } from "./game";
export type { GameAction, ActOutcome, GameResult, Refusal, RefusalCode, PlayVerdict } from "./game";
// The public scoresheet: one plain line per event ("3+4=7 at J10 across"), rack contents never named
export { describeEvent, lineText } from "./game/scoresheet";
// The whole lines a play forms as text ("672+42+5=719", mixed numerals spaced: "46 1/4")
export { formedLines, mainLineText, playLinesText, tilesText } from "./notation/lines";
export type { FormedLine, TextTile } from "./notation/lines";
export type { SheetLine } from "./game/scoresheet";
export { GAME_CHALLENGE_RULES, CHALLENGE_SEMANTICS, isGameChallengeRule, alwaysRefused, phonyScore } from "./challenge";
export type { GameChallengeRule, ChallengeSemantics } from "./challenge";
export * as clock from "./clock";
export type { Clock, TimeControl, Ms } from "./clock";
export { DEFAULT_TIME_CONTROL, parseTimeControl } from "./clock";
export { viewFor } from "./view";
export type { GameView, PlayerView } from "./view";
export { formatPosition, parsePosition, positionOf } from "./notation/position";
export type { Position } from "./notation/position";
export { formatGameRecord, parseGameRecord, readGameRecord } from "./notation/record";
export type { ReadRecord } from "./notation/record";
// Square names ("J10"; "10J"/"J10" as a start square read across/down): squares.name, squares.parse, …
export { longestFirst, readTyped } from "./notation/tokens";
export * as squares from "./notation/squares";
export type { ParsedSquare } from "./notation/squares";
export { generatePlays, searchPlays, bestPlay, chooseBotAction, botPositionFromState, botPositionFromView, exchangeTiles, selfPlay, BOT_DEFAULTS, levelPlay, BOT_LEVELS, DEFAULT_BOT_LEVEL, LEVEL_SPECS, levelCandidates, pickByRule } from "./movegen";
export type { Candidate, GenerateOptions, SearchResult, SearchStats, BotAction, BotPosition, SelfPlayResult, BotOptions, BotLevel, LevelOptions, LevelRule, LevelSpec } from "./movegen";
// The exact move generator (docs/bot.md "Exact generator"): every legal play, or the top N with proof
export { exactPlays } from "./movegen";
// The top play with proof, or the best so far when cut (issue 28; docs/engine.md "Top play")
export { compareTopPlays, masterPlay, topPlay } from "./movegen";
export type { TopPlayOptions, TopPlayResult } from "./movegen";
export { analyseGame, analyseTurns, bestPlaysAt, countTurns, summarise } from "./movegen";
export type { AnalysedPlay, AnalyseOptions, BestPlaysOptions, GameAnalysis, PlayerSummary, TurnAnalysis } from "./movegen";
export type { ExactOptions, ExactPlay, ExactResult, ExactStats } from "./movegen";

// A bounded Map forgetting the least recently used entry first (the per-process caches)
export { LruMap } from "./lru";

// Seeded random numbers (the bag's shuffles; tests and benchmarks seed theirs from a string)
export { createRng, shuffled } from "./random";
export type { Rng } from "./random";

// State snapshots (a server continues from one instead of replaying the whole log; docs/matches.md)
export { snapshotState, restoreState, packRows, unpackRows, SNAPSHOT_FORMAT } from "./snapshot";
export type { StateSnapshot } from "./snapshot";
