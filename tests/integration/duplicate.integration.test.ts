/**
 * Duplicate games (docs/duplicate.md) on real databases: a turn played through the API (the shared
 * rack, refusals for tiles not on the rack, the master play and the table at the close), a late
 * submission refused by the server's clock, 1,000 submissions from one account (capped, the last
 * one kept), a player joining mid-game, and a restart mid-turn: a submission before it and one to
 * the restarted server both stand, the turn is closed by its pg-boss job from a fresh database
 * handle, and each play counts once in the table.
 */
import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase, statementsSent, type Db } from "@/db/client";
import { duplicateGames, duplicateSubmissions, duplicateTurns } from "@/db/schema";
import { bestPlaysAt, rulesetFor, type Placement } from "@/engine";
import { loadGame } from "@/server/services/duplicate/access";
import { DUPLICATE_QUEUE, drainDuplicateJobs } from "@/server/services/duplicate/jobs";
import { SUBMISSIONS_PER_TURN } from "@/server/services/duplicate/schemas";
import { searchTurn } from "@/server/services/duplicate/search";
import { closeTurn, submitPlay } from "@/server/services/duplicate/turns";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

const SEARCH_MS = 800;

async function openTurnRow(db: Db, gameId: string) {
  const g = await loadGame(db, gameId);
  const [t] = await db.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, gameId), eq(duplicateTurns.number, g.turn)));
  return { g, t: t! };
}

/** A few legal plays for the open turn, best first (the engine, as a player would find them). */
async function playsFor(db: Db, gameId: string): Promise<{ placements: Placement[]; score: number }[]> {
  const { g, t } = await openTurnRow(db, gameId);
  return bestPlaysAt(rulesetFor(g.ruleset, g.rulesetOptions), g.board, t.rack, { top: 6, deadlineMs: 1500, firstPlay: g.board.length === 0 }).plays;
}

