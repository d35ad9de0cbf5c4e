/**
 * `npm run -s adjudicate < request.json` (docs/spec/adjudication.md): reads stdin, writes what
 * `adjudicateText` (engine/adjudicate-text.ts, where the contract lives) answers, and exits with
 * its code. Only the I/O lives here, so the engine stays pure.
 */
import { readFileSync } from "node:fs";
import { adjudicateText } from "@/engine";

const { stdout, stderr, exitCode } = adjudicateText(readFileSync(0, "utf8"));
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = exitCode;
