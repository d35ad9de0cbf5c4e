/**
 * Duplicate events (docs/duplicate.md "Events") on real databases: a director sets up an event,
 * puts a new game and an existing one in it, two games are played a turn each, and the event's
 * standings are the games' tables summed (by percentage of the tops of the games each played), each
 * with why it stands above the next. Refusals: a non-director adding a game, a club's game into an
 * event outside the club, a game already in another event, a stranger reading a club's event.
 */
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@/db/client";
import { duplicateTurns } from "@/db/schema";
import { bestPlaysAt, rulesetFor, type Placement } from "@/engine";
import { tenthsOfPercent } from "@/server/domain";
import { loadGame } from "@/server/services/duplicate/access";
import { closeTurn } from "@/server/services/duplicate/turns";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedUser } from "../helpers/seed";

/** The open turn's best legal plays, best first (as a player would find them). */
async function playsFor(db: Db, gameId: string): Promise<{ placements: Placement[]; score: number }[]> {
  const g = await loadGame(db, gameId);
  const [t] = await db.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, gameId), eq(duplicateTurns.number, g.turn)));
  return bestPlaysAt(rulesetFor(g.ruleset, g.rulesetOptions), g.board, t!.rack, { top: 6, deadlineMs: 1500, firstPlay: true }).plays;
}

async function closeOpenTurn(db: Db, gameId: string): Promise<void> {
  const g = await loadGame(db, gameId);
  const [t] = await db.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, gameId), eq(duplicateTurns.number, g.turn)));
  expect((await closeTurn(db, gameId, t!.number, t!.dueAt, 800)).outcome).toBe("closed");
}

