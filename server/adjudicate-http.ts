/**
 * `POST /api/adjudicate` (app/api/adjudicate/route.ts): the adjudication contract over plain HTTP
 * for scripts and curl (docs/api.md). Body: the request JSON (docs/spec/adjudication.md); answer:
 * the ruling JSON, exactly what `npm run -s adjudicate` computes, with status 200 whatever the
 * ruling. Like the CLI, a body of NDJSON (one compact request per line) gets NDJSON back, one
 * compact ruling per line, in order. A body that is not JSON of the request's shape gets 400
 * `{ "error": "<one line>" }` (the CLI's exit-2 message) and no rulings. No account needed and no
 * database, unless the request sends a personal API token (`Authorization: Bearer`, read or
 * read-write: adjudicating changes nothing): then the engine allowance is the token owner's, the
 * token's API allowance is charged too, and a token that names nobody is a 401. The same service
 * function as the tRPC procedure `adjudication.adjudicate`.
 */
import type { Ruling } from "@/engine";
import { getDb, type DbOrTx } from "@/db/client";
import { bearerAuth } from "./api-auth";
import { clientAddress, illFormedInput, readBody } from "./edge";
import { DomainError } from "./errors";
import { errorResponse } from "./http";
import { LIMITS } from "./limits";
import { takeApiAllowance, takeEngineAllowance } from "./rate-limit";
import { adjudicateOrThrow } from "./services/adjudication/adjudicate";

/** A body's requests: one JSON value, or NDJSON lines still to parse (blank lines skipped). */
function requestsOf(text: string): { single: true; value: unknown } | { single: false; lines: { n: number; text: string }[] } {
  try {
    return { single: true, value: JSON.parse(text) };
  } catch {
    const lines = text.split(/\r?\n/).map((l, i) => ({ n: i + 1, text: l.trim() }));
    return { single: false, lines: lines.filter((l) => l.text !== "") };
  }
}

/** The request's ruling; a request that is not of the contract's shape is DomainError INVALID
 * (the same check and service as the procedure), its message prefixed with `where`. */
function rule(raw: unknown, where = ""): Ruling {
  const problem = illFormedInput(raw);
  if (problem) throw new DomainError("INVALID", `${where}${problem}`);
  try {
    return adjudicateOrThrow(raw).ruling;
  } catch (err) {
    if (err instanceof DomainError && where) throw new DomainError(err.code, `${where}${err.message}`);
    throw err;
  }
}

/** One NDJSON line's value. */
function parseLine(n: number, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError("INVALID", `line ${n}: not JSON (expected one JSON request, or one compact request per line)`);
  }
}

/**
 * Limits, in order (docs/api.md): the body's bytes are counted as they stream in (413 past
 * `LIMITS.adjudicateBodyBytes`), then its requests (413 past `LIMITS.adjudicateLines`); every
 * request takes one token of the client's engine allowance, all before the engine runs (429 with
 * `Retry-After` when spent); text must be well-formed (400). One bad line refuses the whole body.
 * The edge's own refusals (body size, count) answer here; every other error goes through the one
 * mapping (`errorResponse`, server/http.ts), as it would from the tRPC procedure.
 */
export function adjudicateHttp(openDb: () => Promise<DbOrTx> = getDb): (req: Request) => Promise<Response> {
  return async (req) => {
    const body = await readBody(req, LIMITS.adjudicateBodyBytes);
    if (!body.ok) return Response.json({ error: body.error }, { status: body.status });
    try {
      if (body.text.trim() === "") throw new DomainError("INVALID", "no input: expected a JSON adjudication request");
      const requests = requestsOf(body.text);
      const count = requests.single ? 1 : requests.lines.length;
      if (count > LIMITS.adjudicateLines) return Response.json({ error: `too many requests in one body: at most ${LIMITS.adjudicateLines} lines` }, { status: 413 });
      const auth = await bearerAuth(req.headers, openDb);
      if (auth) takeApiAllowance({ tokenId: auth.token.id }, count);
      takeEngineAllowance({ userId: auth?.user.id ?? null, address: clientAddress(req) }, count);
      if (requests.single) return Response.json(rule(requests.value));
      const out = requests.lines.map(({ n, text }) => rule(parseLine(n, text), `line ${n}: `));
      return new Response(out.map((r) => JSON.stringify(r)).join("\n") + "\n", { headers: { "content-type": "application/x-ndjson" } });
    } catch (err) {
      return errorResponse(err);
    }
  };
}
