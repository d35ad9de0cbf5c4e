/** The real `npm run -s adjudicate` command (scripts/adjudicate.ts) reads stdin and answers
 * exactly as `adjudicateText` does in-process (whose cases are in engine/tests/cli.test.ts):
 * one spawn checks the script's wiring of stdin, stderr and the exit code (the NDJSON contract
 * test in tests/integration spawns it with rulings on stdout). */
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { adjudicateText } from "@/engine";

const root = path.resolve(import.meta.dirname, "../..");

it("the real command reads stdin and answers on stderr with exit 2, exactly as in-process", async () => {
  const play = [
    { row: 9, col: 9, tile: "3" },
    { row: 9, col: 10, tile: "=" },
    { row: 9, col: 11, tile: "3" },
  ];
  const input = `${JSON.stringify({ ruleset: "equate", board: [], play })}\n{ not json\n`;
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/adjudicate.ts"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const exitCode = new Promise<number | null>((resolve, reject) => child.on("error", reject).on("close", resolve));
  child.stdin.end(input);
  expect({ exitCode: await exitCode, stdout, stderr }).toEqual(adjudicateText(input));
});
