import { expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { clubMemberships, matchEvents, matches, tournamentPairings } from "@/db/schema";
import { formatGameRecord, replay, type GameEvent } from "@/engine";
import { createOtbFromPairing, createOtbMatch, getStationView, moveTime, scorekeeperClock, scorekeeperMove, TAP_WINDOW_MS } from "@/server/services/matches/scorekeeper";
import { submitMove } from "@/server/services/matches/moves";
import { getMatchView } from "@/server/services/matches/views";
import { clearStateCache } from "@/server/services/matches/state";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedRound, seedTournament, seedUser } from "../helpers/seed";

const T0 = Date.UTC(2031, 5, 1, 10, 0, 0);
const cid = () => randomUUID();
const at = (row: number, col: number, tile: string) => ({ row, col, tile });
/** 1+2=3 across row 9 from the centre (Equate's start square is J10 = row 9, col 9). */
const OPENING = [at(9, 9, "1"), at(9, 10, "+"), at(9, 11, "2"), at(9, 12, "="), at(9, 13, "3")];
/** Down from the 3 at (9,13): 3 / = / 4 reads "3=4" (a phony: it may stand until challenged). */
const PHONY = [at(10, 13, "="), at(11, 13, "4")];
/** 2=2 down through the "2" at (9,11): a valid play. */
const VALID = [at(10, 11, "="), at(11, 11, "2")];

const TIMED = { initialMs: 600_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 };

async function keeperGame(db: Db, opts: { timed?: boolean; challengeRule?: "single" | "double" | "void" } = {}) {
  const keeper = await seedUser(db, { name: "Keeper" });
  const registered = await seedUser(db, { name: "Reggie" });
  const { id } = await createOtbMatch(
    db,
    keeper.id,
    {
      ruleset: "equate",
      rulesetOptions: {},
      challengeRule: opts.challengeRule ?? "single",
      timeControl: opts.timed === false ? null : TIMED,
      players: [
        { userId: null, name: "Guest Gail" },
        { userId: registered.id, name: "Reggie" },
      ],
    },
    { now: T0 },
  );
  return { keeper, registered, matchId: id };
}

async function eventsOf(db: Db, matchId: string) {
  return db.select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(matchEvents.seq);
}

/** A one-round Swiss between two club members, published; the director is a club director. */
async function publishedPairing(db: Db) {
  const [owner, director, p1, p2] = await Promise.all([seedUser(db), seedUser(db), seedUser(db, { name: "Pia" }), seedUser(db, { name: "Quin" })]);
  const { club } = await seedClub(db, { owner, directors: [director], members: [p1, p2], name: "Board Club" });
  const { t, director: dir } = await seedTournament(db, { clubId: club.id, director, players: [p1, p2], settings: { name: "Board Cup", format: "swiss", rounds: 1 } });
  const { boards } = await seedRound(db, { tournamentId: t.id, director: dir });
  return { director, players: [p1, p2], t, pairing: boards[0]! };
}

