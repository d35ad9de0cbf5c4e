/**
 * Prizes (docs/prizes.md): the prize table's refusals, the prize hold (provisional → final → a
 * correction reopens it), a payout with a class prize and an equal split of a tie that adds up to
 * the prize fund, the CSV sheet, and who may see and change what.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { tournamentPlayers } from "@/db/schema";
import { payoutCsv } from "@/server/services/prizes/prizes";
import { payoutCsvRoute } from "@/server/payout-http";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedRound, seedTournament, seedUser, seedUsers } from "../helpers/seed";

/** Four players, one round: both boards end 400–300 (the winners tie for 1st–2nd, the losers for 3rd–4th). */
async function finishedEvent(db: Db, rounds = 1) {
  const [owner, outsider] = await Promise.all([seedUser(db), seedUser(db)]);
  const players = await seedUsers(db, 4, (i) => ["Ann", "Bo", "Cy", "Di"][i]!);
  const { club } = await seedClub(db, { owner, members: players, name: "Prize Club" });
  const { t, director } = await seedTournament(db, { clubId: club.id, director: owner, players, registerBy: "userIds", settings: { name: "Prize Open", format: "swiss", rounds } });
  const id = t.id;
  await director.tournaments.rounds.pair({ tournamentId: id });
  await director.tournaments.rounds.publish({ tournamentId: id, roundNumber: 1 });
  const boards = (await director.tournaments.byId({ tournamentId: id })).rounds[0]!.pairings.filter((p) => !p.isBye);
  // the first-listed player of each board wins by 100: the two winners tie on 1 win, +100
  const results = boards.map((p) => {
    const [x, y] = p.players.map((pl) => pl.userId) as [string, string];
    return { p, winner: x, loser: y, scores: { [x]: 400, [y]: 300 } };
  });
  for (const r of results) await director.tournaments.enterResult({ tournamentId: id, pairingId: r.p.id, scores: r.scores });
  // the second board's loser plays in class B
  await db.update(tournamentPlayers).set({ details: { class: "B" } }).where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, results[1]!.loser)));
  await director.tournaments.rounds.close({ tournamentId: id, roundNumber: 1 });
  return { id, director, owner, outsider, players, results, anon: callerFor(db), playerCaller: callerFor(db, players[0]!) };
}

