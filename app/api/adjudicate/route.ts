/**
 * `POST /api/adjudicate`: the adjudication contract over plain HTTP for scripts and curl
 * (docs/api.md). Body: the request JSON (docs/spec/adjudication.md); answer: the ruling JSON, exactly
 * what `npm run -s adjudicate` computes, with status 200 whatever the ruling. Like the CLI, a body
 * of NDJSON (one compact request per line) gets NDJSON back, one compact ruling per line, in
 * order. A body that is not JSON of the request's shape gets 400 `{ "error": "<one line>" }` (the
 * CLI's exit-2 message) and no rulings. No account, no database: the same service function as
 * the tRPC procedure `adjudication.adjudicate`.
 */
import type { Ruling } from "@/engine";
import { clientAddress, illFormedInput, readBody } from "@/server/edge";
import { LIMITS } from "@/server/limits";
import { RateLimited, takeEngineAllowance } from "@/server/rate-limit";
import { adjudicateRaw } from "@/server/services/adjudication/adjudicate";

export const dynamic = "force-dynamic";

const bad = (error: string, status = 400, headers?: HeadersInit) => Response.json({ error }, { status, headers });

/** A body's requests: one JSON value, or NDJSON lines still to parse (blank lines skipped). */
function requestsOf(text: string): { single: true; value: unknown } | { single: false; lines: { n: number; text: string }[] } {
  try {
    return { single: true, value: JSON.parse(text) };
  } catch {
    const lines = text.split(/\r?\n/).map((l, i) => ({ n: i + 1, text: l.trim() }));
    return { single: false, lines: lines.filter((l) => l.text !== "") };
  }
}

/** One line's request, or why it cannot be one. */
function parseLine(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The request's ruling, or the one-line message of a 400. */
function rule(raw: unknown): { ok: true; ruling: Ruling } | { ok: false; error: string } {
  const problem = illFormedInput(raw);
  if (problem) return { ok: false, error: problem };
  return adjudicateRaw(raw);
}

/**
 * Limits, in order (docs/api.md): the body's bytes are counted as they stream in (413 past
 * `LIMITS.adjudicateBodyBytes`), then its requests (413 past `LIMITS.adjudicateLines`); every
 * request takes one token of the client's engine allowance, all before the engine runs (429 with
 * `Retry-After` when spent); text must be well-formed (400). One bad line refuses the whole body.
 */
export async function POST(req: Request): Promise<Response> {
  const body = await readBody(req, LIMITS.adjudicateBodyBytes);
  if (!body.ok) return bad(body.error, body.status);
  if (body.text.trim() === "") return bad("no input: expected a JSON adjudication request");
  const requests = requestsOf(body.text);
  const count = requests.single ? 1 : requests.lines.length;
  if (count > LIMITS.adjudicateLines) return bad(`too many requests in one body: at most ${LIMITS.adjudicateLines} lines`, 413);
  try {
    takeEngineAllowance({ userId: null, address: clientAddress(req) }, count);
  } catch (e) {
    if (e instanceof RateLimited) return bad(e.message, 429, { "retry-after": String(e.retryAfterSeconds) });
    throw e;
  }
  if (requests.single) {
    const r = rule(requests.value);
    return r.ok ? Response.json(r.ruling) : bad(r.error);
  }
  const out: Ruling[] = [];
  for (const { n, text } of requests.lines) {
    const one = parseLine(text);
    if (!one.ok) return bad(`line ${n}: not JSON (expected one JSON request, or one compact request per line)`);
    const r = rule(one.value);
    if (!r.ok) return bad(`line ${n}: ${r.error}`);
    out.push(r.ruling);
  }
  return new Response(out.map((r) => JSON.stringify(r)).join("\n") + "\n", { headers: { "content-type": "application/x-ndjson" } });
}
