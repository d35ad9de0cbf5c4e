import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against a production
 * build served by the app's own server, `npm start` (server/main.ts: the live procedures on
 * Node, everything else on Next), as production runs it — so the hot path is covered end to end.
 * It runs on its own embedded database. E2E_PORT / NEXT_DIST_DIR / E2E_PGLITE_DIR let two runs
 * share a machine without colliding.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const pgliteDir = process.env.E2E_PGLITE_DIR ?? ".data/e2e-pglite";
const distDir = process.env.NEXT_DIST_DIR ?? ".next-e2e";
// E2E_REUSE_BUILD=1 serves the build already in distDir instead of building again: .ci/run sets it
// for the deep tier, whose specs run on the build the fast tier's Playwright just made (one
// `next build`, ~4 min on the 2-core box, instead of two). Without a build there, it builds.
const reuseBuild = process.env.E2E_REUSE_BUILD === "1" && existsSync(path.join(distDir, "BUILD_ID"));

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0, // a retry hides a flaky test; fix the race instead
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    // The app's service worker (the offline venue, docs/offline.md) stays out of every spec but the
    // offline one, which allows it: each new context would otherwise install it and precache the whole
    // build from the one test server, and page.route cannot see the requests it makes. Once, on a busy
    // CI run, a page served through it kept React's streamed content hidden for 10 s (see the note
    // in docs/offline.md).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // The test tiers (README, "Tests"): `npm test` runs the fast project, `npm run test:deep` the deep
  // one — the specs tagged @deep: kill -9 and other fault drills, and long multi-round scenarios
  // whose features the fast specs (and the integration tests) already cover in a shorter form.
  // A bare `playwright test` runs both.
  projects: [
    { name: "fast", grepInvert: /@deep/ },
    { name: "deep", grep: /@deep/ },
  ],
  webServer: {
    command: `rm -rf ${pgliteDir} && ${reuseBuild ? "" : "npx next build && "}npm start -- -p ${port}`,
    url: `http://localhost:${port}/`,
    timeout: 900_000, // `next build` takes minutes on a busy 2-core machine
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NEXT_DIST_DIR: distDir,
      PGLITE_DIR: pgliteDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      NEXT_TELEMETRY_DISABLED: "1",
      // mail goes to the SMTP server tests/e2e/accounts-mail.spec.ts starts on this port (links start with APP_URL)
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? port + 20000}`,
      APP_URL: `http://localhost:${port}`,
      // the specs play the one proxy in front (server/client-address.ts): their X-Forwarded-For
      // picks a rate-limit bucket and sign-in lock of their own (tests/e2e/edge.spec.ts)
      TRUST_PROXY: "1",
    },
  },
});