describeDb("duplicate events", (db) => {
  it("a director groups two games; the standings sum the games' tables and say why each is above the next", async () => {
    const [ann, bo, cy] = await Promise.all([seedUser(db(), { name: "Ann" }), seedUser(db(), { name: "Bo" }), seedUser(db(), { name: "Cy" })]);
    const ev = await callerFor(db(), ann).duplicate.eventCreate({ name: "Winter series", standing: "percent" });
    // a new game set up in the event, and an existing one added to it
    const g1 = await callerFor(db(), ann).duplicate.create({ name: "Round 1", ruleset: "equate", turnSeconds: 60, maxTurns: 1, seed: "ev-1", eventId: ev.id });
    const g2 = await callerFor(db(), ann).duplicate.create({ name: "Round 2", ruleset: "equate", turnSeconds: 60, maxTurns: 1, seed: "ev-2" });
    await expect(callerFor(db(), bo).duplicate.eventAdd({ eventId: ev.id, gameId: g2.id })).rejects.toThrow("Only the event's director");
    expect(await callerFor(db(), ann).duplicate.eventAdd({ eventId: ev.id, gameId: g2.id })).toEqual({ games: 2 });
    expect(await callerFor(db(), ann).duplicate.eventAdd({ eventId: ev.id, gameId: g2.id })).toEqual({ games: 2 }); // twice: once
    // Bo plays both, Cy only the first; Ann (the director) plays both
    for (const g of [g1, g2]) await callerFor(db(), bo).duplicate.join({ gameId: g.id });
    await callerFor(db(), cy).duplicate.join({ gameId: g1.id });

    for (const [g, best, lesser] of [
      [g1.id, ann, bo],
      [g2.id, bo, ann],
    ] as const) {
      await callerFor(db(), ann).duplicate.start({ gameId: g });
      const plays = await playsFor(db(), g);
      const low = plays.find((p) => p.score < plays[0]!.score) ?? plays[plays.length - 1]!;
      await callerFor(db(), best).duplicate.submit({ gameId: g, turn: 1, placements: plays[0]!.placements });
      await callerFor(db(), lesser).duplicate.submit({ gameId: g, turn: 1, placements: low.placements });
      await closeOpenTurn(db(), g);
    }

    const tables = await Promise.all([g1, g2].map((g) => callerFor(db(), ann).duplicate.get({ gameId: g.id })));
    const v = await callerFor(db(), cy).duplicate.eventGet({ eventId: ev.id });
    expect(v).toMatchObject({ name: "Winter series", standing: "percent", isDirector: false, addable: [] });
    expect(v.games.map((g) => [g.id, g.name, g.status])).toEqual([
      [g1.id, "Round 1", "finished"],
      [g2.id, "Round 2", "finished"],
    ]);
    expect(v.games.map((g) => g.topTotal)).toEqual(tables.map((t) => t.table.topTotal));
    // each player's total is the sum over the games they played; the percentage counts only those games' tops
    for (const s of v.standings) {
      const inGames = tables.filter((t) => t.players.some((p) => p.userId === s.userId));
      const total = inGames.reduce((n, t) => n + t.table.rows.find((r) => r.userId === s.userId)!.total, 0);
      const tops = inGames.reduce((n, t) => n + t.table.topTotal, 0);
      expect(s).toMatchObject({ total, topTotal: tops, games: inGames.length, percent: tenthsOfPercent(total, tops) });
    }
    expect(v.standings.map((s) => s.name).sort()).toEqual(["Ann", "Bo", "Cy"]);
    expect(v.standings.find((s) => s.name === "Cy")!.games).toBe(1);
    // ranked by percentage, best first; ties share a place; each says why it is above the next
    for (let i = 1; i < v.standings.length; i++) {
      const [a, b] = [v.standings[i - 1]!, v.standings[i]!];
      expect(a.percent).toBeGreaterThanOrEqual(b.percent);
      expect(b.rank === a.rank).toBe(a.percent === b.percent);
      expect(a.why).toContain(b.name);
    }
    expect(v.standings.at(-1)!.why).toBeNull();
    expect((await callerFor(db(), cy).duplicate.eventList()).find((e) => e.id === ev.id)).toMatchObject({ games: 2 });
    // each game's page can link back: the director sees no more games to add
    expect((await callerFor(db(), ann).duplicate.eventGet({ eventId: ev.id })).addable).toEqual([]);
  }, 90_000);

  it("a club's event: its directors run it, its members read it, its games only", async () => {
    const [dir, member, stranger] = await Promise.all([seedUser(db()), seedUser(db()), seedUser(db())]);
    const { club, owner } = await seedClub(db(), { directors: [dir], members: [member] });
    await expect(callerFor(db(), member).duplicate.eventCreate({ name: "Club cup", clubId: club.id })).rejects.toThrow();
    const ev = await callerFor(db(), dir).duplicate.eventCreate({ name: "Club cup", clubId: club.id });
    const clubGame = await callerFor(db(), owner).duplicate.create({ name: "Club round", ruleset: "equate", clubId: club.id });
    const ownGame = await callerFor(db(), dir).duplicate.create({ name: "Not the club's", ruleset: "equate" });
    // the club's directors run its event (the owner too), and see the club's games to add
    expect((await callerFor(db(), dir).duplicate.eventGet({ eventId: ev.id })).addable.map((g) => g.id)).toEqual([clubGame.id]);
    await expect(callerFor(db(), dir).duplicate.eventAdd({ eventId: ev.id, gameId: ownGame.id })).rejects.toThrow("Only the club's own duplicate games");
    await expect(callerFor(db(), dir).duplicate.create({ name: "Outside", ruleset: "equate", eventId: ev.id })).rejects.toThrow("Only the club's own duplicate games");
    await callerFor(db(), dir).duplicate.eventAdd({ eventId: ev.id, gameId: clubGame.id });
    // a game counts in one event only
    const other = await callerFor(db(), owner).duplicate.eventCreate({ name: "Other cup", clubId: club.id });
    await expect(callerFor(db(), owner).duplicate.eventAdd({ eventId: other.id, gameId: clubGame.id })).rejects.toThrow("already counts in another event");
    // members read it; a stranger does not, nor sees it listed
    expect((await callerFor(db(), member).duplicate.eventGet({ eventId: ev.id })).games.map((g) => g.id)).toEqual([clubGame.id]);
    await expect(callerFor(db(), stranger).duplicate.eventGet({ eventId: ev.id })).rejects.toThrow();
    expect((await callerFor(db(), stranger).duplicate.eventList()).map((e) => e.id)).not.toContain(ev.id);
    // bad input: a clear sentence, no 5xx
    await expect(callerFor(db(), dir).duplicate.eventCreate({ name: "  " })).rejects.toThrow("Give the event a name.");
    await expect(callerFor(db(), dir).duplicate.eventGet({ eventId: "00000000-0000-4000-8000-000000000000" })).rejects.toThrow("That duplicate event does not exist.");
  }, 60_000);
});
