/**
 * The database connection cut under the app: the live bus (server/live/bus.ts) — postgres.js
 * re-issues LISTEN after it reconnects, but notices sent meanwhile are gone, so the bus tells every
 * subscriber to re-read (a version-0 notice) as soon as it listens again — and a transaction cut
 * mid-way, after which db/client.ts replaces the pool behind the same `db` and the bus follows it.
 * Needs PostgreSQL (tests/helpers/db.ts POSTGRES_URL: PGlite's LISTEN is in-process and cannot be
 * cut); skipped without it.
 * The app-level version of this runs in tests/e2e/faults.spec.ts.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "@/db/client";
import { publish, subscribe, type LiveNotice } from "@/server/live/bus";
import { proxyTo } from "../helpers/tcp-proxy";
import { POSTGRES_URL } from "../helpers/db";

const url = POSTGRES_URL;

/** Backends of database `name` whose last statement was a LISTEN (an idle LISTEN connection). */
async function listeners(db: Db, name: string): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = ${name} and query ilike 'listen %'`);
  return rows[0]!.n;
}

/** A scratch database, reached directly and through a proxy the test can cut. */
async function scratchBehindProxy() {
  const name = `equalis_faults_${randomBytes(5).toString("hex")}`;
  const admin = postgres(url!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const direct = new URL(url!);
  direct.pathname = `/${name}`;
  const proxy = await proxyTo(direct.hostname, Number(direct.port || 5432));
  const viaProxy = new URL(direct);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  return { name, admin, direct, viaProxy, proxy };
}

describe.skipIf(!url)("faults: live updates across a cut database connection [postgres]", () => {
  it("after the connection comes back, subscribers are told to re-read, then get notices again", async () => {
    const { name, admin, direct, viaProxy, proxy } = await scratchBehindProxy();
    const app = await openDatabase({ url: viaProxy.toString() }); // the app instance, behind the proxy
    const other = await openDatabase({ url: direct.toString() }); // another instance, still connected
    const ctrl = new AbortController();
    const got: LiveNotice[] = [];
    try {
      // subscribe() returns once LISTEN is active: a notice published after it cannot be missed
      const stream = await subscribe(app.db, "match:m1", ctrl.signal);
      const reading = (async () => {
        for await (const n of stream) got.push(n);
      })();
      await publish(other.db, "match:m1", 1);
      await expect.poll(() => got.map((n) => n.version)).toEqual([1]);

      await proxy.down();
      // the server has dropped the app's LISTEN connection: a notice now cannot reach the app
      await expect.poll(() => listeners(other.db, name)).toBe(0);
      await publish(other.db, "match:m1", 2); // lost
      await proxy.up();
      // the bus re-listens (backoff capped at 2 s) and asks for a re-read
      await expect.poll(() => got.map((n) => n.version), { timeout: 10_000 }).toEqual([1, 0]);
      await publish(other.db, "match:m1", 3);
      await expect.poll(() => got.map((n) => n.version)).toEqual([1, 0, 3]);
      ctrl.abort();
      await reading;
    } finally {
      ctrl.abort();
      await app.close().catch(() => {});
      await other.close();
      await proxy.down();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);

  it("a transaction cut mid-way: the pool is replaced behind the same db, reads and live subscriptions follow it", async () => {
    const { name, admin, direct, viaProxy, proxy } = await scratchBehindProxy();
    let broken = 0;
    const app = await openDatabase({ url: viaProxy.toString(), onBroken: () => broken++ });
    const other = await openDatabase({ url: direct.toString() });
    const holder = postgres(direct.toString(), { max: 2, onnotice: () => {} });
    const ctrl = new AbortController();
    // postgres.js throws an uncaught TypeError from a timer when the cut lands inside `begin`
    // (porsager/postgres#1208): expected here, and the reason the pool is replaced.
    let typeError!: () => void;
    const typeErrorSeen = new Promise<void>((r) => (typeError = r));
    const swallow = (e: Error) => {
      if (!/reading 'write'/.test(e.message)) throw e;
      typeError();
    };
    process.on("uncaughtException", swallow);
    try {
      await app.db.execute("create table t (id int primary key)");
      await app.db.execute("insert into t values (1)");
      // a spectator subscribed before the outage, as a live page is
      const existing = await subscribe(app.db, "match:m1", ctrl.signal);
      // an ordinary failed transaction (a constraint) is not a lost connection
      await expect(app.db.transaction(async (tx) => void (await tx.execute("insert into t values (1)")))).rejects.toThrow();
      expect(broken).toBe(0);

      const reserved = await holder.reserve();
      await reserved`begin`;
      await reserved`select id from t where id = 1 for update`;
      const waiting = app.db.transaction(async (tx) => void (await tx.execute("select id from t where id = 1 for update")));
      await expect.poll(async () => (await holder`select count(*)::int as n from pg_stat_activity where datname = ${name} and wait_event_type = 'Lock'`)[0]!.n).toBe(1);
      await proxy.down();
      await expect(waiting).rejects.toThrow();
      expect(broken).toBe(1);
      await typeErrorSeen;
      await reserved`rollback`;
      reserved.release();

      await proxy.up();
      // The same `db` now reads through a fresh pool: 12 reads at once, three times, all answered.
      // (Before, whoever held the old `db` — a live subscription re-reading its view — could draw
      // the broken connection and wait 30 s for CONNECT_TIMEOUT.)
      for (let round = 0; round < 3; round++) {
        const reads = await Promise.all(Array.from({ length: 12 }, () => app.db.execute<{ one: number }>(sql`select 1 as one`)));
        expect(reads.map((r) => r[0]!.one)).toEqual(Array(12).fill(1));
      }
      // The bus LISTENs on the new pool and tells the existing subscriber to re-read...
      expect(await existing.next()).toEqual({ value: { topic: "match:m1", version: 0 }, done: false });
      // ...and a fresh subscriber and the existing one both get the next notice.
      const fresh = await subscribe(app.db, "match:m1", ctrl.signal);
      await publish(other.db, "match:m1", 5);
      expect(await existing.next()).toEqual({ value: { topic: "match:m1", version: 5 }, done: false });
      expect(await fresh.next()).toEqual({ value: { topic: "match:m1", version: 5 }, done: false });
    } finally {
      ctrl.abort();
      process.off("uncaughtException", swallow);
      await proxy.down();
      await app.close().catch(() => {});
      await other.close();
      await holder.end();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
