/**
 * A duplicate game read by page (docs/duplicate.md "Reading a game") on real databases: the view
 * carries one screen (the table's first rows and the reader's own with its neighbours, each closed
 * turn's master and the reader's own play), and `duplicate.table`, `duplicate.turnPlays` and
 * `duplicate.players` page through the rest — the same rows, each once, within the input's limits;
 * the open turn's plays reach no page.
 */
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { duplicatePlayers, duplicateTurns } from "@/db/schema";
import { bestPlaysAt, rulesetFor } from "@/engine";
import { tableExcerpt } from "@/server/domain";
import { loadGame } from "@/server/services/duplicate/access";
import { searchTurn } from "@/server/services/duplicate/search";
import { closeTurn, submitPlay } from "@/server/services/duplicate/turns";
import { describeDb } from "../helpers/db";
import { callerFor, seedUsers } from "../helpers/seed";

const FIELD = 30;

/** Every page of `read` from offset 0, `limit` at a time, until a short one. */
async function allPages<T>(limit: number, read: (offset: number) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await read(offset);
    out.push(...page);
    if (page.length < limit) return out;
  }
}

describeDb("duplicate games by page", (db) => {
  it("a field of 30: the view holds one screen, the pages hold the rest once each, the open turn's plays none", async () => {
    const users = await seedUsers(db(), FIELD, (i) => `Player ${String(i + 1).padStart(2, "0")}`);
    const director = users[0]!;
    const { id } = await callerFor(db(), director).duplicate.create({ name: "Big field", ruleset: "equate", turnSeconds: 600, maxTurns: 3, seed: "pages-1" });
    await db()
      .insert(duplicatePlayers)
      .values(users.slice(1).map((u, i) => ({ gameId: id, userId: u.id, joinedTurn: 1, tableNumber: i + 2 })));
    await callerFor(db(), director).duplicate.start({ gameId: id });

    // turn 1: two in three submit, plays of different scores; then the close
    let g = await loadGame(db(), id);
    const [t1] = await db().select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, id), eq(duplicateTurns.number, 1)));
    const plays = bestPlaysAt(rulesetFor(g.ruleset, g.rulesetOptions), g.board, t1!.rack, { top: 8, deadlineMs: 1500, firstPlay: true }).plays;
    expect(plays.length).toBeGreaterThan(1);
    const players = users.filter((_, i) => i % 3 !== 2);
    for (const [i, u] of players.entries()) await submitPlay(db(), { gameId: id, turn: 1, placements: plays[i % plays.length]!.placements }, u.id);
    await searchTurn(db(), g, t1!, 800);
    expect((await closeTurn(db(), id, 1, t1!.dueAt)).outcome).toBe("closed");

    // turn 2 is open: one player's play is theirs alone
    g = await loadGame(db(), id);
    const [t2] = await db().select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, id), eq(duplicateTurns.number, 2)));
    const open = bestPlaysAt(rulesetFor(g.ruleset, g.rulesetOptions), g.board, t2!.rack, { top: 1, deadlineMs: 1500, firstPlay: false }).plays[0]!;
    const author = users[4]!;
    await submitPlay(db(), { gameId: id, turn: 2, placements: open.placements }, author.id);
    const secret = JSON.stringify(open.placements);

    // the whole table, 7 rows a page: every player once, in order of total, positions 0…29
    const as = (u: (typeof users)[number]) => callerFor(db(), u).duplicate;
    const reader = users[9]!;
    const whole = await allPages(7, async (offset) => (await as(reader).table({ gameId: id, offset, limit: 7 })).rows);
    expect(whole.map((r) => r.position)).toEqual([...Array(FIELD).keys()]);
    expect(new Set(whole.map((r) => r.userId))).toEqual(new Set(users.map((u) => u.id)));
    for (let i = 1; i < FIELD; i++) expect(whole[i]!.total).toBeLessThanOrEqual(whole[i - 1]!.total);
    expect((await as(reader).table({ gameId: id, offset: FIELD, limit: 7 })).rows).toEqual([]);

    // a reader low in the table: the view's rows are the top and theirs with its neighbours, as the pages have them
    const low = whole[25]!.userId;
    const v = await as(users.find((u) => u.id === low)!).get({ gameId: id });
    expect(v.table.rowCount).toBe(FIELD);
    expect(v.table.rows).toEqual(tableExcerpt(FIELD, 25).map((i) => whole[i]));
    expect(v.table.rows.length).toBeLessThan(FIELD);
    expect(v.playerCount).toBe(FIELD);
    expect(new Set(v.players.map((p) => p.userId))).toEqual(new Set(v.table.rows.map((r) => r.userId)));
    expect(v.submittedCount).toBe(1);
    expect(v.submitted).toEqual(v.players.some((p) => p.userId === author.id) ? [author.id] : []);
    const h = v.history[0]!;
    expect(h.playCount).toBe(players.length);
    expect(h.own?.userId ?? null).toBe(players.some((u) => u.id === low) ? low : null);
    // the director's slip desk names every player and every one who has submitted
    const d = await as(director).get({ gameId: id });
    expect(d.players).toHaveLength(FIELD);
    expect(d.submitted).toEqual([author.id]);

    // turn 1's plays, 4 a page: each submission once, the best first
    const turn1 = await allPages(4, async (offset) => (await as(reader).turnPlays({ gameId: id, turn: 1, offset, limit: 4 })).plays);
    expect(turn1.map((p) => p.userId).sort()).toEqual(players.map((u) => u.id).sort());
    const counted = turn1.map((p) => (p.valid ? p.score : 0));
    expect(counted).toEqual([...counted].sort((a, b) => b - a));

    // the open turn's plays reach no page, not even its author's; a turn not played yet neither
    for (const u of [reader, author, director]) {
      await expect(as(u).turnPlays({ gameId: id, turn: 2 })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(as(u).turnPlays({ gameId: id, turn: 3 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    const people = await allPages(8, async (offset) => (await as(reader).players({ gameId: id, offset, limit: 8 })).players);
    expect(people.map((p) => p.table)).toEqual([...Array(FIELD).keys()].map((i) => i + 1));
    expect(people.filter((p) => p.submitted).map((p) => p.userId)).toEqual([author.id]);
    const seen = JSON.stringify([v, d, whole, turn1, people]);
    expect(seen, "the open turn's play in a page").not.toContain(secret);

    // the pages' bounds
    for (const bad of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { offset: 1.5 }]) {
      await expect(as(reader).table({ gameId: id, ...bad }), JSON.stringify(bad)).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(as(reader).turnPlays({ gameId: id, turn: 1, ...bad }), JSON.stringify(bad)).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(as(reader).players({ gameId: id, ...bad }), JSON.stringify(bad)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
  }, 120_000);
});
