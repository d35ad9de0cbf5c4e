/**
 * The live bus (server/live/bus.ts): once `await subscribe()` returns, a notice committed after it
 * is delivered; rolled-back notices never are; a reader that falls behind gets one re-read notice.
 */
import { expect, it } from "vitest";
import { publish, subscribe } from "@/server/live/bus";
import { describeDb, openTestDatabase } from "../helpers/db";

describeDb("live bus", (db, driver) => {
  it("delivers a notice committed right after subscribe() returns, even on a database never listened on", async () => {
    // A fresh handle: nothing has LISTENed on it yet, so subscribe() itself must wait for LISTEN
    // (it used to hand back a stream that started listening only when first read: this notice was lost).
    const fresh = await openTestDatabase(driver);
    const ac = new AbortController();
    try {
      const sub = await subscribe(fresh.db, "match:first", ac.signal);
      await publish(fresh.db, "match:first", 1);
      expect(await sub.next()).toEqual({ value: { topic: "match:first", version: 1 }, done: false });
      ac.abort();
      expect(await sub.next()).toEqual({ value: undefined, done: true });
    } finally {
      ac.abort();
      await fresh.close();
    }
  });

  it("delivers a notice after commit, and none for a rolled-back transaction", async () => {
    const ac = new AbortController();
    const got: number[] = [];
    const sub = await subscribe(db(), "match:abc", ac.signal);
    const reading = (async () => {
      for await (const n of sub) {
        got.push(n.version);
        if (n.version === 2) ac.abort();
      }
    })();
    await db()
      .transaction(async (tx) => {
        await publish(tx, "match:abc", 1);
        throw new Error("rollback");
      })
      .catch(() => {});
    await publish(db(), "match:other", 9);
    await db().transaction(async (tx) => publish(tx, "match:abc", 2));
    await reading;
    expect(got).toEqual([2]);
  });

  it("a reader far behind gets one re-read notice instead of an ever longer queue", async () => {
    const ac = new AbortController();
    const slow = await subscribe(db(), "match:slow", ac.signal);
    const marker = await subscribe(db(), "match:marker", ac.signal);
    await db().transaction(async (tx) => {
      for (let v = 1; v <= 70; v++) await publish(tx, "match:slow", v);
    });
    // notices arrive in commit order: once the marker is here, all 70 are queued on `slow`
    await publish(db(), "match:marker", 1);
    await marker.next();
    const versions: number[] = [];
    for (let i = 0; i < 6; i++) versions.push((await slow.next()).value!.version);
    expect(versions).toEqual([0, 66, 67, 68, 69, 70]);
    ac.abort();
    expect((await slow.next()).done).toBe(true);
  });
});
