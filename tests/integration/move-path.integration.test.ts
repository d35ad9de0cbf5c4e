/**
 * The move write path (docs/matches.md, "The write path"): how many statements a move sends
 * (counted by the database handle, db/client.ts `statementsSent`), that no query after a move asks
 * whether the bot is seated, that a cold cache continues from the snapshot to exactly the state a
 * full replay gives, and that a move kept waiting by a held row lock is charged only up to its
 * arrival. Runs on PGlite and on PostgreSQL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { statementsSent, type Db } from "@/db/client";
import { matchEvents, matchSnapshots, matches } from "@/db/schema/matches";
import { users } from "@/db/schema/users";
import { committedMovesSettled } from "@/server/services/matches/after-move";
import { BOT_EMAIL } from "@/server/services/bot/account";
import { challengeBot } from "@/server/services/bot/challenge";
import { answerCommittedMove } from "@/server/services/bot/turns";
import { submitMove } from "@/server/services/matches/moves";
import { SNAPSHOT_EVERY } from "@/server/services/matches/snapshots";
import { cacheGet, cachePut, clearStateCache, foldAll, loadEvents, loadFolded } from "@/server/services/matches/state";
import { describeDb } from "../helpers/db";
import { callerFor, seedMatch, seedUser } from "../helpers/seed";

const TC = { initialMs: 3_600_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 };

async function newGame(db: Db) {
  const { a, b, matchId } = await seedMatch(db, { timeControl: TC });
  return { id: matchId, players: [a, b] };
}

/** The player on move exchanges their first tile (games of exchanges never end). */
async function exchangeInput(db: Db, matchId: string) {
  const [row] = await db.select({ version: matches.version }).from(matches).where(eq(matches.id, matchId));
  const f = (await loadFolded(db, matchId, row!.version))!;
  const seat = f.state.turn;
  return { matchId, userId: f.state.players[seat]!.id, expectedSeq: row!.version, clientId: randomUUID(), action: { type: "exchange" as const, tiles: [f.state.racks[seat]![0]!] } };
}

/** Statements `work` sends through `db`. */
async function counted<T>(db: Db, work: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const before = statementsSent(db);
  const value = await work();
  return { value, statements: statementsSent(db) - before };
}

