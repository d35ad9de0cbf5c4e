import { describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { clubMemberships, matches, ratedGames, ratingEvents, ratings, tournamentPairings, tournamentRounds, tournaments, type RulesetId } from "@/db/schema";
import { DEFAULT_GLICKO, newRating, rateGame, ratePod } from "@/server/domain";
import { applyRatedGame } from "@/server/services/ratings/apply";
import { recomputeRatings } from "@/server/services/ratings/recompute";
import { getPlayerRating } from "@/server/services/ratings/queries";
import { recordPairingResult, writeResult } from "@/server/services/tournaments/results";
import { playerRatingFor } from "@/server/services/tournaments/ratings";
import { acceptChallenge, createChallenge } from "@/server/services/matches/lifecycle";
import { submitMove } from "@/server/services/matches/moves";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

const T0 = Date.parse("2026-01-10T10:00:00Z");
let minute = 0;
const at = () => new Date(T0 + minute++ * 60_000);

async function users(db: Db, n: number): Promise<PublicUser[]> {
  return Promise.all(Array.from({ length: n }, () => seedUser(db)));
}

async function ratingOf(db: Db, userId: string, ruleset: RulesetId = "equate") {
  const [r] = await db.select().from(ratings).where(and(eq(ratings.userId, userId), eq(ratings.ruleset, ruleset)));
  return r;
}

/** Deterministic pseudo-random numbers (mulberry32) so the replay test is repeatable. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeDb("ratings", (db) => {
  it("a rated game updates both players, writes the ledger and one history row each", async () => {
    const [a, b] = await users(db(), 2);
    const playedAt = at();
    const matchId = randomUUID();
    const res = await applyRatedGame(db(), { ruleset: "equate", source: "match", sourceId: matchId, playedAt, players: [{ userId: a!.id, score: 412 }, { userId: b!.id, score: 377 }] });
    expect(res.status).toBe("rated");

    const [wa, wb] = rateGame(newRating(), newRating(), 1);
    const ra = await ratingOf(db(), a!.id);
    const rb = await ratingOf(db(), b!.id);
    expect(ra).toMatchObject({ rating: wa.rating, rd: wa.rd, volatility: wa.volatility, games: 1 });
    expect(rb).toMatchObject({ rating: wb.rating, rd: wb.rd, volatility: wb.volatility, games: 1 });
    expect(ra!.rating).toBeGreaterThan(1500);
    expect(rb!.rating).toBeLessThan(1500);

    const [game] = await db().select().from(ratedGames).where(eq(ratedGames.sourceId, matchId));
    expect(game).toMatchObject({ ruleset: "equate", source: "match", players: [{ userId: a!.id, score: 412 }, { userId: b!.id, score: 377 }] });
    expect(game!.playedAt.getTime()).toBe(playedAt.getTime());

    const events = await db().select().from(ratingEvents).where(eq(ratingEvents.ratedGameId, game!.id)).orderBy(asc(ratingEvents.score));
    expect(events).toHaveLength(2);
    const [loser, winner] = events;
    expect(winner).toMatchObject({ userId: a!.id, ratingBefore: 1500, rdBefore: 350, ratingAfter: wa.rating, rdAfter: wa.rd, score: 412, result: 1, source: "match", sourceId: matchId });
    expect(winner!.opponents).toEqual([{ userId: b!.id, rating: 1500, rd: 350, score: 377 }]);
    expect(loser).toMatchObject({ userId: b!.id, result: 0, ratingAfter: wb.rating });
  });

  it("is idempotent by source id: a second call changes nothing", async () => {
    const [a, b] = await users(db(), 2);
    const game = { ruleset: "smath" as const, source: "pairing" as const, sourceId: randomUUID(), playedAt: at(), players: [{ userId: a!.id, score: 300 }, { userId: b!.id, score: 300 }] };
    expect((await applyRatedGame(db(), game)).status).toBe("rated");
    const before = await ratingOf(db(), a!.id, "smath");
    expect(await applyRatedGame(db(), game)).toEqual({ status: "duplicate", source: "pairing", sourceId: game.sourceId, amended: false, rerate: null });
    expect(await ratingOf(db(), a!.id, "smath")).toEqual(before);
    // A corrected result: the ledger holds the correction and the ratings follow at once
    // (re-rated from that game on: tests/integration/rating-corrections.integration.test.ts).
    const corrected = [{ userId: a!.id, score: 999 }, { userId: b!.id, score: 0 }];
    const again = await applyRatedGame(db(), { ...game, players: corrected });
    expect(again).toMatchObject({ status: "duplicate", source: "pairing", sourceId: game.sourceId, amended: true, rerate: { status: "rerated", games: 1 } });
    expect((await ratingOf(db(), a!.id, "smath"))!.rating).toBeGreaterThan(1500);
    const [ledger] = await db().select().from(ratedGames).where(eq(ratedGames.sourceId, game.sourceId));
    expect(ledger!.players).toEqual(corrected);
    expect(before!.games).toBe(1);
    expect(await db().select().from(ratingEvents).where(eq(ratingEvents.sourceId, game.sourceId))).toHaveLength(2);
    // a tie between equals leaves the ratings level
    expect(before!.rating).toBeCloseTo(1500, 9);
  });

  it("joins the caller's transaction: a rolled-back result leaves no rating behind", async () => {
    const [a, b] = await users(db(), 2);
    const sourceId = randomUUID();
    await expect(
      db().transaction(async (tx) => {
        await applyRatedGame(tx, { ruleset: "equate", source: "match", sourceId, playedAt: at(), players: [{ userId: a!.id, score: 2 }, { userId: b!.id, score: 1 }] });
        throw new Error("result write failed");
      }),
    ).rejects.toThrow("result write failed");
    expect(await db().select().from(ratedGames).where(eq(ratedGames.sourceId, sourceId))).toHaveLength(0);
    expect(await ratingOf(db(), a!.id)).toBeUndefined();
  });

  it("rates a 4-player pod as pairwise results", async () => {
    const ps = await users(db(), 4);
    const scores = [250, 310, 310, 120];
    const res = await applyRatedGame(db(), { ruleset: "number-scrabble", source: "match", sourceId: randomUUID(), playedAt: at(), players: ps.map((p, i) => ({ userId: p.id, score: scores[i]! })) });
    expect(res.status).toBe("rated");
    const expected = ratePod([newRating(), newRating(), newRating(), newRating()], scores);
    for (const [i, p] of ps.entries()) {
      const r = await ratingOf(db(), p.id, "number-scrabble");
      expect(r).toMatchObject({ rating: expected[i]!.rating, rd: expected[i]!.rd, games: 1 });
    }
    const events = await db().select().from(ratingEvents).where(inArray(ratingEvents.userId, ps.map((p) => p.id)));
    const resultOf = (id: string) => events.find((e) => e.userId === id)!.result;
    expect(resultOf(ps[0]!.id)).toBeCloseTo(1 / 3); // beat the 120, lost to both 310s
    expect(resultOf(ps[1]!.id)).toBeCloseTo(2.5 / 3);
    expect(resultOf(ps[3]!.id)).toBe(0);
    expect(events.find((e) => e.userId === ps[0]!.id)!.opponents).toHaveLength(3);
  });

  it("rates a resignation or a loss on time as a loss whatever the scores", async () => {
    const [a, b] = await users(db(), 2);
    const res = await applyRatedGame(db(), { ruleset: "equate", source: "match", sourceId: randomUUID(), playedAt: at(), players: [{ userId: a!.id, score: 300, lost: true }, { userId: b!.id, score: 120 }] });
    expect(res.status === "rated" && res.changes.map((c) => c.result)).toEqual([0, 1]);
    expect((await ratingOf(db(), a!.id))!.rating).toBeLessThan(1500);
    expect((await ratingOf(db(), b!.id))!.rating).toBeGreaterThan(1500);
  });

  it("ignores unrated games, forfeits and byes", async () => {
    const [a, b] = await users(db(), 2);
    const base = { ruleset: "equate" as const, source: "pairing" as const, playedAt: at(), players: [{ userId: a!.id, score: 50 }, { userId: b!.id, score: 0 }] };
    expect(await applyRatedGame(db(), { ...base, sourceId: randomUUID(), rated: false })).toEqual({ status: "skipped", reason: "unrated" });
    expect(await applyRatedGame(db(), { ...base, sourceId: randomUUID(), forfeit: true })).toEqual({ status: "skipped", reason: "forfeit" });
    expect(await applyRatedGame(db(), { ...base, sourceId: randomUUID(), players: [{ userId: a!.id, score: 50 }] })).toEqual({ status: "skipped", reason: "bye" });
    expect(await ratingOf(db(), a!.id)).toBeUndefined();
    expect(await db().select().from(ratingEvents).where(eq(ratingEvents.userId, a!.id))).toHaveLength(0);
  });

  it("refuses a malformed game with a domain error", async () => {
    const [a] = await users(db(), 1);
    await expect(
      applyRatedGame(db(), { ruleset: "equate", source: "match", sourceId: randomUUID(), playedAt: at(), players: [{ userId: a!.id, score: 1 }, { userId: a!.id, score: 2 }] }),
    ).rejects.toMatchObject({ name: "DomainError", code: "INVALID" });
  });

  it("two games sharing players at once neither deadlock nor lose an update", async () => {
    const [a, b, c] = await users(db(), 3);
    const game = (x: string, y: string) => ({ ruleset: "smath" as const, source: "match" as const, sourceId: randomUUID(), playedAt: at(), players: [{ userId: x, score: 10 }, { userId: y, score: 5 }] });
    await Promise.all([
      db().transaction((tx) => applyRatedGame(tx, game(b!.id, a!.id))),
      db().transaction((tx) => applyRatedGame(tx, game(a!.id, c!.id))),
      db().transaction((tx) => applyRatedGame(tx, game(c!.id, b!.id))),
    ]);
    for (const u of [a, b, c]) expect((await ratingOf(db(), u!.id, "smath"))!.games).toBe(2);
  });

  it("a full recompute from the ledger gives exactly the incremental numbers", async () => {
    const ps = await users(db(), 8);
    const rand = rng(7);
    const RULES: RulesetId[] = ["equate", "smath", "number-scrabble"];
    let t = Date.parse("2026-03-01T09:00:00Z");
    for (let g = 0; g < 60; g++) {
      const n = rand() < 0.75 ? 2 : rand() < 0.5 ? 3 : 4;
      const seats = [...ps].sort(() => rand() - 0.5).slice(0, n);
      if (g % 5 !== 0) t += 60_000; // every fifth game shares its instant with the previous one
      await applyRatedGame(db(), {
        ruleset: RULES[Math.floor(rand() * 3)]!,
        source: g % 2 ? "match" : "pairing",
        sourceId: randomUUID(),
        playedAt: new Date(t),
        players: seats.map((p, i) => ({ userId: p.id, score: Math.floor(rand() * 8) * 50, ...(g % 9 === 4 && i === 0 ? { lost: true } : {}) })),
      });
    }
    const ids = ps.map((p) => p.id);
    const snapshot = async () => ({
      ratings: await db().select({ u: ratings.userId, r: ratings.ruleset, rating: ratings.rating, rd: ratings.rd, vol: ratings.volatility, games: ratings.games }).from(ratings).where(inArray(ratings.userId, ids)).orderBy(asc(ratings.userId), asc(ratings.ruleset)),
      events: await db()
        .select({ g: ratingEvents.ratedGameId, u: ratingEvents.userId, rb: ratingEvents.ratingBefore, db: ratingEvents.rdBefore, ra: ratingEvents.ratingAfter, da: ratingEvents.rdAfter, s: ratingEvents.score, x: ratingEvents.result, o: ratingEvents.opponents, at: ratingEvents.playedAt, src: ratingEvents.sourceId })
        .from(ratingEvents)
        .where(inArray(ratingEvents.userId, ids))
        .orderBy(asc(ratingEvents.ratedGameId), asc(ratingEvents.userId)),
    });
    const incremental = await snapshot();
    expect(incremental.events.length).toBeGreaterThan(120);

    // Wreck the derived tables first, so the recompute must rebuild them from the ledger alone.
    await db().update(ratings).set({ rating: 0, games: 0 });
    const progress: number[] = [];
    const summary = await recomputeRatings(db(), { batchSize: 7, onProgress: (n) => progress.push(n) });
    expect(summary.games).toBeGreaterThanOrEqual(60);
    expect(progress.at(-1)).toBe(summary.games);
    const recomputed = await snapshot();
    expect(recomputed.ratings).toEqual(incremental.ratings);
    expect(recomputed.events).toEqual(incremental.events);

    // and replaying once more is stable
    await recomputeRatings(db(), { batchSize: 1000, history: false });
    expect((await snapshot()).ratings).toEqual(incremental.ratings);
  });

  it("serves leaderboards, the club leaderboard, the player page and expected scores", async () => {
    const [a, b, c, owner] = await users(db(), 4);
    const club = await callerFor(db(), owner!).clubs.create({ handle: `rate-${Date.now().toString(36)}`, name: "Rating Club" });
    await db().insert(clubMemberships).values([{ clubId: club.id, userId: a!.id }, { clubId: club.id, userId: b!.id }]);
    for (let i = 0; i < 3; i++) {
      await applyRatedGame(db(), { ruleset: "equate", source: "match", sourceId: randomUUID(), playedAt: at(), players: [{ userId: a!.id, score: 400 }, { userId: b!.id, score: 100 }] });
    }
    await applyRatedGame(db(), { ruleset: "equate", source: "match", sourceId: randomUUID(), playedAt: at(), players: [{ userId: c!.id, score: 400 }, { userId: b!.id, score: 100 }] });
    const anon = callerFor(db());

    const global = await anon.ratings.leaderboard({ ruleset: "equate", limit: 500 });
    const rankOf = (id: string) => global.rows.findIndex((r) => r.userId === id);
    expect(rankOf(a!.id)).toBeGreaterThanOrEqual(0);
    expect(rankOf(a!.id)).toBeLessThan(rankOf(b!.id));
    expect(global.rows.find((r) => r.userId === a!.id)).toMatchObject({ games: 3, provisional: true });
    const filtered = await anon.ratings.leaderboard({ ruleset: "equate", minGames: 3, limit: 500 });
    expect(filtered.rows.some((r) => r.userId === c!.id)).toBe(false);
    expect(filtered.rows.every((r) => r.games >= 3)).toBe(true);

    const clubBoard = await anon.ratings.club({ clubId: club.id, ruleset: "equate" });
    expect(clubBoard.rows.map((r) => r.userId)).toEqual([a!.id, b!.id]);
    expect(clubBoard.rows.map((r) => r.rank)).toEqual([1, 2]);
    expect((await anon.ratings.club({ clubId: club.id, ruleset: "smath" })).rows).toEqual([]);

    const profile = await anon.ratings.player({ userId: a!.id });
    expect(profile.user.name).toBe(a!.name);
    expect(profile.clubs.map((x) => x.handle)).toEqual([club.handle]);
    expect(profile.ratings.find((r) => r.ruleset === "equate")).toMatchObject({ games: 3, provisional: true });
    expect(profile.ratings.find((r) => r.ruleset === "smath")).toMatchObject({ games: 0, rating: 1500, rd: 350 });
    expect(profile.history.equate.points).toHaveLength(3);
    expect(profile.history.equate.start).toEqual({ rating: 1500, rd: 350 });
    expect(profile.history.equate.points[0]!.rating).toBeLessThan(profile.history.equate.points[2]!.rating);
    expect(profile.history.smath).toEqual({ start: null, points: [] });
    expect(profile.recent).toHaveLength(3);
    expect(profile.recent[0]!.opponents[0]).toMatchObject({ userId: b!.id, name: b!.name, score: 100 });
    await expect(anon.ratings.player({ userId: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const exp = await anon.ratings.expected({ ruleset: "equate", userIds: [a!.id, b!.id] });
    expect(exp[0]!.expected).toBeGreaterThan(0.5);
    expect(exp[0]!.expected + exp[1]!.expected).toBeCloseTo(1, 9);
    const pod = await anon.ratings.expected({ ruleset: "equate", userIds: [a!.id, b!.id, c!.id] });
    expect(pod.reduce((s, r) => s + r.expected, 0)).toBeCloseTo(1.5, 9);
    await expect(anon.ratings.expected({ ruleset: "equate", userIds: [a!.id] })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    expect((await getPlayerRating(db(), c!.id, "smath")).rating).toBe(DEFAULT_GLICKO.initialRating);
  });

  describe("wired into tournaments and matches", () => {
    /** A published round of a tournament with one board per pair of players (rows written directly). */
    async function board(d: Db, opts: { rated: boolean }, players: string[][]) {
      const owner = await seedUser(d);
      const club = await callerFor(d, owner).clubs.create({ handle: `rt-${Date.now().toString(36)}-${minute++}`, name: "Rated Club" });
      const [t] = await d
        .insert(tournaments)
        .values({ clubId: club.id, name: "Cup", startsAt: new Date(), ruleset: "smath", rulesetOptions: {}, timeControl: {} as never, challengeRule: "single", rated: opts.rated, format: "swiss", rounds: 3, tiebreaks: [], status: "running" })
        .returning();
      const [r] = await d.insert(tournamentRounds).values({ tournamentId: t!.id, number: 1, status: "published" }).returning();
      return d
        .insert(tournamentPairings)
        .values(players.map((ps, i) => ({ tournamentId: t!.id, roundId: r!.id, roundNumber: 1, tableNumber: i + 1, players: ps })))
        .returning();
    }

    it("a director's result on a rated board is rated once; forfeits and unrated events are not; corrections reach the ledger", async () => {
      const [a, b, c, d2] = await users(db(), 4);
      const [p1, p2] = await board(db(), { rated: true }, [[a!.id, b!.id], [c!.id, d2!.id]]);
      await recordPairingResult(db(), { pairingId: p1!.id, scores: { [a!.id]: 320, [b!.id]: 280 }, source: "director", actorId: null });
      await recordPairingResult(db(), { pairingId: p2!.id, scores: { [c!.id]: 0, [d2!.id]: 50 }, source: "director", actorId: null, forfeit: true });
      expect(await db().select().from(ratedGames).where(eq(ratedGames.sourceId, p1!.id))).toMatchObject([{ source: "pairing", ruleset: "smath" }]);
      expect(await db().select().from(ratedGames).where(eq(ratedGames.sourceId, p2!.id))).toHaveLength(0);
      const ra = await ratingOf(db(), a!.id, "smath");
      expect(ra!.rating).toBeGreaterThan(1500);
      expect(await playerRatingFor(db(), a!.id, "smath")).toBe(Math.round(ra!.rating));
      expect(await playerRatingFor(db(), c!.id, "smath")).toBe(1500);

      await writeResult(db(), { pairingId: p1!.id, scores: { [a!.id]: 200, [b!.id]: 280 }, source: "director", actorId: null, forfeitUserId: null });
      expect((await ratingOf(db(), a!.id, "smath"))!.rating).toBeLessThan(1500); // re-rated at once
      const [ledger] = await db().select().from(ratedGames).where(eq(ratedGames.sourceId, p1!.id));
      expect(ledger!.players).toEqual([{ userId: a!.id, score: 200 }, { userId: b!.id, score: 280 }]);

      const [u1, u2] = await users(db(), 2);
      const [q] = await board(db(), { rated: false }, [[u1!.id, u2!.id]]);
      await recordPairingResult(db(), { pairingId: q!.id, scores: { [u1!.id]: 10, [u2!.id]: 5 }, source: "director", actorId: null });
      expect(await ratingOf(db(), u1!.id, "smath")).toBeUndefined();
    });

    it("a director's forfeit is not rated: correcting to a forfeit takes the board out of the ledger, correcting back rates it again", async () => {
      const [a, b] = await users(db(), 2);
      const [p] = await board(db(), { rated: true }, [[a!.id, b!.id]]);
      const entry = () => db().select().from(ratedGames).where(eq(ratedGames.pairingId, p!.id));
      const history = () => db().select().from(ratingEvents).where(eq(ratingEvents.sourceId, p!.id));
      await writeResult(db(), { pairingId: p!.id, scores: { [a!.id]: 320, [b!.id]: 280 }, source: "director", actorId: null, forfeitUserId: null });
      expect(await entry()).toHaveLength(1);
      expect(await history()).toHaveLength(2);

      // played → forfeit: no game to rate, so no ledger entry (nor its history rows)
      await writeResult(db(), { pairingId: p!.id, scores: { [a!.id]: 0, [b!.id]: 0 }, source: "director", actorId: null, forfeitUserId: a!.id });
      expect(await entry()).toHaveLength(0);
      expect(await history()).toHaveLength(0);
      // the recompute (the reference) then agrees: neither player has a rated game
      await recomputeRatings(db());
      expect(await ratingOf(db(), a!.id, "smath")).toBeUndefined();

      // forfeit → forfeit by the other player: still nothing
      await writeResult(db(), { pairingId: p!.id, scores: { [a!.id]: 0, [b!.id]: 0 }, source: "director", actorId: null, forfeitUserId: b!.id });
      expect(await entry()).toHaveLength(0);

      // forfeit → played: rated again, once
      await writeResult(db(), { pairingId: p!.id, scores: { [a!.id]: 300, [b!.id]: 310 }, source: "director", actorId: null, forfeitUserId: null });
      expect((await entry()).map((g) => g.players)).toEqual([[{ userId: a!.id, score: 300 }, { userId: b!.id, score: 310 }]]);
      expect((await ratingOf(db(), b!.id, "smath"))!.games).toBe(1);
    });

    it("a board whose game ended by resignation stays rated when a director re-saves it with the same loser", async () => {
      const [a, b] = await users(db(), 2);
      const m = await createChallenge(db(), a!.id, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, rated: true, seats: 2, invite: [b!.id], firstMover: "creator" });
      await acceptChallenge(db(), { matchId: m.id, userId: b!.id }, { now: T0 });
      await submitMove(db(), { matchId: m.id, userId: a!.id, expectedSeq: 1, clientId: randomUUID(), action: { type: "resign" } }, { now: T0 + 5_000 });
      // Attach the finished game to a board of a rated event, as if it had been that board's game.
      const [p] = await board(db(), { rated: true }, [[a!.id, b!.id]]);
      await db().update(matches).set({ pairingId: p!.id }).where(eq(matches.id, m.id));
      await db().update(ratedGames).set({ pairingId: p!.id }).where(eq(ratedGames.sourceId, m.id));
      await writeResult(db(), { pairingId: p!.id, scores: { [a!.id]: 0, [b!.id]: 0 }, source: "director", actorId: null, matchId: m.id, forfeitUserId: a!.id });
      const [game] = await db().select().from(ratedGames).where(eq(ratedGames.pairingId, p!.id));
      expect(game!.players).toEqual([{ userId: a!.id, score: 0, lost: true }, { userId: b!.id, score: 0 }]);
    });

    it("a rated online match that ends by resignation rates it as a loss in the same transaction", async () => {
      const [a, b] = await users(db(), 2);
      const m = await createChallenge(db(), a!.id, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, rated: true, seats: 2, invite: [b!.id], firstMover: "creator" });
      await acceptChallenge(db(), { matchId: m.id, userId: b!.id }, { now: T0 });
      await submitMove(db(), { matchId: m.id, userId: a!.id, expectedSeq: 1, clientId: randomUUID(), action: { type: "resign" } }, { now: T0 + 5_000 });
      const [game] = await db().select().from(ratedGames).where(and(eq(ratedGames.source, "match"), eq(ratedGames.sourceId, m.id)));
      expect(game!.players.find((p) => p.userId === a!.id)).toMatchObject({ lost: true });
      expect((await ratingOf(db(), a!.id))!.rating).toBeLessThan(1500);
      expect((await ratingOf(db(), b!.id))!.rating).toBeGreaterThan(1500);
    });
  });
});
