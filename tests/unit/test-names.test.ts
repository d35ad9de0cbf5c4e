/**
 * One naming rule for tests (docs/conventions.md, "Tests"): `*.test.ts` is a unit test (no
 * database: beside its module, or in tests/unit/), `*.integration.test.ts` opens a real database
 * and lives in tests/integration/, `*.spec.ts` is a Playwright spec in tests/e2e/. The vitest
 * config includes exactly these, so a file named against the rule would silently not run — this
 * test names it instead.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SKIP = new Set(["node_modules", ".git", ".data", "drizzle", "test-results", "playwright-report"]);

function files(dir = ""): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!SKIP.has(e.name) && !e.name.startsWith(".next") && !e.name.startsWith("test-results")) out.push(...files(rel));
    } else if (/\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** Opens a database: the integration helpers, or the client's `openDatabase` directly. */
const OPENS_DB = /from "(\.\.\/helpers\/db|@\/tests\/helpers\/db)"|\bopenDatabase\(/;

it("unit tests, integration tests and e2e specs are named and placed by one rule", () => {
  const all = files();
  const tests = all.filter((f) => /\.(test|spec)\.tsx?$/.test(f));
  expect(tests.length).toBeGreaterThan(50);
  const wrong: string[] = [];
  for (const f of tests) {
    const integration = f.endsWith(".integration.test.ts");
    const spec = f.endsWith(".spec.ts");
    if (spec !== f.startsWith("tests/e2e/")) wrong.push(`${f}: Playwright specs (*.spec.ts) and only they live in tests/e2e/`);
    if (integration !== f.startsWith("tests/integration/")) wrong.push(`${f}: tests/integration/ holds *.integration.test.ts and they live nowhere else`);
    if (spec) continue;
    const opensDb = OPENS_DB.test(readFileSync(path.join(ROOT, f), "utf8"));
    if (opensDb && !integration) wrong.push(`${f}: opens a database, so it is an integration test: name it *.integration.test.ts in tests/integration/`);
    if (integration && !opensDb) wrong.push(`${f}: uses no database, so it is a unit test: name it *.test.ts in tests/unit/ (or beside its module)`);
  }
  expect(wrong).toEqual([]);
});
