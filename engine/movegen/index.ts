/**
 * Move generation and the practice bot (docs/bot.md): `generatePlays` lists legal plays best
 * first, `bestPlay` picks one, `chooseBotAction` turns a position into a play, exchange or pass.
 */
export { generatePlays, searchPlays, compareCandidates, playKey } from "./search";
export type { Candidate, GenerateOptions, SearchResult, SearchStats } from "./search";
export { bestPlay, chooseBotAction, botPositionFromState, botPositionFromView, exchangeTiles, levelPlay, BOT_DEFAULTS } from "./bot";
export type { BotAction, BotOptions, BotPosition } from "./bot";
export { BOT_LEVELS, DEFAULT_BOT_LEVEL, LEVEL_SPECS, levelCandidates, pickByRule } from "./levels";
export type { BotLevel, LevelOptions, LevelRule, LevelSpec } from "./levels";
export { exactPlays, ExactGenerator } from "./exact";
export type { ExactOptions, ExactPlay, ExactResult, ExactStats } from "./exact";
export { compareTopPlays, masterPlay, topPlay } from "./top";
export type { TopPlayOptions, TopPlayResult } from "./top";
export { selfPlay } from "./selfplay";
export type { SelfPlayResult } from "./selfplay";
export { analyseGame, analyseTurns, bestPlaysAt, countTurns, summarise } from "./analysis";
export type { AnalysedPlay, AnalyseOptions, BestPlaysOptions, GameAnalysis, PlayerSummary, TurnAnalysis } from "./analysis";
