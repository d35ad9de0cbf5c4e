/**
 * A duplicate game's live notices (docs/duplicate.md "Live pages"), on each database: a subscriber
 * hears a player join and a turn's close (which opens the next turn in the same transaction), each
 * notice only a newer version, and the re-read view then shows the next rack — which no one could
 * read before the opening, though the search had drawn it ahead. The view kept per version: a close
 * no one here heard of is read at once (never a stale turn), and on a notice the new version is
 * read once for every page, each re-read then one statement.
 */
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { statementsSent, type Db } from "@/db/client";
import { duplicateTurns } from "@/db/schema";
import { appRouter } from "@/server/routers/_app";
import { loadGame } from "@/server/services/duplicate/access";
import { startDuplicate } from "@/server/services/duplicate/games";
import { searchTurn } from "@/server/services/duplicate/search";
import { closeTurn } from "@/server/services/duplicate/turns";
import { sharedReadsOf } from "@/server/services/duplicate/view";
import { createCallerFactory, type SessionUser } from "@/server/trpc";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

type Notice = { version: number };

/** A `duplicate.live` subscription as a page has it: `next()` waits for the next message. */
async function listen(db: Db, user: SessionUser, gameId: string) {
  const ac = new AbortController();
  const caller = createCallerFactory(appRouter)({ db, user }, { signal: ac.signal });
  const stream = (await caller.duplicate.live({ gameId })) as AsyncIterable<Notice>;
  const it = stream[Symbol.asyncIterator]();
  const next = async (): Promise<Notice> => {
    const r = await Promise.race([it.next(), new Promise<never>((_, no) => setTimeout(() => no(new Error("no notice within 10 s")), 10_000))]);
    if (r.done) throw new Error("the stream ended");
    return r.value;
  };
  return { next, stop: () => ac.abort() };
}

async function turnRow(db: Db, gameId: string, number: number) {
  const [t] = await db.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, gameId), eq(duplicateTurns.number, number)));
  return t!;
}

describeDb("duplicate live notices", (db) => {
  it("a subscriber hears a join and a turn's close with the next opening; the next rack is unreadable before it", async () => {
    const [ann, bo, cy] = await Promise.all([seedUser(db(), { name: "Ann" }), seedUser(db(), { name: "Bo" }), seedUser(db(), { name: "Cy" })]);
    const { id } = await callerFor(db(), ann).duplicate.create({ name: "Pushed", ruleset: "equate", turnSeconds: 60, maxTurns: 3, seed: "live-1" });
    await callerFor(db(), bo).duplicate.join({ gameId: id });
    await startDuplicate(db(), id, ann.id);
    const sub = await listen(db(), bo, id);
    try {
      const first = await sub.next();
      expect(first.version).toBe((await loadGame(db(), id)).version);
      expect(first).toEqual({ version: first.version }); // the version, nothing else

      // a player joins: a newer version
      await callerFor(db(), cy).duplicate.join({ gameId: id });
      const joined = await sub.next();
      expect(joined.version).toBeGreaterThan(first.version);
      expect((await callerFor(db(), bo).duplicate.get({ gameId: id })).players.map((p) => p.userId)).toContain(cy.id);

      // the search draws turn 2 ahead; it stays on the server until the close opens turn 2
      const g = await loadGame(db(), id);
      const t1 = await turnRow(db(), id, 1);
      await searchTurn(db(), g, t1, 800);
      const ahead = (await turnRow(db(), id, 1)).search;
      const nextRack = ahead && "next" in ahead ? ahead.next?.rack : undefined;
      expect(nextRack, "the search drew the next rack ahead").toBeTruthy();
      expect(nextRack).not.toEqual(t1.rack);
      for (const who of [ann, bo, cy]) {
        const v = await callerFor(db(), who).duplicate.get({ gameId: id });
        expect(v.turn!.number).toBe(1);
        expect(JSON.stringify(v), "the next rack before its turn opens").not.toContain(JSON.stringify(nextRack));
      }

      expect((await closeTurn(db(), id, 1, t1.dueAt)).outcome).toBe("closed");
      const closed = await sub.next();
      expect(closed.version).toBeGreaterThan(joined.version);
      const after = await callerFor(db(), bo).duplicate.get({ gameId: id });
      expect(after.version).toBe(closed.version);
      expect(after.history.map((h) => h.number)).toEqual([1]);
      expect(after.turn!.number).toBe(2);
      expect(after.turn!.rack).toEqual(nextRack);
    } finally {
      sub.stop();
    }
  }, 60_000);

  it("the kept view: a close heard of or not is read at once; on a notice every re-read is one statement", async () => {
    const [ann, bo, cy] = await Promise.all([seedUser(db(), { name: "Ann" }), seedUser(db(), { name: "Bo" }), seedUser(db(), { name: "Cy" })]);
    const { id } = await callerFor(db(), ann).duplicate.create({ name: "Kept", ruleset: "equate", turnSeconds: 60, maxTurns: 3, seed: "live-2" });
    for (const who of [bo, cy]) await callerFor(db(), who).duplicate.join({ gameId: id });
    await startDuplicate(db(), id, ann.id);
    const view = (who: SessionUser) => callerFor(db(), who).duplicate.get({ gameId: id });
    expect((await view(bo)).turn!.number).toBe(1);

    // closed with no notice heard here (as by another instance): the next read shows it
    expect((await closeTurn(db(), id, 1, (await turnRow(db(), id, 1)).dueAt, 800)).outcome).toBe("closed");
    const seen = await view(bo);
    expect(seen.version).toBe((await loadGame(db(), id)).version);
    expect(seen.history.map((h) => h.number)).toEqual([1]);
    expect(seen.turn!.number).toBe(2);

    // closed with a page's stream here: the notice reads the new version once, for every page
    const sub = await listen(db(), bo, id);
    try {
      await sub.next();
      const reads = sharedReadsOf(id);
      expect((await closeTurn(db(), id, 2, (await turnRow(db(), id, 2)).dueAt, 800)).outcome).toBe("closed");
      const closed = await sub.next();
      expect(sharedReadsOf(id) - reads, "the notice started reading the new version").toBe(1);
      expect((await view(ann)).version).toBe(closed.version);
      const before = statementsSent(db());
      const views = await Promise.all([ann, bo, cy].map(view));
      expect(statementsSent(db()) - before, "one statement a re-read").toBe(3);
      expect(sharedReadsOf(id) - reads, "the new version read once").toBe(1);
      for (const v of views) expect([v.version, v.turn!.number, v.history.length]).toEqual([closed.version, 3, 2]);
    } finally {
      sub.stop();
    }
  }, 60_000);
});
