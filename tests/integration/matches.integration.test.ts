import { describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { matchEvents, matches, ratedGames, tournamentPairings, tournamentRounds, tournaments } from "@/db/schema";
import { replay } from "@/engine";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { acceptChallenge, createChallenge, createFromPairing, joinByCode } from "@/server/services/matches/lifecycle";
import { claimTimeout, submitMove } from "@/server/services/matches/moves";
import { createOtbFromPairing } from "@/server/services/matches/scorekeeper";
import { getMatchView } from "@/server/services/matches/views";
import { deleteDraftRound, pairNextRound, publishRound } from "@/server/services/tournaments/rounds";
import { clearStateCache } from "@/server/services/matches/state";
import type { MatchTimeControlInput } from "@/server/services/matches/schemas";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedMatch, seedRound, seedTournament, seedUser } from "../helpers/seed";
import { findOpeningPlay, findPhonyPlay } from "./matches.helpers";

const T0 = Date.UTC(2031, 0, 1, 12, 0, 0);
const cid = () => randomUUID();

/** A seed whose first rack (the first mover's) has an opening play of ≤ 4 tiles. */
function goodSeed(): string {
  for (let k = 0; ; k++) {
    const seed = `test-seed-${k}`;
    const s = replay([{ type: "start", at: 0, ruleset: "equate", players: [{ id: "a" }, { id: "b" }], seed }]).state!;
    if (findOpeningPlay(s.racks[0]!)) return seed;
  }
}

const TC = (over: Partial<MatchTimeControlInput> = {}): MatchTimeControlInput => ({
  initialMs: 60_000,
  incrementMs: 0,
  perMoveLimitMs: null,
  overtimePenaltyPoints: 10,
  maxOvertimeMs: 600_000,
  leastTimeBonusPoints: 0,
  ...over,
});

/** A started 2-player Equate game: A (creator) moves first, at T0. */
async function startedGame(db: Db, opts: { timeControl?: MatchTimeControlInput | null; challengeRule?: "single" | "void" | "retry" } = {}) {
  return seedMatch(db, {
    names: ["Ada", "Bo"],
    challengeRule: opts.challengeRule ?? "single",
    timeControl: opts.timeControl === undefined ? TC() : opts.timeControl,
    seed: goodSeed(),
    now: T0,
  });
}

async function openingFor(db: Db, matchId: string, user: PublicUser) {
  const v = await getMatchView(db, matchId, user.id, { now: T0 });
  return { view: v, play: findOpeningPlay(v.game!.rack!)! };
}

/** Exchange the first tile of the user's rack (a move that never ends the game). */
async function exchangeOne(db: Db, matchId: string, user: PublicUser, expectedSeq: number, now?: number, clientId = cid()) {
  const v = await getMatchView(db, matchId, user.id, { now });
  return submitMove(db, { matchId, userId: user.id, expectedSeq, clientId, action: { type: "exchange", tiles: [v.game!.rack![0]!] } }, { now });
}

async function eventsOf(db: Db, matchId: string) {
  return db.select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(matchEvents.seq);
}

