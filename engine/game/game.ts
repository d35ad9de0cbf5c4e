/**
 * Games as event logs (docs/conventions.md, principle 6): a game is its list of events; its state
 * is derived by `replay`, which returns the longest valid prefix and the first error and never throws.
 * `applyEvent(state, event)` is the single transition; every state (challenge window, waiting for
 * the final pass, clock paused, settling the end) follows from persisted events only.
 *
 * Rules: docs/spec/rulesets.md ("Shared by all three", each game's End, Clocks); seeds 000–004
 * (turns: play, exchange, pass; end of game); Woogles/macondo clock and challenge semantics
 * (liwords `pkg/gameplay/end.go`, macondo `game/challenge.go`). Decisions are listed in
 * docs/game-state.md.
 *
 * Life of a game: `start` → turns (`play`, `exchange`, `pass`, `challenge`, `pause`/`resume`)
 * → the game is decided (going out, successive passes, scoreless-turn limit, `resign`, `timeout`,
 * or `director-end`: a tournament director entered the result)
 * → phase "finishing": the rack settlement is already applied; the server appends the
 * `time-penalty`/`time-bonus` events `closingEvents()` lists and `end` → phase "over".
 *
 * The parts: state.ts (the state, errors, shared steps), start.ts, turns.ts (play, exchange,
 * pass, challenge), closing.ts (time events, `end`, what is due); here the transition itself,
 * `replay` and `toMove`.
 */
import * as C from "../clock";
import type { Result } from "../ruleset";
import type { Ruling } from "../ruling";
import { timeEvent, endGame } from "./closing";
import { EVENT_TYPES, type GameEvent } from "./events";
import { start } from "./start";
import { challengesAllowed, checkEndByCounters, copy, decide, fail, isInt, isObj, ok, playerIndex, type GameError, type GameErrorCode, type GameState, type R } from "./state";
import { challenge, exchangeTurn, passTurn, play, type PlayVerdict } from "./turns";

// ---------------------------------------------------------------------------------------------
// The transition

/** Apply one event. `state` is null before `start`. Never throws on bad input; never mutates
 * `state`. */
