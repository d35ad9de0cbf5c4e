/**
 * The live bus contract (server/live/bus.ts), on each implementation: NOTIFY always (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL), NATS when TEST_LIVE_BUS_URL is set (.ci/run sets it when a
 * NATS server answers). Once `await subscribe()` returns, a notice committed after it is delivered;
 * a rolled-back one never is, nor one whose transaction has not committed yet; notices of a topic
 * arrive in order; a reader that falls behind gets one re-read notice; a real move is announced.
 * The broker's reconnect → re-read is tested in live-bus-broker.integration.test.ts.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { matches } from "@/db/schema/matches";
import { liveBusFromUrl, setLiveBus, type LiveBus, type Subscription } from "@/server/live/bus";
import { loadFolded } from "@/server/services/matches/state";
import { submitMove } from "@/server/services/matches/moves";
import { topicOf } from "@/server/services/matches/writer";
import { describeDb, openTestDatabase } from "../helpers/db";
import { seedMatch } from "../helpers/seed";

const BUSES: [string, string | undefined][] = [["notify", undefined], ...(process.env.TEST_LIVE_BUS_URL ? [["nats", process.env.TEST_LIVE_BUS_URL] as [string, string]] : [])];

/** Reads `sub` in the background; `versions()` is what arrived so far (a pending `next()` cannot be taken back). */
function collect(sub: Subscription) {
  const got: number[] = [];
  void (async () => {
    for await (const n of sub) got.push(n.version);
  })();
  return { versions: () => [...got] };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The player on move exchanges their first tile. */
async function exchange(db: Db, matchId: string) {
  const [row] = await db.select({ version: matches.version }).from(matches).where(eq(matches.id, matchId));
  const f = (await loadFolded(db, matchId, row!.version))!;
  const seat = f.state.turn;
  return { matchId, userId: f.state.players[seat]!.id, expectedSeq: row!.version, clientId: randomUUID(), action: { type: "exchange" as const, tiles: [f.state.racks[seat]![0]!] } };
}

const TC = { initialMs: 3_600_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 };

describe.each(BUSES)("live bus contract: %s", (kind, url) => {
  let bus: LiveBus;
  let previous: LiveBus;
  beforeAll(() => {
    bus = liveBusFromUrl(url);
    previous = setLiveBus(bus); // the services' publish calls (the move path) go through it too
  });
  afterAll(async () => {
    setLiveBus(previous);
    await bus.close();
  });
  // topics unique per run: a broker is shared by every test file and driver
  const t = (name: string) => `test:${name}:${randomUUID()}`;

  describeDb(`on ${kind}`, (db, driver) => {
    it("delivers a notice committed right after subscribe() returns, even on a database never listened on", async () => {
      // A fresh handle: nothing has LISTENed on it yet, so subscribe() itself must wait for LISTEN
      // (it used to hand back a stream that started listening only when first read: this notice was lost).
      // On a broker the database plays no part: a fresh bus (not connected yet) is the case there.
      const fresh = kind === "notify" ? await openTestDatabase(driver) : { db: db(), close: async () => {} };
      const freshBus = liveBusFromUrl(url);
      const ac = new AbortController();
      const topic = t("first");
      try {
        const sub = await freshBus.subscribe(fresh.db, topic, ac.signal);
        await freshBus.publish(fresh.db, topic, 1);
        expect(await sub.next()).toEqual({ value: { topic, version: 1 }, done: false });
        ac.abort();
        expect(await sub.next()).toEqual({ value: undefined, done: true });
      } finally {
        ac.abort();
        await freshBus.close();
        await fresh.close();
      }
    });

    it("delivers a notice after commit only: none for a rolled-back transaction or savepoint, none before the commit", async () => {
      const ac = new AbortController();
      const topic = t("commit");
      const got = collect(await bus.subscribe(db(), topic, ac.signal));
      await db()
        .transaction(async (tx) => {
          await bus.publish(tx, topic, 1);
          throw new Error("rollback");
        })
        .catch(() => {});
      await bus.publish(db(), t("other"), 9);
      let early: number[] = [];
      await db().transaction(async (tx) => {
        await tx.transaction(async (sp) => bus.publish(sp, topic, 2)); // released: kept
        await tx
          .transaction(async (sp) => {
            await bus.publish(sp, topic, 3);
            throw new Error("savepoint rolled back");
          })
          .catch(() => {});
        await bus.publish(tx, topic, 4);
        await pause(150);
        early = got.versions(); // not committed yet: nothing may have arrived
      });
      expect(early).toEqual([]);
      await expect.poll(() => got.versions()).toEqual([2, 4]);
      await pause(150);
      expect(got.versions()).toEqual([2, 4]);
      ac.abort();
    });

    it("delivers a topic's notices in commit order", async () => {
      const ac = new AbortController();
      const topic = t("order");
      const sub = await bus.subscribe(db(), topic, ac.signal);
      for (let v = 1; v <= 30; v++) await db().transaction(async (tx) => bus.publish(tx, topic, v));
      const got: number[] = [];
      for (let i = 0; i < 30; i++) got.push((await sub.next()).value!.version);
      expect(got).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      ac.abort();
    });

    it("a reader far behind gets one re-read notice instead of an ever longer queue", async () => {
      const ac = new AbortController();
      const [slowTopic, markerTopic] = [t("slow"), t("marker")];
      const slow = await bus.subscribe(db(), slowTopic, ac.signal);
      const marker = await bus.subscribe(db(), markerTopic, ac.signal);
      await db().transaction(async (tx) => {
        for (let v = 1; v <= 70; v++) await bus.publish(tx, slowTopic, v);
      });
      // notices arrive in publishing order: once the marker is here, all 70 are queued on `slow`
      await bus.publish(db(), markerTopic, 1);
      await marker.next();
      const versions: number[] = [];
      for (let i = 0; i < 6; i++) versions.push((await slow.next()).value!.version);
      expect(versions).toEqual([0, 66, 67, 68, 69, 70]);
      ac.abort();
      expect((await slow.next()).done).toBe(true);
    });

    it("a move is announced with its version once committed; a stale one announces nothing", async () => {
      const { matchId } = await seedMatch(db(), { timeControl: TC });
      const ac = new AbortController();
      const got = collect(await bus.subscribe(db(), topicOf(matchId), ac.signal));
      const input = await exchange(db(), matchId);
      // The seed's own notice (committed before subscribe) may still be on its way when subscribe
      // returns: the contract promises what commits after subscribe, and says nothing of what came
      // before, so only versions after the seed's count here.
      const since = () => got.versions().filter((v) => v > input.expectedSeq);
      const out = await submitMove(db(), input);
      await expect.poll(since).toEqual([out.seq]);
      await expect(submitMove(db(), { ...input, clientId: randomUUID() })).rejects.toMatchObject({ code: "STALE" });
      await pause(150);
      expect(since()).toEqual([out.seq]);
      ac.abort();
    });
  });
});
