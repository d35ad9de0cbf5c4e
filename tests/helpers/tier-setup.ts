/**
 * vitest globalSetup: chooses this run's seed once (TEST_SEED, or a fresh one), prints it so a
 * failure can be replayed, and hands it to every worker (tests/helpers/tier.ts).
 */
import type { TestProject } from "vitest/node";
import { TIER } from "./tier";

export default function setup(project: TestProject) {
  const given = process.env.TEST_SEED;
  const seed = given !== undefined && /^\d+$/.test(given) ? Number(given) % 2 ** 31 : Math.floor(Math.random() * 2 ** 31);
  console.log(`test tier: ${TIER}; seed ${seed} (replay with TEST_SEED=${seed})`);
  project.provide("testSeed", seed);
}
