/**
 * Vocabulary shared by the tournament maths (pairing, standings, brackets): players, recorded
 * games and byes, and the `Result` shape every entry point taking user data returns.
 *
 * Rule: everything here is plain data — ids are opaque strings, scores are integers. A game's
 * `players` array is in turn order (the first mover first), which is how first-move balance is
 * tracked (Scrabble's "colours": FIDE's colour balance becomes going first or second).
 * Caveat: no validation happens in the types; `validateField` in ./results does it once.
 */
import type { Result as EngineResult } from "@/engine";

/**
 * Who is paired and ranked, as the maths sees it: one player today; a team could be one later, as
 * the maths reads nothing else about it. `seed` (1 = top) overrides rating order when set.
 */
export interface Competitor {
  id: string;
  rating: number;
  seed?: number;
  /** Display name used in the human "why" sentences; falls back to the id. */
  name?: string;
}

/** A tournament entrant: the competitor of a one-person event (the name most engines use). */
export type Player = Competitor;

/** One recorded (or scheduled) game. 2 players typically, 3–4 in a pod. */
export interface GameRecord {
  round: number;
  /** Turn order: players[0] moved first. */
  players: string[];
  /** Final scores in the same order as `players`; absent = scheduled, not yet played. */
  scores?: number[];
  /** Id of a player who forfeited: a loss for them, a win for everyone else (forfeit spread). */
  forfeit?: string;
  /** A double forfeit (the game was never played, the director decided so): a loss for every
   * player, no win for anyone, spread unchanged (docs/competitions.md "Unplayed games"). */
  doubleForfeit?: boolean;
  /**
   * Id of a player who lost a PLAYED game whatever the scores (resigned, or lost on time): a loss
   * for them and a win for the others, but the spread is the real score difference (with `scores`).
   */
  lost?: string;
}

/** A bye given in a round; `wins` overrides the event's bye value (e.g. ½ for a late entry). */
export interface ByeRecord {
  round: number;
  playerId: string;
  wins?: number;
  spread?: number;
}

/** What has happened so far in an event. */
export interface History {
  games: GameRecord[];
  byes: ByeRecord[];
}

/** Stable failure codes for user-supplied data (rulings, not throws — docs/conventions.md, principle 4). */
export const DOMAIN_ERROR_CODES = [
  { code: "DUPLICATE_PLAYER", description: "the same player id appears twice in the field" },
  { code: "UNKNOWN_PLAYER", description: "a game, bye or forbidden pair names a player not in the field" },
  { code: "BAD_GAME", description: "a game has fewer than 2 players, or scores that don't match its players" },
  { code: "TOO_FEW_PLAYERS", description: "the format needs more players than were given" },
  { code: "UNKNOWN_MATCH", description: "no bracket match has that id" },
  { code: "MATCH_NOT_READY", description: "the match does not have two known players yet, or is already decided" },
  { code: "NOT_IN_MATCH", description: "the named winner is not playing in that match" },
  { code: "UNKNOWN_TIEBREAK", description: "a tiebreak code is not in the tiebreak table" },
  { code: "BAD_PLAN", description: "a pairing plan names a round twice or a round beyond the event" },
  { code: "UNKNOWN_METHOD", description: "no pairing method of the registry has that code (or no pod variant of it)" },
  { code: "NOTHING_TO_PAIR", description: "the schedule or bracket has no round left to pair, or none ready yet" },
  { code: "ENGINE_REFUSED", description: "a pairing engine refused the round's input (the message says why)" },
  { code: "BAD_RULE", description: "a competition's promotion, points, scoring or ladder rule is not well formed" },
  { code: "BAD_PLACES", description: "an event's or division's places do not follow one another (1st, 2nd=, 2nd=, 4th …)" },
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number]["code"];

/** Why the maths refused its input: a stable code and a sentence. */
export interface DomainFailure {
  code: DomainErrorCode;
  message: string;
  /** The input field concerned, when there is one (a competition rule's part). */
  field?: string;
}
/** The engine's one result shape, failing with a `DomainFailure` (read `r.error.code`). */
export type Result<T> = EngineResult<T, DomainFailure>;

/** Build a success value. */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
/** Build a ruling for bad input. */
export const fail = (code: DomainErrorCode, message: string): { ok: false; error: DomainFailure } => ({ ok: false, error: { code, message } });
