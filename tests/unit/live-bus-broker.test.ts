/**
 * The NATS live bus (server/live/nats-bus.ts) across a cut broker connection: the client
 * reconnects and re-subscribes by itself, but notices sent meanwhile are gone, so every subscriber
 * gets a version-0 ("re-read") notice once the bus hears again — and then later notices. A publish
 * while the broker is unreachable does not fail. Needs TEST_LIVE_BUS_URL (nats://…); skipped without.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { liveBusFromUrl, type LiveNotice } from "@/server/live/bus";
import { proxyTo } from "../helpers/tcp-proxy";

const url = process.env.TEST_LIVE_BUS_URL;

describe.skipIf(!url)("live bus on NATS: a cut broker connection", () => {
  it("after the connection comes back, subscribers are told to re-read, then get notices again", async () => {
    const broker = new URL(url!);
    const proxy = await proxyTo(broker.hostname, Number(broker.port || 4222));
    const app = liveBusFromUrl(`nats://127.0.0.1:${proxy.port}`); // this instance, behind the proxy
    const other = liveBusFromUrl(url); // another instance, still connected
    // NATS needs no database: a handle outside any transaction makes a publish go out at once
    const db = {} as Db;
    const ctrl = new AbortController();
    const topic = `test:cut:${randomUUID()}`;
    const got: LiveNotice[] = [];
    try {
      const stream = await app.subscribe(db, topic, ctrl.signal);
      const reading = (async () => {
        for await (const n of stream) got.push(n);
      })();
      await other.publish(db, topic, 1);
      await expect.poll(() => got.map((n) => n.version)).toEqual([1]);

      await proxy.down();
      // a publish while the broker is unreachable neither throws nor hangs (it runs after a commit)
      await app.publish(db, `test:elsewhere:${randomUUID()}`, 1);
      await new Promise((r) => setTimeout(r, 300)); // the server has dropped this subscription
      await other.publish(db, topic, 2); // lost
      await proxy.up();
      await expect.poll(() => got.map((n) => n.version), { timeout: 10_000 }).toEqual([1, 0]);
      await other.publish(db, topic, 3);
      await expect.poll(() => got.map((n) => n.version)).toEqual([1, 0, 3]);
      ctrl.abort();
      await reading;
    } finally {
      ctrl.abort();
      await proxy.down();
      await Promise.all([app.close(), other.close()]);
    }
  });
});
