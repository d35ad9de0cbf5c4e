/**
 * Where analysis CPU runs (docs/analysis.md "Worker thread"): in one `node:worker_threads` worker
 * per process, so a request is never behind an analysis turn; the event loop only relays messages.
 *
 * How the worker starts, the same way under `next start` (the server code is bundled into .next),
 * `server/main.ts` (tsx) and vitest (vite's loader): an `eval` bootstrap, opaque to any bundler,
 * registers tsx's loader (tsx/esm/api, with the project's tsconfig for the `@/` paths) and imports
 * `server/services/analysis/worker.ts` from the project directory (`process.cwd()`, where `npm start`
 * and `next start` run). If the worker cannot start (tsx or the file missing, a crash before it says
 * ready), the runner logs it once and falls back to the in-process runner, which yields to the event
 * loop between turns (one turn, up to deadline + fallback ms, still blocks then).
 * `ANALYSIS_WORKER=inline` forces the in-process runner (the benchmark's "before").
 *
 * The worker is unref'd while idle, so it never keeps a script or a test process alive.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { analyseTurns, bestPlaysAt, getRuleset, type AnalysedPlay, type AnalyseOptions, type BestPlaysOptions, type Face, type GameEvent, type Placement, type RulesetId, type TurnAnalysis } from "@/engine";
import type { WorkerRequest } from "./worker";

type Reply = { id: number; turn?: TurnAnalysis; end?: true; best?: { plays: AnalysedPlay[]; complete: boolean }; error?: string };
type Listener = (r: Reply) => void;
/** A request without its id (distributes over the union, which a plain Omit does not). */
type Unsent = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never;

const START_TIMEOUT_MS = 30_000;
let worker: Promise<Worker | null> | null = null;
let fellBack = false;
let nextId = 1;
let busy = 0;
const listeners = new Map<number, Listener>();

function bootstrap(entry: string, tsconfig: string): string {
  // CommonJS (an eval worker's flavour): register tsx for ESM, then import the entry
  return `const { parentPort } = require("node:worker_threads");
import("tsx/esm/api")
  .then((tsx) => { tsx.register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(`file://${entry}`)}); })
  .catch((err) => parentPort.postMessage({ startError: String(err && err.stack || err) }));`;
}

function fallBack(reason: string): null {
  if (!fellBack) console.warn(`Analysis worker thread unavailable (${reason}); analysing in-process instead.`);
  fellBack = true;
  return null;
}

function startWorker(): Promise<Worker | null> {
  if (process.env.ANALYSIS_WORKER === "inline") return Promise.resolve(null);
  const dir = process.cwd();
  const entry = path.join(dir, "server/services/analysis/worker.ts");
  if (!existsSync(entry)) return Promise.resolve(fallBack(`${entry} not found`));
  return new Promise((resolve) => {
    let ready = false;
    let w: Worker;
    try {
      w = new Worker(bootstrap(entry, path.join(dir, "tsconfig.json")), { eval: true, name: "equalis-analysis" });
    } catch (err) {
      resolve(fallBack(String(err)));
      return;
    }
    const timer = setTimeout(() => {
      if (!ready) void w.terminate().then(() => resolve(fallBack("it did not start in time")));
    }, START_TIMEOUT_MS);
    w.on("message", (m: Reply & { ready?: true; startError?: string }) => {
      if (m.ready) {
        ready = true;
        clearTimeout(timer);
        w.unref();
        resolve(w);
      } else if (m.startError) {
        clearTimeout(timer);
        void w.terminate().then(() => resolve(fallBack(m.startError!.split("\n")[0]!)));
      } else listeners.get(m.id)?.(m);
    });
    const died = (reason: string) => {
      clearTimeout(timer);
      if (!ready) resolve(fallBack(reason));
      else {
        // a crash mid-job: every caller waiting gets an error; the next job starts a new worker
        worker = null;
        for (const [id, l] of listeners) l({ id, error: `the analysis worker stopped (${reason})` });
      }
    };
    w.on("error", (err) => died(err.message));
    w.on("exit", (code) => died(`exit code ${code}`));
  });
}

function getWorker(): Promise<Worker | null> {
  if (fellBack) return Promise.resolve(null);
  worker ??= startWorker();
  return worker;
}

/** "worker" or "inline": where the next job will run (tests and the benchmark read it). */
export async function runnerKind(): Promise<"worker" | "inline"> {
  return (await getWorker()) ? "worker" : "inline";
}

/** Sends one request; `onReply` sees every reply until it returns true (done). */
function send(w: Worker, req: Unsent, onReply: (r: Reply) => boolean): void {
  const id = nextId++;
  if (busy++ === 0) w.ref();
  listeners.set(id, (r) => {
    if (!onReply(r)) return;
    listeners.delete(id);
    if (--busy === 0) w.unref();
  });
  w.postMessage({ ...req, id });
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

/** A game's turn analyses, one at a time, computed off the request thread when it can be. */
export async function* analyseGameTurns(events: GameEvent[], opts: Omit<AnalyseOptions, "progress">): AsyncGenerator<TurnAnalysis> {
  const w = await getWorker();
  if (!w) {
    for (const t of analyseTurns(events, opts)) {
      yield t;
      await yieldToLoop();
    }
    return;
  }
  // replies are queued as they arrive and handed out in order
  const queue: Reply[] = [];
  let wake: (() => void) | null = null;
  send(w, { kind: "game", events, opts }, (r) => {
    queue.push(r);
    wake?.();
    return r.end === true || r.error !== undefined;
  });
  for (;;) {
    while (queue.length === 0) await new Promise<void>((r) => (wake = r));
    wake = null;
    const r = queue.shift()!;
    if (r.error !== undefined) throw new Error(r.error);
    if (r.end) return;
    yield r.turn!;
  }
}

/** One position's best plays (the judge's desk), off the request thread when it can be. */
export async function bestPlaysOffThread(
  ruleset: RulesetId,
  options: Record<string, unknown> | undefined,
  board: Placement[],
  rack: Face[],
  opts: BestPlaysOptions,
): Promise<{ plays: AnalysedPlay[]; complete: boolean }> {
  const w = await getWorker();
  if (!w) return bestPlaysAt(getRuleset(ruleset, options), board, rack, opts);
  return new Promise((resolve, reject) =>
    send(w, { kind: "best", ruleset, options, board, rack, opts }, (r) => {
      if (r.error !== undefined) reject(new Error(r.error));
      else resolve(r.best!);
      return true;
    }),
  );
}
