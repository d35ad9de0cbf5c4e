/**
 * Folding an action into a game (issue 24): `act(state, action, now)` is everything one request
 * does to a running game, pure. It returns every event owed, in order:
 *   1. the events the clock owes at `now` before the action (`nextDueEvent`: a forfeit pass past
 *      the per-move limit, a timeout past the maximum overtime, the closing events and `end` of
 *      a game so decided);
 *   2. the action's own event, after the checks a server makes before the engine (the game is
 *      still played, the seat is on move, a play is open to challenge, there is a clock to stop);
 *   3. the closing time events and `end` when the action decided the game.
 * A refusal still carries the events of step 1: they happened whatever the action, so the caller
 * writes them and then answers with the refusal's sentence (./refusals.ts, seats named by their
 * players' names). `states[i]` is the state after `events[i]`, so a caller keeping a scoresheet
 * (server/services/matches/state.ts) describes each event without applying it again.
 *
 * Time is injected (docs/conventions.md, principle 7): `now` never goes before the last event.
 */
import type { Placement } from "../play";
import type { Face } from "../tiles";
import type { GameEvent } from "./events";
import { applyEvent, applyEventRuled } from "./game";
import type { PlayVerdict } from "./turns";
import { nextDueEvent } from "./closing";
import type { GameState } from "./state";
import { refusal, type Refusal } from "./refusals";

/** What a seat (or, for the clock and a director's end, the game's official) asks of the game. */
export type GameAction =
  | { type: "play"; seat: number; placements: readonly Placement[] }
  | { type: "exchange"; seat: number; tiles: readonly Face[] }
  | { type: "pass"; seat: number }
  | { type: "challenge"; seat: number }
  | { type: "resign"; seat: number }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "director-end" };

export type ActOutcome =
  | {
      ok: true;
      events: GameEvent[];
      states: GameState[];
      state: GameState;
      now: number;
      /** where the action's own event is in `events` (null: a director's end of a game already over) */
      actionIndex: number | null;
      /** the adjudicator's verdict on the action when it is a play (kept with the event: `foldCommitted`) */
      verdict: PlayVerdict | null;
    }
  | { ok: false; refusal: Refusal; events: GameEvent[]; states: GameState[]; state: GameState; now: number };

/** Due events are few (a forfeit pass, a timeout, a few time events, end); more means a bug. */
const MAX_DUE = 32;

/** Append every event the clock owes at `now` to `events`/`states`; the state after them. */
export function settleDue(s: GameState, now: number, events: GameEvent[], states: GameState[]): GameState {
  for (let guard = 0; guard < MAX_DUE; guard++) {
    const e = nextDueEvent(s, now);
    if (!e) return s;
    const r = applyEvent(s, e);
    if (!r.ok) throw new Error(`server event refused by the engine: ${r.error.code} ${r.error.message}`);
    s = r.value;
    events.push(e);
    states.push(s);
  }
  return s;
}

function eventOf(s: GameState, a: GameAction, at: number): GameEvent {
  switch (a.type) {
    case "play":
      return { type: "play", at, player: s.players[a.seat]!.id, placements: a.placements.map((p) => ({ ...p })) };
    case "exchange":
      return { type: "exchange", at, player: s.players[a.seat]!.id, tiles: a.tiles.slice() };
    case "pass":
    case "resign":
      return { type: a.type, at, player: s.players[a.seat]!.id };
    case "challenge":
      return { type: "challenge", at, challenger: s.players[a.seat]!.id };
    case "pause":
    case "resume":
    case "director-end":
      return { type: a.type, at };
  }
}

/** Why `a` cannot be taken in `s` before the engine is asked (null: ask the engine). */
function precheck(s: GameState, a: GameAction): Refusal | null {
  if (s.phase !== "playing") return refusal("GAME_OVER", s);
  if (a.type === "pause" || a.type === "resume") {
    if (!s.clock) return refusal("NO_CLOCK", s);
    if (a.type === "pause" && s.paused) return refusal("ALREADY_PAUSED", s);
    return null;
  }
  if (a.type === "director-end") return null;
  if (a.type !== "challenge" && a.type !== "resign" && a.seat !== s.turn) return refusal("NOT_YOUR_TURN", s);
  if (a.type === "challenge" && !s.pending) return refusal("NO_PLAY_TO_CHALLENGE", s);
  return null;
}

/**
 * Fold `action` into `state` at `now` (see the module header). A director's end of a game that
 * is already over (say a flag fell first) is no refusal: the due events alone are returned and
 * the state tells how the game ended.
 */
export function act(state: GameState, action: GameAction, now: number): ActOutcome {
  now = Math.max(now, state.lastAt);
  const events: GameEvent[] = [];
  const states: GameState[] = [];
  if ("seat" in action && !state.players[action.seat]) return { ok: false, refusal: refusal("NOT_A_PLAYER", state), events, states, state, now };
  let s = settleDue(state, now, events, states);
  if (action.type === "director-end" && s.phase !== "playing") return { ok: true, events, states, state: s, now, actionIndex: null, verdict: null };
  const pre = precheck(s, action);
  if (pre) return { ok: false, refusal: pre, events, states, state: s, now };
  const event = eventOf(s, action, now);
  const r = applyEventRuled(s, event);
  if (!r.ok) return { ok: false, refusal: refusal(r.error.code, s, r.error.message), events, states, state: s, now };
  s = r.value.state;
  const actionIndex = events.length;
  events.push(event);
  states.push(s);
  s = settleDue(s, now, events, states);
  return { ok: true, events, states, state: s, now, actionIndex, verdict: r.value.verdict };
}

/** A finished game's result by player id (the shape the server caches on the match row); null while it runs. */
export interface GameResult {
  reason: NonNullable<GameState["end"]>["reason"];
  winners: string[];
  scores: Record<string, number>;
}

export function resultOf(s: GameState): GameResult | null {
  if (s.phase !== "over" || !s.end) return null;
  const scores: Record<string, number> = {};
  s.players.forEach((p, i) => (scores[p.id] = s.scores[i]!));
  return { reason: s.end.reason, winners: (s.end.winners ?? []).map((i) => s.players[i]!.id), scores };
}
