/**
 * `npm run bench` — runs every `bench/*.bench.ts` in turn (or only those whose name contains an
 * argument: `npm run bench -- engine`). Each benchmark prints its own figures; none is part of
 * the test run, so speed targets never make a test flaky.
 */
import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const dir = import.meta.dirname;
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = await import(pathToFileURL(path.join(dir, file)).href);
  if (typeof mod.default === "function") await mod.default();
}