describeDb("duplicate games", (db, driver) => {
  it("three players, a turn: shared rack, refusals, master play and table at the close, late play refused", async () => {
    const [ann, bo, cy] = await Promise.all([seedUser(db(), { name: "Ann" }), seedUser(db(), { name: "Bo" }), seedUser(db(), { name: "Cy" })]);
    const { id } = await callerFor(db(), ann).duplicate.create({ name: "Tuesday duplicate", ruleset: "equate", turnSeconds: 60, maxTurns: 3, seed: "dup-1" });
    expect((await callerFor(db(), bo).duplicate.join({ gameId: id })).table).toBe(2);
    await callerFor(db(), cy).duplicate.join({ gameId: id });
    // the list counts this game's players and knows who is in it (its subqueries name their columns)
    const outsider = await seedUser(db());
    const other = await callerFor(db(), outsider).duplicate.create({ name: "Another", ruleset: "equate", seed: "dup-1b" });
    const listed = (u: typeof bo) => callerFor(db(), u).duplicate.list();
    expect((await listed(bo)).find((x) => x.id === id)).toMatchObject({ players: 3, joined: true });
    expect((await listed(outsider)).find((x) => x.id === id)).toMatchObject({ players: 3, joined: false });
    expect((await listed(outsider)).find((x) => x.id === other.id)).toMatchObject({ players: 1, joined: true });
    await expect(callerFor(db(), bo).duplicate.start({ gameId: id })).rejects.toThrow("Only the game's director");
    await callerFor(db(), ann).duplicate.start({ gameId: id });

    const v = await callerFor(db(), bo).duplicate.get({ gameId: id });
    expect(v.status).toBe("playing");
    expect(v.turn!.number).toBe(1);
    expect(v.turn!.rack).toHaveLength(rulesetFor("equate", {}).rackSize);
    expect((await callerFor(db(), cy).duplicate.get({ gameId: id })).turn!.rack).toEqual(v.turn!.rack); // one rack for all
    // the close is a job in the database, due at the turn's close time
    const jobs = (await db().execute(sql`select data, start_after from pgboss.job where name = ${DUPLICATE_QUEUE}`)) as unknown as { rows?: unknown[] } | unknown[];
    const rows = (Array.isArray(jobs) ? jobs : jobs.rows!) as { data: { kind: string; gameId: string }; start_after: Date | string }[];
    const close = rows.find((r) => r.data.kind === "close" && r.data.gameId === id)!;
    expect(new Date(close.start_after).getTime()).toBe(v.turn!.dueAt.getTime());

    // tiles not on the shared rack
    const notOnRack = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].find((f) => !v.turn!.rack.includes(f))!;
    await expect(
      callerFor(db(), bo).duplicate.submit({ gameId: id, turn: 1, placements: [{ row: 9, col: 9, tile: notOnRack }, { row: 9, col: 10, tile: "=" }, { row: 9, col: 11, tile: notOnRack }] }),
    ).rejects.toThrow("Use only the tiles of this turn's rack");

    const plays = await playsFor(db(), id);
    expect(plays.length).toBeGreaterThan(0);
    const lesser = plays.find((p) => p.score < plays[0]!.score) ?? plays[plays.length - 1]!;
    // Bo first tries the best play, then changes his mind: the last submission stands
    await callerFor(db(), bo).duplicate.submit({ gameId: id, turn: 1, placements: plays[0]!.placements });
    expect((await callerFor(db(), bo).duplicate.submit({ gameId: id, turn: 1, placements: lesser.placements })).count).toBe(2);
    await callerFor(db(), ann).duplicate.submit({ gameId: id, turn: 1, placements: plays[0]!.placements });
    // no one sees another's play before the close
    const annSees = await callerFor(db(), ann).duplicate.get({ gameId: id });
    expect(annSees.mine!.placements).toEqual(plays[0]!.placements);
    expect(JSON.stringify(annSees)).not.toContain(JSON.stringify(lesser.placements));
    expect(annSees.submitted.sort()).toEqual([ann.id, bo.id].sort());

    const { g, t } = await openTurnRow(db(), id);
    await searchTurn(db(), g, t, SEARCH_MS);
    // one millisecond early: nothing happens; at the close time the turn closes
    expect((await closeTurn(db(), id, 1, new Date(t.dueAt.getTime() - 1))).outcome).toBe("not-due");
    // a submission at the close time is refused by the server's clock, the earlier one kept
    await expect(submitPlay(db(), { gameId: id, turn: 1, placements: plays[0]!.placements }, bo.id, { now: t.dueAt })).rejects.toThrow(/Turn 1 closed at .* by the server's clock/);
    expect((await closeTurn(db(), id, 1, t.dueAt)).outcome).toBe("closed");
    expect((await closeTurn(db(), id, 1, t.dueAt)).outcome).toBe("already-closed");
    await expect(callerFor(db(), cy).duplicate.submit({ gameId: id, turn: 1, placements: plays[0]!.placements })).rejects.toThrow("Turn 1 closed");

    const after = await callerFor(db(), bo).duplicate.get({ gameId: id });
    expect(after.turn!.number).toBe(2);
    const h = after.history[0]!;
    expect(h.master!.score).toBeGreaterThanOrEqual(plays[0]!.score);
    expect(h.master!.text).toMatch(/ at [A-Z]\d+ (across|down)/);
    expect(after.board.length).toBe(h.master!.placements.length);
    const row = (u: string) => after.table.rows.find((r) => r.userId === u)!;
    expect(row(ann.id).total).toBe(plays[0]!.score);
    expect(row(bo.id).total).toBe(lesser.score);
    expect(row(cy.id)).toMatchObject({ total: 0, cells: [{ score: 0, submitted: false }] });
    expect(after.table.topTotal).toBe(h.master!.score);
    if (h.master!.score === plays[0]!.score) expect(row(ann.id).cells[0]).toMatchObject({ top: true, solo: lesser.score < plays[0]!.score });
    expect(row(ann.id).percent).toBe(Math.round((plays[0]!.score * 1000) / h.master!.score));

    // a player joining mid-game plays from the open turn; the turns before score 0
    const dee = await seedUser(db(), { name: "Dee" });
    expect(await callerFor(db(), dee).duplicate.join({ gameId: id })).toEqual({ table: 4, joinedTurn: 2 });
    const deeRow = (await callerFor(db(), dee).duplicate.get({ gameId: id })).table.rows.find((r) => r.userId === dee.id)!;
    expect(deeRow.cells[0]).toMatchObject({ missed: true, score: 0 });
  }, 60_000);

  it("an invalid play scores 0 and its player alone reads the engine's reason", async () => {
    const [ann, bo] = await Promise.all([seedUser(db()), seedUser(db())]);
    const { id } = await callerFor(db(), ann).duplicate.create({ name: "Reasons", ruleset: "equate", turnSeconds: 30, maxTurns: 1, seed: "dup-2" });
    await callerFor(db(), bo).duplicate.join({ gameId: id });
    await callerFor(db(), ann).duplicate.start({ gameId: id });
    const { g, t } = await openTurnRow(db(), id);
    // two different numbers of the rack either side of =: placed right, but an equation that does not hold
    const nums = [...new Set(t.rack.filter((f) => /^\d+$/.test(f)))];
    expect(nums.length).toBeGreaterThanOrEqual(2); // the seed's first rack
    const bad: Placement[] = [{ row: 9, col: 8, tile: nums[0]! }, { row: 9, col: 9, tile: "=" }, { row: 9, col: 10, tile: nums[1]! }];
    await callerFor(db(), bo).duplicate.submit({ gameId: id, turn: 1, placements: bad });
    await searchTurn(db(), g, t, SEARCH_MS);
    await closeTurn(db(), id, 1, t.dueAt);
    // the first read at a version reads the shared part (the game, players, turns, closed plays); a
    // second reader at the same version makes one statement (the version, the access, the open turn)
    const before = statementsSent(db());
    const seen = await callerFor(db(), bo).duplicate.get({ gameId: id });
    const cold = statementsSent(db()) - before;
    expect(seen.status).toBe("finished");
    const mine = seen.history[0]!.own!;
    expect(mine).toMatchObject({ userId: bo.id, valid: false });
    expect(mine.reason).toMatch(/\S/);
    const before2 = statementsSent(db());
    const annSees = await callerFor(db(), ann).duplicate.get({ gameId: id });
    expect(statementsSent(db()) - before2).toBe(1);
    expect(cold).toBeGreaterThan(1);
    expect(annSees.history[0]!.own, "Ann played nothing").toBeNull();
    // Bo's play in the turn's plays as Ann reads them: no reason; as Bo reads them: his
    const page = (u: typeof bo) => callerFor(db(), u).duplicate.turnPlays({ gameId: id, turn: 1 });
    expect((await page(ann)).plays.find((p) => p.userId === bo.id)).toMatchObject({ valid: false, reason: null });
    expect((await page(bo)).plays.find((p) => p.userId === bo.id)!.reason).toBe(mine.reason);
    // and the reader's own reason is still theirs on a read from the kept part
    expect((await callerFor(db(), bo).duplicate.get({ gameId: id })).history[0]!.own!.reason).toBe(mine.reason);
  }, 60_000);

  it("1,000 submissions from one account: capped per turn, the last one before the cap kept", async () => {
    const ann = await seedUser(db());
    const { id } = await callerFor(db(), ann).duplicate.create({ name: "Flood", ruleset: "equate", turnSeconds: 600, maxTurns: 1, seed: "dup-3" });
    await callerFor(db(), ann).duplicate.start({ gameId: id });
    const plays = await playsFor(db(), id);
    let refused = 0;
    let last = -1;
    for (let i = 0; i < 1000; i++) {
      try {
        await submitPlay(db(), { gameId: id, turn: 1, placements: plays[i % plays.length]!.placements }, ann.id);
        last = i;
      } catch (e) {
        expect((e as Error).message).toContain("the most a turn allows: your last submission stands");
        refused++;
      }
    }
    expect(refused).toBe(1000 - SUBMISSIONS_PER_TURN);
    const [s] = await db().select().from(duplicateSubmissions).where(eq(duplicateSubmissions.gameId, id));
    expect(s!.count).toBe(SUBMISSIONS_PER_TURN);
    expect(s!.placements).toEqual(plays[last % plays.length]!.placements);
  }, 120_000);

  it("a restart mid-turn: submissions before and after it stand, the fresh handle's queue closes the turn when due, each counted once", async () => {
    const [ann, bo] = await Promise.all([seedUser(db()), seedUser(db())]);
    const { id } = await callerFor(db(), ann).duplicate.create({ name: "Restart", ruleset: "equate", turnSeconds: 120, maxTurns: 2, seed: "dup-4" });
    await callerFor(db(), bo).duplicate.join({ gameId: id });
    // a long turn: the setup and the restart (opening PGlite from its data takes seconds under load)
    // fit in it; then the close time is brought forward rather than waited for
    const { startDuplicate } = await import("@/server/services/duplicate/games");
    await startDuplicate(db(), id, ann.id);
    const plays = await playsFor(db(), id);
    await submitPlay(db(), { gameId: id, turn: 1, placements: plays[0]!.placements }, bo.id);
    const { g, t } = await openTurnRow(db(), id);
    await searchTurn(db(), g, t, SEARCH_MS);

    // the "restarted" server: a new database handle (PGlite: the data directory as it was; PostgreSQL: a new pool)
    let fresh: { db: Db; close: () => Promise<void> };
    if (driver === "pglite") {
      const client = (db() as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
      fresh = await openDatabase({ loadDataDir: await client.dumpDataDir("none") });
    } else {
      const [{ name }] = (await db().execute(sql`select current_database() as name`)) as unknown as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      fresh = await openDatabase({ url: url.toString() });
    }
    try {
      // the restarted server takes submissions for the turn still open: Ann plays after the restart
      await submitPlay(fresh.db, { gameId: id, turn: 1, placements: plays[0]!.placements }, ann.id);
      // the close time comes (brought forward: the turn row and its due job, as the clock would)
      const due = new Date(Date.now() + 300);
      await fresh.db.update(duplicateTurns).set({ dueAt: due }).where(and(eq(duplicateTurns.gameId, id), eq(duplicateTurns.number, 1)));
      await fresh.db.execute(sql`update pgboss.job set start_after = ${due.toISOString()}::timestamptz where name = ${DUPLICATE_QUEUE} and data->>'gameId' = ${id} and data->>'kind' = 'close'`);
      await new Promise((r) => setTimeout(r, 600));
      // a play after the close time is refused (the server's clock), the earlier ones stand
      await expect(submitPlay(fresh.db, { gameId: id, turn: 1, placements: plays[1]?.placements ?? plays[0]!.placements }, bo.id)).rejects.toThrow(/closed at/);
      expect(await drainDuplicateJobs(fresh.db)).toBeGreaterThan(0);
      const [closed] = await fresh.db.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, id), eq(duplicateTurns.number, 1)));
      expect(closed!.closedAt).not.toBeNull();
      const [sub] = await fresh.db.select().from(duplicateSubmissions).where(and(eq(duplicateSubmissions.gameId, id), eq(duplicateSubmissions.userId, bo.id)));
      expect(sub).toMatchObject({ valid: true, score: plays[0]!.score });
      const [game] = await fresh.db.select().from(duplicateGames).where(eq(duplicateGames.id, id));
      expect(game!.turn).toBe(2);
      // nothing counted twice: the close again (a job run twice, a reader) changes nothing
      expect((await closeTurn(fresh.db, id, 1)).outcome).toBe("already-closed");
      const subs = await fresh.db.select().from(duplicateSubmissions).where(and(eq(duplicateSubmissions.gameId, id), eq(duplicateSubmissions.turn, 1)));
      expect(subs.map((s) => s.userId).sort()).toEqual([ann.id, bo.id].sort());
      expect(subs.map((s) => s.count)).toEqual([1, 1]);
      // and the table counts each play once: both scored the top, once
      const { duplicateView } = await import("@/server/services/duplicate/view");
      const view = await duplicateView(fresh.db, id, bo.id);
      const top = view.table.tops[0]!;
      expect(top).toBeGreaterThanOrEqual(plays[0]!.score);
      for (const r of view.table.rows) expect(r.total, "a play counted twice, or lost").toBe(plays[0]!.score);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
