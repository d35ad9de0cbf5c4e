/**
 * Public surface of the tournament and rating maths: pure functions over plain arrays, no I/O.
 * Services wire these into tRPC; see docs/tournament-maths.md for the rules each one follows.
 */
export * from "./types";
export * from "./vocabulary";
export { DEFAULT_SCORING, formatSpread, formatWins, gameOutcomes, outcomeKeys, byeOutcome, isPlayed, validateField, type Outcome, type ScoringOptions } from "./results";
export * from "./standings";
export * from "./pairing/types";
export { roundRobin, ROUND_ROBIN_KINDS, type RoundRobinKind, type RoundRobinOptions } from "./pairing/roundRobin";
export { pairSwiss, SWISS_CONSTRAINT_LEVELS, type SwissOptions } from "./pairing/swiss";
export { pairKingOfTheHill } from "./pairing/kingOfTheHill";
export { POD_SIZES, podSizes, pairSwissPods, pairKingOfTheHillPods, roundRobinPods, type PodSize, type PodOptions } from "./pairing/pods";
export { PAIRING_METHODS, PAIRING_METHOD_CODES, methodForRound, checkPairingPlan, type PairingMethod, type PairingPlanStep } from "./pairing/plan";
export { pairRound, pairingEntry, PAIRING_REGISTRY } from "./pairing/round";
export { roundRobinSchedule } from "./pairing/methods";
export { swapWarnings, swappedBoards, type SwapBoard, type SwapCheckInput } from "./pairing/swap";
export { decideGibson, decideGibsons, cannotCatch, type GibsonOptions, type GibsonDecision } from "./pairing/gibson";
export * from "./pairing/elimination";
export * from "./ratings/glicko2";
export { MAX_SCORE, scoreProblem } from "./scores";
export { parseResultLine, describeResult, scoreLine, roundTimeLeft, formatClock, MAX_RESULT_LINE, ROUND_MINUTES, type EntryBoard, type LineReading } from "./director-entry";
export { parseTsh, writeTsh, tshRounds, tshField, tshQuote, TSH_MAX_PLAYERS, TSH_MAX_ROUNDS, type TshFile, type TshPlayer, type TshProblem, type TshParse, type TshRound, type TshBoard, type TshBye } from "./tsh";
export * from "./competitions";
export { ordinal } from "./ordinal";
export { allocatePrizes, shareOut, CLUB_TEAM_SIZE, type AllocateInput, type Payout, type PayoutLine, type PayoutWinner, type PrizeEntrant, type PrizeRow } from "./prizes";
export { formatMoney, parseMoney, minorDigits } from "./money";
export { TIME_PRESETS, TIME_PRESET_LABELS, TIME_PRESET_TABLE, presetTimeControl, describeTimeControl, type TimePreset } from "./time-presets";
export * from "./duplicate";
export * from "./teams";
export { activeIn, buildHistory, countedRounds, eventBracket, isElimination, isRoundRobin, lateEntries, lostInPlay, pairEventRound, participants, podSizeOf, scoringOf, startingField, toGame, toPlayer, winnerOf, type EventBoard, type EventData, type EventEntry, type EventSettings } from "./event";
export type { WatchBoard, WatchEvent } from "./watch";

// A match's folded state and public game view, pure (the scorekeeper station folds offline moves on the device)
export { extend, foldActed, foldAll, hasDue, settledAt, step } from "./match-fold";
export type { Appended, Folded, SheetEntry, StoredEvent } from "./match-fold";
export { NOBODY_CAN, publicGame } from "./public-game";
export type { GameViewOut } from "./public-game";
