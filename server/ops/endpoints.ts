/**
 * The operator's endpoints (docs/deployment.md "Health, readiness, metrics"): readiness for a
 * load balancer or orchestrator, and the metrics exposition behind its access rule. Route files
 * (app/api/ready, app/api/metrics) and server/main.ts only wire these.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDbHandle, type Db } from "@/db/client";
import { log } from "../log";
import { metricsAccess } from "./metrics-access";
import { metricsText } from "./metrics";

export type Readiness = { ready: true; migrations: number } | { ready: false; reason: string; pending?: string[] };

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Whether `db` has every migration of this build: drizzle's migrator records each applied
 * migration's journal time (`created_at` in `drizzle.__drizzle_migrations`) and applies those
 * later than the last one recorded, so the same rule names what is pending.
 */
export async function migrationStatus(db: Db, journalPath = path.join(process.cwd(), "drizzle", "meta", "_journal.json")): Promise<Readiness> {
  const journal = JSON.parse(await readFile(/*turbopackIgnore: true*/ journalPath, "utf8")) as { entries: { tag: string; when: number }[] };
  let last: number;
  try {
    const rows = rowsOf<{ last: string | number | null }>(await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`));
    last = Number(rows[0]?.last ?? 0);
  } catch {
    return { ready: false, reason: "no migrations applied", pending: journal.entries.map((e) => e.tag) };
  }
  const pending = journal.entries.filter((e) => e.when > last).map((e) => e.tag);
  return pending.length ? { ready: false, reason: "migrations pending", pending } : { ready: true, migrations: journal.entries.length };
}

/** The app database's readiness: reachable (a `select 1`) and migrated. */
export async function readiness(open: () => Promise<Db> = async () => (await getDbHandle()).db): Promise<Readiness> {
  let db: Db;
  try {
    db = await open();
    await db.execute(sql`select 1`);
  } catch (err) {
    log.warn({ err }, "readiness: the database is unreachable");
    return { ready: false, reason: "database unreachable" };
  }
  return migrationStatus(db);
}

/** `GET /api/ready`: 200 `{ status: "ready" }`, or 503 `{ status: "not ready", reason, pending? }`. */
export async function readinessResponse(open?: () => Promise<Db>): Promise<Response> {
  const r = await readiness(open);
  const headers = { "cache-control": "no-store" };
  if (r.ready) return Response.json({ status: "ready", migrations: r.migrations }, { headers });
  return Response.json({ status: "not ready", reason: r.reason, ...(r.pending ? { pending: r.pending } : {}) }, { status: 503, headers });
}

/** `GET /api/metrics` for a request described by `who` (server/ops/metrics-access.ts). */
export async function metricsResponse(who: Parameters<typeof metricsAccess>[0], open?: Parameters<typeof metricsText>[0]): Promise<Response> {
  const access = metricsAccess(who);
  if (!access.ok) return Response.json({ error: access.error }, { status: access.status, headers: { "www-authenticate": 'Bearer realm="metrics"' } });
  const { body, contentType } = await metricsText(open);
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