describeDb("prizes", (db) => {
  describe("the prize table", () => {
    it("refuses rows that make no sense, each with a sentence, and nothing is saved", async () => {
      const s = await finishedEvent(db());
      const save = (row: Record<string, unknown>) => s.director.tournaments.prizes.save({ tournamentId: s.id, kind: "place", place: 1, ...row } as never);
      await save({ amount: 10000 });
      await expect(save({ kind: "class", amount: 100 })).rejects.toThrow("A class prize needs a class name or a rating band.");
      await expect(save({ kind: "class", classValue: "B", ratingMax: 1600, amount: 100 })).rejects.toThrow("either for a class name or for a rating band, not both");
      await expect(save({ kind: "class", ratingMin: 1800, ratingMax: 1600, amount: 100 })).rejects.toThrow("its lowest rating must not be above its highest");
      await expect(save({ amount: 500 })).rejects.toThrow("The overall places already have a 1st prize: change that row instead.");
      await expect(save({ place: 2, amount: 20000 })).rejects.toThrow("the 2nd prize (200.00) would pay more than the 1st (100.00)");
      await expect(save({ place: 2 })).rejects.toThrow("A prize needs an amount of money, a non-cash item, or both.");
      await expect(save({ kind: "category", amount: 100 })).rejects.toThrow("A category prize needs a category");
      const table = await s.anon.tournaments.prizes.table({ tournamentId: s.id });
      expect(table.rows).toHaveLength(1);
      expect(table.total).toBe(10000);
    });

    it("edits and removes rows; only directors may change the table", async () => {
      const s = await finishedEvent(db());
      const row = await s.director.tournaments.prizes.save({ tournamentId: s.id, kind: "place", place: 1, amount: 5000, item: "trophy" } as never);
      const edited = await s.director.tournaments.prizes.save({ tournamentId: s.id, prizeId: row.id, kind: "place", place: 1, amount: 6000, item: "trophy" } as never);
      expect(edited).toMatchObject({ id: row.id, amount: 6000, item: "trophy" });
      await expect(s.playerCaller.tournaments.prizes.save({ tournamentId: s.id, kind: "place", place: 2, amount: 100 } as never)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(s.playerCaller.tournaments.prizes.markFinal({ tournamentId: s.id, final: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await s.director.tournaments.prizes.remove({ tournamentId: s.id, prizeId: row.id });
      expect((await s.anon.tournaments.prizes.table({ tournamentId: s.id })).rows).toEqual([]);
      const audit = await s.director.tournaments.audit({ tournamentId: s.id });
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["prize.saved", "prize.removed"]));
    });
  });

  describe("payout and the prize hold", () => {
    it("a class prize and an equal split of a tie add up to the prize fund; final → public; a correction reopens", async () => {
      const s = await finishedEvent(db());
      const [w1, w2] = s.results.map((r) => r.winner) as [string, string];
      const [l1, l2] = s.results.map((r) => r.loser) as [string, string];
      for (const row of [
        { kind: "place", place: 1, amount: 10000, item: "trophy" },
        { kind: "place", place: 2, amount: 5001 },
        { kind: "class", place: 1, classValue: "B", amount: 3000 },
      ])
        await s.director.tournaments.prizes.save({ tournamentId: s.id, ...row } as never);
      await s.director.tournaments.prizes.settings({ tournamentId: s.id, split: "equal", onePrizePerPlayer: true });

      // provisional: directors see it, the public does not
      const prov = await s.director.tournaments.prizes.payout({ tournamentId: s.id });
      expect(prov.final).toBe(false);
      expect(prov.lines.every((l) => l.provisional)).toBe(true);
      const hidden = await s.anon.tournaments.prizes.payout({ tournamentId: s.id });
      expect(hidden).toMatchObject({ visible: false, lines: [] });

      await s.director.tournaments.prizes.markFinal({ tournamentId: s.id, final: true });
      const p = await s.anon.tournaments.prizes.payout({ tournamentId: s.id });
      expect(p.visible && p.final).toBe(true);
      const by = (id: string) => p.lines.filter((l) => l.winner?.kind === "player" && l.winner.playerId === id).reduce((x, l) => x + l.amount, 0);
      // the two winners tie on 1 win, +100: 100.00 + 50.01 shared, the odd cent to the better placed
      expect(by(w1) + by(w2)).toBe(15001);
      expect(Math.abs(by(w1) - by(w2))).toBe(1);
      expect(by(l2)).toBe(3000);
      expect(by(l1)).toBe(0);
      expect(p.lines.find((l) => l.item === "trophy")!.label).toBe("1st–2nd place (shared)");
      expect(p.lines.reduce((x, l) => x + l.amount, 0)).toBe(p.total);
      expect(p.total).toBe(18001);
      const route = payoutCsvRoute(async () => db());
      const res = await route(new Request(`http://localhost/tournaments/${s.id}/payout.csv`), { params: Promise.resolve({ id: s.id }) });
      expect(res.status).toBe(200);
      const csv = await res.text();
      expect(csv).toContain("total,,180.01,EUR");
      expect(csv).toContain("1st class B");

      // the table is frozen while final
      await expect(s.director.tournaments.prizes.save({ tournamentId: s.id, kind: "place", place: 3, amount: 100 } as never)).rejects.toThrow("reopen them before changing the prize table");

      // a correction after final reopens the hold
      const r = s.results[0]!;
      const flipped = Object.fromEntries(Object.entries(r.scores).map(([k, v]) => [k, v === 400 ? 300 : 400]));
      await s.director.tournaments.enterResult({ tournamentId: s.id, pairingId: r.p.id, scores: flipped });
      expect((await s.anon.tournaments.prizes.payout({ tournamentId: s.id })).visible).toBe(false);
      expect((await s.anon.tournaments.prizes.table({ tournamentId: s.id })).resultsFinalAt).toBeNull();
      const audit = await s.director.tournaments.audit({ tournamentId: s.id });
      expect(audit.find((a) => a.action === "results.reopened")!.details.why).toMatch(/changed after the results were final/);
      await expect(payoutCsv(db(), s.id, null)).rejects.toThrow("published once the director marks the results final");
      const hiddenCsv = await route(new Request(`http://localhost/tournaments/${s.id}/payout.csv`), { params: Promise.resolve({ id: s.id }) });
      expect(hiddenCsv.status).toBe(404);
      expect((await route(new Request("http://localhost/x"), { params: Promise.resolve({ id: "not-a-uuid" }) })).status).toBe(404);
      // directors still read the provisional payout (by the service; the route reads the session cookie)
      expect((await payoutCsv(db(), s.id, s.owner.id)).split("\r\n").at(-2)).toContain("provisional");
    });

    it("refuses to mark results final before the tournament is finished", async () => {
      const s = await finishedEvent(db(), 2);
      await expect(s.director.tournaments.prizes.markFinal({ tournamentId: s.id, final: true })).rejects.toThrow("once the last round is closed");
    });
  });

  it("least time used: from the clocks of finished online games; a hand-entered board leaves its players out", async () => {
    const owner = await seedUser(db());
    const players = await seedUsers(db(), 4, (i) => `Timed ${i + 1}`);
    const { club } = await seedClub(db(), { owner, members: players, name: "Clock Club" });
    const { t, director } = await seedTournament(db(), { clubId: club.id, director: owner, players, registerBy: "userIds", settings: { name: "Clock Open", format: "swiss", rounds: 1, timeControl: { initialMs: 600_000 } } });
    await seedRound(db(), { tournamentId: t.id, director });
    const [online, byHand] = (await director.tournaments.byId({ tournamentId: t.id })).rounds[0]!.pairings.filter((p) => !p.isBye);
    const caller = (id: string) => callerFor(db(), players.find((p) => p.id === id)!);
    const [first, second] = online!.players.map((p) => p.userId) as [string, string];
    const { matchId } = await caller(first).matches.createFromPairing({ pairingId: online!.id });
    await caller(second).matches.checkIn({ matchId });
    const game = await caller(first).matches.get({ matchId });
    await caller(first).matches.move({ matchId, expectedSeq: game.version, clientId: "resign-lt", action: { type: "resign" } });
    await director.tournaments.enterResult({ tournamentId: t.id, pairingId: byHand!.id, scores: Object.fromEntries(byHand!.players.map((p, i) => [p.userId, 300 + i])) });
    await director.tournaments.rounds.close({ tournamentId: t.id, roundNumber: 1 });
    await director.tournaments.prizes.save({ tournamentId: t.id, kind: "category", place: 1, category: "least-time", amount: 1500 } as never);
    const p = await director.tournaments.prizes.payout({ tournamentId: t.id });
    const line = p.lines.find((l) => l.label === "Least time used")!;
    expect(line.winner?.kind).toBe("player");
    expect([first, second]).toContain(line.winner!.kind === "player" ? line.winner!.playerId : "");
    expect(line.why).toMatch(/s used/);
    expect(line.amount).toBe(1500);
  });
});