describeDb("matches", (db, driver) => {
  describe("challenges and turns", () => {
    it("starts when the invited player accepts; only the player on move can move", async () => {
      const { a, b, matchId } = await startedGame(db());
      const { view, play } = await openingFor(db(), matchId, a);
      expect(view.status).toBe("active");
      expect(view.version).toBe(1);
      expect(view.viewerSeat).toBe(0);
      expect(view.game!.can.play).toBe(true);

      await expect(
        submitMove(db(), { matchId, userId: b.id, expectedSeq: 1, clientId: cid(), action: { type: "pass" } }, { now: T0 + 500 }),
      ).rejects.toThrow(/not your turn: Ada is to move/);

      const out = await submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: cid(), action: { type: "play", placements: play.placements } }, { now: T0 + 1000 });
      expect(out).toMatchObject({ applied: true, seq: 2, version: 2, status: "active" });
      const vb = await getMatchView(db(), matchId, b.id, { now: T0 + 1000 });
      expect(vb.game!.turn).toBe(1);
      expect(vb.players[0]!.score).toBe(play.score);
      expect(vb.game!.board).toHaveLength(play.placements.length);
      expect(vb.game!.sheet.at(-1)!.text).toContain(play.faces.join(""));
      expect(vb.game!.sheet.at(-1)!.points).toBe(play.score);
    });

    it("refuses an invalid play with the engine's sentence and writes nothing", async () => {
      const { a, matchId } = await startedGame(db(), { challengeRule: "void" });
      await expect(
        submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: cid(), action: { type: "play", placements: [{ row: 0, col: 0, tile: "3" }] } }, { now: T0 + 10 }),
      ).rejects.toThrow(/^The play is not valid/);
      expect(await eventsOf(db(), matchId)).toHaveLength(1);
    });

    it("an open seat is taken through the join link", async () => {
      const [a, c] = await Promise.all([seedUser(db()), seedUser(db())]);
      const m = await createChallenge(db(), a.id, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, rated: false, seats: 2, invite: [], firstMover: "random" });
      expect(m.joinCode).toBeTruthy();
      const preview = await callerFor(db()).matches.preview({ code: m.joinCode! });
      expect(preview.players).toHaveLength(1);
      await joinByCode(db(), { code: m.joinCode!, userId: c.id });
      await joinByCode(db(), { code: m.joinCode!, userId: c.id }).catch(() => {}); // twice: harmless (link now spent)
      const v = await callerFor(db(), { id: c.id, email: c.email, name: c.name }).matches.get({ matchId: m.id });
      expect(v.status).toBe("active");
      expect(v.players.map((p) => p.userId).sort()).toEqual([a.id, c.id].sort());
    });
    it("a rated casual game never previews validity: its view says preview off, even for a row stored as full", async () => {
      const [a, b] = await Promise.all([seedUser(db()), seedUser(db())]);
      const base = { ruleset: "equate" as const, rulesetOptions: {}, challengeRule: "single" as const, timeControl: null, seats: 2, invite: [b.id], firstMover: "creator" as const };
      const rated = await callerFor(db(), { id: a.id, email: a.email, name: a.name }).matches.create({ ...base, rated: true });
      const casual = await callerFor(db(), { id: a.id, email: a.email, name: a.name }).matches.create({ ...base, rated: false });
      await acceptChallenge(db(), { matchId: rated.id, userId: b.id }, { now: T0 });
      for (const who of [a, b]) expect((await callerFor(db(), { id: who.id, email: who.email, name: who.name }).matches.get({ matchId: rated.id })).preview).toBe("off");
      expect((await callerFor(db()).matches.get({ matchId: rated.id })).preview).toBe("off");
      expect((await getMatchView(db(), casual.id, a.id)).preview).toBe("full");
      // a rated casual game stored before the rule, with the "full" preview
      await db().update(matches).set({ preview: "full", updatedAt: new Date() }).where(eq(matches.id, rated.id));
      expect((await getMatchView(db(), rated.id, b.id)).preview).toBe("off");
    });
  });

  describe("concurrency", () => {
    it("a duplicate clientId applies once; a stale expectedSeq is refused", async () => {
      const { a, b, matchId } = await startedGame(db());
      const key = cid();
      const first = await submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: key, action: { type: "pass" } }, { now: T0 + 100 });
      const again = await submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: key, action: { type: "pass" } }, { now: T0 + 200 });
      expect(first.applied).toBe(true);
      expect(again).toMatchObject({ applied: false, seq: first.seq, version: 2 });
      await expect(submitMove(db(), { matchId, userId: b.id, expectedSeq: 1, clientId: cid(), action: { type: "pass" } }, { now: T0 + 300 })).rejects.toThrow(
        /The game moved on: refresh/,
      );
      expect(await eventsOf(db(), matchId)).toHaveLength(2);
    });

    it("20 identical and 20 conflicting submissions at once: exactly one applies each time", async () => {
      const { a, b, matchId } = await startedGame(db());
      const key = cid();
      const same = await Promise.allSettled(
        Array.from({ length: 20 }, () => submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: key, action: { type: "pass" } })),
      );
      expect(same.every((r) => r.status === "fulfilled")).toBe(true);
      expect(same.filter((r) => r.status === "fulfilled" && r.value.applied)).toHaveLength(1);
      expect((await eventsOf(db(), matchId)).filter((e) => e.type === "pass")).toHaveLength(1);

      const rackB = (await getMatchView(db(), matchId, b.id)).game!.rack!;
      const racing = await Promise.allSettled(
        Array.from({ length: 20 }, () => submitMove(db(), { matchId, userId: b.id, expectedSeq: 2, clientId: cid(), action: { type: "exchange", tiles: [rackB[0]!] } })),
      );
      const ok = racing.filter((r) => r.status === "fulfilled");
      expect(ok).toHaveLength(1);
      for (const r of racing) if (r.status === "rejected") expect(String(r.reason.message)).toMatch(/The game moved on/);
      expect(await eventsOf(db(), matchId)).toHaveLength(3);
    });

    it("two players racing cannot both move, and a restart (cold cache) loses nothing", async () => {
      const { a, b, matchId } = await startedGame(db());
      const r = await Promise.allSettled([
        submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: cid(), action: { type: "pass" } }),
        submitMove(db(), { matchId, userId: b.id, expectedSeq: 1, clientId: cid(), action: { type: "pass" } }),
      ]);
      expect(r.filter((x) => x.status === "fulfilled")).toHaveLength(1);
      clearStateCache();
      const v = await getMatchView(db(), matchId, b.id);
      expect(v.version).toBe(2);
      expect(v.game!.turn).toBe(1);
      await exchangeOne(db(), matchId, b, 2);
      clearStateCache();
      expect((await getMatchView(db(), matchId, null)).version).toBe(3);
    });
  });

  describe("views never leak racks or the bag", () => {
    it("a player sees only their rack; opponents and spectators see counts", async () => {
      const { a, b, matchId } = await startedGame(db());
      const asA = await callerFor(db(), { id: a.id, email: a.email, name: a.name }).matches.get({ matchId });
      const asB = await callerFor(db(), { id: b.id, email: b.email, name: b.name }).matches.get({ matchId });
      const asNobody = await callerFor(db()).matches.get({ matchId });
      expect(asA.game!.rack).toHaveLength(9);
      expect(asB.game!.rack).toHaveLength(9);
      expect(asNobody.game!.rack).toBeNull();
      for (const v of [asA, asB, asNobody]) {
        const json = JSON.stringify(v);
        expect(json).not.toMatch(/"racks"|"bag"|"tiles"|"seed"|"valid"|"finalRacks"/);
        expect(v.players.every((p) => p.rackCount === 9 && !("rack" in p))).toBe(true);
        expect(v.game!.bagCount).toBeGreaterThan(0);
      }
      // B's view holds no list equal to A's rack
      const rackA = JSON.stringify(asA.game!.rack);
      expect(JSON.stringify(asB)).not.toContain(rackA);
      expect(JSON.stringify(asNobody)).not.toContain(rackA);
      // the unseen tally of B counts A's rack as unseen
      const total = (v: typeof asA) => v.game!.unseen.reduce((s, u) => s + u.count, 0);
      expect(total(asB)).toBe(asB.game!.bagCount + 9);
      expect(total(asNobody)).toBe(asNobody.game!.bagCount + 18);
    });
  });

  describe("clocks (injected time)", () => {
    it("overtime costs a penalty event at the end, shown on the scoresheet", async () => {
      const { a, b, matchId } = await startedGame(db(), { timeControl: TC({ initialMs: 3_000 }) });
      await submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: cid(), action: { type: "pass" } }, { now: T0 + 1_000 });
      // B takes 5 s: 2 s over a 3 s budget → 10 points (one started minute)
      await exchangeOne(db(), matchId, b, 2, T0 + 6_000);
      await submitMove(db(), { matchId, userId: a.id, expectedSeq: 3, clientId: cid(), action: { type: "resign" } }, { now: T0 + 7_000 });
      const evs = await eventsOf(db(), matchId);
      const penalty = evs.find((e) => e.type === "time-penalty")!;
      expect(penalty.payload).toMatchObject({ player: b.id, points: 10, overtimeMs: 2_000 });
      expect(penalty.actorId).toBeNull();
      expect(evs.at(-1)!.type).toBe("end");
      const v = await getMatchView(db(), matchId, null);
      expect(v.status).toBe("finished");
      expect(v.result).toMatchObject({ reason: "resign", winners: [b.id] });
      expect(v.game!.sheet.some((s) => s.type === "time-penalty" && s.seat === 1 && s.points === -10)).toBe(true);
      expect(v.players[1]!.score).toBe(-10);
    });

    it("a player past the maximum overtime loses on time when anyone next touches the match", async () => {
      const { a, b, matchId } = await startedGame(db(), { timeControl: TC({ initialMs: 2_000, maxOvertimeMs: 1_000 }) });
      await expect(claimTimeout(db(), { matchId, userId: b.id }, { now: T0 + 2_500 })).rejects.toThrow(/Nobody has run out of time/);
      // A's move after the flag fell: the timeout is recorded, the move refused
      await expect(
        submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: cid(), action: { type: "pass" } }, { now: T0 + 3_500 }),
      ).rejects.toThrow(/ran out of time/);
      const v = await getMatchView(db(), matchId, b.id, { now: T0 + 4_000 });
      expect(v.status).toBe("finished");
      expect(v.result).toMatchObject({ reason: "timeout", winners: [b.id] });
      const evs = await eventsOf(db(), matchId);
      expect(evs.map((e) => e.type)).toEqual(["start", "timeout", "time-penalty", "end"]);
      expect(evs[1]!.at.getTime()).toBe(T0 + 3_001);
    });

    it("a view alone records the timeout; claimTimeout works for the opponent", async () => {
      const g1 = await startedGame(db(), { timeControl: TC({ initialMs: 1_000, maxOvertimeMs: 0 }) });
      const v = await getMatchView(db(), g1.matchId, null, { now: T0 + 5_000 });
      expect(v.result?.reason).toBe("timeout");
      const g2 = await startedGame(db(), { timeControl: TC({ initialMs: 1_000, maxOvertimeMs: 0 }) });
      expect(await claimTimeout(db(), { matchId: g2.matchId, userId: g2.b.id }, { now: T0 + 1_500 })).toMatchObject({ ended: true });
    });
  });

  describe("challenges", () => {
    it("a challenged phony comes off the board and is marked on the scoresheet", async () => {
      const { a, b, matchId } = await startedGame(db(), { challengeRule: "single" });
      const { play } = await openingFor(db(), matchId, a);
      await submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: cid(), action: { type: "play", placements: play.placements } }, { now: T0 + 10 });
      const vb = await getMatchView(db(), matchId, b.id, { now: T0 + 20 });
      const phony = findPhonyPlay(vb.game!.board, vb.game!.rack!);
      expect(phony).not.toBeNull();
      await submitMove(db(), { matchId, userId: b.id, expectedSeq: 2, clientId: cid(), action: { type: "play", placements: phony! } }, { now: T0 + 30 });
      const va = await getMatchView(db(), matchId, a.id, { now: T0 + 40 });
      expect(va.game!.can.challenge).toBe(true);
      expect(JSON.stringify(va)).not.toMatch(/"valid"/);
      await expect(
        submitMove(db(), { matchId, userId: b.id, expectedSeq: 3, clientId: cid(), action: { type: "challenge" } }, { now: T0 + 45 }),
      ).rejects.toThrow(/cannot challenge their own play/);
      await submitMove(db(), { matchId, userId: a.id, expectedSeq: 3, clientId: cid(), action: { type: "challenge" } }, { now: T0 + 50 });
      const after = await getMatchView(db(), matchId, null, { now: T0 + 60 });
      expect(after.game!.board).toHaveLength(play.placements.length);
      expect(after.players[1]!.score).toBe(0);
      expect(after.game!.sheet.at(-1)!.text).toMatch(/play withdrawn/);
    });
  });

  describe("records", () => {
    it("live records are for players without the seed; finished records for everyone", async () => {
      const { a, b, matchId } = await startedGame(db());
      const asA = callerFor(db(), { id: a.id, email: a.email, name: a.name });
      await expect(callerFor(db()).matches.record({ matchId, format: "text" })).rejects.toThrow(/for its players/);
      const live = await asA.matches.record({ matchId, format: "json" });
      const [m] = await db().select().from(matches).where(eq(matches.id, matchId));
      expect(live.text).not.toContain(m!.seed);
      await submitMove(db(), { matchId, userId: b.id, expectedSeq: 1, clientId: cid(), action: { type: "resign" } });
      const done = await callerFor(db()).matches.record({ matchId, format: "text" });
      expect(done.complete).toBe(true);
      expect(done.text).toContain("#equalis-game");
    });
  });

  describe("tournament pairings", () => {
    async function seedPairing(db: Db, opts: { publish?: boolean } = {}) {
      const [owner, director, p1, p2, outsider] = await Promise.all([seedUser(db), seedUser(db), seedUser(db, { name: "P1" }), seedUser(db, { name: "P2" }), seedUser(db)]);
      const { club } = await seedClub(db, { owner, directors: [director], members: [p1, p2], name: "Match Club" });
      const { t, director: dir } = await seedTournament(db, { clubId: club.id, director, players: [p1, p2], settings: { name: "Online Cup", format: "swiss", rounds: 1 } });
      const { boards } = await seedRound(db, { tournamentId: t.id, director: dir, publish: opts.publish !== false });
      const pairing = boards[0];
      return { director, p1, p2, outsider, t, pairing: pairing! };
    }

    /** The tournament's games, and those whose board is gone or not published (there must be none). */
    async function gamesOf(db: Db, tournamentId: string) {
      const all = await db.select({ id: matches.id, pairingId: matches.pairingId }).from(matches).where(eq(matches.tournamentId, tournamentId));
      const orphans = await db.select({ id: matches.id }).from(matches).where(and(eq(matches.tournamentId, tournamentId), isNull(matches.pairingId)));
      const unpublished = await db
        .select({ id: matches.id })
        .from(matches)
        .innerJoin(tournamentPairings, eq(tournamentPairings.id, matches.pairingId))
        .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
        .where(and(eq(matches.tournamentId, tournamentId), sql`${tournamentRounds.status} <> 'published'`));
      return { all, orphans, unpublished };
    }

    const boardOf = async (db: Db, tournamentId: string) =>
      (await db.select().from(tournamentPairings).where(and(eq(tournamentPairings.tournamentId, tournamentId), eq(tournamentPairings.isBye, false))))[0]!;

    it("a draft's game does not start, online or over the board; once the round is published it does", async () => {
      const s = await seedPairing(db(), { publish: false });
      const draft = { code: "PRECONDITION", message: "Round 1 is still a draft: its games start once the director publishes it." };
      await expect(createFromPairing(db(), { pairingId: s.pairing.id, userId: s.director.id })).rejects.toMatchObject(draft);
      await expect(createFromPairing(db(), { pairingId: s.pairing.id, userId: s.p1.id })).rejects.toMatchObject(draft);
      await expect(createOtbFromPairing(db(), { pairingId: s.pairing.id, userId: s.director.id })).rejects.toMatchObject(draft);
      const asDirector = callerFor(db(), { id: s.director.id, email: s.director.email, name: s.director.name });
      await expect(asDirector.matches.createFromPairing({ pairingId: s.pairing.id })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
      expect((await gamesOf(db(), s.t.id)).all).toEqual([]);
      // deleteDraft leaves no game behind; the round paired again and published starts
      await asDirector.tournaments.rounds.deleteDraft({ tournamentId: s.t.id, roundNumber: 1 });
      await expect(createFromPairing(db(), { pairingId: s.pairing.id, userId: s.director.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await asDirector.tournaments.rounds.pair({ tournamentId: s.t.id });
      await asDirector.tournaments.rounds.publish({ tournamentId: s.t.id, roundNumber: 1 });
      const board = await boardOf(db(), s.t.id);
      expect(await createFromPairing(db(), { pairingId: board.id, userId: s.p1.id })).toMatchObject({ created: true });
      expect(await gamesOf(db(), s.t.id)).toMatchObject({ orphans: [], unpublished: [] });
    });

    it("starting a draft's game while the director deletes or publishes it never leaves a game on a deleted or unpublished board", async () => {
      const s = await seedPairing(db(), { publish: false });
      const [start, del] = await Promise.allSettled([createFromPairing(db(), { pairingId: s.pairing.id, userId: s.p1.id }), deleteDraftRound(db(), { tournamentId: s.t.id, actorId: s.director.id, roundNumber: 1 })]);
      expect(del.status).toBe("fulfilled");
      expect(start.status).toBe("rejected");
      expect((await gamesOf(db(), s.t.id)).all).toEqual([]);

      await pairNextRound(db(), { tournamentId: s.t.id, actorId: s.director.id });
      const board = await boardOf(db(), s.t.id);
      const [start2, pub] = await Promise.allSettled([createFromPairing(db(), { pairingId: board.id, userId: s.p2.id }), publishRound(db(), { tournamentId: s.t.id, actorId: s.director.id, roundNumber: 1 })]);
      expect(pub.status).toBe("fulfilled");
      // before the publication it is refused; after it, the game starts on the published board
      if (start2.status === "rejected") expect(start2.reason).toMatchObject({ code: "PRECONDITION" });
      const games = await gamesOf(db(), s.t.id);
      expect(games).toMatchObject({ orphans: [], unpublished: [] });
      expect(games.all).toHaveLength(start2.status === "fulfilled" ? 1 : 0);
    });

    it.skipIf(driver !== "postgres")("a start that arrives while deleteDraft holds the tournament waits for it, then finds no board (PostgreSQL)", async () => {
      const s = await seedPairing(db(), { publish: false });
      // What deleteDraft does, held open: the tournament row FOR UPDATE, the round deleted, not yet committed.
      let commit!: () => void;
      const held = new Promise<void>((r) => (commit = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const deletion = db().transaction(async (tx) => {
        await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, s.t.id)).for("update");
        await tx.delete(tournamentRounds).where(eq(tournamentRounds.tournamentId, s.t.id));
        locked();
        await held;
      });
      await isLocked;
      const start = createFromPairing(db(), { pairingId: s.pairing.id, userId: s.director.id });
      const outcome = start.then(() => "started", (e: unknown) => e);
      await expect
        .poll(async () => (await db().execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n)
        .toBe(1);
      commit();
      await deletion;
      expect(await outcome).toMatchObject({ code: "NOT_FOUND" });
      expect((await gamesOf(db(), s.t.id)).all).toEqual([]);
    });

    it("a draft whose game was started before the rule cannot be deleted: it would leave the game without a board", async () => {
      const s = await seedPairing(db());
      await createFromPairing(db(), { pairingId: s.pairing.id, userId: s.p1.id });
      await db().update(tournamentRounds).set({ status: "draft" }).where(eq(tournamentRounds.id, s.pairing.roundId));
      await expect(deleteDraftRound(db(), { tournamentId: s.t.id, actorId: s.director.id, roundNumber: 1 })).rejects.toMatchObject({
        code: "PRECONDITION",
        message: `The game at table ${s.pairing.tableNumber} has already started, so this draft cannot be deleted: publish the round instead.`,
      });
      expect((await gamesOf(db(), s.t.id)).orphans).toEqual([]);
    });

    it("a bracket game lost on time shows as lost on time (the loss reason), not as its 0–0 scores", async () => {
      const [owner, first, second] = await Promise.all([seedUser(db()), seedUser(db(), { name: "Flagger" }), seedUser(db(), { name: "Waiter" })]);
      const { club } = await seedClub(db(), { owner, name: "Knockout Club" });
      const { t, director: dir } = await seedTournament(db(), { clubId: club.id, director: owner, players: [first, second], settings: { name: "Knockout", format: "single-elimination" } });
      await seedRound(db(), { tournamentId: t.id, director: dir });
      const board = await boardOf(db(), t.id);
      const { matchId } = await createFromPairing(db(), { pairingId: board.id, userId: owner.id });
      const [mover, waiter] = board.players as [string, string];
      // Nobody moves: a day later the first mover's flag has long fallen.
      expect(await claimTimeout(db(), { matchId, userId: waiter }, { now: Date.now() + 86_400_000 })).toMatchObject({ ended: true });
      const bracket = await callerFor(db()).tournaments.bracket({ tournamentId: t.id });
      const final = bracket!.matches.find((m) => m.players.includes(mover))!;
      expect(final).toMatchObject({ winner: waiter, lostBy: { userId: mover, reason: "timeout" } });
      const o = await callerFor(db()).tournaments.byId({ tournamentId: t.id });
      expect(o.rounds[0]!.pairings[0]).toMatchObject({ forfeitUserId: mover, lossReason: "timeout" });
      // The placements follow: the winner on time is first.
      const st = await callerFor(db()).tournaments.standings({ tournamentId: t.id });
      expect(st.placings!.map((p) => [p.userId, p.place, p.placeTo, p.settled])).toEqual([[waiter, 1, 1, true], [mover, 2, 2, true]]);
    });

    it("one match per pairing; its result flows into the pairing; a director can adjust it", async () => {
      const s = await seedPairing(db());
      await expect(createFromPairing(db(), { pairingId: s.pairing.id, userId: s.outsider.id })).rejects.toThrow(/Only this tournament's directors/);
      const [x, y] = await Promise.all([createFromPairing(db(), { pairingId: s.pairing.id, userId: s.p1.id }), createFromPairing(db(), { pairingId: s.pairing.id, userId: s.director.id })]);
      expect(x.matchId).toBe(y.matchId);
      expect([x.created, y.created].filter(Boolean)).toHaveLength(1);
      const v = await getMatchView(db(), x.matchId, null);
      expect(v.players.map((p) => p.userId)).toEqual(s.pairing.players);
      expect(v.tournamentId).toBe(s.t.id);

      const first = s.pairing.players[0]!;
      const second = s.pairing.players[1]!;
      await submitMove(db(), { matchId: x.matchId, userId: first, expectedSeq: 1, clientId: cid(), action: { type: "pass" } });
      await submitMove(db(), { matchId: x.matchId, userId: second, expectedSeq: 2, clientId: cid(), action: { type: "resign" } });
      const [p] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, s.pairing.id));
      expect(p!.matchId).toBe(x.matchId);
      expect(p!.resultSource).toBe("match");
      expect(p!.forfeitUserId).toBe(second);
      expect(p!.scores).toEqual({ [first]: 0, [second]: 0 });
      const board = (await callerFor(db()).tournaments.byId({ tournamentId: s.t.id })).rounds[0]!.pairings.find((b) => b.id === s.pairing.id);
      expect(board).toMatchObject({ forfeitUserId: second, lossReason: "resign" });
      // The cross-table says why too: "L (res)" for the one who resigned, "W (res)" for the other —
      // a played game with its scores, not a forfeit (docs/tournaments.md "Resignations").
      const cross = await callerFor(db()).tournaments.crossTable({ tournamentId: s.t.id });
      const cellOf = (id: string) => cross.rows.find((r) => r.userId === id)!.cells[0]!;
      expect(cellOf(second)).toMatchObject({ kind: "loss", own: 0, against: 0, lossReason: "resign" });
      expect(cellOf(first)).toMatchObject({ kind: "win", own: 0, against: 0, lossReason: "resign" });

      const asP1 = callerFor(db(), { id: s.p1.id, email: s.p1.email, name: s.p1.name });
      await expect(asP1.matches.adjustResult({ matchId: x.matchId, scores: { [first]: 1, [second]: 0 }, reason: "typo" })).rejects.toThrow(/directors/);
      const adjusted = await callerFor(db(), { id: s.director.id, email: s.director.email, name: s.director.name }).matches.adjustResult({
        matchId: x.matchId,
        scores: { [first]: 120, [second]: 100 },
        reason: "scoring error found on appeal",
      });
      expect(adjusted).toMatchObject({ adjusted: true, winners: [first] });
      const [p2] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, s.pairing.id));
      expect(p2!.scores).toEqual({ [first]: 120, [second]: 100 });
      const after = await getMatchView(db(), x.matchId, null);
      expect(after.adjustments).toHaveLength(1);
      expect(after.result?.adjusted).toBe(true);
      // The rated game's ledger entry carries the corrected scores.
      const [ledger] = await db().select().from(ratedGames).where(and(eq(ratedGames.source, "match"), eq(ratedGames.sourceId, x.matchId)));
      expect(Object.fromEntries(ledger!.players.map((pl) => [pl.userId, pl.score]))).toEqual({ [first]: 120, [second]: 100 });
    });
  });
});
