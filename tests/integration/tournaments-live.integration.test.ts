/**
 * `tournaments.live`: one message at start, then one after every change to the tournament (here a
 * director entering a result); messages carry only a version, never data.
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { clubMemberships } from "@/db/schema";
import { createCallerFactory } from "@/server/trpc";
import { appRouter } from "@/server/routers/_app";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

describeDb("tournaments live", (db) => {
  it("yields at start and again after a director enters a result", async () => {
    const [owner, director, p1, p2] = await Promise.all([seedUser(db()), seedUser(db()), seedUser(db()), seedUser(db())]);
    const club = await callerFor(db(), owner!).clubs.create({ handle: `tlive-${Date.now().toString(36)}`, name: "Live Club" });
    await db()
      .insert(clubMemberships)
      .values([
        { clubId: club.id, userId: director!.id, role: "director" },
        { clubId: club.id, userId: p1!.id, role: "member" },
        { clubId: club.id, userId: p2!.id, role: "member" },
      ]);
    const d = callerFor(db(), director!);
    const t = await d.tournaments.create({ clubId: club.id, name: "Live Open", startsAt: new Date("2031-04-01T09:00:00Z"), ruleset: "equate", format: "swiss", rounds: 1 });
    await d.tournaments.players.add({ tournamentId: t.id, emails: `${p1!.email}\n${p2!.email}`, checkIn: true });
    const { roundNumber } = await d.tournaments.rounds.pair({ tournamentId: t.id });
    await d.tournaments.rounds.publish({ tournamentId: t.id, roundNumber });
    const board = (await d.tournaments.byId({ tournamentId: t.id })).rounds.find((r) => r.number === roundNumber)!.pairings.find((p) => !p.isBye)!;

    const ac = new AbortController();
    const spectator = createCallerFactory(appRouter)({ db: db(), user: null }, { signal: ac.signal });
    const stream = (await spectator.tournaments.live({ tournamentId: t.id })) as AsyncIterable<{ version: number }>;
    const it = stream[Symbol.asyncIterator]();
    // the first message comes after the stream LISTENs (server/live/bus.ts), so nothing later is missed
    const first = await it.next();
    expect(first.value).toEqual({ version: 0 });

    await d.tournaments.enterResult({ tournamentId: t.id, pairingId: board.id, scores: { [p1!.id]: 420, [p2!.id]: 380 } });
    expect((await it.next()).value).toEqual({ version: 1 });
    ac.abort();
    expect((await it.next()).done).toBe(true);

    // an unknown tournament is a NOT_FOUND, not a stream that never ends
    const ac2 = new AbortController();
    const other = createCallerFactory(appRouter)({ db: db(), user: null }, { signal: ac2.signal });
    const missing = (await other.tournaments.live({ tournamentId: randomUUID() })) as AsyncIterable<unknown>;
    await expect(missing[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: "NOT_FOUND" });
    ac2.abort();
  });
});
