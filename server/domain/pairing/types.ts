/**
 * Input and output shapes shared by every pairing engine (round robin, Swiss, KOTH, Gibson).
 *
 * Every pairing and every bye carries `reason`: a short sentence a player can read to see why they
 * got that opponent or that bye ("why am I paired with Y?" is a question every director hears).
 */
import type { ScoringOptions } from "../results";
import type { Competitor, History, Player, Result } from "../types";
import type { Bracket } from "./elimination";
import type { GibsonOptions } from "./gibson";
import type { PodSize } from "./pods";

/** Common input of the history-aware engines. */
export interface PairingInput {
  players: readonly Player[];
  history: History;
  /** Round being paired; defaults to (highest round in history) + 1. */
  round?: number;
  /** Director-forbidden pairs (siblings, teammates): never paired while any alternative exists. */
  forbiddenPairs?: readonly (readonly [string, string])[];
  /** How byes and forfeits count when scores are computed (defaults: bye = win +50). */
  scoring?: Partial<ScoringOptions>;
}

/** One board: `players[0]` moves first. */
export interface Pairing {
  players: string[];
  table: number;
  reason: string;
}

export interface ByeAssignment {
  playerId: string;
  reason: string;
}

/** A paired round. `notes` records relaxations (repeats allowed, forbidden pair overridden…). */
export interface PairedRound {
  round: number;
  pairings: Pairing[];
  byes: ByeAssignment[];
  notes: string[];
}

/** A board of a drafted round; a bracket board names its bracket match. */
export interface RoundBoard extends Pairing {
  bracketMatchId?: string;
}

/** A drafted round and the method that paired it (a registry code without its pod suffix). */
export interface DraftRound extends PairedRound {
  method: string;
  pairings: RoundBoard[];
}

/**
 * Everything a pairing method may read to pair one round, as plain data (./round `pairRound`).
 * The field lists are competitors (players today): no database rows, no statuses to interpret.
 */
export interface RoundInput {
  round: number;
  /** Registry code: the plan's method (Swiss, King of the Hill), or the format (round robins, brackets). */
  method: string;
  /** Everyone with a place in the standings (their games count), in entry order; the withdrawn too. */
  field: readonly Competitor[];
  /** Who may be paired this round (checked in, joined by this round, not withdrawn). */
  active: readonly Competitor[];
  /** The field fixed when round 1 was paired, by seed: round robin schedules are built from it. */
  starting: readonly Competitor[];
  history: History;
  scoring: ScoringOptions;
  /** Players per game of a pod event (3 or 4); null head to head. */
  podSize: PodSize | null;
  /** Director-forbidden pairs of the event (a method passes on those among the players it pairs). */
  forbiddenPairs: readonly (readonly [string, string])[];
  /** Swiss: Gibsonize settled places (absent: no Gibson rule). */
  gibson?: GibsonOptions;
  /** Elimination: the bracket with every counted result applied; null with fewer than 2 seeded. */
  bracket?: Bracket | null;
  /** Elimination: bracket matches that already have a board. */
  pairedMatches?: readonly string[];
}

/** What a method returns: the round's boards, byes and notes (`pairRound` adds the method). */
export type RoundPairing = Omit<DraftRound, "method">;

/** One pairing method of the registry: a stable code, a sentence, and the pairing itself. */
export interface PairingMethodEntry {
  code: string;
  description: string;
  pair: (input: RoundInput) => Result<RoundPairing>;
}
