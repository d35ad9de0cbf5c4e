/**
 * Catch-up notices (server/services/matches/catch-up.ts; issue 30): two app instances on one
 * database, a game's moves alternating between them. One process plays both: "this instance" (B)
 * keeps its caches; "the other instance" (A) moves from cold caches, after which B's caches are
 * put back as they were, and A's notice — heard on the bus by a process-wide listener of the test
 * — is delivered again through the bus as another process's (a writer's own notices are not
 * folded by it). On NOTIFY (PGlite, and PostgreSQL with TEST_DATABASE_URL) and on NATS when
 * TEST_LIVE_BUS_URL is set.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementsSent, type Db } from "@/db/client";
import { matchEvents, matches } from "@/db/schema/matches";
import { liveBus, liveBusFromUrl, publish, setLiveBus, type LiveBus, type WideNotice } from "@/server/live/bus";
import { catchUpsApplied, type CatchUp } from "@/server/services/matches/catch-up";
import { submitMove } from "@/server/services/matches/moves";
import type { MoveAction } from "@/server/services/matches/schemas";
import { SNAPSHOT_EVERY } from "@/server/services/matches/snapshots";
import { cachedRow, cachedState, cacheGet, cachePut, cacheRowAfter, clearStateCache, foldAll, loadEvents, loadFolded } from "@/server/services/matches/state";
import { describeDb } from "../helpers/db";
import { seedMatch } from "../helpers/seed";

const BUSES: [string, string | undefined][] = [["notify", undefined], ...(process.env.TEST_LIVE_BUS_URL ? [["nats", process.env.TEST_LIVE_BUS_URL] as [string, string]] : [])];
/** The writer's id on the notices this test delivers again (the test hears them too). */
const OTHER = "the other instance";
const TC = { initialMs: 3_600_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 };

