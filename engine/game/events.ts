/**
 * The game's events: plain JSON, one per line of a game's log (docs/game-state.md). `at` is ms
 * since the epoch and never decreases through a log. The transitions that apply them are in
 * ./game.ts (`applyEvent`, `replay`); the record notation writes them (notation/record.ts).
 */
import type { Ms, TimeControl } from "../clock";
import type { Placement } from "../play";
import type { RulesetId, RulesetOptions } from "../ruleset";
import type { GameChallengeRule } from "../challenge";
import type { Face } from "../tiles";

// ---------------------------------------------------------------------------------------------
// Events (plain JSON; `at` is ms since the epoch, non-decreasing through the log)

export interface PlayerRef {
  /** stable id (user id); 1–64 characters, no whitespace and none of `: ; # @ >` */
  id: string;
  name?: string;
}

export interface StartEvent {
  type: "start";
  at: Ms;
  ruleset: RulesetId;
  /** raw ruleset options (validated by parseRulesetOptions); missing keys take defaults */
  options?: Partial<RulesetOptions>;
  /** default: the ruleset option `challenge` */
  challengeRule?: GameChallengeRule;
  /** true: an invalid play may be submitted and stands until challenged (default false) */
  challengeMode?: boolean;
  /** end the game after this many consecutive scoreless turns (default: off) */
  maxScorelessTurns?: number | null;
  /** true: an over-the-board game whose racks nobody records (a scorekeeper's station). Racks
   * are virtual: before each play or exchange the unseen tiles are re-dealt so the mover's rack
   * holds the tiles played (see `virtualDeal`); rack counts, the bag count and the unseen pool
   * stay exact. Default false. */
  virtualRacks?: boolean;
  /** 2–4 players in turn order (players[0] moves first) */
  players: PlayerRef[];
  seed: string;
  /** absent/null: untimed */
  timeControl?: Partial<TimeControl> | null;
}
export interface PlayEvent {
  type: "play";
  at: Ms;
  player: string;
  placements: Placement[];
}
export interface ExchangeEvent {
  type: "exchange";
  at: Ms;
  player: string;
  /** rack tiles to trade ("?" for a blank) */
  tiles: Face[];
}
export interface PassEvent {
  type: "pass";
  at: Ms;
  player: string;
  /** appended by the server when the per-move limit ran out */
  forfeit?: boolean;
}
export interface ChallengeEvent {
  type: "challenge";
  at: Ms;
  /** any player but the one who made the play in the open window */
  challenger: string;
}
export interface ResignEvent {
  type: "resign";
  at: Ms;
  player: string;
}
export interface PauseEvent {
  type: "pause";
  at: Ms;
}
export interface ResumeEvent {
  type: "resume";
  at: Ms;
}
export interface TimePenaltyEvent {
  type: "time-penalty";
  at: Ms;
  player: string;
  /** points lost (positive) */
  points: number;
  overtimeMs: Ms;
}
export interface TimeBonusEvent {
  type: "time-bonus";
  at: Ms;
  player: string;
  points: number;
}
export interface TimeoutEvent {
  type: "timeout";
  at: Ms;
  /** the player whose clock passed the maximum overtime */
  player: string;
}
export interface EndEvent {
  type: "end";
  at: Ms;
}
/** A tournament director entered this game's result by hand: the game stops here — clocks stop,
 * no rack settlement, no time events, no winner on the board (the result lives with the
 * tournament, not in this log). Any time while playing, also while paused. */
export interface DirectorEndEvent {
  type: "director-end";
  at: Ms;
}

export type GameEvent =
  | StartEvent
  | PlayEvent
  | ExchangeEvent
  | PassEvent
  | ChallengeEvent
  | ResignEvent
  | PauseEvent
  | ResumeEvent
  | TimePenaltyEvent
  | TimeBonusEvent
  | TimeoutEvent
  | EndEvent
  | DirectorEndEvent;

export const EVENT_TYPES = [
  "start",
  "play",
  "exchange",
  "pass",
  "challenge",
  "resign",
  "pause",
  "resume",
  "time-penalty",
  "time-bonus",
  "timeout",
  "end",
  "director-end",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
