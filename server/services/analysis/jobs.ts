/**
 * Game analysis jobs (docs/analysis.md "Jobs"). A request stores a row in match_analyses (status,
 * progress, result: what the page reads) and sends a pg-boss job keyed by the game (queue.ts, on
 * the app's own database handle, PGlite or PostgreSQL). A runner fetches jobs (pg-boss claims with
 * SKIP LOCKED, so several runners — on other machines too — never take the same game) and analyses
 * them off the request path, one turn at a time, storing progress as it goes; a failed job is
 * retried up to ANALYSIS_RETRY_LIMIT times, and one whose runner stopped (no heartbeat) is retried
 * by pg-boss's supervisor.
 *
 * The engine's CPU work runs in a worker thread (runner.ts; in-process only if the thread cannot
 * start); this module keeps the database side on the main thread.
 *
 * Who may analyse: only a finished game. An analysis names the rack of the player on move at
 * every turn, which is exactly what the finished game's record already shows to everyone
 * (server/services/matches/records.ts); for a game in play it would hand racks to anyone who can
 * pass them to a player, so it is refused until the game is over.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matchAnalyses, type AnalysisStatus } from "@/db/schema/analyses";
import { matches } from "@/db/schema/matches";
import { countTurns, summarise, type AnalyseOptions, type GameAnalysis, type TurnAnalysis } from "@/engine";
import { DomainError } from "@/server/errors";
import { ACCOUNT_ALLOWANCE } from "@/server/limits";
import { loadEvents } from "@/server/services/matches/state";
import type { Job, PgBoss } from "pg-boss";
import { ANALYSIS_QUEUE, ANALYSIS_RETRY_LIMIT, analysisQueue, type AnalysisJob } from "./queue";
import { analyseGameTurns } from "./runner";

export interface AnalysisView {
  matchId: string;
  status: AnalysisStatus;
  done: number;
  total: number;
  result: GameAnalysis | null;
  error: string | null;
}

const toView = (r: typeof matchAnalyses.$inferSelect): AnalysisView => ({
  matchId: r.matchId,
  status: r.status,
  done: r.done,
  total: r.total,
  result: (r.result as unknown as GameAnalysis | null) ?? null,
  error: r.error,
});

/** The stored analysis of a game (null: never requested). Finished games only. */
export async function getAnalysis(db: Db, matchId: string): Promise<AnalysisView | null> {
  await assertFinished(db, matchId);
  const [r] = await db.select().from(matchAnalyses).where(eq(matchAnalyses.matchId, matchId)).limit(1);
  return r ? toView(r) : null;
}

async function assertFinished(db: Db, matchId: string): Promise<void> {
  const [m] = await db.select({ status: matches.status, mode: matches.mode }).from(matches).where(eq(matches.id, matchId)).limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  if (m.status !== "finished") throw new DomainError("PRECONDITION", "A game can be analysed once it is over.");
  // a game scored over the board logs no racks: there is no "best play with the rack held" to find
  if (m.mode === "otb") throw new DomainError("PRECONDITION", "A game scored over the board has no racks on record, so it cannot be analysed.");
}

/** Queue an analysis (idempotent: a queued, running or done analysis is returned as it is; a
 * failed one is queued again). */
export async function requestAnalysis(db: Db, matchId: string, userId: string | null): Promise<AnalysisView> {
  await assertFinished(db, matchId);
  if (userId !== null) await assertQueueRoom(db, matchId, userId);
  const total = countTurns((await loadEvents(db, matchId)).map((e) => e.event));
  await db
    .insert(matchAnalyses)
    .values({ matchId, status: "queued", total, requestedBy: userId })
    .onConflictDoUpdate({
      target: matchAnalyses.matchId,
      set: { status: "queued", done: 0, error: null, updatedAt: sql`now()` },
      setWhere: eq(matchAnalyses.status, "failed"),
    });
  const [r] = await db.select().from(matchAnalyses).where(eq(matchAnalyses.matchId, matchId)).limit(1);
  if (r!.status === "queued" || r!.status === "running") await sendJob(db, matchId);
  return toView(r!);
}

/**
 * An account may have at most `ACCOUNT_ALLOWANCE.analysisQueue` analyses queued or running at once
 * (docs/security.md "Limits"): asking for one more is refused until one finishes. Asking again for
 * an analysis that exists and is not failed queues nothing, so it is always answered. Two requests
 * at the same instant can both pass (the count is read, not locked): the bound is one or two over,
 * never unbounded.
 */
async function assertQueueRoom(db: Db, matchId: string, userId: string): Promise<void> {
  const [existing] = await db.select({ status: matchAnalyses.status }).from(matchAnalyses).where(eq(matchAnalyses.matchId, matchId)).limit(1);
  if (existing && existing.status !== "failed") return;
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(matchAnalyses)
    .where(and(inArray(matchAnalyses.status, ["queued", "running"]), eq(matchAnalyses.requestedBy, userId)))) as [{ n: number }];
  if (n >= ACCOUNT_ALLOWANCE.analysisQueue)
    throw new DomainError("RATE_LIMITED", `You already have ${n} analyses waiting or running (at most ${ACCOUNT_ALLOWANCE.analysisQueue} at once): ask again when one has finished.`);
}

/** Put a game's job on the queue (a no-op while one is queued, waiting for a retry or running:
 * the queue's "exclusive" policy keys it by the game). */
async function sendJob(db: Db, matchId: string): Promise<void> {
  const boss = await analysisQueue(db);
  await boss.send(ANALYSIS_QUEUE, { matchId } satisfies AnalysisJob, { singletonKey: matchId });
}

/** How often a running job tells pg-boss it is alive (well inside ANALYSIS_HEARTBEAT_SECONDS). */
const TOUCH_EVERY_MS = 10_000;

