/**
 * The three faces of the adjudication contract agree: the engine's CLI (`npm run -s adjudicate`,
 * spawned once with NDJSON), the tRPC procedure `adjudication.adjudicate` and the plain HTTP route
 * `POST /api/adjudicate` give the same ruling for every case in tests/fixtures/cases/*.json plus
 * our own (an invalid Equate play, 'SMATH and Number Scrabble plays, aliases), and the same
 * one-line message for a malformed request.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/adjudicate/route";
import { describeDb } from "../helpers/db";
import { callerFor } from "../helpers/seed";

const CASES_DIR = path.resolve(import.meta.dirname, "../fixtures/cases");
const PUBLIC = readdirSync(CASES_DIR)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => (JSON.parse(readFileSync(path.join(CASES_DIR, f), "utf8")) as { id: string; request: unknown }[]).map((c) => ({ id: c.id, request: c.request })));

const row = (r: number, c: number, s: string) => [...s].map((tile, i) => ({ row: r, col: c + i, tile }));
const OWN: { id: string; request: unknown }[] = [
  { id: "equate-negative", request: { ruleset: "equate", board: [], play: row(9, 5, "4-6+7=5") } },
  { id: "equate-aliases", request: { ruleset: "equate", board: [], play: [...row(9, 9, "3"), { row: 9, col: 10, tile: "x" }, ...row(9, 11, "4=12")] } },
  { id: "equate-gap", request: { ruleset: "equate", board: row(9, 9, "7=7"), play: [{ row: 10, col: 9, tile: "+" }, { row: 12, col: 9, tile: "1" }] } },
  { id: "equate-rack", request: { ruleset: "equate", board: [], play: row(9, 9, "1+1=2"), rack: ["1", "+", "2"] } },
  { id: "smath-first", request: { ruleset: "smath", board: [], play: [{ row: 7, col: 7, tile: "2" }, { row: 7, col: 8, tile: "+" }, { row: 7, col: 9, tile: "3" }, { row: 7, col: 10, tile: "=" }, { row: 7, col: 11, tile: "5" }] } },
  { id: "ns-first", request: { ruleset: "number-scrabble", board: [], play: row(7, 7, "3+4=7") } },
  { id: "empty", request: { ruleset: "equate", board: [], play: [] } },
];
const ALL = [...PUBLIC, ...OWN];

function cli(ndjson: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/adjudicate.ts"], { input: ndjson, encoding: "utf8", timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function http(body: string): Promise<{ status: number; json: unknown; text: string }> {
  const res = await POST(new Request("http://localhost/api/adjudicate", { method: "POST", body, headers: { "content-type": "application/json" } }));
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* NDJSON */
  }
  return { status: res.status, json, text };
}

describe("public cases are present", () => {
  it("reads at least the publisher's sample plays", () => {
    expect(PUBLIC.length).toBeGreaterThanOrEqual(4);
  });
});

describeDb("adjudication contract", (db) => {
  const fromCli = (() => {
    let cached: unknown[] | null = null;
    return () => {
      if (!cached) {
        const r = cli(ALL.map((c) => JSON.stringify(c.request)).join("\n") + "\n");
        expect(r.status, r.stderr).toBe(0);
        cached = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
        expect(cached).toHaveLength(ALL.length);
      }
      return cached;
    };
  })();

  it.each(ALL.map((c, i) => [c.id, i] as const))("%s: CLI, tRPC and HTTP give the same ruling", async (_id, i) => {
    const expected = fromCli()[i];
    const viaTrpc = await callerFor(db()).adjudication.adjudicate(ALL[i].request);
    expect(viaTrpc).toStrictEqual(expected);
    const viaHttp = await http(JSON.stringify(ALL[i].request));
    expect(viaHttp.status).toBe(200);
    expect(viaHttp.json).toStrictEqual(expected);
    // the route's body is the ruling itself, no envelope
    expect(Object.keys(viaHttp.json as object)).toEqual(["valid", "kind", "score", "lines", "bonuses", "violations"]);
  });

  it("rules Equate 4-6+7=5 invalid with NEGATIVE and the working", async () => {
    const r = await callerFor(db()).adjudication.adjudicate(OWN[0].request);
    expect(r.valid).toBe(false);
    expect(r.score).toBe(0);
    const v = r.violations.find((x) => x.code === "NEGATIVE");
    expect(v?.message).toMatch(/4 − 6 = −2/);
  });

  it("answers NDJSON with NDJSON, like the CLI", async () => {
    const body = ALL.map((c) => JSON.stringify(c.request)).join("\n");
    const res = await http(body);
    expect(res.status).toBe(200);
    expect(res.text.trim().split("\n").map((l) => JSON.parse(l))).toStrictEqual(fromCli());
  });

  it.each([
    ["not an object", [1, 2]],
    ["unknown ruleset", { ruleset: "chess", board: [], play: [] }],
    ["play missing", { ruleset: "equate", board: [] }],
    ["row not an integer", { ruleset: "equate", board: [], play: [{ row: 1.5, col: 0, tile: "1" }] }],
    ["bad option", { ruleset: "equate", board: [], play: [], options: { valueBonus: "sqrt" } }],
  ])("a malformed request (%s) is refused with the parser's one-line message everywhere", async (_name, raw) => {
    const c = cli(JSON.stringify(raw));
    expect(c.status).toBe(2);
    const message = c.stderr.trim().split("\n").pop()!;
    expect(message).not.toBe("");
    const err = await callerFor(db()).adjudication.adjudicate(raw).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe("BAD_REQUEST");
    expect((err as TRPCError).message).toBe(message);
    const h = await http(JSON.stringify(raw));
    expect(h.status).toBe(400);
    expect(h.json).toEqual({ error: message });
  });

  it("refuses a body that is not JSON", async () => {
    const h = await http("{ruleset: equate");
    expect(h.status).toBe(400);
    expect((h.json as { error: string }).error).toMatch(/not JSON/);
  });
});

