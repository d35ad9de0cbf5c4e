import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // One naming rule (tests/unit/test-names.test.ts): *.test.ts unit (beside the module or in
    // tests/unit/), *.integration.test.ts with a database (tests/integration/), *.spec.ts Playwright.
    include: ["engine/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.integration.test.ts"],
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
