/**
 * The one database client. Embedded PGlite (stored under `.data/pglite`, or `PGLITE_DIR`) when
 * `DATABASE_URL` is unset, so the app runs with no set-up; postgres.js when it is set. Both speak
 * the same schema and migrations, and both are typed as one `Db` (PGlite's driver is API-compatible
 * with postgres.js's for everything we use).
 *
 * Migrations run once per process, on first use (and from instrumentation.ts at start-up).
 */
import path from "node:path";
import { mkdirSync } from "node:fs";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import * as schema from "./schema";

export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction handle; services take `Db | Tx` so they can join a caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
}

const migrationsFolder = path.join(process.cwd(), "drizzle");

/** Opens a database and applies every pending migration. */
export async function openDatabase(opts: { url?: string; pgliteDir?: string; loadDataDir?: Blob } = {}): Promise<DbHandle> {
  if (opts.url) {
    const sql = postgres(opts.url, { onnotice: () => {}, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
    const db = drizzlePostgres(sql, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db, driver: "postgres", close: () => sql.end({ timeout: 5 }) };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {})
    : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, driver: "pglite", close: () => client.close() };
}

/** Where the embedded database lives when no DATABASE_URL is configured. */
export function defaultPgliteDir(): string {
  return process.env.PGLITE_DIR ?? path.join(process.cwd(), ".data", "pglite");
}

// One handle per process, kept on globalThis so Next's dev reloads reuse it (PGlite allows one
// process per data directory).
const globalForDb = globalThis as unknown as { __equalisDb?: Promise<DbHandle> };

/** The app's database, opened and migrated on first use. */
export function getDbHandle(): Promise<DbHandle> {
  globalForDb.__equalisDb ??= openDatabase(
    process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { pgliteDir: defaultPgliteDir() },
  ).catch((err) => {
    globalForDb.__equalisDb = undefined; // let the next request try again (e.g. database back up)
    throw err;
  });
  return globalForDb.__equalisDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}
