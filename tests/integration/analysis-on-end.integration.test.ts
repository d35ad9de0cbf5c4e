/**
 * A game's analysis starts by itself when the game ends (server/services/analysis/on-end.ts,
 * docs/analysis.md "Queued when a game ends"): a resignation (the move path), a flag that fell
 * (noticed by a claim: the touch path) and a tournament director's result each leave the game's
 * analysis row queued with its turns, in the write that ends the game; after the commit its
 * pg-boss job is sent once (keyed by the game) and the runner analyses it. A game a test ends
 * with the start switched off is still analysed by the next drain.
 */
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { matchAnalyses } from "@/db/schema/analyses";
import { matches } from "@/db/schema/matches";
import { claimTimeout, submitMove } from "@/server/services/matches/moves";
import { getMatchView } from "@/server/services/matches/views";
import { enterDirectorResult } from "@/server/services/boards/enter-result";
import { analysisStartsSettled } from "@/server/services/analysis/on-end";
import { drainAnalyses, kickAnalyses, requestAnalysis } from "@/server/services/analysis/jobs";
import { ANALYSIS_QUEUE } from "@/server/services/analysis/queue";
import { describeDb } from "../helpers/db";
import { seedMatch } from "../helpers/seed";
import { seedWorld } from "../helpers/fixtures";

const T0 = Date.UTC(2031, 0, 1, 12, 0, 0);
const FAST = { top: 1, deadlineMs: 200, fallbackMs: 50 };

async function startedGame(db: Db, timeControl: { initialMs: number; maxOvertimeMs: number } | null = null) {
  return seedMatch(db, {
    names: ["Ana", "Bea"],
    timeControl: timeControl && { incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, leastTimeBonusPoints: 0, ...timeControl },
    now: T0,
  });
}

const rowOf = async (db: Db, matchId: string) => (await db.select().from(matchAnalyses).where(eq(matchAnalyses.matchId, matchId)))[0];

/** pg-boss jobs of the analysis queue for this game, in any state */
async function jobsOf(db: Db, matchId: string): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${ANALYSIS_QUEUE} and singleton_key = ${matchId}`);
  const rows = (Array.isArray(res) ? res : (res as unknown as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(rows[0]!.n);
}

describeDb("analysis queued when a game ends", (db) => {
  const saved = process.env.ANALYSIS_AUTOSTART;
  beforeAll(() => {
    process.env.ANALYSIS_AUTOSTART = "on";
  });
  afterAll(() => {
    process.env.ANALYSIS_AUTOSTART = saved;
  });

  it("a resignation queues the game's analysis once, and the runner analyses it by itself", async () => {
    const { a, b, matchId } = await startedGame(db());
    await submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: randomUUID(), action: { type: "pass" } }, { now: T0 + 1_000 });
    expect(await rowOf(db(), matchId)).toBeUndefined(); // in play: nothing queued
    await submitMove(db(), { matchId, userId: b.id, expectedSeq: 2, clientId: randomUUID(), action: { type: "resign" } }, { now: T0 + 2_000 });
    // written with the game's end: queued, with its one turn (the pass)
    expect(await rowOf(db(), matchId)).toMatchObject({ status: "queued", total: 1, requestedBy: null });
    await analysisStartsSettled();
    expect(await jobsOf(db(), matchId)).toBe(1);
    await kickAnalyses(db()); // the runner the end kicked: wait for it
    expect(await rowOf(db(), matchId)).toMatchObject({ status: "done", done: 1, total: 1 });
    // asking again changes nothing: one job for the game
    expect((await requestAnalysis(db(), matchId, a.id)).status).toBe("done");
    expect(await jobsOf(db(), matchId)).toBe(1);
  });

  it("a flag that fell (claimed by the opponent) queues it", async () => {
    const { b, matchId } = await startedGame(db(), { initialMs: 2_000, maxOvertimeMs: 1_000 });
    expect((await claimTimeout(db(), { matchId, userId: b.id }, { now: T0 + 3_500 })).ended).toBe(true);
    expect(await rowOf(db(), matchId)).toMatchObject({ status: "queued", total: 0 });
    await analysisStartsSettled();
    await kickAnalyses(db());
    expect((await rowOf(db(), matchId))!.status).toBe("done");
  });

  it("a tournament director's result that ends the board's game queues it", async () => {
    const w = await seedWorld(db());
    const [m] = await db().select({ status: matches.status }).from(matches).where(eq(matches.id, w.match.id));
    expect(m!.status).toBe("active");
    await enterDirectorResult(db(), { tournamentId: w.tournament.id, pairingId: w.pairingId, actorId: w.users.owner.id, scores: { [w.users.playerA.id]: 300, [w.users.playerB.id]: 280 }, forfeitUserId: null });
    expect(await rowOf(db(), w.match.id)).toMatchObject({ status: "queued", total: 2 }); // the two exchanges
    await analysisStartsSettled();
    expect(await jobsOf(db(), w.match.id)).toBe(1);
    await kickAnalyses(db());
    expect((await rowOf(db(), w.match.id))!.status).toBe("done");
  });

  it("with the start after the end off, the queued row is still analysed by the next drain", async () => {
    process.env.ANALYSIS_AUTOSTART = "off";
    try {
      const { a, b, matchId } = await startedGame(db());
      await submitMove(db(), { matchId, userId: a.id, expectedSeq: 1, clientId: randomUUID(), action: { type: "pass" } }, { now: T0 + 1_000 });
      await submitMove(db(), { matchId, userId: b.id, expectedSeq: 2, clientId: randomUUID(), action: { type: "resign" } }, { now: T0 + 2_000 });
      await analysisStartsSettled();
      expect(await jobsOf(db(), matchId)).toBe(0);
      expect(await drainAnalyses(db(), FAST)).toBe(1);
      expect(await rowOf(db(), matchId)).toMatchObject({ status: "done", done: 1 });
      const view = await getMatchView(db(), matchId, null);
      expect(view.status).toBe("finished");
    } finally {
      process.env.ANALYSIS_AUTOSTART = "on";
    }
  });
});

