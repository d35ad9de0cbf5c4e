/**
 * Oversized adjudication requests on every face of the contract (docs/engine.md "Limits"): the
 * CLI, the tRPC procedure and `POST /api/adjudicate` refuse them with the same one-line message
 * (exit 2 / BAD_REQUEST / 400) — no stack trace, no 5xx.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { expect, it } from "vitest";
import { POST } from "@/app/api/adjudicate/route";
import { describeDb } from "../helpers/db";
import { callerFor } from "../helpers/seed";

const deepBrackets = {
  ruleset: "smath",
  board: [],
  play: [
    { row: 7, col: 7, tile: "(".repeat(2000) + "2" },
    { row: 7, col: 8, tile: "=" },
    { row: 7, col: 9, tile: "2" + ")".repeat(2000) },
  ],
};

function cli(input: string) {
  const r = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/adjudicate.ts"], { input, encoding: "utf8", timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describeDb("adjudication limits", (db) => {
  it.each([
    ["2,000 nested brackets on a 'SMATH face", deepBrackets, "play[0].tile is 2001 characters long; a face has at most 16"],
    ["a rack longer than the rack size", { ruleset: "equate", board: [], play: [{ row: 9, col: 9, tile: "1" }], rack: Array(10).fill("1") }, `"rack" lists 10 tiles; an Equate rack holds 9 (and one =)`],
    ["more board tiles than squares", { ruleset: "smath", board: Array.from({ length: 226 }, () => ({ row: 0, col: 0, tile: "1" })), play: [] }, `"board" lists 226 tiles; the 15×15 board has 225 squares`],
  ])("%s: refused with one line everywhere", async (_name, raw, message) => {
    const c = cli(JSON.stringify(raw));
    expect(c.status, c.stderr).toBe(2);
    expect(c.stdout).toBe("");
    expect(c.stderr.trim()).toBe(message);

    const err = await callerFor(db()).adjudication.adjudicate(raw).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe("BAD_REQUEST");
    expect((err as TRPCError).message).toBe(message);

    const res = await POST(new Request("http://localhost/api/adjudicate", { method: "POST", body: JSON.stringify(raw) }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
  });
});
