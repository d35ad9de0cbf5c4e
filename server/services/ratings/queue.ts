/**
 * The queued re-rate (docs/ratings.md "Corrections"): a correction too large to re-rate in its own
 * transaction leaves a `rating_rerates` row and marks its players "being recomputed"; after commit
 * the service that made it calls `startQueuedRerates`, which sends one job to the app's pg-boss
 * (the analysis queue's instance, server/services/analysis/queue.ts) and works the queue in this
 * process. The job is the full recompute (exact by definition; 10⁶ games in 6–9 s): in its
 * transaction it reads the waiting rows, tells every player whose rating moved what changed and
 * why, and deletes the rows it served. Rows written while it runs wait for its SHARE lock on the
 * ledger, so they are served by the next job ("stately": one job queued while one runs).
 */
import { inArray, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db } from "@/db/client";
import { ratingRerates, ratings } from "@/db/schema";
import { analysisQueue } from "@/server/services/analysis/queue";
import { notifyRatingCorrected } from "@/server/services/notifications/events";
import { recomputeRatings } from "./recompute";

export const RERATE_QUEUE = "ratings-recompute";

const ready = new WeakMap<Db, Promise<PgBoss>>();

function rerateQueue(db: Db): Promise<PgBoss> {
  let boss = ready.get(db);
  if (!boss) {
    boss = (async () => {
      const b = await analysisQueue(db);
      await b.createQueue(RERATE_QUEUE, { policy: "stately", retryLimit: 2, expireInSeconds: 15 * 60 });
      return b;
    })();
    ready.set(db, boss);
    boss.catch(() => ready.delete(db));
  }
  return boss;
}

/** Whether re-rates wait for the queue. */
export async function reratesPending(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: ratingRerates.id }).from(ratingRerates).limit(1);
  return !!row;
}

/** Runs one queued recompute now (the job's body); returns how many players were told. */
export async function runQueuedRecompute(db: Db): Promise<number> {
  let told = 0;
  await recomputeRatings(db, {
    onReplaced: async (tx, old) => {
      const waiting = await tx.select().from(ratingRerates);
      if (waiting.length === 0) return;
      const fresh = await tx.select({ userId: ratings.userId, ruleset: ratings.ruleset, rating: ratings.rating }).from(ratings);
      const whyFor = new Map<string, string>();
      for (const r of waiting) {
        const list = waiting.filter((w) => w.ruleset === r.ruleset).map((w) => w.reason);
        whyFor.set(r.ruleset, list.length <= 3 ? [...new Set(list)].join("; ") : `${list.slice(0, 3).join("; ")} and ${list.length - 3} more results were corrected`);
      }
      const changes = fresh.flatMap((f) => {
        const why = whyFor.get(f.ruleset);
        const before = old.get(`${f.ruleset}:${f.userId}`);
        if (!why || before === undefined || Math.round(before) === Math.round(f.rating)) return [];
        return [{ userId: f.userId, ruleset: f.ruleset, before, after: f.rating, why }];
      });
      await notifyRatingCorrected(tx, changes);
      told = changes.length;
      await tx.delete(ratingRerates).where(inArray(ratingRerates.id, waiting.map((w) => w.id)));
    },
  });
  return told;
}

/** Work the re-rate queue until it is empty; returns how many jobs ran. */
export async function drainRerates(db: Db): Promise<number> {
  const boss = await rerateQueue(db);
  let n = 0;
  for (let [job] = await boss.fetch(RERATE_QUEUE); job; [job] = await boss.fetch(RERATE_QUEUE)) {
    try {
      await runQueuedRecompute(db);
    } catch (err) {
      await boss.fail(RERATE_QUEUE, job.id, { message: err instanceof Error ? err.message.slice(0, 500) : "recompute failed" });
      continue;
    }
    await boss.complete(RERATE_QUEUE, job.id);
    n++;
  }
  return n;
}

const running = new WeakMap<Db, Promise<number>>();

/**
 * After a commit that may have queued a re-rate: send the job when rows wait, and work the queue
 * in this process (fire and forget; the promise is for tests). A no-op when nothing waits.
 */
export async function startQueuedRerates(db: Db): Promise<number> {
  if (!(await reratesPending(db))) return 0;
  const boss = await rerateQueue(db);
  await boss.send(RERATE_QUEUE, {});
  const busy = running.get(db);
  if (busy) return busy.then(() => startQueuedRerates(db)); // the running drain may have missed this job
  const done = drainRerates(db).finally(() => running.delete(db));
  running.set(db, done);
  return done;
}

/** A player's ratings still waiting for the queued recompute (for pages: "being recomputed"). */
export async function recomputingRulesets(db: Db, userId: string): Promise<string[]> {
  const rows = await db.execute(sql`select ruleset from ${ratings} where user_id = ${userId}::uuid and recomputing_since is not null`);
  return (Array.isArray(rows) ? rows : (rows as unknown as { rows: { ruleset: string }[] }).rows).map((r) => (r as { ruleset: string }).ruleset);
}
