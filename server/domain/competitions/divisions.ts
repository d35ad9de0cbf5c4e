/**
 * Divisions: split a ranked list of players (best first) into divisions of a chosen size.
 *
 * Rule (docs/competitions.md, "Divisions"): the number of divisions is the player count divided by
 * the size, rounded to the nearest whole number (halves up), at least one, and never so many that
 * a division would hold a single player. The players are then shared out so that division sizes
 * differ by at most one; where they cannot be equal the higher divisions take the extra player
 * (12 players in size 5 → 2 divisions of 6; 13 in size 6 → 7 + 6; 9 in size 6 → 5 + 4). So a
 * division is never more than half again or less than two thirds of the chosen size (apart from
 * a club smaller than one division). Division 1 is the top.
 * Refusals: a size under 2, no players, one player (a division of one), a player listed twice.
 */
import { firstDuplicate, nameOf, okC, refuse, type CompResult, type Member } from "./types";

/** Largest division size a club may choose (a round robin of 64 is already a long season). */
export const MAX_DIVISION_SIZE = 64;

export interface Division<P extends Member = Member> {
  /** 1 = the top division. */
  number: number;
  name: string;
  players: P[];
}

/** "Division 1", "Division 2" … (clubs may rename them; the maths only needs the order). */
export const divisionName = (k: number): string => `Division ${k}`;

/** Division sizes for `n` players at chosen size `size` (top first), by the rule above. */
export function divisionSizes(n: number, size: number): number[] {
  let count = Math.max(1, Math.floor((2 * n + size) / (2 * size)));
  count = Math.min(count, Math.floor(n / 2));
  count = Math.max(1, count);
  const base = Math.floor(n / count);
  const extra = n - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Split `ranked` (best first) into divisions of about `size` players; a refusal with a sentence otherwise. */
export function splitIntoDivisions<P extends Member>(ranked: readonly P[], size: number): CompResult<Division<P>[]> {
  if (!Number.isInteger(size) || size < 2 || size > MAX_DIVISION_SIZE)
    return refuse("BAD_RULE", `A division size must be a whole number from 2 to ${MAX_DIVISION_SIZE}; ${size} was given.`, "size");
  const dup = firstDuplicate(ranked.map((p) => p.id));
  if (dup !== undefined) return refuse("DUPLICATE_PLAYER", `${dup} is listed twice; each player goes into one division.`, "players");
  if (ranked.length === 0) return refuse("TOO_FEW_PLAYERS", "There are no players to put into divisions.", "players");
  if (ranked.length === 1)
    return refuse("TOO_FEW_PLAYERS", `${nameOf(ranked[0])} is the only player: a division of one has nobody to play. Add at least one more player.`, "players");
  const out: Division<P>[] = [];
  let at = 0;
  divisionSizes(ranked.length, size).forEach((s, i) => {
    out.push({ number: i + 1, name: divisionName(i + 1), players: ranked.slice(at, at + s) });
    at += s;
  });
  return okC(out);
}
