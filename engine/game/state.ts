/**
 * A game's state (docs/game-state.md) and what every transition shares: the error codes, the
 * state's shape, and the small steps the transitions take on a copy of it (who is on move next,
 * deciding the game with its rack settlement, the end by passes or scoreless turns). The
 * transitions themselves: start.ts, turns.ts, closing.ts; `applyEvent` and `replay`: game.ts.
 */
import { CHALLENGE_SEMANTICS, type GameChallengeRule } from "../challenge";
import * as C from "../clock";
import type { Clock, Ms, TimeControl } from "../clock";
import { plainPlacement, type Placement } from "../play";
import type { Result, Ruleset } from "../ruleset";
import type { Ruling } from "../ruling";
import { BLANK, type Face } from "../tiles";
import type { Bag } from "../bag";
import type { PlayerRef } from "./events";

// ---------------------------------------------------------------------------------------------
// Errors

export const GAME_ERROR_CODES = [
  "BAD_EVENT", // not an event of the expected shape
  "NOT_STARTED", // the first event must be `start`
  "ALREADY_STARTED", // a second `start`
  "BAD_START", // start: bad players, seed, options or time control
  "GAME_OVER", // the game has ended (or is settling: only time events and `end` may follow)
  "NOT_FINISHED", // a time event or `end` before the game was decided
  "TIME_TRAVEL", // `at` earlier than the previous event
  "UNKNOWN_PLAYER", // a player id not in the game
  "NOT_YOUR_TURN", // a turn by a player not on move
  "PAUSED", // a move while the clock is paused
  "NOT_PAUSED", // `resume` while not paused
  "INVALID_PLAY", // the adjudicator refuses the play (see `ruling`)
  "NOT_IN_RACK", // exchange tiles not on the rack
  "BAG_TOO_SMALL", // exchange with too few tiles in the bag
  "FINAL_PASS_REQUIRED", // after a going-out play only `challenge` or `pass` may follow
  "NO_PLAY_TO_CHALLENGE", // no play is open to challenge
  "CHALLENGE_NOT_ALLOWED", // challenges are off (void rule, or challengeMode false)
  "CANNOT_CHALLENGE_OWN_PLAY",
  "TIME_EXPIRED", // the player on move is past the maximum overtime: record a `timeout`
  "MOVE_TIME_EXCEEDED", // the per-move limit ran out: only a (forfeit) pass is accepted
  "NO_CLOCK", // a clock event in an untimed game
  "NOT_FLAGGED", // `timeout` for a player whose time has not run out
  "WRONG_TIME_EVENT", // a time-penalty/bonus that is not the one due (see closingEvents)
  "CLOSING_INCOMPLETE", // `end` before the due time events
] as const;
export type GameErrorCode = (typeof GAME_ERROR_CODES)[number];

export interface GameError {
  code: GameErrorCode;
  message: string;
  /** INVALID_PLAY: the adjudicator's ruling */
  ruling?: Ruling;
}

// ---------------------------------------------------------------------------------------------
// State

export interface GameOptions {
  challengeRule: GameChallengeRule;
  challengeMode: boolean;
  maxScorelessTurns: number | null;
  /** set (true) only for over-the-board games without recorded racks (StartEvent.virtualRacks) */
  virtualRacks?: true;
}

/** A tile on the board, with who placed it and in which turn (move number). */
export interface BoardTile extends Placement {
  player: number;
  move: number;
}

/** The last play, open to challenge until the player on move acts. */
export interface PendingPlay {
  player: number;
  placements: Placement[];
  score: number;
  /** the adjudicator's verdict — secret until challenged (views never show it) */
  valid: boolean;
  ruling: Ruling;
  /** emptied the rack with the bag empty: the game ends when the window closes */
  goesOut: boolean;
  /** to take the play back */
  boardBefore: BoardTile[];
  rackBefore: Face[];
  drawn: Face[];
  scorelessBefore: number;
  passesBefore: number;
}

export const END_REASONS = ["out", "passes", "scoreless", "resign", "timeout", "director"] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface GameEnd {
  reason: EndReason;
  /** out: who went out; resign/timeout: who lost */
  player: number | null;
  at: Ms;
  /** rack settlement applied to each score (docs/spec/rulesets.md, each game's End) */
  rackSettlement: number[];
  /** recorded time events (negative: penalty) */
  timePenalties: number[];
  timeBonuses: number[];
  /** set by `end`: the winners (several on a tie for the highest score; none when a director
   * ended the game: the tournament holds that result) */
  winners: number[] | null;
}

