/**
 * The director's "Close turn now" (docs/duplicate.md "Closing a turn, restarts") on real databases:
 * the turn closes as at its deadline (the search run by the close when it was not stored, the
 * master play, the table, the next turn open), its close time the server's clock at the close, so a
 * submission stored before it stands and one after it is refused with the usual sentence naming
 * that time; only the game's directors may do it; two directors racing, a second click and the
 * close at the deadline all find it closed, and the close happens once.
 */
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@/db/client";
import { duplicateGames, duplicateSubmissions, duplicateTurns } from "@/db/schema";
import { bestPlaysAt, rulesetFor } from "@/engine";
import { searchTurn } from "@/server/services/duplicate/search";
import { closeTurn } from "@/server/services/duplicate/turns";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedUser } from "../helpers/seed";

async function turnRow(db: Db, gameId: string, number: number) {
  const [t] = await db.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, gameId), eq(duplicateTurns.number, number)));
  return t;
}

async function gameRow(db: Db, gameId: string) {
  const [g] = await db.select().from(duplicateGames).where(eq(duplicateGames.id, gameId));
  return g!;
}

const clock = (d: Date) => d.toISOString().slice(11, 19) + " UTC";

describeDb("duplicate: the director closes a turn now", (db, driver) => {
  it("closes early as at the deadline: table, next turn, a play before it stands, one after it refused; others refused", async () => {
    const [ann, bo, cy, outsider] = await Promise.all([seedUser(db(), { name: "Ann" }), seedUser(db(), { name: "Bo" }), seedUser(db(), { name: "Cy" }), seedUser(db())]);
    const { id } = await callerFor(db(), ann).duplicate.create({ name: "Club night", ruleset: "equate", turnSeconds: 600, maxTurns: 3, seed: "dup-close-1" });
    for (const u of [bo, cy]) await callerFor(db(), u).duplicate.join({ gameId: id });
    // not before the start
    await expect(callerFor(db(), ann).duplicate.closeNow({ gameId: id, turn: 1 })).rejects.toThrow("The game has not started yet.");
    await callerFor(db(), ann).duplicate.start({ gameId: id });
    const t1 = (await turnRow(db(), id, 1))!;
    const g1 = await gameRow(db(), id);
    const plays = bestPlaysAt(rulesetFor("equate", {}), g1.board, t1.rack, { top: 6, deadlineMs: 1500, firstPlay: true }).plays;
    const lesser = plays.find((p) => p.score < plays[0]!.score) ?? plays.at(-1)!;
    await callerFor(db(), ann).duplicate.submit({ gameId: id, turn: 1, placements: plays[0]!.placements });
    await callerFor(db(), bo).duplicate.submit({ gameId: id, turn: 1, placements: lesser.placements });

    // only the game's director: a player and a stranger are refused, and the turn stays open
    for (const u of [bo, outsider]) await expect(callerFor(db(), u).duplicate.closeNow({ gameId: id, turn: 1 })).rejects.toThrow("Only the game's director can do that.");
    // a turn not yet open is not closed
    await expect(callerFor(db(), ann).duplicate.closeNow({ gameId: id, turn: 2 })).rejects.toThrow("Turn 2 is not open.");
    expect((await turnRow(db(), id, 1))!.closedAt).toBeNull();
    // the search job has not run (the tests work no queue): the close runs the search itself
    expect(t1.search).toBeNull();

    const before = Date.now();
    expect(await callerFor(db(), ann).duplicate.closeNow({ gameId: id, turn: 1 })).toEqual({ turn: 1, closed: true });
    const after = Date.now();
    const closed = (await turnRow(db(), id, 1))!;
    // closed at the server's clock at the close, and the deadline brought back to it
    expect(closed.closedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(closed.closedAt!.getTime()).toBeLessThanOrEqual(after);
    expect(closed.dueAt.getTime()).toBe(closed.closedAt!.getTime());
    expect(closed.dueAt.getTime()).toBeLessThan(t1.dueAt.getTime());
    expect(closed.search).not.toBeNull();
    const subs = await db().select().from(duplicateSubmissions).where(eq(duplicateSubmissions.gameId, id));
    for (const s of subs) expect(s.submittedAt.getTime()).toBeLessThan(closed.closedAt!.getTime());

    // the table, the master play and the next turn, as at a timed close
    const v = await callerFor(db(), bo).duplicate.get({ gameId: id });
    expect(v.turn!.number).toBe(2);
    expect(v.turn!.openedAt.getTime()).toBe(closed.closedAt!.getTime());
    expect(v.turn!.dueAt.getTime()).toBe(closed.closedAt!.getTime() + 600_000);
    const master = v.history[0]!.master!;
    expect(master.score).toBeGreaterThanOrEqual(plays[0]!.score);
    expect(v.board.length).toBe(master.placements.length);
    const row = (u: string) => v.table.rows.find((r) => r.userId === u)!;
    expect(row(ann.id).total).toBe(plays[0]!.score);
    expect(row(bo.id).total).toBe(lesser.score);
    expect(row(cy.id)).toMatchObject({ total: 0, cells: [{ score: 0, submitted: false }] });
    expect(v.table.topTotal).toBe(master.score);

    // a play after the close: the usual sentence, with the close time
    await expect(callerFor(db(), cy).duplicate.submit({ gameId: id, turn: 1, placements: plays[0]!.placements })).rejects.toThrow(
      `Turn 1 closed at ${clock(closed.closedAt!)} by the server's clock: this play was not taken. Your last submission before the close stands.`,
    );
    // the close due at the old deadline (its job, its timer) finds it closed
    expect((await closeTurn(db(), id, 1, t1.dueAt, 800)).outcome).toBe("already-closed");
    expect((await turnRow(db(), id, 2))!.closedAt).toBeNull();
  }, 60_000);

  it("a submission racing the close either counts, stored before the close time, or is refused naming it", async () => {
    const [ann, bo] = await Promise.all([seedUser(db(), { name: "Ann" }), seedUser(db(), { name: "Bo" })]);
    const { id } = await callerFor(db(), ann).duplicate.create({ name: "Photo finish", ruleset: "equate", turnSeconds: 600, maxTurns: 2, seed: "dup-close-3", play: false });
    await callerFor(db(), bo).duplicate.join({ gameId: id });
    await callerFor(db(), ann).duplicate.start({ gameId: id });
    const t = (await turnRow(db(), id, 1))!;
    const g = await gameRow(db(), id);
    const play = bestPlaysAt(rulesetFor("equate", {}), g.board, t.rack, { top: 1, deadlineMs: 1500, firstPlay: true }).plays[0]!;
    await searchTurn(db(), g, t, 800); // stored: the close goes straight to its transaction
    const [sub, close] = await Promise.allSettled([
      callerFor(db(), bo).duplicate.submit({ gameId: id, turn: 1, placements: play.placements }),
      callerFor(db(), ann).duplicate.closeNow({ gameId: id, turn: 1 }),
    ]);
    expect(close).toMatchObject({ status: "fulfilled", value: { closed: true } });
    const closedAt = (await turnRow(db(), id, 1))!.closedAt!;
    const boRow = (await callerFor(db(), bo).duplicate.get({ gameId: id })).table.rows.find((r) => r.userId === bo.id)!;
    if (sub.status === "fulfilled") {
      expect(sub.value.submittedAt.getTime()).toBeLessThan(closedAt.getTime());
      expect(boRow.total).toBe(play.score);
    } else {
      expect(String(sub.reason)).toContain(`Turn 1 closed at ${clock(closedAt)} by the server's clock`);
      expect(boRow.total).toBe(0);
    }
  }, 60_000);

  // two connections: a submission in flight holds the turn while the close waits for it (PGlite has one connection)
  it.skipIf(driver !== "postgres")("a submission in flight when the close is asked for counts: the close time is read once the close holds the turn", async () => {
    const [ann, bo] = await Promise.all([seedUser(db(), { name: "Ann" }), seedUser(db(), { name: "Bo" })]);
    const { id } = await callerFor(db(), ann).duplicate.create({ name: "In flight", ruleset: "equate", turnSeconds: 600, maxTurns: 2, seed: "dup-close-4", play: false });
    await callerFor(db(), bo).duplicate.join({ gameId: id });
    await callerFor(db(), ann).duplicate.start({ gameId: id });
    const t = (await turnRow(db(), id, 1))!;
    const g = await gameRow(db(), id);
    const play = bestPlaysAt(rulesetFor("equate", {}), g.board, t.rack, { top: 1, deadlineMs: 1500, firstPlay: true }).plays[0]!;
    await searchTurn(db(), g, t, 800);
    let close: Promise<unknown> = Promise.resolve();
    let storedAt = new Date(0);
    await db().transaction(async (tx) => {
      // the turn held FOR SHARE, as a submission holds it; the director asks for the close meanwhile
      await tx.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, id), eq(duplicateTurns.number, 1))).for("share");
      const asked = Date.now();
      close = callerFor(db(), ann).duplicate.closeNow({ gameId: id, turn: 1 });
      await new Promise((r) => setTimeout(r, 400));
      storedAt = new Date();
      expect(storedAt.getTime() - asked).toBeGreaterThanOrEqual(300);
      await tx.insert(duplicateSubmissions).values({ gameId: id, turn: 1, userId: bo.id, placements: play.placements, count: 1, submittedAt: storedAt, valid: true, score: play.score, text: "x" });
    });
    expect(await close).toEqual({ turn: 1, closed: true });
    const closedAt = (await turnRow(db(), id, 1))!.closedAt!;
    expect(closedAt.getTime()).toBeGreaterThanOrEqual(storedAt.getTime());
    expect((await callerFor(db(), bo).duplicate.get({ gameId: id })).table.rows.find((r) => r.userId === bo.id)!.total).toBe(play.score);
  }, 60_000);

  it("two directors at once, then a second click: the turn closes once, the next one stays open", async () => {
    const dir = await seedUser(db(), { name: "Dee Director" });
    const player = await seedUser(db(), { name: "Pat" });
    const { club, owner } = await seedClub(db(), { directors: [dir], members: [player] });
    const { id } = await callerFor(db(), owner).duplicate.create({ name: "Club race", ruleset: "equate", turnSeconds: 600, maxTurns: 2, seed: "dup-close-2", clubId: club.id });
    await callerFor(db(), player).duplicate.join({ gameId: id });
    await callerFor(db(), owner).duplicate.start({ gameId: id });
    const version = (await gameRow(db(), id)).version;

    const both = await Promise.all([owner, dir].map((u) => callerFor(db(), u).duplicate.closeNow({ gameId: id, turn: 1 })));
    expect(both.some((r) => r.closed)).toBe(true);
    // a second click on the turn it showed: nothing more closes (not the turn just opened)
    expect(await callerFor(db(), dir).duplicate.closeNow({ gameId: id, turn: 1 })).toEqual({ turn: 1, closed: false });
    const g = await gameRow(db(), id);
    expect(g.turn).toBe(2);
    expect(g.version).toBe(version + 1); // one close, one notice
    expect((await turnRow(db(), id, 2))!.closedAt).toBeNull();
    expect(await turnRow(db(), id, 3)).toBeUndefined();

    // two closes past the process's shared close in flight (two servers): the transaction's lock decides
    const outcomes = await Promise.all([0, 1].map(() => closeTurn(db(), id, 2, new Date(), 800, true)));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["already-closed", "closed"]);
    const over = await gameRow(db(), id);
    expect(over).toMatchObject({ status: "finished", version: version + 2 });
    expect(await callerFor(db(), owner).duplicate.closeNow({ gameId: id, turn: 2 })).toEqual({ turn: 2, closed: false });
  }, 60_000);
});