async function waitFor<T>(what: string, probe: () => T | undefined | false): Promise<T> {
  for (const until = Date.now() + 5_000; Date.now() < until; await new Promise((r) => setTimeout(r, 5))) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The player on move's next move: an exchange of their first tile, or `action`. */
async function moveInput(db: Db, matchId: string, action?: MoveAction) {
  const [row] = await db.select({ version: matches.version }).from(matches).where(eq(matches.id, matchId));
  const f = (await loadFolded(db, matchId, row!.version))!;
  const seat = f.state.turn;
  return { matchId, userId: f.state.players[seat]!.id, expectedSeq: row!.version, clientId: randomUUID(), action: action ?? { type: "exchange" as const, tiles: [f.state.racks[seat]![0]!] } };
}

describe.each(BUSES)("catch-up notices: %s", (kind, url) => {
  let bus: LiveBus;
  let previous: LiveBus;
  beforeAll(() => {
    bus = liveBusFromUrl(url);
    previous = setLiveBus(bus);
  });
  afterAll(async () => {
    setLiveBus(previous);
    await bus.close();
  });

  describeDb(`on ${kind}`, (db) => {
    /** Every notice with data, as the bus delivers it to a process-wide listener. */
    const heard: WideNotice[] = [];
    beforeAll(async () => {
      await liveBus().listenWide(db(), (n) => heard.push(n));
    });

    async function newGame() {
      const { matchId } = await seedMatch(db(), { timeControl: TC });
      // B makes the first move (read and write): it now holds the state and the row
      await submitMove(db(), await moveInput(db(), matchId));
      return matchId;
    }

    /** A moves (from cold caches: it did not see B's last move); B's caches are then as before.
     * Returns A's notice as the bus delivered it. */
    async function otherInstanceMoves(matchId: string, action?: MoveAction) {
      const f = cachedState(matchId)!;
      const m = cachedRow(matchId, f.version)!;
      expect(m, "B holds the row").toBeTruthy();
      const input = await moveInput(db(), matchId, action);
      clearStateCache();
      const out = await submitMove(db(), input);
      clearStateCache();
      cachePut(matchId, f);
      cacheRowAfter(m, f, m.updatedAt.getTime(), m.result);
      return waitFor("A's notice", () => heard.find((n) => n.topic === `match:${matchId}` && n.version === out.version && (n.data as CatchUp).by !== OTHER));
    }

    /** Delivers `n` through the bus as another process's notice, optionally altered. */
    async function deliver(n: WideNotice, alter: { version?: number; data?: Partial<CatchUp> } = {}) {
      await publish(db(), n.topic, alter.version ?? n.version, { ...(n.data as CatchUp), by: OTHER, ...alter.data });
    }

    const replayed = async (matchId: string) => foldAll(await loadEvents(db(), matchId));

    it(`moves alternating between two instances: each catch-up folds in, and the next move there is one statement that lands exactly (across snapshots every ${SNAPSHOT_EVERY} events)`, async () => {
      const id = await newGame();
      for (let i = 0; i < SNAPSHOT_EVERY + 2; i++) {
        const before = catchUpsApplied();
        const note = await otherInstanceMoves(id);
        expect((note.data as CatchUp).events.length).toBeGreaterThan(0);
        expect(catchUpsApplied(), "a writer does not fold its own notice").toBe(before);
        await deliver(note);
        await waitFor("the catch-up", () => catchUpsApplied() === before + 1);
        expect(cacheGet(id, note.version)).toEqual(await replayed(id));

        const input = await moveInput(db(), id);
        const sent = statementsSent(db());
        const out = await submitMove(db(), input);
        expect(statementsSent(db()) - sent, `move ${i}`).toBe(1);
        expect(out).toMatchObject({ applied: true, version: note.version + 1 });
        const state = await replayed(id);
        expect(cacheGet(id, out.version)).toEqual(state);
        const [row] = await db().select().from(matches).where(eq(matches.id, id));
        expect(row).toMatchObject({ version: out.version, status: "active", turn: state!.state.turn, scores: state!.state.scores });
      }
    });

    it("a notice that does not start at the cached version, a duplicate, or one whose version, events or row disagree changes nothing", async () => {
      const id = await newGame();
      const first = await waitFor("B's first notice", () => heard.find((n) => n.topic === `match:${id}`)); // ends where B is
      const before = catchUpsApplied();
      const note = await otherInstanceMoves(id);
      const c = note.data as CatchUp;
      await deliver(first);
      await deliver(note, { version: note.version + 1 });
      await deliver(note, { data: { row: { ...c.row, scores: c.row.scores.map((s) => s + 1) } } });
      await deliver(note, { data: { events: c.events.slice(1) } });
      await deliver(note, { data: { from: c.from - 1 } });
      await deliver(note); // the right one, last: notices arrive in order, so the others were heard
      await waitFor("the catch-up", () => catchUpsApplied() > before);
      expect(catchUpsApplied()).toBe(before + 1);
      expect(cacheGet(id, note.version)).toEqual(await replayed(id));

      // B is now where A left the game: A's next notice folds in; the same notice again, before it, does not
      const next = await otherInstanceMoves(id);
      await deliver(note);
      await deliver(next);
      await waitFor("the second catch-up", () => catchUpsApplied() > before + 1);
      expect(catchUpsApplied()).toBe(before + 2);
      expect(cacheGet(id, next.version)).toEqual(await replayed(id));
      expect(cachedRow(id, next.version)).toMatchObject({ version: next.version, status: "active" });
    });

    it("a game ended on the other instance: this one's caches move on to the finished game, and a move there is refused, nothing written", async () => {
      const id = await newGame();
      const before = catchUpsApplied();
      const note = await otherInstanceMoves(id, { type: "resign" });
      await deliver(note);
      await waitFor("the catch-up", () => catchUpsApplied() === before + 1);
      expect(cacheGet(id, note.version)!.state.phase).toBe("over");
      const [row] = await db().select().from(matches).where(eq(matches.id, id));
      expect(row!.status).toBe("finished");
      expect(cachedRow(id, note.version)).toMatchObject({ version: row!.version, status: "finished", result: row!.result, scores: row!.scores });

      const input = { ...(await moveInput(db(), id)), action: { type: "pass" as const } };
      await expect(submitMove(db(), input)).rejects.toMatchObject({ code: "CONFLICT", message: "The game is over." });
      const [events] = await db().select({ n: sql<number>`count(*)::int` }).from(matchEvents).where(eq(matchEvents.matchId, id));
      expect(events!.n).toBe(note.version);
    });
  });
});
