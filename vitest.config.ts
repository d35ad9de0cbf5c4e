import { configDefaults, defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import path from "node:path";

/**
 * The test tiers' vitest files (README, "Tests: three tiers") — the one list of them.
 * `npm run test:unit` (TEST_TIER=fast) runs every file but DEEP_ONLY; `npm run test:deep`
 * (TEST_TIER=deep) runs SIZED and DEEP_ONLY; without TEST_TIER (a plain `npx vitest run <file>`,
 * `npm run test:postgres`) every file runs.
 */
const SIZED = [
  // run in both tiers, at the tier's size (tests/helpers/tier.ts `sized`)
  "tests/unit/movegen-exact-*.test.ts",
  "tests/integration/fuzz.integration.test.ts",
];
const DEEP_ONLY = [
  // The slowest multi-round scenarios (20–80 s a test at load 20): the fast tier keeps the
  // tournament lifecycle, pairing, results, matches, clubs, schedule and every authorisation and
  // no-leak check (tournaments, matches, security-* files, server/domain unit tests).
  "tests/integration/seasons.integration.test.ts",
  "tests/integration/teams.integration.test.ts",
  "tests/integration/tournament-settings.integration.test.ts",
  "tests/integration/entries.integration.test.ts",
  "tests/integration/director-day.integration.test.ts",
  "tests/integration/desk.integration.test.ts",
  "tests/integration/arena.integration.test.ts",
];
const tier = process.env.TEST_TIER;

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // One naming rule (tests/unit/test-names.test.ts): *.test.ts unit (beside the module or in
    // tests/unit/), *.integration.test.ts with a database (tests/integration/), *.spec.ts Playwright.
    include:
      tier === "deep"
        ? [...SIZED, ...DEEP_ONLY]
        : ["engine/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.integration.test.ts"],
    exclude: [...configDefaults.exclude, ...(tier === "fast" ? DEEP_ONLY : [])],
    globalSetup: ["tests/helpers/tier-setup.ts", "tests/integration/global-setup.ts"],
    // the run's seed for every fast-check property (tests/helpers/tier.ts)
    setupFiles: ["tests/helpers/fast-check-setup.ts"],
    // Timeouts catch hangs, not slowness: a test that takes 13 s on a quiet machine takes 40 s on
    // a shared 2-core box at load 25, and that is no failure. Speed targets live in bench/.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    // vitest's default is one worker fewer than the cores: a single one on the 2-core CI box, whose
    // other core then idles, since the main process only gathers results. Files may run side by side:
    // each has its own database (tests/helpers/db.ts) and binds port 0.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A game a test ends gets its analysis row, but no background analysis run
    // (server/services/analysis/on-end.ts); the tests of that module turn it on.
    env: { ANALYSIS_AUTOSTART: "off" },
  },
});
