/**
 * Games as event logs: the events (./events.ts), the state and its errors (./state.ts), the
 * transitions (./start.ts, ./turns.ts, ./closing.ts, and ./game.ts: `applyEvent`, `replay`), the
 * scoresheet's words (./scoresheet.ts), an action folded into the events it owes (./act.ts) and the
 * sentences of its refusals (./refusals.ts). The engine's front door, engine/index.ts, re-exports what
 * callers outside the engine may use.
 */
export * from "./events";
export { GAME_ERROR_CODES, END_REASONS, PHASES, challengesAllowed } from "./state";
export type { BoardTile, EndReason, GameEnd, GameError, GameErrorCode, GameOptions, GameState, PendingPlay, Phase } from "./state";
export { resolveStart } from "./start";
export { virtualDeal } from "./turns";
export type { PlayVerdict } from "./turns";
export { closingEvents, dueTimeEvents, nextDueEvent } from "./closing";
export { applyEvent, applyEventRuled, foldCommitted, replay, toMove } from "./game";
export type { ReplayResult, ToMove } from "./game";
export * from "./act";
export * from "./refusals";
