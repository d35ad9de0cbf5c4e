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
import { adjudicateRaw } from "@/server/services/adjudication/adjudicate";

export const dynamic = "force-dynamic";

/** Bodies larger than this are refused (a full 19×19 board is a few kilobytes). */
const MAX_CHARS = 1024 * 1024;

const bad = (error: string, status = 400) => Response.json({ error }, { status });

export async function POST(req: Request): Promise<Response> {
  const text = await req.text();
  if (text.length > MAX_CHARS) return bad("request too large", 413);
  if (text.trim() === "") return bad("no input: expected a JSON adjudication request");
  let raw: unknown;
  let single = true;
  try {
    raw = JSON.parse(text);
  } catch {
    single = false;
  }
  if (single) {
    const r = adjudicateRaw(raw);
    return r.ok ? Response.json(r.ruling) : bad(r.error);
  }
  const lines = text.split(/\r?\n/).map((l, i) => [l.trim(), i + 1] as const).filter(([l]) => l !== "");
  const out: Ruling[] = [];
  for (const [l, n] of lines) {
    let one: unknown;
    try {
      one = JSON.parse(l);
    } catch {
      return bad(`line ${n}: not JSON (expected one JSON request, or one compact request per line)`);
    }
    const r = adjudicateRaw(one);
    if (!r.ok) return bad(`line ${n}: ${r.error}`);
    out.push(r.ruling);
  }
  return new Response(out.map((r) => JSON.stringify(r)).join("\n") + "\n", { headers: { "content-type": "application/x-ndjson" } });
}
