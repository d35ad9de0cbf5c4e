/**
 * Corrections reach the ratings (docs/ratings.md "Corrections"): a corrected result, a result
 * turned into a forfeit, re-rated from that game on in the correction's transaction — with the
 * same numbers a full recompute gives — or, past the inline limit, queued with the players shown
 * "being recomputed" until the job runs; the players hear old -> new and why.
 */
import { afterEach, describe, expect, it } from "vitest";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { notifications, ratedGames, ratingEvents, ratingRerates, ratings, tournamentPairings, tournamentRounds, tournaments } from "@/db/schema";
import { applyRatedGame } from "@/server/services/ratings/apply";
import { recomputeRatings } from "@/server/services/ratings/recompute";
import { startQueuedRerates } from "@/server/services/ratings/queue";
import { getPlayerRating } from "@/server/services/ratings/queries";
import { writeResult } from "@/server/services/tournaments/results";
import { listAudit } from "@/server/services/tournaments/audit";
import { restHandler } from "@/server/rest";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

let n = 0;

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

afterEach(() => {
  delete process.env.RATINGS_INLINE_RERATE_LIMIT;
});

describeDb("rating corrections", (db) => {
  const users = (k: number): Promise<PublicUser[]> => Promise.all(Array.from({ length: k }, () => seedUser(db())));

  /** Everything derived from the ledger for these players, bit for bit. */
  async function snapshot(ids: string[]) {
    return {
      ratings: await db()
        .select({ u: ratings.userId, r: ratings.ruleset, rating: ratings.rating, rd: ratings.rd, vol: ratings.volatility, games: ratings.games })
        .from(ratings)
        .where(inArray(ratings.userId, ids))
        .orderBy(asc(ratings.userId), asc(ratings.ruleset)),
      events: await db()
        .select({ g: ratingEvents.ratedGameId, u: ratingEvents.userId, rb: ratingEvents.ratingBefore, db: ratingEvents.rdBefore, ra: ratingEvents.ratingAfter, da: ratingEvents.rdAfter, va: ratingEvents.volatilityAfter, s: ratingEvents.score, x: ratingEvents.result, o: ratingEvents.opponents })
        .from(ratingEvents)
        .where(inArray(ratingEvents.userId, ids))
        .orderBy(asc(ratingEvents.ratedGameId), asc(ratingEvents.userId)),
    };
  }

  /** A rated tournament's published round 1 with one board per pair (rows written directly). */
  async function rounds(players: string[][][]) {
    const owner = await seedUser(db());
    const club = await callerFor(db(), owner).clubs.create({ handle: `rc-${Date.now().toString(36)}-${n++}`, name: "Correction Club" });
    const [t] = await db()
      .insert(tournaments)
      .values({ clubId: club.id, name: "Spring Open", startsAt: new Date(), ruleset: "equate", rulesetOptions: {}, timeControl: {} as never, challengeRule: "single", rated: true, format: "swiss", rounds: 3, tiebreaks: [], status: "running" })
      .returning();
    const out = [];
    for (const [i, boards] of players.entries()) {
      const [r] = await db().insert(tournamentRounds).values({ tournamentId: t!.id, number: i + 1, status: "published" }).returning();
      out.push(
        await db()
          .insert(tournamentPairings)
          .values(boards.map((ps, j) => ({ tournamentId: t!.id, roundId: r!.id, roundNumber: i + 1, tableNumber: j + 1, players: ps })))
          .returning(),
      );
    }
    return out;
  }

  it("a correction deep in the history re-rates from that game on: the same numbers as a full recompute", async () => {
    const ps = await users(6);
    const ids = ps.map((p) => p.id);
    const rand = rng(11);
    let t = Date.parse("2026-04-01T09:00:00Z");
    const games: { sourceId: string; players: { userId: string; score: number; lost?: boolean }[]; playedAt: Date; ruleset: "equate" | "smath" }[] = [];
    for (let g = 0; g < 24; g++) {
      const k = rand() < 0.8 ? 2 : 3;
      const seats = [...ps].sort(() => rand() - 0.5).slice(0, k);
      if (g % 6 !== 0) t += 60_000; // some games share an instant: the id breaks the tie
      const game = { sourceId: randomUUID(), playedAt: new Date(t), ruleset: g % 4 === 3 ? ("smath" as const) : ("equate" as const), players: seats.map((p, i) => ({ userId: p.id, score: 100 + Math.floor(rand() * 8) * 40, ...(g % 7 === 2 && i === 1 ? { lost: true } : {}) })) };
      games.push(game);
      await applyRatedGame(db(), { source: "match", ...game });
    }
    const before = await snapshot(ids);
    // Correct game 8: the winner becomes the loser.
    const g8 = games[8]!;
    const flipped = g8.players.map((p, i) => ({ userId: p.userId, score: g8.players[g8.players.length - 1 - i]!.score + (i === 0 ? -1 : 0) }));
    const res = await applyRatedGame(db(), { source: "match", sourceId: g8.sourceId, ruleset: g8.ruleset, playedAt: g8.playedAt, players: flipped, why: "game 8 was corrected" });
    expect(res).toMatchObject({ status: "duplicate", amended: true, rerate: { status: "rerated" } });
    const rerated = await snapshot(ids);
    expect(rerated.ratings).not.toEqual(before.ratings);

    // The reference: wreck the derived tables and replay the whole ledger.
    await db().update(ratings).set({ rating: 0, games: 0 });
    await recomputeRatings(db(), { batchSize: 5 });
    const reference = await snapshot(ids);
    expect(rerated.ratings).toEqual(reference.ratings);
    expect(rerated.events).toEqual(reference.events);
  });

  it("round 1 table 3 entered as 412–380 then corrected to 380–412: ratings, player page, API and notification follow", async () => {
    const [a, b, c, d, e, f, g, h] = await users(8);
    const [r1, r2] = await rounds([
      [[e!.id, f!.id], [g!.id, h!.id], [a!.id, b!.id]],
      [[a!.id, c!.id], [b!.id, d!.id]],
    ]);
    const t3 = r1![2]!;
    const director = (await seedUser(db())).id;
    await writeResult(db(), { pairingId: t3.id, scores: { [a!.id]: 412, [b!.id]: 380 }, source: "director", actorId: director, forfeitUserId: null });
    await writeResult(db(), { pairingId: r2![0]!.id, scores: { [a!.id]: 360, [c!.id]: 350 }, source: "director", actorId: director, forfeitUserId: null });
    await writeResult(db(), { pairingId: r2![1]!.id, scores: { [b!.id]: 400, [d!.id]: 300 }, source: "director", actorId: director, forfeitUserId: null });
    const winBefore = (await getPlayerRating(db(), a!.id, "equate")).rating;
    expect(winBefore).toBeGreaterThan(1600); // two wins

    await writeResult(db(), { pairingId: t3.id, scores: { [a!.id]: 380, [b!.id]: 412 }, source: "director", actorId: director, forfeitUserId: null });
    const ids = [a!.id, b!.id, c!.id, d!.id];
    const corrected = await snapshot(ids);
    const ra = (await getPlayerRating(db(), a!.id, "equate")).rating;
    expect(ra).toBeLessThan(winBefore - 100); // a loss and a win now
    const [event] = await db().select().from(ratingEvents).where(and(eq(ratingEvents.userId, a!.id), eq(ratingEvents.sourceId, t3.id)));
    expect(event).toMatchObject({ score: 380, result: 0 });

    // The player page and the REST API count the loss.
    const page = await callerFor(db(), null).ratings.player({ userId: a!.id });
    expect(page.ratings.find((r) => r.ruleset === "equate")).toMatchObject({ rating: ra, games: 2, recomputing: false });
    const rest = restHandler(() => Promise.resolve(db()));
    const api = (await (await rest(new Request(`http://x/api/v1/players/${a!.id}`))).json()) as { ratings: { ruleset: string; rating: number; recomputing: boolean }[] };
    expect(api.ratings.find((r) => r.ruleset === "equate")).toMatchObject({ rating: ra, recomputing: false });

    // A hears old -> new and why.
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, a!.id)).orderBy(desc(notifications.createdAt)).limit(1);
    expect(note!.payload.text).toBe(`Your Equate rating changed from ${Math.round(winBefore)} to ${Math.round(ra)} because the result of round 1, table 3 of Spring Open was corrected.`);

    // Same as the full recompute.
    await recomputeRatings(db());
    expect(await snapshot(ids)).toEqual(corrected);
  });

  it("saving an unchanged result changes nothing and logs no correction", async () => {
    const [a, b] = await users(2);
    const p = (await rounds([[[a!.id, b!.id]]]))[0]![0]!;
    const director = await seedUser(db());
    await writeResult(db(), { pairingId: p.id, scores: { [a!.id]: 412, [b!.id]: 380 }, source: "director", actorId: director.id, forfeitUserId: null });
    const rating = await getPlayerRating(db(), a!.id, "equate");
    const [row] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, p.id));
    await writeResult(db(), { pairingId: p.id, scores: { [b!.id]: 380, [a!.id]: 412 }, source: "director", actorId: director.id, forfeitUserId: null, expectedVersion: row!.version });
    const [again] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, p.id));
    expect(again!.version).toBe(row!.version);
    expect((await listAudit(db(), p.tournamentId)).map((x) => x.action)).toEqual(["result.recorded"]);
    expect(await getPlayerRating(db(), a!.id, "equate")).toEqual(rating);
  });

  it("a played result changed to a forfeit takes the game out of the ratings at once; back to played rates it again", async () => {
    const [a, b, c] = await users(3);
    const [r1, r2] = await rounds([[[a!.id, b!.id]], [[a!.id, c!.id]]]);
    await writeResult(db(), { pairingId: r1![0]!.id, scores: { [a!.id]: 400, [b!.id]: 300 }, source: "director", actorId: null, forfeitUserId: null });
    await writeResult(db(), { pairingId: r2![0]!.id, scores: { [a!.id]: 400, [c!.id]: 300 }, source: "director", actorId: null, forfeitUserId: null });
    await writeResult(db(), { pairingId: r1![0]!.id, scores: { [a!.id]: 0, [b!.id]: 0 }, source: "director", actorId: null, forfeitUserId: b!.id });
    // b has no rated game left: no rating row, as after a recompute; a has one game, rated from 1500.
    expect(await db().select().from(ratings).where(eq(ratings.userId, b!.id))).toHaveLength(0);
    expect((await getPlayerRating(db(), a!.id, "equate")).games).toBe(1);
    const ids = [a!.id, b!.id, c!.id];
    const after = await snapshot(ids);
    await recomputeRatings(db());
    expect(await snapshot(ids)).toEqual(after);
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, b!.id)).orderBy(desc(notifications.createdAt)).limit(1);
    expect(note!.payload.text).toMatch(/changed from \d+ to 1500 because the result of round 1, table 1 of Spring Open was changed to a forfeit\.$/);
  });

  describe("past the inline limit", () => {
    it("queues the re-rate: the players show 'being recomputed' until the job runs, then the recomputed numbers and a notification", async () => {
      const [a, b, c] = await users(3);
      const [r1, r2] = await rounds([[[a!.id, b!.id]], [[a!.id, c!.id]]]);
      await writeResult(db(), { pairingId: r1![0]!.id, scores: { [a!.id]: 412, [b!.id]: 380 }, source: "director", actorId: null, forfeitUserId: null });
      await writeResult(db(), { pairingId: r2![0]!.id, scores: { [a!.id]: 300, [c!.id]: 300 }, source: "director", actorId: null, forfeitUserId: null });
      const stale = await getPlayerRating(db(), a!.id, "equate");

      process.env.RATINGS_INLINE_RERATE_LIMIT = "1"; // two games from the corrected one on: too many
      await writeResult(db(), { pairingId: r1![0]!.id, scores: { [a!.id]: 380, [b!.id]: 412 }, source: "director", actorId: null, forfeitUserId: null });
      expect(await getPlayerRating(db(), a!.id, "equate")).toEqual({ ...stale, recomputing: true });
      expect((await getPlayerRating(db(), b!.id, "equate")).recomputing).toBe(true);
      expect((await callerFor(db(), null).ratings.player({ userId: a!.id })).ratings.find((r) => r.ruleset === "equate")!.recomputing).toBe(true);
      expect(await db().select().from(ratingRerates)).toHaveLength(1);

      await startQueuedRerates(db());
      const fresh = await getPlayerRating(db(), a!.id, "equate");
      expect(fresh.recomputing).toBe(false);
      expect(fresh.rating).toBeLessThan(stale.rating);
      expect(await db().select().from(ratingRerates)).toHaveLength(0);
      const [note] = await db().select().from(notifications).where(eq(notifications.userId, a!.id)).orderBy(desc(notifications.createdAt)).limit(1);
      expect(note!.payload.text).toBe(`Your Equate rating changed from ${Math.round(stale.rating)} to ${Math.round(fresh.rating)} because the result of round 1, table 1 of Spring Open was corrected.`);
      // the ledger has the corrected game
      const [game] = await db().select().from(ratedGames).where(eq(ratedGames.pairingId, r1![0]!.id));
      expect(game!.players).toEqual([{ userId: a!.id, score: 380 }, { userId: b!.id, score: 412 }]);
    });
  });
});
