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
import type { SQL } from "drizzle-orm";
import * as schema from "./schema";
import { trackCommits } from "./commit-hooks";

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
export async function openDatabase(
  opts: {
    url?: string;
    pgliteDir?: string;
    loadDataDir?: Blob;
    /** PostgreSQL only: called after a transaction lost its connection and the pool was replaced */
    onBroken?: () => void;
  } = {},
): Promise<DbHandle> {
  if (opts.url) {
    await migratePostgresLocked(opts.url);
    return closingHooks(replaceablePool(opts.url, opts.onBroken));
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {})
    : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const counter = { n: 0 };
  countPgliteStatements(client, counter);
  const db = trackCommits(drizzlePglite(client, { schema }) as unknown as Db);
  statementCounters.set(db, counter);
  await migratePglite(db as never, { migrationsFolder });
  return closingHooks({ db, driver: "pglite", close: () => client.close() });
}

const closeHooks = new WeakMap<Db, Set<() => Promise<void>>>();

/** Runs the hooks registered with `onDatabaseClose` before the handle closes. */
function closingHooks(handle: DbHandle): DbHandle {
  const hooks = new Set<() => Promise<void>>();
  closeHooks.set(handle.db, hooks);
  return {
    ...handle,
    close: async () => {
      await Promise.allSettled([...hooks].map((hook) => hook()));
      hooks.clear();
      await handle.close();
    },
  };
}

/**
 * Calls `hook` (awaited) when `db`'s handle is closing, before its connection goes: something
 * that runs on the handle in the background (the analysis queue's pg-boss) stops first.
 */
export function onDatabaseClose(db: Db, hook: () => Promise<void>): void {
  closeHooks.get(db)?.add(hook);
}

/**
 * drizzle's migrator takes no lock: app instances starting together on an empty database would
 * all apply the first migration and all but one fail (duplicate pg_type row), leaving those
 * servers unable to serve. A session advisory lock, taken on a one-connection client so the lock
 * and the migration share a session, makes them queue; the later ones find nothing pending.
 * Closing the client releases the lock even if a migration fails.
 */
async function migratePostgresLocked(url: string): Promise<void> {
  const one = postgres(url, { onnotice: () => {}, max: 1 });
  try {
    await one`select pg_advisory_lock(hashtext('equalis:migrations'))`;
    await migratePostgres(drizzlePostgres(one, { schema }), { migrationsFolder });
  } finally {
    await one.end({ timeout: 5 });
  }
}

const CONNECTION_LOST = new Set(["CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECTION_ENDED", "CONNECT_TIMEOUT", "ECONNRESET", "EPIPE", "57P01", "57P02", "57P03"]);

