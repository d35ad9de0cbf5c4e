/**
 * Adjudication as a service: the contract's request JSON in, the contract's ruling JSON out
 * (docs/spec/adjudication.md), byte for byte what the engine's CLI prints. The tRPC procedure
 * `adjudication.adjudicate`, the plain HTTP route `POST /api/adjudicate` and recorded rulings all
 * go through `adjudicateRaw`, so the three can never disagree.
 *
 * A request that is not of the contract's shape is refused with the engine parser's one-line
 * message (the CLI's exit-2 message); a well-formed request always gets a ruling, never an error.
 */
import { adjudicateRequest, getRuleset, parseAdjudicationRequest, type AdjudicationRequest, type Ruling, type RulesetOptions } from "@/engine";
import { DomainError } from "@/server/errors";

/**
 * The rules version recorded with every ruling. Bump it when the engine changes how a play is
 * judged (a rule decision in docs/spec/rulesets.md), so old rulings say which rules they were made under.
 */
export const RULES_VERSION = 2; // 2: TOO_MANY_TILES, the full-rack bonus, the nesting limit (docs/engine.md)

export type AdjudicationOutcome = { ok: true; request: AdjudicationRequest; ruling: Ruling } | { ok: false; error: string };

/** Parse and adjudicate; `ok: false` carries the parser's one-line message. Never throws. */
export function adjudicateRaw(raw: unknown): AdjudicationOutcome {
  const parsed = parseAdjudicationRequest(raw);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return { ok: true, request: parsed.value, ruling: adjudicateRequest(parsed.value) };
}

/** As `adjudicateRaw`, for procedures: a malformed request is DomainError INVALID (BAD_REQUEST). */
export function adjudicateOrThrow(raw: unknown): { request: AdjudicationRequest; ruling: Ruling } {
  const r = adjudicateRaw(raw);
  if (!r.ok) throw new DomainError("INVALID", r.error, "request");
  return r;
}

/** The full option set a request is judged under (defaults filled in). */
export function resolvedOptions(request: AdjudicationRequest): RulesetOptions {
  return getRuleset(request.ruleset, request.options).options;
}