export function applyEvent(state: GameState | null, event: GameEvent, io?: PlayIo): Result<GameState, GameError> {
  try {
    return applyUnsafe(state, event, io);
  } catch (err) {
    // A throw is an engine bug; the caller still gets an error, never an exception.
    return fail("BAD_EVENT", `internal error: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A play's verdict in and out of the transition (./turns.ts `play`). */
type PlayIo = { given?: PlayVerdict; ruled?: PlayVerdict };

/** `applyEvent`, and the verdict on the event when it is a play (else null): what a server keeps
 * beside the event so that another of its processes can fold it with `foldCommitted`. */
export function applyEventRuled(state: GameState | null, event: GameEvent): Result<{ state: GameState; verdict: PlayVerdict | null }, GameError> {
  const io: PlayIo = {};
  const r = applyEvent(state, event, io);
  return r.ok ? { ok: true, value: { state: r.value, verdict: event.type === "play" ? (io.ruled ?? null) : null } } : r;
}

/**
 * TRUSTED INPUT ONLY. Fold an event this game's log already holds, committed by a server that
 * adjudicated it (`applyEvent`/`act`) and kept its `verdict` (`applyEventRuled`, `act`'s
 * `verdicts`): a play is applied with that verdict instead of asking the adjudicator again — the
 * costly part of a play (issue 30: a second instance folding the first one's move). Every other
 * check still runs, and an event without a verdict is applied by `applyEvent`. A verdict that is
 * not the adjudicator's (a client's, an imported record's) would give a wrong score or let an
 * invalid play stand: never pass one that did not come from this engine's own ruling of this
 * play in this game. The pending play's `ruling` then holds the verdict only (no lines or
 * violations; nothing shows it). Never throws.
 */
export function foldCommitted(state: GameState | null, event: GameEvent, verdict: PlayVerdict | null | undefined): Result<GameState, GameError> {
  if (!verdict || event.type !== "play") return applyEvent(state, event);
  return applyEvent(state, event, { given: verdict });
}

function applyUnsafe(state: GameState | null, event: GameEvent, io?: PlayIo): R {
  if (!isObj(event) || typeof event.type !== "string" || !(EVENT_TYPES as readonly string[]).includes(event.type)) {
    return fail("BAD_EVENT", "an event is an object with a known type");
  }
  if (!isInt(event.at) || event.at < 0) return fail("BAD_EVENT", "at must be a non-negative integer (ms)");
  if (state === null) {
    if (event.type !== "start") return fail("NOT_STARTED", "the first event must be start");
    return start(event);
  }
  if (event.type === "start") return fail("ALREADY_STARTED", "the game has already started");
  if (event.at < state.lastAt) return fail("TIME_TRAVEL", `at ${event.at} is before the previous event (${state.lastAt})`);
  const r = dispatch(state, event, io);
  if (!r.ok) return r;
  const s = r.value;
  s.lastAt = event.at;
  s.eventCount = state.eventCount + 1;
  return r;
}

function dispatch(s: GameState, e: GameEvent, io?: PlayIo): R {
  if (s.phase === "over") return fail("GAME_OVER", "the game is over");
  if (e.type === "time-penalty" || e.type === "time-bonus" || e.type === "end") {
    if (s.phase !== "finishing") return fail("NOT_FINISHED", "the game has not been decided yet");
    if (e.type === "end") return endGame(s, e);
    if (playerIndex(s, e.player) < 0) return fail("UNKNOWN_PLAYER", `no player "${String(e.player)}"`);
    if (!isInt(e.points) || (e.type === "time-penalty" && !isInt(e.overtimeMs))) return fail("BAD_EVENT", "points and overtimeMs must be integers");
    return timeEvent(s, e);
  }
  if (s.phase !== "playing") return fail("GAME_OVER", "the game has been decided: only time events and end may follow");

  if (e.type === "pause" || e.type === "resume") {
    if (e.type === "pause" && s.paused) return fail("PAUSED", "the clock is already paused");
    if (e.type === "resume" && !s.paused) return fail("NOT_PAUSED", "the clock is not paused");
    const n = copy(s);
    n.paused = e.type === "pause";
    if (n.clock) n.clock = e.type === "pause" ? C.pause(n.clock, e.at) : C.resume(n.clock, e.at);
    return ok(n);
  }

  if (e.type === "start") return fail("ALREADY_STARTED", "the game has already started");
  if (e.type === "director-end") {
    const n = copy(s);
    decide(n, "director", null, e.at);
    return ok(n);
  }
  const who = e.type === "challenge" ? e.challenger : e.player;
  const p = playerIndex(s, who);
  if (p < 0) return fail("UNKNOWN_PLAYER", `no player "${String(who)}"`);

  if (e.type === "resign") {
    const n = copy(s);
    if (n.clock && !n.paused) n.clock = C.charge(n.clock, e.at);
    decide(n, "resign", p, e.at);
    return ok(n);
  }
  if (s.paused) return fail("PAUSED", "the clock is paused for a ruling");
  const flagged = s.clock !== null && C.isFlagged(s.clock, s.turn, e.at);
  if (e.type === "timeout") {
    if (!s.clock) return fail("NO_CLOCK", "this game has no clock");
    if (p !== s.turn || !flagged) return fail("NOT_FLAGGED", `${s.players[p].id} has not run out of time`);
    const n = copy(s);
    decide(n, "timeout", p, e.at);
    return ok(n);
  }
  if (flagged) return fail("TIME_EXPIRED", `${s.players[s.turn].id} has run out of time: record a timeout`);
  if (e.type !== "challenge" && p !== s.turn) return fail("NOT_YOUR_TURN", `it is ${s.players[s.turn].id}'s turn`);
  const overMove = s.clock !== null && C.moveTimeExceeded(s.clock, e.at);
  if (overMove && e.type !== "pass") return fail("MOVE_TIME_EXCEEDED", "the time for this move has run out: only a pass is accepted");
  if (s.pending?.goesOut && e.type !== "pass" && e.type !== "challenge") {
    return fail("FINAL_PASS_REQUIRED", "the last play went out: challenge it or pass to accept it");
  }

  let r: R;
  switch (e.type) {
    case "play":
      r = play(s, e, p, io);
      break;
    case "exchange":
      r = exchangeTurn(s, e, p);
      break;
    case "pass":
      r = passTurn(s, e, p);
      break;
    case "challenge":
      r = challenge(s, e, p);
      break;
    default:
      return fail("BAD_EVENT", "unknown event");
  }
  if (!r.ok) return r;
  const n = r.value;
  if (n.clock && n.phase === "playing") {
    // A completed turn presses the clock (increment); a challenge only hands it over.
    n.clock = n.moveNumber > s.moveNumber ? C.press(n.clock, e.at, n.turn) : C.switchTo(n.clock, e.at, n.turn);
  }
  checkEndByCounters(n, e.at);
  return ok(n);
}

// ---------------------------------------------------------------------------------------------
// Replay

export interface ReplayResult {
  /** state after the valid prefix (null when even the start event is bad) */
  state: GameState | null;
  /** number of events applied */
  validPrefix: number;
  error?: { index: number; code: GameErrorCode; message: string; ruling?: Ruling };
}

/** Fold the log; stop at the first event that does not apply. Never throws. */
export function replay(events: readonly GameEvent[]): ReplayResult {
  let state: GameState | null = null;
  if (!Array.isArray(events)) return { state, validPrefix: 0, error: { index: 0, code: "BAD_EVENT", message: "events must be an array" } };
  for (let i = 0; i < events.length; i++) {
    const r = applyEvent(state, events[i]);
    if (!r.ok) return { state, validPrefix: i, error: { index: i, ...r.error } };
    state = r.value;
  }
  return { state, validPrefix: events.length };
}

/** Who may act now, and how (for UIs and the server's move procedures). */
export interface ToMove {
  player: number;
  canPlay: boolean;
  canExchange: boolean;
  canPass: boolean;
  /** players who may challenge the open play */
  challengers: number[];
}

export function toMove(s: GameState): ToMove | null {
  if (s.phase !== "playing" || s.paused) return null;
  const final = s.pending?.goesOut === true;
  const need = s.ruleset.options.exchangeMinimum === "rack-size" ? s.ruleset.rackSize : 1;
  return {
    player: s.turn,
    canPlay: !final,
    canExchange: !final && s.bag.tiles.length >= need && s.racks[s.turn].length > 0,
    canPass: true,
    challengers: s.pending && challengesAllowed(s) ? s.players.map((_, i) => i).filter((i) => i !== s.pending!.player) : [],
  };
}
