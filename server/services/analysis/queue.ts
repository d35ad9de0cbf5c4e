/**
 * The analysis job queue (docs/analysis.md "Jobs"): pg-boss, run on the app's own database handle
 * on both drivers, so there is one code path for the embedded database and for PostgreSQL.
 *
 * pg-boss takes an existing connection through its `db` option (an object with
 * `executeSql(text, values)` answering `{ rows }`). `pgBossDb` builds it from a drizzle `Db`:
 * - PGlite: pg-boss's own `fromPglite` adapter on the same in-process client (PGlite serialises
 *   every call behind its transaction lock, so pg-boss and the app never interleave inside a
 *   transaction). Statements with parameters go through `query`, parameterless ones (pg-boss's
 *   multi-statement schema and `BEGIN; … COMMIT` blocks) through `exec`.
 * - postgres.js: `sql.unsafe(text, values)` on the pool, values serialised as node-postgres would
 *   (Dates as ISO text, objects as JSON text: `asPgParam`). Parameterless text runs on the simple
 *   protocol (which allows several statements) on a reserved connection, because postgres.js
 *   refuses a `BEGIN` on a shared pool connection; a failed block is rolled back before the
 *   connection goes back, so it never returns to the pool inside an aborted transaction.
 *
 * pg-boss owns its schema (`pgboss`), creating or migrating it on `start()` under its own advisory
 * lock, so two processes starting together on one PostgreSQL queue behind each other. Start is lazy
 * (the first analysis request or runner), once per database handle, and the instance stops when the
 * handle closes (`onDatabaseClose`).
 */
import { PgBoss, fromPglite, type Db as IDatabase } from "pg-boss";
import type postgres from "postgres";
import type { PGlite } from "@electric-sql/pglite";
import { onDatabaseClose, type Db } from "@/db/client";

export const ANALYSIS_QUEUE = "match-analysis";

/** A game's analysis job: attempts allowed after the first failure. */
export const ANALYSIS_RETRY_LIMIT = 2;
/** A running job must report progress (the runner touches it after every turn, a turn takes at
 * most deadline + fallback, 2 s by default) at least this often; a job whose runner stopped is
 * retried once the supervisor sees its heartbeat this old. Replaces the table's "stale running row". */
export const ANALYSIS_HEARTBEAT_SECONDS = 60;
/** An upper bound on one attempt, heartbeat or not (a 40-turn game takes under a minute). */
export const ANALYSIS_EXPIRE_SECONDS = 15 * 60;

export type AnalysisJob = { matchId: string };

/** True for a result of several statements (postgres.js answers one result per statement). */
const manyResults = (r: unknown[]): boolean => r.length > 0 && r.every((x) => Array.isArray(x));

/**
 * A parameter as node-postgres (pg-boss's own driver) sends it: pg-boss passes JSON data as objects
 * and times as Dates and counts on the driver to serialise them; postgres.js serialises by the
 * type the server describes, and a `text`/`json` parameter would meet a raw object.
 */
function asPgParam(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(asPgParam);
  if (v !== null && typeof v === "object" && !Buffer.isBuffer(v) && !ArrayBuffer.isView(v)) return JSON.stringify(v);
  return v;
}

function fromPostgresJs(client: () => postgres.Sql): IDatabase {
  return {
    async executeSql(text, values) {
      const sql = client(); // the current pool (db/client.ts replaces a broken one behind the handle)
      if (values?.length) return { rows: [...(await sql.unsafe(text, values.map(asPgParam) as never[]))] };
      const reserved = await sql.reserve();
      try {
        const r = (await reserved.unsafe(text)) as unknown as unknown[];
        return { rows: manyResults(r) ? r.flat() : [...r] };
      } catch (err) {
        await reserved.unsafe("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        reserved.release();
      }
    },
  };
}

/** pg-boss's connection: the app's own database handle, on either driver. */
export function pgBossDb(db: Db): { db: IDatabase; backend: "pglite" | "postgres" } {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client && typeof (client as PGlite).exec === "function" && typeof (client as PGlite).query === "function") {
    return { db: fromPglite(client as PGlite), backend: "pglite" };
  }
  return { db: fromPostgresJs(() => (db as unknown as { $client: postgres.Sql }).$client), backend: "postgres" };
}

/** pg-boss's timers, unref'd: its supervisor never keeps a script or a test process alive. */
const unrefClock = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms).unref(),
  clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
  setInterval: (fn: () => void, ms: number) => setInterval(fn, ms).unref(),
  clearInterval: (h: unknown) => clearInterval(h as NodeJS.Timeout),
};

const bosses = new WeakMap<Db, Promise<PgBoss>>();

async function startBoss(db: Db): Promise<PgBoss> {
  const { db: conn, backend } = pgBossDb(db);
  const boss = new PgBoss({
    db: conn,
    backend,
    schema: "pgboss",
    clock: unrefClock,
    schedule: false, // no cron jobs
    // the supervisor retries jobs whose runner stopped (heartbeat) and deletes old jobs
    supervise: true,
  });
  boss.on("error", (err: unknown) => console.warn("Analysis queue (pg-boss):", err instanceof Error ? err.message : err));
  await boss.start();
  await boss.createQueue(ANALYSIS_QUEUE, {
    policy: "exclusive", // one job per game (singletonKey) queued, waiting for a retry or running
    retryLimit: ANALYSIS_RETRY_LIMIT,
    heartbeatSeconds: ANALYSIS_HEARTBEAT_SECONDS,
    expireInSeconds: ANALYSIS_EXPIRE_SECONDS,
  });
  return boss;
}

/** This handle's pg-boss, started (schema created or migrated) on first use. */
export function analysisQueue(db: Db): Promise<PgBoss> {
  let boss = bosses.get(db);
  if (!boss) {
    const starting = startBoss(db);
    boss = starting;
    bosses.set(db, starting);
    starting.then(
      (b) => onDatabaseClose(db, () => stopAnalysisQueue(db, b)),
      () => bosses.delete(db), // let the next request try again
    );
  }
  return boss;
}

async function stopAnalysisQueue(db: Db, boss: PgBoss): Promise<void> {
  if ((await bosses.get(db)?.catch(() => null)) === boss) bosses.delete(db);
  await boss.stop({ close: false, graceful: false, timeout: 5_000 });
}
