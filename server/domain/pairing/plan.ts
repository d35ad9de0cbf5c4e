/**
 * Which pairing method pairs which round of a Swiss or King of the Hill event — e.g. Swiss for
 * rounds 1–6 and King of the Hill for the last (TSH's per-round `pair` commands; Woogles'
 * per-round pairing methods).
 *
 * Rule: the event's format is the method of every round unless a step of the plan says otherwise;
 * a step `{ fromRound, method }` holds from that round on, until the next step. A director may
 * still choose another method for one round when pairing it (the service records the method each
 * round was paired with).
 * Caveat: only the two standings-driven methods mix; round robins and brackets fix their whole
 * schedule at round 1 and take no plan.
 */
import { fail, ok, type Result } from "../types";

export const PAIRING_METHODS = [
  { code: "swiss", description: "Swiss: score groups, top half v bottom half, no repeats while avoidable" },
  { code: "king-of-the-hill", description: "King of the Hill: 1 v 2, 3 v 4 … by standings; repeats allowed" },
] as const;
export type PairingMethod = (typeof PAIRING_METHODS)[number]["code"];
export const PAIRING_METHOD_CODES = PAIRING_METHODS.map((m) => m.code) as [PairingMethod, ...PairingMethod[]];

/** From `fromRound` on, rounds are paired with `method` (until a later step). */
export interface PairingPlanStep {
  fromRound: number;
  method: PairingMethod;
}

/** The method of `round`: the latest step at or before it, else the event's own method. */
export function methodForRound(base: PairingMethod, plan: readonly PairingPlanStep[], round: number): PairingMethod {
  let method = base;
  let from = 0;
  for (const s of plan) if (s.fromRound <= round && s.fromRound >= from) [method, from] = [s.method, s.fromRound];
  return method;
}

/** Steps sorted by round; a ruling when two steps start on the same round or one lies beyond the event. */
export function checkPairingPlan(plan: readonly PairingPlanStep[], rounds: number): Result<PairingPlanStep[]> {
  const sorted = [...plan].sort((a, b) => a.fromRound - b.fromRound);
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i];
    if (s.fromRound > rounds) return fail("BAD_PLAN", `The plan names round ${s.fromRound}, but the event has ${rounds} round${rounds === 1 ? "" : "s"}.`);
    if (i > 0 && sorted[i - 1].fromRound === s.fromRound) return fail("BAD_PLAN", `Round ${s.fromRound} is named twice in the plan.`);
  }
  return ok(sorted);
}