describeDb("the move write path", (db, driver) => {
  it("a move is two statements on a warm cache and three on a cold one; a retry is one; nothing follows it", async () => {
    const g = await newGame(db());
    const caller = (userId: string) => callerFor(db(), g.players.find((p) => p.id === userId)!);

    const warm = await exchangeInput(db(), g.id);
    const first = await counted(db(), () => caller(warm.userId).matches.move(warm));
    expect(first.value.applied).toBe(true);
    expect(first.statements).toBe(2);
    // the procedure announced the move to its subscribers (the bot): with no bot seated, no query
    const after = await counted(db(), () => committedMovesSettled(g.id));
    expect(after.statements).toBe(0);

    const retry = await counted(db(), () => caller(warm.userId).matches.move(warm));
    expect(retry.value).toMatchObject({ applied: false, seq: first.value.seq });
    expect(retry.statements).toBe(1);

    const cold = await exchangeInput(db(), g.id);
    clearStateCache(); // a restart, or the other of two instances
    const second = await counted(db(), () => caller(cold.userId).matches.move(cold));
    expect(second.value.applied).toBe(true);
    expect(second.statements).toBe(3);

    const stale = await counted(db(), () => submitMove(db(), { ...cold, clientId: randomUUID() }).catch((e: { code?: string }) => e.code));
    expect(stale.value).toBe("STALE");
    expect(stale.statements).toBe(1);
  });

  it("the bot's seat is on the match row (set by the trigger when it sits down), and its answer needs no lookup", async () => {
    const migration = readFileSync(path.join(process.cwd(), "drizzle", "0008_move_write_path.sql"), "utf8");
    expect(migration).toContain(`'${BOT_EMAIL}'`); // the trigger knows the bot by the account's e-mail

    const human = await seedUser(db());
    const { matchId } = await challengeBot(db(), human.id, { ruleset: "equate", timeControl: null });
    const [bot] = await db().select({ id: users.id }).from(users).where(eq(users.email, BOT_EMAIL));
    const [row] = await db().select({ botId: matches.botId }).from(matches).where(eq(matches.id, matchId));
    expect(row!.botId).toBe(bot!.id);

    const g = await newGame(db());
    const [plain] = await db().select({ botId: matches.botId }).from(matches).where(eq(matches.id, g.id));
    expect(plain!.botId).toBeNull();
    const none = await counted(db(), () => answerCommittedMove(db(), { matchId: g.id, clientId: "c", status: "active", botId: null }));
    expect(none).toEqual({ value: null, statements: 0 });
  });

  it(`moves alternating between two instances (cold caches) give exactly the replayed state, across snapshots every ${SNAPSHOT_EVERY} events`, async () => {
    const g = await newGame(db());
    for (let i = 0; i < 2 * SNAPSHOT_EVERY + 3; i++) {
      const input = await exchangeInput(db(), g.id);
      clearStateCache(); // each move lands on an instance that has not seen the last one
      const out = await counted(db(), () => submitMove(db(), input));
      expect(out.value.applied).toBe(true);
      expect(out.statements).toBeLessThanOrEqual(3);
      const replayed = foldAll(await loadEvents(db(), g.id))!;
      expect(cacheGet(g.id, out.value.version)).toEqual(replayed);
      const [snap] = await db().select({ version: matchSnapshots.version }).from(matchSnapshots).where(eq(matchSnapshots.matchId, g.id));
      expect(snap?.version ?? 0).toBe(Math.floor(out.value.version / SNAPSHOT_EVERY) * SNAPSHOT_EVERY);
    }

    // a snapshot the engine cannot restore (another format) is ignored: the log is replayed
    await db().update(matchSnapshots).set({ state: { engine: { format: -1 }, sheet: [] } }).where(eq(matchSnapshots.matchId, g.id));
    const input = await exchangeInput(db(), g.id);
    clearStateCache();
    const out = await submitMove(db(), input);
    clearStateCache();
    const [row] = await db().select({ version: matches.version }).from(matches).where(eq(matches.id, g.id));
    expect(await loadFolded(db(), g.id, row!.version)).toEqual(foldAll(await loadEvents(db(), g.id)));
    expect(out.version).toBe(row!.version);
  });

  it(`an instance whose cache is a few events behind (moves alternating between two) catches up from those events: a move is still two statements, a view one, and the state is exactly the replayed one`, async () => {
    const g = await newGame(db());
    /** This instance last saw the game `behind` events ago (the other instance took the rest). */
    const sawOnly = async (behind: number) => {
      const [row] = await db().select({ version: matches.version }).from(matches).where(eq(matches.id, g.id));
      clearStateCache();
      cachePut(g.id, foldAll(await loadEvents(db(), g.id, row!.version - behind))!);
      return row!.version;
    };
    for (let i = 0; i < 3; i++) await submitMove(db(), await exchangeInput(db(), g.id)); // a state to be behind of
    for (let i = 0; i < 2 * SNAPSHOT_EVERY + 3; i++) {
      const input = await exchangeInput(db(), g.id);
      await sawOnly(1 + (i % 3));
      const out = await counted(db(), () => submitMove(db(), input));
      expect(out.value.applied).toBe(true);
      expect(out.statements, `move ${i}`).toBe(2);
      expect(cacheGet(g.id, out.value.version)).toEqual(foldAll(await loadEvents(db(), g.id)));
    }
    // a spectator's read on that instance: one statement for the events it lacks
    const version = await sawOnly(3);
    const view = await counted(db(), () => loadFolded(db(), g.id, version));
    expect(view.statements).toBe(1);
    expect(view.value).toEqual(foldAll(await loadEvents(db(), g.id)));
    // too far behind: the snapshot, as from a cold cache
    const far = await exchangeInput(db(), g.id);
    await sawOnly(SNAPSHOT_EVERY + 1);
    const out = await counted(db(), () => submitMove(db(), far));
    expect(out.statements).toBeLessThanOrEqual(3);
    expect(cacheGet(g.id, out.value.version)).toEqual(foldAll(await loadEvents(db(), g.id)));
  });

  it("a move kept waiting 2 s by a held row lock is charged only up to its arrival", async () => {
    const g = await newGame(db());
    const input = await exchangeInput(db(), g.id);
    const lastAt = (await loadFolded(db(), g.id, input.expectedSeq))!.state.lastAt;

    // another connection (on PGlite: the one connection) holds the match row lock for 2 s
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = db().transaction(async (tx) => {
      await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, g.id)).for("update");
      locked();
      await new Promise((r) => setTimeout(r, 2_000));
    });
    await holding;
    const sent = Date.now();
    const move = submitMove(db(), input); // takes its time synchronously, before its first wait
    const arrived = Date.now();
    const out = await move;
    const answered = Date.now();
    await holder;
    expect(answered - sent).toBeGreaterThanOrEqual(1_900); // it really waited for the lock

    const [e] = await db().select({ payload: matchEvents.payload }).from(matchEvents).where(eq(matchEvents.matchId, g.id)).orderBy(matchEvents.seq).offset(out.seq - 1).limit(1);
    const at = (e!.payload as { at: number }).at;
    expect(at).toBeGreaterThanOrEqual(sent);
    expect(at).toBeLessThanOrEqual(arrived);
    const f = (await loadFolded(db(), g.id, out.version))!;
    const seat = f.state.players.findIndex((p) => p.id === input.userId);
    expect(f.state.clock!.used[seat]).toBe(at - lastAt); // the mover's clock ran to the arrival, no further
  });

  it("an ordinary move's UPDATE can be HOT: no index of matches holds a column it changes (migration 0031)", async () => {
    const g = await newGame(db());
    const before = (await db().select().from(matches).where(eq(matches.id, g.id)))[0]!;
    await submitMove(db(), await exchangeInput(db(), g.id));
    const after = (await db().select().from(matches).where(eq(matches.id, g.id)))[0]!;
    // the columns this move changed, as the table names them
    const changed = Object.entries(matches)
      .filter(([k]) => k in before && JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(after[k as keyof typeof after]))
      .map(([, c]) => (c as { name: string }).name);
    expect(changed).toEqual(expect.arrayContaining(["version", "updated_at"]));
    const res = await db().execute(sql`
      select i.relname as index, a.attname as column from pg_index x
      join pg_class i on i.oid = x.indexrelid join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any(x.indkey)
      where x.indrelid = 'matches'::regclass`);
    const rows = (Array.isArray(res) ? res : (res as unknown as { rows: unknown[] }).rows) as { index: string; column: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => changed.includes(r.column))).toEqual([]);
  });

  it.skipIf(driver !== "postgres")("a move takes no lock on the mover's users row: it goes through while another transaction holds it [postgres]", async () => {
    const g = await newGame(db());
    const input = await exchangeInput(db(), g.id);
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = db().transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
      locked();
      await new Promise((r) => setTimeout(r, 1_500));
    });
    await holding;
    const sent = Date.now();
    const out = await submitMove(db(), input);
    const took = Date.now() - sent;
    await holder;
    expect(out.applied).toBe(true);
    // a foreign key from match_events.actor_id to users would wait for the holder (FOR KEY SHARE)
    expect(took).toBeLessThan(1_000);
  });

  it("the next move on the instance that made the last one is one statement (no read), and anything it did not see makes it read and answer as before", async () => {
    const g = await newGame(db());
    await submitMove(db(), await exchangeInput(db(), g.id)); // read and write: the row is now cached
    for (let i = 0; i < SNAPSHOT_EVERY + 2; i++) {
      const input = await exchangeInput(db(), g.id);
      const out = await counted(db(), () => submitMove(db(), input));
      expect(out.value.applied).toBe(true);
      expect(out.statements, `move ${i}`).toBe(1);
      expect(cacheGet(g.id, out.value.version)).toEqual(foldAll(await loadEvents(db(), g.id)));
    }
    const [row] = await db().select().from(matches).where(eq(matches.id, g.id));
    expect(row).toMatchObject({ version: cacheGet(g.id, row!.version)!.version, status: "active", turn: cacheGet(g.id, row!.version)!.state.turn });

    // the same key again, against the version it was made at: the earlier result, nothing written
    const input = await exchangeInput(db(), g.id);
    const first = await submitMove(db(), input);
    const retry = await counted(db(), () => submitMove(db(), input));
    expect(retry.value).toMatchObject({ applied: false, seq: first.seq });

    // another writer moved the row on without this process knowing (another instance): the
    // one-statement write finds it moved, and the move reads and answers STALE
    const next = await exchangeInput(db(), g.id);
    await db().update(matches).set({ version: next.expectedSeq + 1 }).where(eq(matches.id, g.id));
    const stale = await counted(db(), () => submitMove(db(), next).catch((e: { code?: string }) => e.code));
    expect(stale.value).toBe("STALE");
    expect(stale.statements).toBe(2);
    await db().update(matches).set({ version: next.expectedSeq }).where(eq(matches.id, g.id));

    // the game ended by another writer at the same version (a director's result on another
    // instance): the cached row still says active; the write does nothing and the read says why
    await db().update(matches).set({ status: "finished" }).where(eq(matches.id, g.id));
    const over = await submitMove(db(), next).catch((e: { code?: string; message?: string }) => e);
    expect(over).toMatchObject({ code: "CONFLICT", message: "The game is over." });
    const [events] = await db().select({ n: sql<number>`count(*)::int` }).from(matchEvents).where(eq(matchEvents.matchId, g.id));
    expect(events!.n).toBe(next.expectedSeq);
  });
});
