/**
 * Prometheus metrics (prom-client), served at `/api/metrics` (docs/deployment.md "Metrics" lists
 * them and what to watch). Recorded where the work happens:
 * - `equalis_procedure_duration_seconds{procedure,type,outcome}`: every tRPC call, by the spine's
 *   `observed` middleware (server/trpc.ts), so both ways in — Next's route and the hot path of
 *   server/main.ts — count alike; outcome is `ok` or the tRPC error code the client got.
 * - `equalis_moves_total{procedure}`: moves accepted (a play, pass, exchange, challenge… through
 *   `matches.move` or the scorekeeper station); `rate(…[1m])` is moves per second.
 * - `equalis_sse_streams_open{procedure}`: live subscriptions held open right now.
 * - at scrape time, from the database: `equalis_db_up`, `equalis_db_clock_drift_seconds` (the
 *   database's clock minus ours, half the round trip allowed for) and, on PostgreSQL,
 *   `equalis_db_connections{state}` from pg_stat_activity (postgres.js keeps no pool statistics
 *   of its own; this counts every instance's connections to the database) beside
 *   `equalis_db_pool_max`, each instance's configured pool size.
 * - Node's defaults (`process_*`, `nodejs_*`: CPU, memory, event-loop lag, GC).
 *
 * The registry lives on `globalThis`: server/main.ts and Next's bundle each load this module in
 * one process (server/main.ts), and one scrape must see both halves' counts.
 */
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { getDbHandle, type DbHandle } from "@/db/client";

/** Procedures whose success is one move on a board. */
const MOVE_PROCEDURES = new Set(["matches.move", "matches.scorekeeper.move"]);

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const procedureSeconds = new Histogram({
    name: "equalis_procedure_duration_seconds",
    help: "tRPC procedure latency (a subscription: until its stream is set up)",
    labelNames: ["procedure", "type", "outcome"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const moves = new Counter({ name: "equalis_moves_total", help: "Moves accepted", labelNames: ["procedure"] as const, registers: [registry] });
  const sseStreams = new Gauge({ name: "equalis_sse_streams_open", help: "Live subscriptions (Server-Sent Events) open now", labelNames: ["procedure"] as const, registers: [registry] });
  const dbUp = new Gauge({ name: "equalis_db_up", help: "1 when the database answered this scrape", registers: [registry] });
  const drift = new Gauge({ name: "equalis_db_clock_drift_seconds", help: "The database's clock minus this instance's (round trip halved)", registers: [registry] });
  const connections = new Gauge({ name: "equalis_db_connections", help: "PostgreSQL: connections of postgres.js clients to this database, by state (all instances)", labelNames: ["state"] as const, registers: [registry] });
  const poolMax = new Gauge({ name: "equalis_db_pool_max", help: "PostgreSQL: this instance's pool size (DATABASE_POOL_MAX)", registers: [registry] });
  return { registry, procedureSeconds, moves, sseStreams, dbUp, drift, connections, poolMax };
}

type Metrics = ReturnType<typeof createMetrics>;
const shared = globalThis as unknown as { __equalisMetrics?: Metrics };
export const metrics: Metrics = (shared.__equalisMetrics ??= createMetrics());

/** Starts timing one procedure call; the returned function records it with its outcome. */
export function timeProcedure(procedure: string, type: string): (outcome: string) => void {
  const end = metrics.procedureSeconds.startTimer({ procedure, type });
  return (outcome) => {
    end({ outcome });
    if (outcome === "ok" && MOVE_PROCEDURES.has(procedure)) metrics.moves.inc({ procedure });
  };
}

/** The same stream, counted in `equalis_sse_streams_open` from its first read until it ends. */
export async function* countedStream<T>(procedure: string, source: AsyncIterable<T>): AsyncGenerator<T> {
  metrics.sseStreams.inc({ procedure });
  try {
    yield* source;
  } finally {
    metrics.sseStreams.dec({ procedure });
  }
}

/** Reads the database's gauges (a failure sets `equalis_db_up` 0, never fails the scrape). */
async function sampleDatabase(open: () => Promise<Pick<DbHandle, "db" | "driver">>): Promise<void> {
  try {
    const { db, driver } = await open();
    const before = Date.now();
    const rows = (await db.execute(sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`)) as unknown as { ms: number }[] | { rows: { ms: number }[] };
    const after = Date.now();
    const ms = Number((Array.isArray(rows) ? rows : rows.rows)[0]?.ms);
    metrics.drift.set((ms - (before + after) / 2) / 1000);
    if (driver === "postgres") {
      metrics.poolMax.set(Number(process.env.DATABASE_POOL_MAX ?? 10));
      const states = (await db.execute(
        sql`select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'postgres.js' group by 1`,
      )) as unknown as { state: string; n: number }[];
      metrics.connections.reset();
      for (const s of states) metrics.connections.set({ state: s.state }, Number(s.n));
    }
    metrics.dbUp.set(1);
  } catch {
    metrics.dbUp.set(0);
  }
}

/** The exposition text and its content type (`open`: the database to sample; tests give theirs). */
export async function metricsText(open: () => Promise<Pick<DbHandle, "db" | "driver">> = getDbHandle): Promise<{ body: string; contentType: string }> {
  await sampleDatabase(open);
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}
