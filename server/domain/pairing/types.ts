/**
 * Input and output shapes shared by every pairing engine (round robin, Swiss, KOTH, Gibson).
 *
 * Every pairing and every bye carries `reason`: a short sentence a player can read to see why they
 * got that opponent or that bye ("why am I paired with Y?" is a question every director hears).
 */
import type { ScoringOptions } from "../results";
import type { History, Player } from "../types";

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
