/**
 * Vocabulary shared by the club's year (seasons and divisions, series, arena club nights, ladders):
 * members, the refusal codes and the `Result` shape, plus the small helpers the modules share
 * (ordinals, parsing raw rule data). Pure: no I/O (docs/conventions.md, principle 1).
 *
 * Rules as data: every rule here (promotion, series points, arena scoring, ladder) is a plain
 * object a club stores; a `parse…` function turns raw input into a checked rule or a refusal with
 * a sentence (principle 3). The domain imports no package, so these parsers stand in for zod here;
 * the routers' zod schemas (next session) should accept the same shapes and call them.
 * Caveat: the refusal codes are this folder's own list (`COMPETITION_ERROR_CODES`); the service
 * maps them to `DomainError` codes when it wires them (server/errors.ts is not changed here).
 */
import type { Result as EngineResult } from "@/engine";

export const COMPETITION_ERROR_CODES = [
  { code: "TOO_FEW_PLAYERS", description: "a division, season or series needs more players than were given (a division of one)" },
  { code: "DUPLICATE_PLAYER", description: "the same player id appears twice where each may appear once" },
  { code: "UNKNOWN_PLAYER", description: "a result names a player who is not in the list given" },
  { code: "BAD_RULE", description: "a promotion, points, scoring or ladder rule is not well formed" },
  { code: "BAD_PLACES", description: "an event's or division's places do not follow one another (1st, 2nd=, 2nd=, 4th …)" },
  { code: "BAD_GAME", description: "an arena game has fewer than two players, or ranks that do not match its players" },
] as const;
export type CompetitionErrorCode = (typeof COMPETITION_ERROR_CODES)[number]["code"];

/** Why a competition function refused its input: a stable code, a sentence, and the field concerned. */
export interface CompetitionFailure {
  code: CompetitionErrorCode;
  message: string;
  field?: string;
}
export type CompResult<T> = EngineResult<T, CompetitionFailure>;

export const okC = <T>(value: T): CompResult<T> => ({ ok: true, value });
export const refuse = (code: CompetitionErrorCode, message: string, field?: string): { ok: false; error: CompetitionFailure } => ({
  ok: false,
  error: field === undefined ? { code, message } : { code, message, field },
});

/** A club member as these modules see them: an opaque id, a display name, a rating when known. */
export interface Member {
  id: string;
  name?: string;
  rating?: number;
}

export const nameOf = (m: { id: string; name?: string }): string => m.name ?? m.id;

/** "1st", "2nd", "3rd", "4th", "11th", "21st" … */
export function ordinal(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/** The first id that appears twice, or undefined. */
export function firstDuplicate(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
export const isInt = (x: unknown, min: number, max: number): x is number => typeof x === "number" && Number.isInteger(x) && x >= min && x <= max;

/** Integer rounding the rules name: ceil(N/4) and friends, exact on integers (no float division). */
export const ROUNDINGS = ["ceil", "floor", "nearest"] as const;
export type Rounding = (typeof ROUNDINGS)[number];
export function divideRounded(n: number, den: number, round: Rounding): number {
  const q = Math.floor(n / den);
  const r = n - q * den;
  if (r === 0) return q;
  if (round === "floor") return q;
  if (round === "ceil") return q + 1;
  return 2 * r >= den ? q + 1 : q; // halves round up
}