describeDb("scorekeeper", (db) => {
  it("creates an OTB game with virtual racks, a guest and a registered player", async () => {
    const { keeper, registered, matchId } = await keeperGame(db());
    const [m] = await db().select().from(matches).where(eq(matches.id, matchId));
    expect(m).toMatchObject({ mode: "otb", scorekeeperId: keeper.id, status: "active", version: 1 });
    const [start] = await eventsOf(db(), matchId);
    expect(start!.payload).toMatchObject({ type: "start", virtualRacks: true, challengeMode: true, players: [{ id: "guest-1", name: "Guest Gail" }, { id: registered.id, name: "Reggie" }] });
    const v = await getMatchView(db(), matchId, registered.id, { now: T0 });
    expect(v.game!.rack).toBeNull();
    expect(v.players.map((p) => p.name)).toEqual(["Guest Gail", "Reggie"]);
  });

  it("enters plays for the seat on move, scores them, and lets a challenge take a phony off", async () => {
    const { keeper, registered, matchId } = await keeperGame(db());
    const k = (seq: number, seat: number, action: Parameters<typeof scorekeeperMove>[2]["action"], now: number, tappedAt: number | null = null) =>
      scorekeeperMove(db(), keeper.id, { matchId, expectedSeq: seq, clientId: cid(), seat, action, tappedAt }, { now });
    await expect(k(1, 1, { type: "play", placements: OPENING }, T0 + 1000)).rejects.toThrow(/not your turn/i);
    const r1 = await k(1, 0, { type: "play", placements: OPENING }, T0 + 5000);
    expect(r1).toMatchObject({ applied: true, seq: 2 });
    const phony = await k(2, 1, { type: "play", placements: PHONY }, T0 + 9000);
    expect(phony.seq).toBe(3);
    let v = await getMatchView(db(), matchId, null, { now: T0 + 9000 });
    const scored = v.players[1]!.score;
    expect(scored).toBeGreaterThan(0);
    expect(v.game!.pending).toMatchObject({ seat: 1 });
    // Guest Gail challenges: the play comes off, Reggie's turn is lost (single rule).
    await k(3, 0, { type: "challenge" }, T0 + 10_000);
    v = await getMatchView(db(), matchId, null, { now: T0 + 10_000 });
    expect(v.players[1]!.score).toBe(0);
    expect(v.game!.board.some((t) => t.row === 11 && t.col === 13)).toBe(false);
    expect(v.game!.turn).toBe(0);
    expect(v.game!.sheet.at(-1)!.text).toMatch(/play withdrawn/);
    // A valid play, then a failed challenge under single: no penalty, the play stands.
    await k(4, 0, { type: "play", placements: VALID }, T0 + 15_000);
    await k(5, 1, { type: "challenge" }, T0 + 16_000);
    v = await getMatchView(db(), matchId, null, { now: T0 + 16_000 });
    expect(v.game!.board.some((t) => t.row === 11 && t.col === 11)).toBe(true);
    expect(v.game!.sheet.at(-1)!.text).toMatch(/stands/);
    // Exchange by count; pass; the events carry the keeper as actor.
    await k(6, 1, { type: "exchange", count: 3 }, T0 + 20_000);
    await k(7, 0, { type: "pass" }, T0 + 21_000);
    const evs = await eventsOf(db(), matchId);
    expect(evs.at(-2)!.payload).toMatchObject({ type: "exchange", player: registered.id });
    expect((evs.at(-2)!.payload as { tiles: string[] }).tiles).toHaveLength(3);
    expect(evs.slice(1).every((e) => e.actorId === keeper.id)).toBe(true);
    // The log replays in the engine, and the text record has no racks.
    const log = evs.map((e) => e.payload as unknown as GameEvent);
    expect(replay(log).error).toBeUndefined();
    expect(formatGameRecord(log)).not.toMatch(/; rack /);
    clearStateCache();
    expect((await getMatchView(db(), matchId, null, { now: T0 + 21_000 })).version).toBe(8);
  });

  it("refuses a play the tile set cannot supply, and placement faults even in challenge mode", async () => {
    const { keeper, matchId } = await keeperGame(db());
    const ones = [at(9, 9, "1"), at(9, 10, "+"), at(9, 11, "1"), at(9, 12, "+"), at(9, 13, "1"), at(9, 14, "+"), at(9, 15, "1"), at(9, 16, "="), at(9, 17, "4")];
    await expect(scorekeeperMove(db(), keeper.id, { matchId, expectedSeq: 1, clientId: cid(), seat: 0, action: { type: "play", placements: ones }, tappedAt: null }, { now: T0 + 1 })).rejects.toThrow(/cannot hold|unseen/);
    await expect(
      scorekeeperMove(db(), keeper.id, { matchId, expectedSeq: 1, clientId: cid(), seat: 0, action: { type: "play", placements: [at(0, 0, "1"), at(0, 1, "="), at(0, 2, "1")] }, tappedAt: null }, { now: T0 + 2 }),
    ).rejects.toThrow(/not valid/);
  });

  it("runs the clocks from the taps, pauses for a ruling and resumes", async () => {
    const { keeper, matchId } = await keeperGame(db());
    // Gail taps at +30 s; the keeper submits at +50 s: Gail is charged 30 s, Reggie's clock runs from the tap.
    await scorekeeperMove(db(), keeper.id, { matchId, expectedSeq: 1, clientId: cid(), seat: 0, action: { type: "play", placements: OPENING }, tappedAt: T0 + 30_000 }, { now: T0 + 50_000 });
    let v = await getMatchView(db(), matchId, null, { now: T0 + 60_000 });
    expect(v.players[0]!.remainingMs).toBe(600_000 - 30_000);
    expect(v.players[1]!.remainingMs).toBe(600_000 - 30_000);
    // Pause at +60 s for a ruling; nothing is charged until the resume at +5 min.
    await scorekeeperClock(db(), keeper.id, { matchId, expectedSeq: 2, clientId: cid(), action: "pause" }, { now: T0 + 60_000 });
    await expect(scorekeeperMove(db(), keeper.id, { matchId, expectedSeq: 3, clientId: cid(), seat: 1, action: { type: "pass" }, tappedAt: null }, { now: T0 + 70_000 })).rejects.toThrow(/paused/);
    v = await getMatchView(db(), matchId, null, { now: T0 + 300_000 });
    expect(v.game!.paused).toBe(true);
    expect(v.players[1]!.remainingMs).toBe(600_000 - 30_000);
    const clientId = cid();
    await scorekeeperClock(db(), keeper.id, { matchId, expectedSeq: 3, clientId, action: "resume" }, { now: T0 + 300_000 });
    // the same request again is applied once
    expect(await scorekeeperClock(db(), keeper.id, { matchId, expectedSeq: 3, clientId, action: "resume" }, { now: T0 + 301_000 })).toMatchObject({ applied: false, seq: 4 });
    await expect(scorekeeperClock(db(), keeper.id, { matchId, expectedSeq: 3, clientId: cid(), action: "pause" }, { now: T0 + 302_000 })).rejects.toThrow(/moved on/);
    v = await getMatchView(db(), matchId, null, { now: T0 + 310_000 });
    expect(v.game!.paused).toBe(false);
    expect(v.players[1]!.remainingMs).toBe(600_000 - 30_000 - 10_000);
    const sheet = v.game!.sheet.map((e) => e.type);
    expect(sheet).toEqual(["start", "play", "pause", "resume"]);
  });

  it("refuses a tap at or before the last event; an implausible one gives way to now", () => {
    expect(moveTime(null, 100, 1000)).toBe(1000);
    expect(moveTime(2000, 100, 1000)).toBe(1000);
    expect(() => moveTime(50, 100, 1000)).toThrow(/not after the game's last event/);
    expect(() => moveTime(100, 100, 1000)).toThrow(/not after the game's last event/);
    expect(moveTime(101, 100, 1000)).toBe(101);
    expect(moveTime(500, 100, 1000)).toBe(500);
    const later = 10 * TAP_WINDOW_MS;
    expect(moveTime(later - TAP_WINDOW_MS - 1, 0, later)).toBe(later);
    expect(moveTime(later - TAP_WINDOW_MS, 0, later)).toBe(later - TAP_WINDOW_MS);
  });

  it("a move tapped at the last event's time is refused, not charged 0 ms; a retried tapped move applies once", async () => {
    const { keeper, matchId } = await keeperGame(db());
    // The game started at T0; Gail thinks 3 s, but the station sends a tap equal to the start.
    const equal = { matchId, expectedSeq: 1, clientId: cid(), seat: 0, action: { type: "play" as const, placements: OPENING }, tappedAt: T0 };
    await expect(scorekeeperMove(db(), keeper.id, equal, { now: T0 + 3000 })).rejects.toMatchObject({ code: "INVALID", field: "tappedAt" });
    await expect(scorekeeperMove(db(), keeper.id, { ...equal, tappedAt: T0 - 1 }, { now: T0 + 3000 })).rejects.toThrow(/undo the tap and tap the clock again/);
    expect(await eventsOf(db(), matchId)).toHaveLength(1);
    // Tapped at +3 s: charged 3 s; the same request again (a network retry) is applied once.
    const tapped = { ...equal, clientId: cid(), tappedAt: T0 + 3000 };
    expect(await scorekeeperMove(db(), keeper.id, tapped, { now: T0 + 4000 })).toMatchObject({ applied: true, seq: 2 });
    expect(await scorekeeperMove(db(), keeper.id, tapped, { now: T0 + 5000 })).toMatchObject({ applied: false, seq: 2 });
    const v = await getMatchView(db(), matchId, null, { now: T0 + 3000 });
    expect(v.players[0]!.remainingMs).toBe(600_000 - 3000);
  });

  it("keeps strangers and online moves out; untimed games cannot pause", async () => {
    const { keeper, registered, matchId } = await keeperGame(db(), { timed: false });
    const stranger = await seedUser(db());
    await expect(scorekeeperMove(db(), stranger.id, { matchId, expectedSeq: 1, clientId: cid(), seat: 0, action: { type: "pass" }, tappedAt: null })).rejects.toThrow(/scorekeeper/);
    await expect(submitMove(db(), { matchId, userId: registered.id, expectedSeq: 1, clientId: cid(), action: { type: "pass" } })).rejects.toThrow(/over the board/);
    // a registered player may keep score of their own game
    await scorekeeperMove(db(), registered.id, { matchId, expectedSeq: 1, clientId: cid(), seat: 0, action: { type: "pass" }, tappedAt: null });
    await expect(scorekeeperClock(db(), keeper.id, { matchId, expectedSeq: 2, clientId: cid(), action: "pause" })).rejects.toThrow(/no clock/);
  });

  it("a casual game: a player resigns only their own seat and cannot stop the clocks; the scorekeeper can do both", async () => {
    const { keeper, registered, matchId } = await keeperGame(db());
    const resign = (user: string, seat: number, expectedSeq: number) => scorekeeperMove(db(), user, { matchId, expectedSeq, clientId: cid(), seat, action: { type: "resign" }, tappedAt: null }, { now: T0 + 1000 });
    // Reggie (seat 1) may not resign for the guest, nor pause.
    await expect(resign(registered.id, 0, 1)).rejects.toMatchObject({ code: "FORBIDDEN", message: "Only Guest Gail or the scorekeeper can resign for Guest Gail." });
    await expect(scorekeeperClock(db(), registered.id, { matchId, expectedSeq: 1, clientId: cid(), action: "pause" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await getStationView(db(), matchId, registered.id)).toMatchObject({ canKeepScore: true, canResign: [1], canStopClocks: false });
    expect(await getStationView(db(), matchId, keeper.id)).toMatchObject({ canKeepScore: true, canResign: [0, 1], canStopClocks: true });
    await scorekeeperClock(db(), keeper.id, { matchId, expectedSeq: 1, clientId: cid(), action: "pause" }, { now: T0 + 1000 });
    await scorekeeperClock(db(), keeper.id, { matchId, expectedSeq: 2, clientId: cid(), action: "resume" }, { now: T0 + 2000 });
    expect(await resign(registered.id, 1, 3)).toMatchObject({ applied: true, status: "finished" });

    // A scorekeeper who plays: against a guest they may pause and resign for the guest ...
    const me = await seedUser(db(), { name: "Mia" });
    const vsGuest = await createOtbMatch(db(), me.id, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: TIMED, players: [{ userId: me.id, name: "Mia" }, { userId: null, name: "Gus" }] }, { now: T0 });
    expect(await getStationView(db(), vsGuest.id, me.id)).toMatchObject({ canResign: [0, 1], canStopClocks: true });
    await scorekeeperClock(db(), me.id, { matchId: vsGuest.id, expectedSeq: 1, clientId: cid(), action: "pause" }, { now: T0 + 1000 });
    // ... against a registered player, neither.
    const vsReggie = await createOtbMatch(db(), me.id, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: TIMED, players: [{ userId: me.id, name: "Mia" }, { userId: registered.id, name: "Reggie" }] }, { now: T0 });
    await expect(scorekeeperMove(db(), me.id, { matchId: vsReggie.id, expectedSeq: 1, clientId: cid(), seat: 1, action: { type: "resign" }, tappedAt: null })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "You play in this game, so you cannot resign for Reggie: only Reggie can.",
    });
    await expect(scorekeeperClock(db(), me.id, { matchId: vsReggie.id, expectedSeq: 1, clientId: cid(), action: "pause" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await getStationView(db(), vsReggie.id, me.id)).toMatchObject({ canResign: [0], canStopClocks: false });
  });

  it("a tournament game: the opponent cannot resign for the other player or stop the clocks, even as its scorekeeper; a director can", async () => {
    const { director, players, pairing } = await publishedPairing(db());
    const [first, second] = pairing.players as [string, string];
    const as = (id: string) => players.find((u) => u.id === id) ?? director;
    // The first player opens the station, so they are its scorekeeper — and still a player.
    const { matchId } = await createOtbFromPairing(db(), { pairingId: pairing.id, userId: first });
    const resign = (user: string, seat: number, expectedSeq: number) => scorekeeperMove(db(), user, { matchId, expectedSeq, clientId: cid(), seat, action: { type: "resign" }, tappedAt: null });
    const clock = (user: string, action: "pause" | "resume", expectedSeq: number) => scorekeeperClock(db(), user, { matchId, expectedSeq, clientId: cid(), action });
    await expect(resign(second, 0, 1)).rejects.toMatchObject({ code: "FORBIDDEN", message: `Only ${as(first).name}, the scorekeeper or a tournament director can resign for ${as(first).name}.` });
    await expect(resign(first, 1, 1)).rejects.toMatchObject({ code: "FORBIDDEN", message: `You play in this game, so you cannot resign for ${as(second).name}: only ${as(second).name} or a tournament director can.` });
    await expect(clock(second, "pause", 1)).rejects.toMatchObject({ code: "FORBIDDEN", message: "Only the scorekeeper or a tournament director can stop the clocks: ask them for a ruling." });
    await expect(clock(first, "pause", 1)).rejects.toMatchObject({ code: "FORBIDDEN", message: "You play in this game, so you cannot stop its clocks: ask a tournament director." });
    expect(await getStationView(db(), matchId, first)).toMatchObject({ canKeepScore: true, canResign: [0], canStopClocks: false });
    expect(await getStationView(db(), matchId, director.id)).toMatchObject({ canKeepScore: true, canResign: [0, 1], canStopClocks: true });
    const [untouched] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, pairing.id));
    expect(untouched!.forfeitUserId).toBeNull();
    expect((await db().select().from(matches).where(eq(matches.id, matchId)))[0]!.status).toBe("active");

    // The director pauses and resumes; the second player resigns their own seat: the forfeit is theirs.
    await clock(director.id, "pause", 1);
    await clock(director.id, "resume", 2);
    await resign(second, 1, 3);
    const [p] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, pairing.id));
    expect(p!.forfeitUserId).toBe(second);
  });

  it("through tRPC: create, station view, move; a tournament pairing kept over the board reports its result", async () => {
    const [owner, director, p1, p2] = await Promise.all([seedUser(db()), seedUser(db()), seedUser(db(), { name: "P1" }), seedUser(db(), { name: "P2" })]);
    const club = await callerFor(db(), owner).clubs.create({ handle: `sk-${randomUUID().slice(0, 8)}`, name: "Board Club" });
    await db().insert(clubMemberships).values([
      { clubId: club.id, userId: director.id, role: "director" },
      { clubId: club.id, userId: p1.id, role: "member" },
      { clubId: club.id, userId: p2.id, role: "member" },
    ]);
    const dir = callerFor(db(), director);
    const t = await dir.tournaments.create({ clubId: club.id, name: "Board Cup", startsAt: new Date("2031-04-01T09:00:00Z"), ruleset: "equate", format: "swiss", rounds: 1 });
    await dir.tournaments.players.add({ tournamentId: t.id, emails: [p1.email, p2.email].join("\n"), checkIn: true });
    const { roundNumber } = await dir.tournaments.rounds.pair({ tournamentId: t.id });
    await dir.tournaments.rounds.publish({ tournamentId: t.id, roundNumber });
    const [pairing] = await db().select().from(tournamentPairings).where(and(eq(tournamentPairings.tournamentId, t.id), eq(tournamentPairings.isBye, false)));

    const { matchId, created } = await dir.matches.scorekeeper.createFromPairing({ pairingId: pairing!.id });
    expect(created).toBe(true);
    const station = await dir.matches.scorekeeper.get({ matchId });
    expect(station.canKeepScore).toBe(true);
    expect(station.view.players.map((p) => p.userId)).toEqual(pairing!.players);
    expect((await callerFor(db()).matches.scorekeeper.get({ matchId })).canKeepScore).toBe(false);
    await dir.matches.scorekeeper.move({ matchId, expectedSeq: 1, clientId: cid(), seat: 0, action: { type: "play", placements: OPENING }, tappedAt: null });
    await dir.matches.scorekeeper.move({ matchId, expectedSeq: 2, clientId: cid(), seat: 0, action: { type: "resign" }, tappedAt: null });
    const [p] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, pairing!.id));
    expect(p!.matchId).toBe(matchId);
    expect(p!.resultSource).toBe("match");
    expect(p!.forfeitUserId).toBe(pairing!.players[0]);
    expect((await dir.matches.scorekeeper.mine()).map((s) => s.id)).toContain(matchId);

    const mine = callerFor(db(), { id: p1.id, email: p1.email, name: p1.name });
    const casual = await mine.matches.scorekeeper.create({ ruleset: "equate", challengeRule: "double", timeControl: null, players: [{ name: "Ann" }, { name: "Ben" }] });
    const rec = await callerFor(db()).matches.scorekeeper.get({ matchId: casual.id });
    expect(rec.view.players.map((x) => x.userId)).toEqual(["guest-1", "guest-2"]);
    expect(rec.scorekeeperName).toBe("P1");
  });
});
