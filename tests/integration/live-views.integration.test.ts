/**
 * One view per version (server/services/matches/views.ts): however many subscribe to a match's
 * live view in one process, each new version is read and its public view computed once; every
 * spectator is handed that same view, and a player's view is it plus their own rack. A late
 * subscriber gets the current version once, stamped with the time it subscribed.
 */
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { Db } from "@/db/client";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory, type SessionUser } from "@/server/trpc";
import { submitMove } from "@/server/services/matches/moves";
import { publicViewsComputed, type MatchView } from "@/server/services/matches/views";
import { describeDb } from "../helpers/db";
import { seedMatch } from "../helpers/seed";

const SPECTATORS = 200;

/** A live subscription read one view at a time. */
async function watch(db: Db, user: SessionUser | null, matchId: string, ac: AbortController) {
  const caller = createCallerFactory(appRouter)({ db, user }, { signal: ac.signal });
  const stream = (await caller.matches.live({ matchId })) as AsyncIterable<MatchView>;
  const it = stream[Symbol.asyncIterator]();
  return {
    /** the next view (fails the test rather than hang if none comes) */
    next: async (): Promise<MatchView> => {
      const r = await it.next();
      if (r.done) throw new Error("the live view ended");
      return r.value;
    },
  };
}

describeDb("one live view per version", (db) => {
  describe(`${SPECTATORS} spectators and both players on one match`, () => {
    it("computes each version's public view once, hands spectators the same view, players their rack", { timeout: 60_000 }, async () => {
      const { a, b, matchId: id } = await seedMatch(db(), { names: ["Ada", "Bo"] });
      const m = { id };
      const ac = new AbortController();
      setMaxListeners(0, ac.signal); // one signal ends all ${SPECTATORS} subscriptions
      try {
        const players = { [a.id]: await watch(db(), a, m.id, ac), [b.id]: await watch(db(), b, m.id, ac) };
        const spectators = await Promise.all(Array.from({ length: SPECTATORS }, () => watch(db(), null, m.id, ac)));
        const first = await Promise.all(spectators.map((s) => s.next()));
        const racks = { [a.id]: (await players[a.id]!.next()).game!.rack!, [b.id]: (await players[b.id]!.next()).game!.rack! };
        expect(first.every((v) => v.version === 1 && v.game!.rack === null)).toBe(true);
        const before = publicViewsComputed(m.id);

        let version = 1;
        for (const mover of [a, b, a]) {
          const other = mover.id === a.id ? b : a;
          const tile = racks[mover.id]![0]!;
          await submitMove(db(), { matchId: m.id, userId: mover.id, expectedSeq: version, clientId: randomUUID(), action: { type: "exchange", tiles: [tile] } });
          version++;
          const seen = await Promise.all(spectators.map((s) => s.next()));
          expect(new Set(seen.map((v) => v.version))).toEqual(new Set([version]));
          // the same public view, serialised once: one object for every spectator
          expect(new Set(seen.map((v) => v.serverNow)).size).toBe(1);
          expect(seen.every((v) => v.game!.rack === null && v.viewerSeat === null && !v.game!.can.resign)).toBe(true);
          const pub = seen[0]!;
          for (const p of [mover, other]) {
            const mine = await players[p.id]!.next();
            expect(mine.version).toBe(version);
            expect(mine.viewerSeat).toBe(p.id === a.id ? 0 : 1);
            expect(mine.game!.rack).toHaveLength(mine.players[mine.viewerSeat!]!.rackCount);
            expect(mine.game!.can.resign).toBe(true);
            // the player's unseen tiles are the spectator's minus their own rack
            const count = (v: MatchView) => v.game!.unseen.reduce((n, u) => n + u.count, 0);
            expect(count(mine)).toBe(count(pub) - mine.game!.rack!.length);
            expect({ ...mine, viewerSeat: null, game: { ...mine.game, rack: null, unseen: null, can: null } }).toEqual({ ...pub, game: { ...pub.game, unseen: null, can: null } });
            racks[p.id] = mine.game!.rack!;
          }
        }
        expect(publicViewsComputed(m.id) - before).toBe(3);

        // a late subscriber: the current version once, with the clock stamp of now, and no new read
        const t = Date.now();
        const late = await watch(db(), null, m.id, ac);
        const now = await late.next();
        expect(now.version).toBe(version);
        expect(now.serverNow).toBeGreaterThanOrEqual(t);
        expect(publicViewsComputed(m.id) - before).toBe(3);
      } finally {
        ac.abort();
      }
    });
  });
});
