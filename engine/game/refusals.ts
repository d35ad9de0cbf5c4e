/**
 * The one table of refusals a player reads (issue 24): every reason `act` (./act.ts) can turn an
 * action down, as a stable code and a sentence that names seats by their players' names, never by
 * engine player ids. The engine's own error messages (./game.ts) become sentences here too
 * (`sentence`), so no caller keeps a copy of that helper; the server maps each code to its
 * DomainError code with one table of its own (server/services/matches/refusal-codes.ts).
 */
import type { GameErrorCode, GameState } from "./state";

/** Refusals `act` adds to the engine's error codes (the checks a server makes before the engine). */
export const ACT_REFUSAL_CODES = ["NOT_A_PLAYER", "ALREADY_PAUSED"] as const;
export type RefusalCode = GameErrorCode | (typeof ACT_REFUSAL_CODES)[number];

export interface Refusal {
  code: RefusalCode;
  /** a sentence a player reads (capitalised, full stop) */
  message: string;
}

/** An engine message ("the clock is paused for a ruling") as a sentence ("The clock is paused for a ruling."). */
export function sentence(message: string): string {
  const s = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/** What a player reads when the game is over, by how it ended. */
const END_TEXT: Record<string, string> = {
  out: "The game is over.",
  passes: "The game is over (everyone passed).",
  scoreless: "The game is over (too many scoreless turns).",
  resign: "The game is over (a player resigned).",
  timeout: "The game is over: a player ran out of time.",
};

const nameOf = (s: GameState, seat: number) => s.players[seat]?.name ?? "another player";

/** The sentence of each refusal whose words depend on the game (seats, names, how it ended);
 * every other code reads the engine's message as a sentence. */
const TEXT: Partial<Record<RefusalCode, (s: GameState) => string>> = {
  NOT_A_PLAYER: () => "Only the players of this game can move.",
  GAME_OVER: (s) => END_TEXT[s.end?.reason ?? "out"] ?? "The game is over.",
  NOT_YOUR_TURN: (s) => `It is not your turn: ${nameOf(s, s.turn)} is to move.`,
  NO_PLAY_TO_CHALLENGE: () => "There is no play to challenge now: the window closed when the next turn began.",
  NO_CLOCK: () => "This game has no clock to stop.",
  ALREADY_PAUSED: () => "The clock is already paused.",
  TIME_EXPIRED: (s) => `${nameOf(s, s.turn)} has run out of time.`,
};

/** The refusal of `code` in state `s`; `engineMessage` is the engine's words for codes without a sentence of their own. */
export function refusal(code: RefusalCode, s: GameState, engineMessage = ""): Refusal {
  const text = TEXT[code];
  return { code, message: text ? text(s) : sentence(engineMessage) };
}
