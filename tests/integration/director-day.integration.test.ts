/**
 * The director's day through the API (a real tRPC caller, every middleware): the round clock
 * (start, the countdown's data, restart, refusals, waiting online games started with it, the one
 * round's clock a player's game screen reads) and the
 * audit log naming the players with old → new values for a correction.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { matches } from "@/db/schema";
import type { Db } from "@/db/client";
import { createFromPairing } from "@/server/services/matches/lifecycle";
import { standingsCsv } from "@/server/services/tournaments/views";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedRound, seedTournament, seedUser, seedUsers } from "../helpers/seed";

/** A club with a director and `n` members, all checked in to a 2-round tournament whose round 1 is paired (a draft). */
async function pairedEvent(db: Db, n: number) {
  const [owner, director] = await Promise.all([seedUser(db), seedUser(db)]);
  const players = await seedUsers(db, n, (i) => `Day ${i + 1}`);
  const { club } = await seedClub(db, { owner, directors: [director], members: players, name: "Day Club" });
  const { t, director: d } = await seedTournament(db, { clubId: club.id, director, players, settings: { name: "Day Open", startsAt: new Date("2031-05-01T09:00:00Z"), rounds: 2 } });
  await seedRound(db, { tournamentId: t.id, director: d, publish: false });
  return { t, d, players, director };
}

