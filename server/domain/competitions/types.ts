/**
 * Vocabulary shared by the club's year (seasons and divisions, series, arena club nights, ladders):
 * members, the refusal codes and the `Result` shape, plus the small helpers the modules share
 * (ordinals, parsing raw rule data). Pure: no I/O (docs/conventions.md, principle 1).
 *
 * Rules as data: every rule here (promotion, series points, arena scoring, ladder) is a plain
 * object a club stores; a `parse…` function turns raw input into a checked rule or a refusal with
 * a sentence (principle 3). The domain imports no package, so these parsers stand in for zod here;
 * the routers' zod schemas (next session) should accept the same shapes and call them.
 * Refusals use the domain's one code list (`DOMAIN_ERROR_CODES` in ../types.ts).
 */
import type { DomainErrorCode, DomainFailure, Result } from "../types";
export { ordinal } from "../ordinal";

/** A competition function's refusal: the domain's one failure shape and code list (../types.ts). */
export type CompetitionErrorCode = DomainErrorCode;
export type CompetitionFailure = DomainFailure;
export type CompResult<T> = Result<T>;

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
