/**
 * `tournaments.live`: one message at start, then one after every change to the tournament (here a
 * director entering a result); messages carry only a version, never data.
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { createCallerFactory } from "@/server/trpc";
import { appRouter } from "@/server/routers/_app";
import { describeDb } from "../helpers/db";
import { seedClub, seedRound, seedTournament, seedUser } from "../helpers/seed";

describeDb("tournaments live", (db) => {
  it("yields at start and again after a director enters a result", async () => {
    const [owner, director, p1, p2] = await Promise.all([seedUser(db()), seedUser(db()), seedUser(db()), seedUser(db())]);
    const { club } = await seedClub(db(), { owner, directors: [director], members: [p1, p2], name: "Live Club" });
    const { t, director: d } = await seedTournament(db(), { clubId: club.id, director, players: [p1, p2], settings: { name: "Live Open", format: "swiss", rounds: 1 } });
    const { roundNumber } = await seedRound(db(), { tournamentId: t.id, director: d });
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