describeDb("director's day", (db) => {
  it("starts the round clock on a published round only; the overview carries it with the server's time", async () => {
    const { t, d, players } = await pairedEvent(db(), 4);
    await expect(d.tournaments.rounds.start({ tournamentId: t.id, roundNumber: 1, minutes: 25 })).rejects.toMatchObject({ message: "Publish round 1 before starting its clock." });
    await d.tournaments.rounds.publish({ tournamentId: t.id, roundNumber: 1 });
    // Only directors start it; a bad length is refused with a sentence.
    await expect(callerFor(db(), players[0]!).tournaments.rounds.start({ tournamentId: t.id, roundNumber: 1, minutes: 25 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(d.tournaments.rounds.start({ tournamentId: t.id, roundNumber: 1, minutes: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(d.tournaments.rounds.start({ tournamentId: t.id, roundNumber: 3, minutes: 5 })).rejects.toMatchObject({ message: "There is no round 3." });

    const before = Date.now();
    const started = await d.tournaments.rounds.start({ tournamentId: t.id, roundNumber: 1, minutes: 25 });
    expect(started).toMatchObject({ durationMs: 25 * 60_000, startedGames: 0 });
    const o = await callerFor(db()).tournaments.byId({ tournamentId: t.id });
    const r1 = o.rounds[0]!;
    expect(r1.durationMs).toBe(25 * 60_000);
    expect(r1.startedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(o.serverNow.getTime()).toBeGreaterThanOrEqual(r1.startedAt!.getTime());

    // Restarting with another length replaces the clock and says so in the log.
    await d.tournaments.rounds.start({ tournamentId: t.id, roundNumber: 1, minutes: 30 });
    expect((await d.tournaments.byId({ tournamentId: t.id })).rounds[0]!.durationMs).toBe(30 * 60_000);
    const log = await d.tournaments.audit({ tournamentId: t.id });
    expect(log.filter((a) => a.action === "round.started").map((a) => a.detail)).toEqual(["Round 1: 30:00 on the clock (restarted)", "Round 1: 25:00 on the clock"]);
  });

  it("a player's game screen reads just its round's clock: none for a draft, then the running clock, anyone may read it", async () => {
    const { t, d, players } = await pairedEvent(db(), 4);
    const anyone = callerFor(db());
    // A draft is only the directors' business: no round for the players' screens yet.
    expect((await anyone.tournaments.roundClock({ tournamentId: t.id, roundNumber: 1 })).round).toBeNull();
    expect((await d.tournaments.roundClock({ tournamentId: t.id, roundNumber: 1 })).round).toBeNull();
    await d.tournaments.rounds.publish({ tournamentId: t.id, roundNumber: 1 });
    expect((await anyone.tournaments.roundClock({ tournamentId: t.id, roundNumber: 1 })).round).toEqual({ number: 1, status: "published", startedAt: null, durationMs: null });
    await d.tournaments.rounds.start({ tournamentId: t.id, roundNumber: 1, minutes: 20 });
    const c = await callerFor(db(), players[0]!).tournaments.roundClock({ tournamentId: t.id, roundNumber: 1 });
    expect(c.round).toMatchObject({ number: 1, status: "published", durationMs: 20 * 60_000 });
    expect(c.serverNow.getTime()).toBeGreaterThanOrEqual(c.round!.startedAt!.getTime());
    expect((await anyone.tournaments.roundClock({ tournamentId: t.id, roundNumber: 9 })).round).toBeNull();
    await expect(anyone.tournaments.roundClock({ tournamentId: "00000000-0000-4000-8000-000000000000", roundNumber: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(anyone.tournaments.roundClock({ tournamentId: t.id, roundNumber: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("starting the round starts every waiting online game's clocks", async () => {
    const { t, d } = await pairedEvent(db(), 4);
    await d.tournaments.rounds.publish({ tournamentId: t.id, roundNumber: 1 });
    const boards = (await d.tournaments.byId({ tournamentId: t.id })).rounds[0]!.pairings.filter((p) => !p.isBye);
    expect(boards).toHaveLength(2);
    // One board's first player opened the game (it waits for the opponent); the other has no game.
    const { matchId } = await createFromPairing(db(), { pairingId: boards[0]!.id, userId: boards[0]!.players[0]!.userId });
    expect((await db().select({ status: matches.status }).from(matches).where(eq(matches.id, matchId)))[0]!.status).toBe("open");
    const started = await d.tournaments.rounds.start({ tournamentId: t.id, roundNumber: 1, minutes: 20, startGames: true });
    expect(started.startedGames).toBe(1);
    expect((await db().select({ status: matches.status }).from(matches).where(eq(matches.id, matchId)))[0]!.status).toBe("active");
    const [entry] = (await d.tournaments.audit({ tournamentId: t.id })).filter((a) => a.action === "round.started");
    expect(entry!.detail).toBe("Round 1: 20:00 on the clock, starting 1 waiting online game");
  });

  it("the audit log names the players and shows a correction's old → new values", async () => {
    const { t, d } = await pairedEvent(db(), 2);
    await d.tournaments.rounds.publish({ tournamentId: t.id, roundNumber: 1 });
    const board = (await d.tournaments.byId({ tournamentId: t.id })).rounds[0]!.pairings[0]!;
    const [a, b] = board.players;
    await d.tournaments.enterResult({ tournamentId: t.id, pairingId: board.id, scores: { [a!.userId]: 412, [b!.userId]: 380 } });
    await d.tournaments.enterResult({ tournamentId: t.id, pairingId: board.id, scores: { [a!.userId]: 380, [b!.userId]: 412 }, expectedVersion: 1 });
    const log = await d.tournaments.audit({ tournamentId: t.id });
    const corrected = log.find((x) => x.action === "result.corrected")!;
    expect(corrected.summary).toBe("corrected a result");
    expect(corrected.detail).toBe(`Round 1, table 1: ${a!.name} 412 – ${b!.name} 380 → ${a!.name} 380 – ${b!.name} 412`);
    expect(log.find((x) => x.action === "result.recorded")!.detail).toBe(`Round 1, table 1: ${a!.name} 412 – ${b!.name} 380`);
    expect(log.find((x) => x.action === "player.registered")!.detail).toMatch(/^Day [12]$/);

    // Standings name the latest round whose results count, closed or not.
    await d.tournaments.rounds.close({ tournamentId: t.id, roundNumber: 1 });
    expect((await d.tournaments.standings({ tournamentId: t.id })).afterRound).toBe(1);
    await d.tournaments.rounds.pair({ tournamentId: t.id });
    await d.tournaments.rounds.publish({ tournamentId: t.id, roundNumber: 2 });
    expect((await d.tournaments.standings({ tournamentId: t.id })).afterRound).toBe(1);
    const b2 = (await d.tournaments.byId({ tournamentId: t.id })).rounds[1]!.pairings[0]!;
    await d.tournaments.enterResult({ tournamentId: t.id, pairingId: b2.id, scores: Object.fromEntries(b2.players.map((p, i) => [p.userId, 300 + i])) });
    expect((await d.tournaments.standings({ tournamentId: t.id })).afterRound).toBe(2);

    // standings.csv: one spread column, negative numbers unquoted, a withdrawn flag.
    await d.tournaments.players.withdraw({ tournamentId: t.id, userId: a!.userId });
    const lines = (await standingsCsv(db(), t.id)).trim().split("\r\n");
    expect(lines[0]).toBe("rank,player,wins,losses,spread,games,byes,withdrawn");
    const row = (await d.tournaments.standings({ tournamentId: t.id })).rows.find((r) => r.userId === a!.userId)!;
    expect(row.spread).toBeLessThan(0); // lost round 1 by 32 after the correction, round 2 by 1 or won by 1
    expect(lines).toContain(`${row.rank},${a!.name},${row.wins},${row.losses},${row.spread},${row.games},${row.byes},yes`);
  });

  it("a swap into a forbidden pair or a repeat is not applied until confirmed, and the log keeps the warning", async () => {
    const { t, d, players } = await pairedEvent(db(), 4);
    const name = (id: string) => players.find((p) => p.id === id)!.name;
    const boardsOf = async (round: number) => (await d.tournaments.byId({ tournamentId: t.id })).rounds[round - 1]!.pairings.map((p) => p.players.map((x) => x.userId));
    // Round 1's draft: [p, q] and [r, s]; p and r may not meet.
    const [[p, q], [r, s]] = (await boardsOf(1)) as [[string, string], [string, string]];
    await d.tournaments.forbiddenPairs.add({ tournamentId: t.id, a: p, b: r });
    const warned = await d.tournaments.rounds.swap({ tournamentId: t.id, roundNumber: 1, a: q, b: r });
    expect(warned).toEqual({ applied: false, warnings: [`${name(p)} and ${name(r)} are a forbidden pair: they would meet at table 1.`] });
    expect(await boardsOf(1)).toEqual([[p, q], [r, s]]); // nothing changed
    // A swap that creates no problem is applied at once.
    expect(await d.tournaments.rounds.swap({ tournamentId: t.id, roundNumber: 1, a: q, b: s })).toEqual({ applied: true, warnings: [] });
    expect(await boardsOf(1)).toEqual([[p, s], [r, q]]);

    // Round 2: a swap that seats round 1's opponents again warns of the repeat.
    await d.tournaments.rounds.publish({ tournamentId: t.id, roundNumber: 1 });
    for (const b of (await d.tournaments.byId({ tournamentId: t.id })).rounds[0]!.pairings)
      await d.tournaments.enterResult({ tournamentId: t.id, pairingId: b.id, scores: Object.fromEntries(b.players.map((x, i) => [x.userId, 400 - 10 * i])) });
    await d.tournaments.rounds.close({ tournamentId: t.id, roundNumber: 1 });
    await d.tournaments.rounds.pair({ tournamentId: t.id });
    const [[x, y]] = (await boardsOf(2)) as [[string, string]];
    const metX = [p, s, r, q][[p, s, r, q].indexOf(x) ^ 1]!; // x's round 1 opponent
    const repeat = await d.tournaments.rounds.swap({ tournamentId: t.id, roundNumber: 2, a: y, b: metX });
    expect(repeat.applied).toBe(false);
    expect(repeat.warnings).toContain(`${name(x)} and ${name(metX)} would meet again at table 1 (they played in round 1).`);
    const confirmed = await d.tournaments.rounds.swap({ tournamentId: t.id, roundNumber: 2, a: y, b: metX, confirm: true });
    expect(confirmed).toEqual({ applied: true, warnings: repeat.warnings });
    expect((await boardsOf(2))[0]).toEqual([x, metX]);
    const swapped = (await d.tournaments.audit({ tournamentId: t.id })).find((e) => e.action === "pairing.swapped")!;
    expect(swapped.detail).toContain(`(confirmed despite: ${name(x)} and ${name(metX)} would meet again at table 1`);
  });

  it("checking in everyone says whom it checked in, alphabetically, and the log names them", async () => {
    const zoe = await seedUser(db(), { name: "Zoe Zed" });
    const amy = await seedUser(db(), { name: "Amy Ant" });
    const { club, owner } = await seedClub(db(), { members: [zoe, amy], name: "Check Club" });
    const { t, director: o } = await seedTournament(db(), { clubId: club.id, director: owner, players: [zoe, amy], checkIn: false, settings: { name: "Check Open", startsAt: new Date("2031-05-01T09:00:00Z") } });
    expect(await o.tournaments.players.checkInAll({ tournamentId: t.id })).toEqual({ count: 2, names: ["Amy Ant", "Zoe Zed"] });
    expect(await o.tournaments.players.checkInAll({ tournamentId: t.id })).toEqual({ count: 0, names: [] });
    expect((await o.tournaments.audit({ tournamentId: t.id })).find((e) => e.action === "player.checked-in")!.detail).toBe("Checked in: Amy Ant, Zoe Zed");
  });
});
