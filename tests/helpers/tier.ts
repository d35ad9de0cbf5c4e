/**
 * Test tiers (README, "Tests"): `npm test` runs the fast tier (TEST_TIER=fast), `npm run test:deep`
 * the deep tier (TEST_TIER=deep): the same property and fuzz tests at their full sizes, and the
 * deep-only files (which file runs in which tier: vitest.config.ts). The fast tier varies the
 * seed of its randomised tests on every run (printed at the start; TEST_SEED=<n> replays a run);
 * the deep tier keeps the historical seeds, so its sizes are comparable from run to run.
 */
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    testSeed: number;
  }
}

export type Tier = "fast" | "deep";
export const TIER: Tier = process.env.TEST_TIER === "deep" ? "deep" : "fast";

/** A size for each tier. */
export function sized<T>(fast: T, deep: T): T {
  return TIER === "deep" ? deep : fast;
}

/** This run's seed (tests/helpers/tier-setup.ts chose and printed it). */
export function runSeed(): number {
  return inject("testSeed");
}

/** The seed a randomised test uses: the historical one in the deep tier, a per-run variant of it in the fast tier. */
export function tierSeed(historical: string): string {
  return TIER === "deep" ? historical : `${historical}:${runSeed()}`;
}
