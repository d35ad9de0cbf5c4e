/** The CLI honours the contract: one request → pretty ruling, NDJSON → compact rulings in
 * order, exit 0; not-JSON or wrong shape → exit 2, one line on stderr, nothing on stdout.
 * The cases run in-process on `adjudicateText`; tests/unit/cli.test.ts spawns the real command
 * (scripts/adjudicate.ts) once for its wiring of stdin, stderr and the exit code. */
import { describe, expect, it } from "vitest";
import { adjudicateText } from "../adjudicate-text";

const req = (tile: string) => ({
  ruleset: "equate",
  board: [],
  play: [
    { row: 9, col: 9, tile: "3" },
    { row: 9, col: 10, tile: "=" },
    { row: 9, col: 11, tile },
  ],
});
const ndjson = (...lines: unknown[]) => lines.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join("\n") + "\n";

describe("cli", () => {
  it("one pretty request → one pretty-printed ruling, exit 0", () => {
    const r = adjudicateText(JSON.stringify(req("3"), null, 2));
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, score: 4 });
    expect(r.stdout).toBe(`${JSON.stringify(JSON.parse(r.stdout), null, 2)}\n`);
  });

  it("NDJSON → one compact ruling per line, in order; blank lines and CRLF are fine", () => {
    const r = adjudicateText(ndjson(req("3"), "", req("4"), req("3")).replace(/\n/g, "\r\n"));
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).valid)).toEqual([true, false, true]);
    for (const l of lines) expect(l).toBe(JSON.stringify(JSON.parse(l)));
  });

  it("a byte-order mark before the request (as Windows editors save it) is not part of the JSON", () => {
    const one = adjudicateText(`\uFEFF${JSON.stringify(req("3"), null, 2)}`);
    expect(one).toMatchObject({ exitCode: 0, stderr: "" });
    expect(JSON.parse(one.stdout)).toMatchObject({ valid: true, score: 4 });
    const lines = adjudicateText(`\uFEFF${ndjson(req("3"), req("4"))}`);
    expect(lines.exitCode).toBe(0);
    expect(lines.stdout.trim().split("\n").map((l) => JSON.parse(l).valid)).toEqual([true, false]);
  });

  it("garbage → exit 2 with one line on stderr and nothing on stdout", () => {
    const r = adjudicateText("this is not json\n");
    expect(r).toEqual({ exitCode: 2, stdout: "", stderr: "line 1: not JSON (expected one JSON request, or one compact request per line)\n" });
  });

  it("wrong shape → exit 2 naming the field", () => {
    const r = adjudicateText(JSON.stringify({ ruleset: "chess", play: [] }));
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/ruleset/);
    expect(r.stderr.trimEnd()).not.toContain("\n");
  });

  it("one bad line in NDJSON refuses the whole input: no partial output", () => {
    const r = adjudicateText(ndjson(req("3"), { ruleset: "equate", board: [], play: "x" }, req("3")));
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^line 2: /);
  });

  it("empty input → exit 2", () => {
    expect(adjudicateText(" \n")).toEqual({ exitCode: 2, stdout: "", stderr: "no input: expected a JSON adjudication request on stdin\n" });
  });
});
