/**
 * Greedy self-play: two bots play a whole game through engine/game/game.ts (`applyEvent`), so every
 * bot move is also accepted by the game's own rules. For tests and bench/movegen.bench.ts. Both
 * bots play at `opts.level` (default `best`); the seed of each move's tie-breaks is the game's
 * seed and the turn number, so a game replays exactly whenever node budgets bind.
 */
import { applyEvent, closingEvents, type GameEvent, type GameState } from "../game";
import type { RulesetId } from "../ruleset";
import { botPositionFromState, chooseBotAction, type BotAction, type BotOptions } from "./bot";

export interface SelfPlayResult {
  state: GameState;
  events: GameEvent[];
  /** ms per bot decision, in order */
  moveMs: number[];
  actions: BotAction[];
}

function clock(): number {
  const p = (globalThis as { performance?: { now(): number } }).performance;
  return p ? p.now() : Date.now();
}

/** Play one game bot against bot; throws if the game refuses a bot move (a bug). */
export function selfPlay(ruleset: RulesetId, seed: string, opts: BotOptions & { maxTurns?: number } = {}): SelfPlayResult {
  const events: GameEvent[] = [];
  const push = (s: GameState | null, e: GameEvent): GameState => {
    const r = applyEvent(s, e);
    if (!r.ok) throw new Error(`self-play: ${e.type} refused: ${r.error.code} ${r.error.message}`);
    events.push(e);
    return r.value;
  };
  let at = 0;
  let state = push(null, { type: "start", at, ruleset, seed, players: [{ id: "bot-a" }, { id: "bot-b" }], maxScorelessTurns: 6 });
  const moveMs: number[] = [];
  const actions: BotAction[] = [];
  const maxTurns = opts.maxTurns ?? 200;
  for (let turn = 0; turn < maxTurns && state.phase === "playing"; turn++) {
    const pos = botPositionFromState(state);
    if (!pos) break;
    const player = state.players[state.turn].id;
    const t = clock();
    const a = chooseBotAction(pos, { ...opts, seed: `${seed}:${turn}` });
    moveMs.push(clock() - t);
    actions.push(a);
    at += 1000;
    if (a.type === "play") state = push(state, { type: "play", at, player, placements: a.placements });
    else if (a.type === "exchange") state = push(state, { type: "exchange", at, player, tiles: a.tiles });
    else state = push(state, { type: "pass", at, player });
  }
  if (state.phase === "finishing") for (const e of closingEvents(state)) state = push(state, e);
  return { state, events, moveMs, actions };
}
