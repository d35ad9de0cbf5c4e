/**
 * `npm run -s adjudicate < request.json` (docs/spec/adjudication.md): one JSON request (compact or
 * pretty) → the ruling, pretty-printed; NDJSON (one compact request per line) → one compact
 * ruling per line, in order. Exit 0 whatever the rulings; exit 2 with a one-line message on
 * stderr only when the input is not JSON of the request shape (nothing is printed on stdout then).
 * The only engine module that does I/O.
 */
import { readFileSync } from "node:fs";
import { adjudicateRequest, parseAdjudicationRequest } from "./adjudicate";
import type { AdjudicationRequest } from "./adjudicate";

function fail(message: string): never {
  process.stderr.write(`${message.replace(/\s+/g, " ")}\n`);
  process.exit(2);
}

function requestOf(raw: unknown, where: string): AdjudicationRequest {
  const p = parseAdjudicationRequest(raw);
  if (!p.ok) fail(`${where}${p.error}`);
  return p.value;
}

const input = readFileSync(0, "utf8");
if (input.trim() === "") fail("no input: expected a JSON adjudication request on stdin");

let whole: unknown;
let single = true;
try {
  whole = JSON.parse(input);
} catch {
  single = false;
}

if (single) {
  process.stdout.write(`${JSON.stringify(adjudicateRequest(requestOf(whole, "")), null, 2)}\n`);
} else {
  const lines = input.split(/\r?\n/).map((l, i) => [l.trim(), i + 1] as const).filter(([l]) => l !== "");
  const requests = lines.map(([l, n]) => {
    let raw: unknown;
    try {
      raw = JSON.parse(l);
    } catch {
      fail(`line ${n}: not JSON (expected one JSON request, or one compact request per line)`);
    }
    return requestOf(raw, `line ${n}: `);
  });
  // Validate every line before answering any, so a bad input prints no partial output.
  process.stdout.write(requests.map((r) => JSON.stringify(adjudicateRequest(r))).join("\n") + "\n");
}
