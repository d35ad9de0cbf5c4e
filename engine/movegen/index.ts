/**
 * Move generation and the practice bot (docs/bot.md): `generatePlays` lists legal plays best
 * first, `bestPlay` picks one, `chooseBotAction` turns a position into a play, exchange or pass.
 */
export { generatePlays, searchPlays, compareCandidates, playKey } from "./search";
export type { Candidate, GenerateOptions, SearchResult, SearchStats } from "./search";
