/**
 * Setup steps the game's tests share (act, game, scoresheet): not used by the engine itself.
 */
import type { GameEvent, StartEvent } from "./events";
import { applyEvent } from "./game";
import type { GameState } from "./state";

/** A two-player Equate start (alice "Alice", bob unnamed), with overrides. */
export const startEvent = (o: Partial<StartEvent> = {}): StartEvent => ({
  type: "start",
  at: 0,
  ruleset: "equate",
  players: [{ id: "alice", name: "Alice" }, { id: "bob" }],
  seed: "seed-1",
  ...o,
});

/** The state after `e`, or a thrown error naming the engine's refusal. */
export function must(s: GameState | null, e: GameEvent): GameState {
  const r = applyEvent(s, e);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
