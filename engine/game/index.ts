/**
 * Games as event logs: the events (./events.ts), the transitions and the derived state
 * (./game.ts), the scoresheet's words (./scoresheet.ts). The engine's front door,
 * engine/index.ts, re-exports what callers outside the engine may use.
 */
export * from "./events";
export * from "./game";
export * from "./act";
export * from "./refusals";