function lostConnection(err: unknown): boolean {
  for (let e = err, i = 0; e && typeof e === "object" && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if (CONNECTION_LOST.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * postgres.js 3.4.9 leaves a pooled connection broken when it is lost inside `sql.begin()`: its
 * own ROLLBACK write throws an uncaught TypeError (socket null) and from then on every query the
 * pool hands that connection waits for CONNECT_TIMEOUT (30 s) and fails — for good
 * (porsager/postgres#1208, #1215; found by tests/e2e/faults.spec.ts cutting the database in the
 * middle of a move). Every write of ours is a transaction, so a failed `begin` with a lost
 * connection is the signal to replace the whole pool.
 *
 * The replacement happens *behind* the handle's `db`: it forwards every use to the current pool,
 * so whoever holds it follows — a request in flight, and a live subscription, which holds its `db`
 * for as long as a page stays open. (Handing out a new `db` instead left those on the old pool,
 * where a re-read after the outage could draw the broken connection and hang: a spectator's view
 * froze until reload.) `onPoolReplaced` tells the live bus to LISTEN on the new pool. The old pool
 * is closed a minute later, once transactions still running on it have finished or failed.
 */
function replaceablePool(url: string, onBroken?: () => void): DbHandle {
  const open = () => {
    const sql = postgres(url, {
      onnotice: () => {},
      max: Number(process.env.DATABASE_POOL_MAX ?? 10),
      // postgres.js waits up to 20 s between reconnects (3^n/100 s); its LISTEN connection
      // (server/live/bus.ts) then missed live updates for that long after the database came back.
      // Same jittered curve, capped at 2 s.
      backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 2),
    });
    countPostgresStatements(sql, counter);
    watchBrokenTransactions(sql, () => replace(sql));
    return { sql, db: trackCommits(drizzlePostgres(sql, { schema })) };
  };
  const counter = { n: 0 }; // one count per handle, across pool replacements
  let current = open();
  let closed = false;
  const retiring = new Map<postgres.Sql, NodeJS.Timeout>();
  const db = forwardingDb(() => current.db);
  statementCounters.set(db, counter);
  const replaced = new Set<() => void>();
  poolListeners.set(db, replaced);

  function replace(broken: postgres.Sql) {
    if (closed || current.sql !== broken) return; // already replaced (several transactions fail at once)
    const old = current.sql;
    current = open();
    const timer = setTimeout(() => {
      retiring.delete(old);
      void old.end({ timeout: 5 }).catch(() => {});
    }, 60_000);
    retiring.set(old, timer.unref());
    for (const listener of replaced) listener();
    onBroken?.();
  }

  return {
    db,
    driver: "postgres",
    close: async () => {
      closed = true;
      for (const timer of retiring.values()) clearTimeout(timer);
      // a retired pool holds the broken connection, which would only time out: no grace for it
      await Promise.all([current.sql.end({ timeout: 5 }), ...[...retiring.keys()].map((sql) => sql.end({ timeout: 0 }))]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Prepared raw statements

interface RawSession {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(q: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
}

/**
 * `db.execute(query)` as a prepared statement. drizzle's `execute` sends raw SQL unprepared
 * (postgres.js `unsafe` without `prepare`), so PostgreSQL parses, analyses and plans the text on
 * every call; a statement that is sent on every move (the writer's one statement, five CTEs) paid
 * ≈ 1.1 ms of backend CPU per call for that alone (docs/performance-moves.md, "PostgreSQL's CPU per
 * move"). Prepared, each connection parses it once and, after PostgreSQL's five custom plans,
 * reuses a generic plan. Only for a statement whose text is the same on every call (values as
 * parameters): postgres.js keeps one prepared statement per text and connection. PGlite: the same
 * as `execute`. The result is the driver's, as `execute` returns it (an array or `{ rows }`).
 */
export function executePrepared(db: DbOrTx, query: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as RawSession;
  // a name makes drizzle's postgres-js session pass `prepare: true`; postgres.js names it itself
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, "equalis_prepared", false).execute();
}

// ---------------------------------------------------------------------------------------------
// Counting statements (docs/matches.md "The write path"): how many statements a handle has sent,
// BEGIN and COMMIT included. On PostgreSQL each is one network round trip (nothing of ours is
// pipelined; postgres.js also describes a statement the first time a connection prepares it, one
// more round trip per connection and statement text, not counted). Tests assert the count per move
// and the benchmarks print it; the cost is one increment per statement.

const statementCounters = new WeakMap<Db, { n: number }>();

/** Statements sent through this handle's `db` so far (compare two readings around some work). */
export function statementsSent(db: Db): number {
  const counter = statementCounters.get(db);
  if (!counter) throw new Error("statementsSent: not a database opened by openDatabase");
  return counter.n;
}

type Unsafe = (...args: unknown[]) => unknown;

/** drizzle sends every statement through `unsafe` (of the pool, or of a transaction's `sql`). */
function countPostgresStatements(sql: postgres.Sql, counter: { n: number }) {
  const countUnsafe = (target: { unsafe: Unsafe }) => {
    const unsafe = target.unsafe.bind(target);
    target.unsafe = (...args) => {
      counter.n++;
      return unsafe(...args);
    };
  };
  countUnsafe(sql as unknown as { unsafe: Unsafe });
  const begin = sql.begin.bind(sql) as (...args: unknown[]) => Promise<unknown>;
  (sql as unknown as { begin: typeof begin }).begin = (...args) => {
    counter.n += 2; // BEGIN and COMMIT (or ROLLBACK)
    const fn = args[args.length - 1] as (tx: { unsafe: Unsafe }) => unknown;
    args[args.length - 1] = (tx: { unsafe: Unsafe }) => {
      countUnsafe(tx);
      return fn(tx);
    };
    return begin(...args);
  };
}

/** drizzle's PGlite driver sends statements through `query`/`exec` of the client or of a transaction. */
function countPgliteStatements(client: PGlite, counter: { n: number }) {
  type Target = { query: Unsafe; exec: Unsafe };
  const countCalls = (target: Target) => {
    for (const key of ["query", "exec"] as const) {
      const call = target[key].bind(target);
      target[key] = (...args) => {
        // the live bus's LISTEN is not the work's statement (postgres.js LISTENs on a connection of its own)
        if (typeof args[0] !== "string" || !/^\s*(UN)?LISTEN\s/i.test(args[0])) counter.n++;
        return call(...args);
      };
    }
  };
  countCalls(client as unknown as Target);
  const transaction = client.transaction.bind(client) as (fn: (tx: Target) => unknown) => Promise<unknown>;
  (client as unknown as { transaction: typeof transaction }).transaction = (fn) => {
    counter.n += 2; // BEGIN and COMMIT (or ROLLBACK)
    return transaction((tx) => {
      countCalls(tx);
      return fn(tx);
    });
  };
}

/** Calls `onBroken` when a transaction fails because its connection was lost (not for a constraint etc.). */
function watchBrokenTransactions(sql: postgres.Sql, onBroken: () => void) {
  const begin = sql.begin.bind(sql) as (...args: unknown[]) => Promise<unknown>;
  (sql as unknown as { begin: typeof begin }).begin = (...args) =>
    begin(...args).catch((err: unknown) => {
      if (lostConnection(err)) onBroken();
      throw err;
    });
}

/**
 * A `Db` that is always the one `current()` returns. drizzle's methods run with `this` = the
 * forwarder and read `this.session` etc. through it, so one call never mixes two pools.
 */
function forwardingDb(current: () => Db): Db {
  return new Proxy({} as Db, {
    get: (_, key) => Reflect.get(current(), key),
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(current()),
  });
}

const poolListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Calls `listener` each time `db`'s connection pool is replaced (PostgreSQL handles only; never
 * for PGlite). Returns the function that stops it.
 */
export function onPoolReplaced(db: Db, listener: () => void): () => void {
  const listeners = poolListeners.get(db);
  listeners?.add(listener);
  return () => void listeners?.delete(listener);
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
  if (!globalForDb.__equalisDb) {
    const opening: Promise<DbHandle> = openDatabase(
      process.env.DATABASE_URL
        ? { url: process.env.DATABASE_URL, onBroken: () => console.warn("A transaction lost its database connection: replaced the connection pool (docs/deployment.md).") }
        : { pgliteDir: defaultPgliteDir() },
    ).catch((err) => {
      globalForDb.__equalisDb = undefined; // let the next request try again (e.g. database back up)
      throw err;
    });
    globalForDb.__equalisDb = opening;
  }
  return globalForDb.__equalisDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}
