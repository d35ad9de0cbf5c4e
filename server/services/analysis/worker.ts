/**
 * The analysis worker thread's entry (docs/analysis.md "Worker thread"). It runs the engine's CPU
 * work — a whole game's turns, or one position's best plays — so the server's request thread never
 * waits behind an analysis turn. It holds no database: the main thread claims jobs and stores
 * progress (PGlite has one owner per process), and this thread only computes.
 *
 * Messages in: `{ id, kind: "game", events, opts }` → one `{ id, turn }` per turn, then `{ id, end }`;
 * `{ id, kind: "best", ruleset, options, board, rack, opts }` → `{ id, best }`. Any throw (a bug:
 * the engine does not throw on a stored game) is `{ id, error }`. Started by runner.ts.
 */
import { parentPort } from "node:worker_threads";
import { analyseTurns, bestPlaysAt, getRuleset, type AnalyseOptions, type BestPlaysOptions, type Face, type GameEvent, type Placement, type RulesetId } from "@/engine";

export type WorkerRequest =
  | { id: number; kind: "game"; events: GameEvent[]; opts: Omit<AnalyseOptions, "progress"> }
  | { id: number; kind: "best"; ruleset: RulesetId; options?: Record<string, unknown>; board: Placement[]; rack: Face[]; opts: BestPlaysOptions };

const port = parentPort;
if (port) {
  port.on("message", (m: WorkerRequest) => {
    try {
      if (m.kind === "game") {
        for (const turn of analyseTurns(m.events, m.opts)) port.postMessage({ id: m.id, turn });
        port.postMessage({ id: m.id, end: true });
      } else {
        port.postMessage({ id: m.id, best: bestPlaysAt(getRuleset(m.ruleset, m.options), m.board, m.rack, m.opts) });
      }
    } catch (err) {
      port.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  port.postMessage({ ready: true });
}