export const PHASES = ["playing", "finishing", "over"] as const;
export type Phase = (typeof PHASES)[number];

export interface GameState {
  ruleset: Ruleset;
  options: GameOptions;
  players: PlayerRef[];
  seed: string;
  timeControl: TimeControl | null;
  clock: Clock | null;
  startedAt: Ms;
  lastAt: Ms;
  /** events applied, `start` included */
  eventCount: number;
  phase: Phase;
  paused: boolean;
  board: BoardTile[];
  bag: Bag;
  racks: Face[][];
  scores: number[];
  /** index of the player on move */
  turn: number;
  /** turns taken (plays, exchanges, passes, lost turns) */
  moveNumber: number;
  scorelessTurns: number;
  consecutivePasses: number;
  /** turns each player must skip (double challenge rule, challenger not on move) */
  lostTurns: number[];
  pending: PendingPlay | null;
  end: GameEnd | null;
}

export type R = Result<GameState, GameError>;
export const fail = (code: GameErrorCode, message: string, ruling?: Ruling): R => ({ ok: false, error: ruling ? { code, message, ruling } : { code, message } });
export const ok = (value: GameState): R => ({ ok: true, value });

export const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
export const isInt = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x);

function rackPoints(rs: Ruleset, rack: readonly Face[]): number {
  return rack.reduce((s, f) => s + (f === BLANK ? 0 : (rs.tileByFace.get(f)?.points ?? 0)), 0);
}

function digitFaces(rack: readonly Face[]): number {
  return rack.reduce((s, f) => s + (/^\d+$/.test(f) ? Number(f) : 0), 0);
}

// ---------------------------------------------------------------------------------------------
// Helpers

export function copy(s: GameState): GameState {
  return { ...s, racks: s.racks.map((r) => r.slice()), scores: s.scores.slice(), lostTurns: s.lostTurns.slice() };
}

export function playerIndex(s: GameState, id: unknown): number {
  return typeof id === "string" ? s.players.findIndex((p) => p.id === id) : -1;
}

/** The next player on move after `from`, skipping (and consuming) lost turns. Mutates s. */
export function advance(s: GameState, from: number): void {
  const n = s.players.length;
  let i = (from + 1) % n;
  for (let k = 0; k < n && s.lostTurns[i] > 0; k++) {
    s.lostTurns[i]--;
    s.scorelessTurns++;
    s.moveNumber++;
    i = (i + 1) % n;
  }
  s.turn = i;
}

/** Decide the game: apply the rack settlement, stop the clock. Mutates s. */
export function decide(s: GameState, reason: EndReason, player: number | null, at: Ms): void {
  const rs = s.ruleset;
  const n = s.players.length;
  const settle = new Array<number>(n).fill(0);
  if (reason === "out" && player !== null) {
    for (let i = 0; i < n; i++) {
      if (i === player) continue;
      const pts = rackPoints(rs, s.racks[i]);
      if (rs.options.endSettlement === "transfer") settle[player] += pts;
      if (rs.options.endSettlement === "digit-faces") settle[player] += digitFaces(s.racks[i]);
      settle[i] -= pts;
    }
  } else if (reason === "passes" || reason === "scoreless") {
    for (let i = 0; i < n; i++) settle[i] -= rackPoints(rs, s.racks[i]);
  }
  for (let i = 0; i < n; i++) s.scores[i] += settle[i];
  s.phase = "finishing";
  s.pending = null;
  s.paused = false;
  if (s.clock) s.clock = C.stop({ ...s.clock, paused: false, since: s.clock.paused ? at : s.clock.since }, at);
  s.end = { reason, player, at, rackSettlement: settle, timePenalties: settle.map(() => 0), timeBonuses: settle.map(() => 0), winners: null };
}

export function checkEndByCounters(s: GameState, at: Ms): void {
  if (s.phase !== "playing" || s.pending) return;
  if (s.consecutivePasses >= s.players.length) decide(s, "passes", null, at);
  else if (s.options.maxScorelessTurns !== null && s.scorelessTurns >= s.options.maxScorelessTurns) decide(s, "scoreless", null, at);
}

export const boardPlacements = (s: GameState): Placement[] => s.board.map(plainPlacement);

/** Whether challenges can happen in this game. */
export function challengesAllowed(s: Pick<GameState, "options">): boolean {
  return s.options.challengeMode && CHALLENGE_SEMANTICS[s.options.challengeRule].challengeable;
}
