import { expect, it } from "vitest";
import { ensureListening, publish, subscribe } from "@/server/live/bus";
import { describeDb } from "../helpers/db";

describeDb("live bus", (db) => {
  it("delivers a notice after commit, and none for a rolled-back transaction", async () => {
    await ensureListening(db());
    const ac = new AbortController();
    const got: number[] = [];
    const reading = (async () => {
      for await (const n of subscribe(db(), "match:abc", ac.signal)) {
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
});