/** Analyse one fetched job's game, storing progress after every turn; completes or fails the job
 * (a failed job is retried up to ANALYSIS_RETRY_LIMIT times, the row says "queued" meanwhile). */
async function runOne(db: Db, boss: PgBoss, job: Job<AnalysisJob>, opts: AnalyseOptions): Promise<void> {
  const { matchId } = job.data;
  const row = eq(matchAnalyses.matchId, matchId);
  try {
    await db.update(matchAnalyses).set({ status: "running", done: 0, error: null, updatedAt: sql`now()` }).where(row);
    const events = (await loadEvents(db, matchId)).map((e) => e.event);
    const turns: TurnAnalysis[] = [];
    const { progress: _, ...plain } = opts;
    let touched = Date.now();
    for await (const t of analyseGameTurns(events, plain)) {
      turns.push(t);
      await db.update(matchAnalyses).set({ done: turns.length, updatedAt: sql`now()` }).where(row);
      if (Date.now() - touched > TOUCH_EVERY_MS) {
        await boss.touch(ANALYSIS_QUEUE, job.id);
        touched = Date.now();
      }
    }
    const result = summarise(events, turns);
    await db
      .update(matchAnalyses)
      .set({ status: "done", done: turns.length, total: turns.length, result: result as unknown as Record<string, unknown>, updatedAt: sql`now()` })
      .where(and(row, eq(matchAnalyses.status, "running")));
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, 500) : "analysis failed";
    const last = job.retryCount >= ANALYSIS_RETRY_LIMIT;
    await db.update(matchAnalyses).set({ status: last ? "failed" : "queued", error: message, updatedAt: sql`now()` }).where(row);
    await boss.fail(ANALYSIS_QUEUE, job.id, { message });
    return;
  }
  // outside the try: the result is stored, so a completion that fails leaves the row done (the job,
  // still active, is retried once its heartbeat lapses, and stores the same result again)
  await boss.complete(ANALYSIS_QUEUE, job.id);
}

/** Work the queue until it is empty (fetching one job at a time, no polling interval, so tests
 * are deterministic); returns how many jobs this runner took. */
export async function drainAnalyses(db: Db, opts: AnalyseOptions = {}): Promise<number> {
  const boss = await analysisQueue(db);
  await sendQueued(db);
  let n = 0;
  for (let [job] = await boss.fetch<AnalysisJob>(ANALYSIS_QUEUE); job; [job] = await boss.fetch<AnalysisJob>(ANALYSIS_QUEUE)) {
    await runOne(db, boss, job, opts);
    n++;
  }
  return n;
}

const draining = new WeakMap<Db, { done: Promise<number>; again: boolean }>();

/** Start this process's runner for `db` if it is not already working (fire and forget: the
 * request that queued the job returns at once). A kick while it works makes it look at the queue
 * once more when it is done, so a job queued just after its last claim is not left waiting. */
export function kickAnalyses(db: Db, opts: AnalyseOptions = {}): Promise<number> {
  const running = draining.get(db);
  if (running) {
    running.again = true;
    return running.done;
  }
  const state = { done: Promise.resolve(0), again: false };
  state.done = (async () => {
    let n = 0;
    do {
      state.again = false;
      n += await drainAnalyses(db, opts);
    } while (state.again);
    return n;
  })().finally(() => draining.delete(db));
  draining.set(db, state);
  return state.done;
}

/** Start the runner without waiting; a failure is logged (the row says "failed" where it can). */
function kickInBackground(db: Db): void {
  kickAnalyses(db).catch((err: unknown) => console.error("The analysis runner stopped:", err));
}

/** A game that just ended (on-end.ts): its row is queued already; send its job and start this
 * process's runner (it does not wait for the analysis). Nothing to do when the row is gone or
 * already past "queued". */
export async function startQueuedAnalysis(db: Db, matchId: string): Promise<void> {
  const [r] = await db.select({ status: matchAnalyses.status }).from(matchAnalyses).where(eq(matchAnalyses.matchId, matchId)).limit(1);
  if (r?.status !== "queued") return;
  await sendJob(db, matchId);
  kickInBackground(db);
}

/** Send a job for every queued row (a no-op for those that have one: the queue is exclusive per
 * game), so a game queued when it ended whose job was never sent — the process stopped right
 * after the game's end, or the start after the end is off — is analysed by the next drain. */
async function sendQueued(db: Db): Promise<void> {
  const rows = await db.select({ matchId: matchAnalyses.matchId }).from(matchAnalyses).where(eq(matchAnalyses.status, "queued"));
  for (const r of rows) await sendJob(db, r.matchId);
}

/** `analysis.request`: queue a finished game's analysis and start this process's runner. */
export async function requestAndRun(db: Db, matchId: string, userId: string): Promise<AnalysisView> {
  const view = await requestAnalysis(db, matchId, userId);
  if (view.status === "queued") await sendJob(db, matchId); // a job lost before it was sent
  if (view.status === "queued" || view.status === "running") kickInBackground(db);
  return view;
}

/** `analysis.get`: the stored analysis with its progress ("none": never requested). Reading a
 * queued or running one also kicks this process's runner, so a job queued before a restart (or
 * left running by a process that stopped) is picked up by whoever watches it. */
export async function analysisStatus(db: Db, matchId: string): Promise<AnalysisView | { matchId: string; status: "none"; done: 0; total: number; result: null; error: null }> {
  const view = await getAnalysis(db, matchId);
  if (!view) return { matchId, status: "none", done: 0, total: countTurns((await loadEvents(db, matchId)).map((e) => e.event)), result: null, error: null };
  if (view.status === "queued") await sendJob(db, matchId); // a job lost before it was sent
  if (view.status === "queued" || view.status === "running") kickInBackground(db);
  return view;
}
