/** The CLI honours the contract: one request → pretty ruling, NDJSON → compact rulings in
 * order, exit 0; not-JSON or wrong shape → exit 2, one line on stderr, nothing on stdout. */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const run = (input: string) =>
  spawnSync("npx", ["tsx", "engine/cli.ts"], { cwd: root, input, encoding: "utf8", timeout: 60_000 });

const req = (tile: string) => ({
  ruleset: "equate",
  board: [],
  play: [
    { row: 9, col: 9, tile: "3" },
    { row: 9, col: 10, tile: "=" },
    { row: 9, col: 11, tile },
  ],
});

describe("cli", () => {
  it("one pretty request → one ruling, exit 0", () => {
    const r = run(JSON.stringify(req("3"), null, 2));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, score: 4 });
  });
  it("NDJSON → one compact ruling per line, in order", () => {
    const r = run([req("3"), req("4"), req("3")].map((x) => JSON.stringify(x)).join("\n") + "\n");
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).valid)).toEqual([true, false, true]);
  });
  it("garbage → exit 2 with one line on stderr", () => {
    const r = run("this is not json\n");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n").filter((l) => !l.startsWith("npm warn")).length).toBe(1);
  });
  it("wrong shape → exit 2", () => {
    const r = run(JSON.stringify({ ruleset: "chess", play: [] }));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/ruleset/);
  });
});
