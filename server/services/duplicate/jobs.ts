/**
 * The duplicate games' due jobs (docs/duplicate.md "Closing a turn"): on the analysis queue's pg-boss
 * (services/analysis/queue.ts, the app's own database, PGlite or PostgreSQL), queue
 * `duplicate-turn`. When a turn opens, two jobs are sent: `search` at once (the master play's
 * search, off the request thread) and `close` to start after the turn's `due_at`. Jobs live in the
 * database, so a server restarted mid-turn closes the turn when it is back; a job that is late or
 * lost is covered by the close on read (games.ts) and by `closeDueTurns`. The close is idempotent,
 * so a job run twice changes nothing.
 *
 * This process works the queue (`boss.work`, polling every second) from the first duplicate call on;
 * `DUPLICATE_RUNNER=off` (and the tests' `ANALYSIS_AUTOSTART=off`) leave that out, and the tests drain
 * the queue themselves (`drainDuplicateJobs`).
 */
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { duplicateTurns, type DuplicateTurn } from "@/db/schema";
import type { PgBoss } from "pg-boss";
import { analysisQueue } from "@/server/services/analysis/queue";
import { loadGame } from "./access";
import { searchTurn } from "./search";
import { closeTurn } from "./turns";

export const DUPLICATE_QUEUE = "duplicate-turn";
export type DuplicateJob = { gameId: string; turn: number; kind: "search" | "close" };

const ready = new WeakMap<Db, Promise<PgBoss>>();

/** The queue, created once per database handle. */
export function duplicateQueue(db: Db): Promise<PgBoss> {
  let p = ready.get(db);
  if (!p) {
    p = analysisQueue(db).then(async (boss) => {
      await boss.createQueue(DUPLICATE_QUEUE, { retryLimit: 3, retryDelay: 1, expireInSeconds: 120 });
      return boss;
    });
    ready.set(db, p);
    p.catch(() => ready.delete(db));
  }
  return p;
}

/** Send a new turn's jobs (after the commit that opened it). A queue that cannot take them is
 * logged, not thrown: the turn is open and stored, and the close on read covers the missing job. */
export async function scheduleTurn(db: Db, gameId: string, t: Pick<DuplicateTurn, "number" | "dueAt">): Promise<void> {
  closeTimer(db, gameId, t);
  await sendTurnJobs(db, gameId, t).catch((err: unknown) => console.error(`Could not queue the jobs of duplicate game ${gameId}, turn ${t.number}:`, err));
}

/** The runner works in this process (off in tests and with DUPLICATE_RUNNER=off). */
const runnerOn = () => process.env.DUPLICATE_RUNNER !== "off" && process.env.ANALYSIS_AUTOSTART !== "off";

/**
 * The close at the deadline in this process: pg-boss polls each second, so its job may start up
 * to a second late; a timer set for `due_at` closes on time. The job and the close on read stay
 * behind it (a restart loses the timer, not the turn).
 */
function closeTimer(db: Db, gameId: string, t: Pick<DuplicateTurn, "number" | "dueAt">): void {
  if (!runnerOn()) return;
  const timer = setTimeout(
    () => void closeAndSchedule(db, gameId, t.number).catch((err: unknown) => console.error(`Could not close duplicate game ${gameId}, turn ${t.number}:`, err)),
    Math.max(0, t.dueAt.getTime() - Date.now() + 5),
  );
  timer.unref?.();
}

async function sendTurnJobs(db: Db, gameId: string, t: Pick<DuplicateTurn, "number" | "dueAt">): Promise<void> {
  const boss = await duplicateQueue(db);
  const key = `${gameId}:${t.number}`;
  await boss.send(DUPLICATE_QUEUE, { gameId, turn: t.number, kind: "search" } satisfies DuplicateJob, { singletonKey: `${key}:search` });
  await boss.send(DUPLICATE_QUEUE, { gameId, turn: t.number, kind: "close" } satisfies DuplicateJob, { singletonKey: `${key}:close`, startAfter: t.dueAt });
  ensureRunner(db);
}

/** One job: the search, or the close (then the next turn's jobs). */
export async function runJob(db: Db, job: DuplicateJob, now = new Date()): Promise<void> {
  if (job.kind === "search") {
    const g = await loadGame(db, job.gameId);
    const [t] = await db.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, job.gameId), eq(duplicateTurns.number, job.turn)));
    if (t && !t.closedAt && !t.search && g.turn === t.number) await searchTurn(db, g, t);
    return;
  }
  await closeAndSchedule(db, job.gameId, job.turn, now);
}

/** Closes in flight in this process: the timer, the job and every reader past the deadline share one. */
const closing = new Map<string, Promise<boolean>>();

/**
 * Close a due turn (or, `early`, the director's close before the deadline: turns.ts `closeTurn`) and
 * send the next turn's jobs (one close per turn at a time in this process: a timer, a job, a reader
 * or a second click arriving meanwhile share the close in flight).
 */
export function closeAndSchedule(db: Db, gameId: string, turn: number, now = new Date(), searchMs?: number, early = false): Promise<boolean> {
  const key = `${gameId}:${turn}`;
  const inFlight = closing.get(key);
  if (inFlight) return inFlight;
  const p = (async () => {
    const r = await closeTurn(db, gameId, turn, now, searchMs, early);
    if (r.next) await scheduleTurn(db, gameId, r.next);
    return r.outcome === "closed";
  })().finally(() => closing.delete(key));
  closing.set(key, p);
  return p;
}

/** Every turn whose close time has passed, closed (the sweep behind the jobs). Returns how many. */
export async function closeDueTurns(db: Db, now = new Date(), searchMs?: number): Promise<number> {
  const due = await db
    .select({ gameId: duplicateTurns.gameId, number: duplicateTurns.number })
    .from(duplicateTurns)
    .where(and(isNull(duplicateTurns.closedAt), lte(duplicateTurns.dueAt, now)))
    .orderBy(asc(duplicateTurns.dueAt));
  let n = 0;
  for (const t of due) if (await closeAndSchedule(db, t.gameId, t.number, now, searchMs)) n++;
  return n;
}

/** Work every job that is due now, one at a time (tests, and a runner that restarted). */
export async function drainDuplicateJobs(db: Db): Promise<number> {
  const boss = await duplicateQueue(db);
  let n = 0;
  for (let [job] = await boss.fetch<DuplicateJob>(DUPLICATE_QUEUE); job; [job] = await boss.fetch<DuplicateJob>(DUPLICATE_QUEUE)) {
    try {
      await runJob(db, job.data);
      await boss.complete(DUPLICATE_QUEUE, job.id);
    } catch (err) {
      await boss.fail(DUPLICATE_QUEUE, job.id, { message: err instanceof Error ? err.message : String(err) });
    }
    n++;
  }
  return n;
}

const running = new WeakSet<Db>();

/** This process works the queue from now on (once per handle; off in tests). */
export function ensureRunner(db: Db): void {
  if (running.has(db) || !runnerOn()) return;
  running.add(db);
  duplicateQueue(db)
    .then((boss) =>
      boss.work<DuplicateJob>(DUPLICATE_QUEUE, { pollingIntervalSeconds: 1, batchSize: 4 }, async (jobs) => {
        for (const job of jobs) await runJob(db, job.data);
      }),
    )
    .catch((err: unknown) => {
      running.delete(db);
      console.error("The duplicate-game runner could not start:", err);
    });
}
