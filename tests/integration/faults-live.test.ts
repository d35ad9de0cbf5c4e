/**
 * The database connection cut under the app: the live bus (server/live/bus.ts) — postgres.js
 * re-issues LISTEN after it reconnects, but notices sent meanwhile are gone, so the bus tells every
 * subscriber to re-read (a version-0 notice) as soon as it listens again — and a transaction cut
 * mid-way, after which db/client.ts replaces the pool. Needs TEST_DATABASE_URL
 * (PGlite's LISTEN is in-process and cannot be cut); skipped without it. The app-level version of
 * this runs in tests/e2e/faults.spec.ts.
 */
import net from "node:net";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { publish, subscribe, type LiveNotice } from "@/server/live/bus";

const url = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP proxy to PostgreSQL that can be cut (listening stops, open connections drop) and restored. */
async function proxyTo(host: string, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const up = () =>
    new Promise<number>((resolve) => {
      const srv = net.createServer((c) => {
        const u = net.connect(port, host);
        sockets.add(c).add(u);
        const drop = () => (c.destroy(), u.destroy());
        c.on("error", drop).on("close", drop);
        u.on("error", drop).on("close", drop);
        c.pipe(u);
        u.pipe(c);
      });
      srv.listen(listenPort, "127.0.0.1", () => {
        server = srv;
        resolve((srv.address() as net.AddressInfo).port);
      });
    });
  let listenPort = 0;
  listenPort = await up();
  return {
    port: listenPort,
    up: () => up(),
    down: async () => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      const srv = server;
      server = null;
      if (srv) await new Promise((r) => srv.close(r));
    },
  };
}

describe.skipIf(!url)("faults: live updates across a cut database connection [postgres]", () => {
  it("after the connection comes back, subscribers are told to re-read, then get notices again", async () => {
    const name = `equalis_faults_${randomBytes(5).toString("hex")}`;
    const admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const direct = new URL(url!);
    direct.pathname = `/${name}`;
    const proxy = await proxyTo(direct.hostname, Number(direct.port || 5432));
    const viaProxy = new URL(direct);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const app = await openDatabase({ url: viaProxy.toString() }); // the app instance, behind the proxy
    const other = await openDatabase({ url: direct.toString() }); // another instance, still connected
    const ctrl = new AbortController();
    const got: LiveNotice[] = [];
    try {
      const stream = subscribe(app.db, "match:m1", ctrl.signal);
      const reading = (async () => {
        for await (const n of stream) got.push(n);
      })();
      await publish(other.db, "match:m1", 1);
      await expect.poll(() => got.map((n) => n.version), { timeout: 5_000 }).toEqual([1]);

      await proxy.down();
      await sleep(300);
      await publish(other.db, "match:m1", 2); // sent while the app cannot hear: lost
      await sleep(2_500);
      await proxy.up();
      // the bus re-listens (backoff capped at 2 s) and asks for a re-read
      await expect.poll(() => got.map((n) => n.version), { timeout: 8_000 }).toEqual([1, 0]);
      await publish(other.db, "match:m1", 3);
      await expect.poll(() => got.map((n) => n.version), { timeout: 5_000 }).toEqual([1, 0, 3]);
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
  }, 40_000);

  it("a transaction that loses its connection reports the pool as broken (db/client.ts replaces it)", async () => {
    const name = `equalis_faults_${randomBytes(5).toString("hex")}`;
    const admin = postgres(url!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const direct = new URL(url!);
    direct.pathname = `/${name}`;
    const proxy = await proxyTo(direct.hostname, Number(direct.port || 5432));
    const viaProxy = new URL(direct);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    let broken = 0;
    const app = await openDatabase({ url: viaProxy.toString(), onBroken: () => broken++ });
    const holder = postgres(direct.toString(), { max: 2, onnotice: () => {} });
    // postgres.js throws an uncaught TypeError from a timer when the cut lands inside `begin`
    // (porsager/postgres#1208): expected here, and the reason the pool is replaced.
    const swallow = (e: Error) => {
      if (!/reading 'write'/.test(e.message)) throw e;
    };
    process.on("uncaughtException", swallow);
    try {
      await app.db.execute("create table t (id int primary key)");
      await app.db.execute("insert into t values (1)");
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
      await reserved`rollback`;
      reserved.release();
      await sleep(100);
    } finally {
      process.off("uncaughtException", swallow);
      await proxy.down();
      await app.close().catch(() => {});
      await holder.end();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 40_000);
});
