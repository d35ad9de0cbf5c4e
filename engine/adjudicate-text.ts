/**
 * The adjudication contract as text in, text out — the whole behaviour of
 * `npm run -s adjudicate < request.json` (scripts/adjudicate.ts only reads stdin and writes this back):
 * one JSON request (compact or pretty) → the ruling, pretty-printed; NDJSON (one compact request
 * per line) → one compact ruling per line, in order. Exit code 0 whatever the rulings; 2 with a
 * one-line message on stderr only when the input is not JSON of the request shape, and then
 * nothing on stdout — every line is checked before any is answered. Pure: never throws.
 */
import { adjudicateRequest, parseAdjudicationRequest, type AdjudicationRequest } from "./adjudicate";

export interface TextResult {
  stdout: string;
  stderr: string;
  exitCode: 0 | 2;
}

const refused = (message: string): TextResult => ({ stdout: "", stderr: `${message.replace(/\s+/g, " ")}\n`, exitCode: 2 });

/** What the CLI prints, and its exit code, for `input` read from stdin. */
export function adjudicateText(text: string): TextResult {
  // a byte-order mark (editors on Windows save one) is not part of the JSON
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (input.trim() === "") return refused("no input: expected a JSON adjudication request on stdin");
  let whole: unknown;
  try {
    whole = JSON.parse(input);
  } catch {
    return adjudicateLines(input);
  }
  const p = parseAdjudicationRequest(whole);
  if (!p.ok) return refused(p.error);
  return { stdout: `${JSON.stringify(adjudicateRequest(p.value), null, 2)}\n`, stderr: "", exitCode: 0 };
}

function adjudicateLines(input: string): TextResult {
  const requests: AdjudicationRequest[] = [];
  for (const [i, line] of input.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return refused(`line ${i + 1}: not JSON (expected one JSON request, or one compact request per line)`);
    }
    const p = parseAdjudicationRequest(raw);
    if (!p.ok) return refused(`line ${i + 1}: ${p.error}`);
    requests.push(p.value);
  }
  return { stdout: requests.map((r) => JSON.stringify(adjudicateRequest(r))).join("\n") + "\n", stderr: "", exitCode: 0 };
}
