/**
 * A fair start and the no-show rule (docs/matches.md "A fair start"): a tournament game's clocks
 * start only when both players have come (or a director starts them); a player absent N minutes
 * after the opponent came forfeits, recorded on the game and the board. Time is injected (`now`),
 * never slept.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@/db/client";
import { matches, ratedGames, tournamentPairings } from "@/db/schema";
import { acceptChallenge, cancelChallenge, createChallenge, createFromPairing } from "@/server/services/matches/lifecycle";
import { checkIn, startNow } from "@/server/services/matches/presence";
import { submitMove } from "@/server/services/matches/moves";
import { getMatchView } from "@/server/services/matches/views";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedRound, seedTournament, seedUser } from "../helpers/seed";

const MIN = 60_000;
const T0 = Date.UTC(2031, 3, 1, 9, 0, 0);

async function seedBoard(db: Db, opts: { noShowMinutes?: number | null; rated?: boolean; preview?: "full" | "score" | "off" } = {}) {
  const [owner, director, p1, p2, outsider] = await Promise.all([seedUser(db), seedUser(db), seedUser(db, { name: "Ada" }), seedUser(db, { name: "Ben" }), seedUser(db)]);
  const { club } = await seedClub(db, { owner, directors: [director], members: [p1, p2], name: "Fair Club" });
  const { t, director: dir } = await seedTournament(db, {
    clubId: club.id,
    director,
    players: [p1, p2],
    settings: {
      name: "Fair Cup",
      format: "swiss",
      rounds: 1,
      timeControl: { initialMs: 10 * MIN },
      noShowMinutes: opts.noShowMinutes === undefined ? 5 : opts.noShowMinutes,
      ...(opts.rated === undefined ? {} : { rated: opts.rated }),
      ...(opts.preview ? { preview: opts.preview } : {}),
    },
  });
  const { boards } = await seedRound(db, { tournamentId: t.id, director: dir });
  const pairing = boards[0]!;
  const [first, second] = pairing.players as [string, string];
  return { t, dir, director, outsider, pairing, first, second };
}

describeDb("a fair start", (db) => {
  it("the second mover presses Start: the absent first mover's clock does not run; it starts, full, when he comes", async () => {
    const s = await seedBoard(db());
    const { matchId, created } = await createFromPairing(db(), { pairingId: s.pairing.id, userId: s.second }, { now: T0 });
    expect(created).toBe(true);

    // Four minutes later the first mover has still not come: no game, no clock, nothing lost.
    const waiting = await getMatchView(db(), matchId, s.second, { now: T0 + 4 * MIN });
    expect(waiting.status).toBe("open");
    expect(waiting.game).toBeNull();
    expect(waiting.players.map((p) => [p.userId, p.joined])).toEqual([
      [s.first, false],
      [s.second, true],
    ]);
    expect(waiting.waiting).toEqual({ since: T0, deadline: T0 + 5 * MIN });
    expect(waiting.board).toEqual({ round: 1, table: s.pairing.tableNumber });
    await expect(submitMove(db(), { matchId, userId: s.second, expectedSeq: 0, clientId: randomUUID(), action: { type: "pass" } }, { now: T0 + 4 * MIN })).rejects.toMatchObject({
      code: "PRECONDITION",
    });

    // He comes at 4:30: the clocks start now, his with its whole budget, and he is on move.
    const came = await checkIn(db(), { matchId, userId: s.first }, { now: T0 + 4.5 * MIN });
    expect(came).toEqual({ returning: false, status: "active" });
    const started = await getMatchView(db(), matchId, s.first, { now: T0 + 4.5 * MIN });
    expect(started.status).toBe("active");
    expect(started.game!.turn).toBe(0);
    expect(started.players[0]!.userId).toBe(s.first);
    expect(started.players.map((p) => p.remainingMs)).toEqual([10 * MIN, 10 * MIN]);
    const later = await getMatchView(db(), matchId, null, { now: T0 + 5.5 * MIN });
    expect(later.players.map((p) => p.remainingMs)).toEqual([9 * MIN, 10 * MIN]);

    // Coming back is recorded as a return (the page shows the reconnect notice).
    expect(await checkIn(db(), { matchId, userId: s.first }, { now: T0 + 6 * MIN })).toEqual({ returning: true, status: "active" });
  });

  it("after N minutes the absent player forfeits: on the game (reason no-show) and on the board, unrated", async () => {
    const s = await seedBoard(db(), { noShowMinutes: 5 });
    const { matchId } = await createFromPairing(db(), { pairingId: s.pairing.id, userId: s.second }, { now: T0 });
    // One minute before the deadline nothing happens.
    expect((await getMatchView(db(), matchId, null, { now: T0 + 5 * MIN - 1 })).status).toBe("open");
    // At the deadline any view decides it (here a spectator's).
    const v = await getMatchView(db(), matchId, null, { now: T0 + 5 * MIN });
    expect(v.status).toBe("finished");
    expect(v.result).toMatchObject({ reason: "no-show", winners: [s.second] });
    expect(v.players.find((p) => p.userId === s.second)!.winner).toBe(true);
    const [board] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, s.pairing.id));
    expect(board!.forfeitUserId).toBe(s.first);
    expect(board!.resultSource).toBe("match");
    expect(board!.matchId).toBe(matchId);
    expect(await db().select().from(ratedGames).where(eq(ratedGames.sourceId, matchId))).toEqual([]);
    // The latecomer finds the forfeit; nothing starts.
    expect(await checkIn(db(), { matchId, userId: s.first }, { now: T0 + 6 * MIN })).toEqual({ returning: false, status: "finished" });
    const [row] = await db().select({ version: matches.version, status: matches.status }).from(matches).where(eq(matches.id, matchId));
    expect(row).toEqual({ version: 0, status: "finished" });
  });

  it("a check-in after the deadline decides the no-show first: the latecomer finds the forfeit", async () => {
    const s = await seedBoard(db(), { noShowMinutes: 2 });
    const { matchId } = await createFromPairing(db(), { pairingId: s.pairing.id, userId: s.first }, { now: T0 });
    // Nobody looked at the game; the absent second mover arrives after the deadline: he forfeits.
    expect(await checkIn(db(), { matchId, userId: s.second }, { now: T0 + 3 * MIN })).toMatchObject({ status: "finished" });
    expect((await getMatchView(db(), matchId, null, { now: T0 + 3 * MIN })).result).toMatchObject({ reason: "no-show", winners: [s.first] });
  });

  it("without a no-show rule the game simply waits; a tournament director starts the clocks whoever is there", async () => {
    const s = await seedBoard(db(), { noShowMinutes: null });
    const { matchId } = await createFromPairing(db(), { pairingId: s.pairing.id, userId: s.first }, { now: T0 });
    expect((await getMatchView(db(), matchId, null, { now: T0 + 600 * MIN })).status).toBe("open");
    expect((await getMatchView(db(), matchId, null, { now: T0 + 600 * MIN })).waiting).toEqual({ since: T0, deadline: null });
    // A player cannot withdraw the tournament's game while it waits.
    await expect(cancelChallenge(db(), { matchId, userId: s.first })).rejects.toMatchObject({ code: "PRECONDITION" });
    await expect(startNow(db(), matchId, s.outsider.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(startNow(db(), matchId, s.first)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await startNow(db(), matchId, s.director.id, { now: T0 + 601 * MIN })).toEqual({ started: true });
    const v = await getMatchView(db(), matchId, null, { now: T0 + 602 * MIN });
    expect(v.status).toBe("active");
    expect(v.players.map((p) => p.remainingMs)).toEqual([9 * MIN, 10 * MIN]);
    expect(await startNow(db(), matchId, s.director.id)).toEqual({ started: false });
  });

  it("a director pressing Start on a board starts its clocks at once; a spectator cannot check in", async () => {
    const s = await seedBoard(db());
    const { matchId } = await createFromPairing(db(), { pairingId: s.pairing.id, userId: s.director.id }, { now: T0 });
    expect((await getMatchView(db(), matchId, null, { now: T0 })).status).toBe("active");
    await expect(checkIn(db(), { matchId, userId: s.outsider.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(db(), s.outsider).matches.checkIn({ matchId })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("a director's result ends a board still waiting for its players", async () => {
    const s = await seedBoard(db());
    const { matchId } = await createFromPairing(db(), { pairingId: s.pairing.id, userId: s.first }, { now: T0 });
    await s.dir.tournaments.enterResult({ tournamentId: s.t.id, pairingId: s.pairing.id, scores: { [s.first]: 50, [s.second]: 0 }, forfeitUserId: s.second });
    const v = await getMatchView(db(), matchId, null);
    expect(v.status).toBe("finished");
    expect(v.result).toMatchObject({ reason: "director", winners: [s.first] });
  });

  it("casual challenges start when both have come: creating and accepting count", async () => {
    const [a, b] = await Promise.all([seedUser(db()), seedUser(db())]);
    const m = await createChallenge(db(), a.id, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, rated: false, seats: 2, invite: [b.id], firstMover: "creator" });
    // Opening the page is not accepting an invitation.
    expect(await checkIn(db(), { matchId: m.id, userId: b.id })).toEqual({ returning: false, status: "open" });
    expect((await getMatchView(db(), m.id, null)).status).toBe("open");
    expect((await acceptChallenge(db(), { matchId: m.id, userId: b.id })).status).toBe("active");
  });

  it("the reconnect notice's signal: the first open of a game is not a return, though creating and accepting it counted as coming", async () => {
    const [a, b] = await Promise.all([seedUser(db()), seedUser(db())]);
    const m = await createChallenge(db(), a.id, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, rated: false, seats: 2, invite: [b.id], firstMover: "creator" });
    expect((await acceptChallenge(db(), { matchId: m.id, userId: b.id })).status).toBe("active");
    // Both have come (the game started), but neither has opened its page yet.
    expect(await checkIn(db(), { matchId: m.id, userId: a.id })).toEqual({ returning: false, status: "active" });
    expect(await checkIn(db(), { matchId: m.id, userId: b.id })).toEqual({ returning: false, status: "active" });
    // Coming back (a reload, a new tab) is a return, through the procedure as the page calls it.
    expect(await callerFor(db(), a).matches.checkIn({ matchId: m.id })).toEqual({ returning: true, status: "active" });
    expect(await checkIn(db(), { matchId: m.id, userId: b.id })).toEqual({ returning: true, status: "active" });
  });

  it("the tournament's preview setting: rated events default to off, casual to full, and the game carries it", async () => {
    const rated = await seedBoard(db(), { rated: true });
    expect((await rated.dir.tournaments.byId({ tournamentId: rated.t.id })).tournament.preview).toBe("off");
    const { matchId } = await createFromPairing(db(), { pairingId: rated.pairing.id, userId: rated.director.id });
    expect((await getMatchView(db(), matchId, null)).preview).toBe("off");
    const casual = await seedBoard(db(), { rated: false });
    expect((await casual.dir.tournaments.byId({ tournamentId: casual.t.id })).tournament.preview).toBe("full");
    const chosen = await seedBoard(db(), { rated: true, preview: "score" });
    const game = await createFromPairing(db(), { pairingId: chosen.pairing.id, userId: chosen.director.id });
    expect((await getMatchView(db(), game.matchId, null)).preview).toBe("score");
    // The director changes it (and the no-show rule) after round 1 is paired: later games take it.
    const t = await chosen.dir.tournaments.update({ tournamentId: chosen.t.id, preview: "full", noShowMinutes: 10 });
    expect(t).toMatchObject({ preview: "full", noShowMinutes: 10 });
  });
});
