/**
 * Game analysis jobs on a real database: a finished game is queued, analysed off the request
 * path with progress stored, the result kept; a game in play is refused (its racks are secret).
 * Through the procedures: the runner computes in its worker thread (runner.ts) while the database
 * side stays here. The queue is pg-boss on the same handle (queue.ts): a job whose runner died is
 * retried, a failing one up to its limit; on PostgreSQL two runners (two pg-boss instances, two
 * handles) never take the same game. "Best play here".
 */
import { and, eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Db, type DbHandle } from "@/db/client";
import { matchAnalyses } from "@/db/schema/analyses";
import { matchEvents, matches } from "@/db/schema/matches";
import { countTurns, exactPlays, getRuleset, selfPlay } from "@/engine";
import { drainAnalyses, getAnalysis, kickAnalyses, requestAnalysis } from "@/server/services/analysis/jobs";
import { ANALYSIS_QUEUE, ANALYSIS_RETRY_LIMIT, analysisQueue } from "@/server/services/analysis/queue";
import { runnerKind } from "@/server/services/analysis/runner";
import { describeDb, POSTGRES_URL } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

async function storeGame(db: Db, status: "finished" | "active", seed: string, turns: number, mode: "online" | "otb" = "online") {
  const game = selfPlay("equate", seed, { maxTurns: turns, budgetMs: 30 });
  const [m] = await db
    .insert(matches)
    .values({ status, mode, ruleset: "equate", challengeRule: "void", seed, version: game.events.length })
    .returning({ id: matches.id });
  await db.insert(matchEvents).values(
    game.events.map((e, i) => ({ matchId: m!.id, seq: i + 1, type: e.type, payload: e as unknown as Record<string, unknown>, at: new Date(e.at) })),
  );
  return { id: m!.id, events: game.events };
}

describeDb("analysis", (db) => {
  it("queues a finished game, analyses every turn with progress, stores the result, and does not redo it", async () => {
    const g = await storeGame(db(), "finished", "analysis-int-1", 6);
    const queued = await requestAnalysis(db(), g.id, null);
    expect(queued.status).toBe("queued");
    expect(queued.total).toBe(countTurns(g.events));
    expect(queued.result).toBeNull();

    expect(await drainAnalyses(db(), { top: 2, deadlineMs: 300, fallbackMs: 100 })).toBe(1);
    const a = await getAnalysis(db(), g.id);
    expect(a!.status).toBe("done");
    expect(a!.done).toBe(queued.total);
    const r = a!.result!;
    expect(r.turns).toHaveLength(queued.total);
    for (const t of r.turns) {
      expect(t.lost).toBeGreaterThanOrEqual(0);
      if (t.made) expect(t.best[0]!.score).toBeGreaterThanOrEqual(t.made.score);
    }
    expect(r.players.map((p) => p.turns).reduce((s, x) => s + x, 0)).toBe(r.turns.length);

    // a second request returns the stored analysis; nothing is queued again
    const again = await requestAnalysis(db(), g.id, null);
    expect(again.status).toBe("done");
    expect(await drainAnalyses(db())).toBe(0);
  });

  it("refuses a game in play (the analysis would show the racks), an over-the-board game and an unknown game", async () => {
    const g = await storeGame(db(), "active", "analysis-int-2", 2);
    await expect(requestAnalysis(db(), g.id, null)).rejects.toMatchObject({ code: "PRECONDITION" });
    await expect(getAnalysis(db(), g.id)).rejects.toMatchObject({ code: "PRECONDITION" });
    await expect(requestAnalysis(db(), "00000000-0000-4000-8000-000000000000", null)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db().select().from(matchAnalyses).where(eq(matchAnalyses.matchId, g.id))).toHaveLength(0);
    // a game scored over the board has no racks on record
    const otb = await storeGame(db(), "finished", "analysis-int-otb", 2, "otb");
    await expect(requestAnalysis(db(), otb.id, null)).rejects.toMatchObject({ code: "PRECONDITION" });
  });

  it("analysis.request (signed in) runs the game in the worker thread; analysis.get shows progress and the result", async () => {
    expect(await runnerKind()).toBe("worker");
    const g = await storeGame(db(), "finished", "analysis-int-3", 4);
    const user = await seedUser(db());
    const anonymous = callerFor(db());
    const me = callerFor(db(), { id: user.id, email: user.email, name: user.name });

    expect(await anonymous.analysis.get({ matchId: g.id })).toMatchObject({ status: "none", done: 0, total: countTurns(g.events), result: null });
    await expect(anonymous.analysis.request({ matchId: g.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const queued = await me.analysis.request({ matchId: g.id });
    expect(["queued", "running", "done"]).toContain(queued.status);

    const seen = new Set<string>();
    await vi.waitFor(
      async () => {
        const a = await anonymous.analysis.get({ matchId: g.id });
        seen.add(a.status);
        expect(a.done).toBeLessThanOrEqual(a.total);
        expect(a.status).toBe("done");
      },
      { timeout: 60_000, interval: 100 },
    );
    await kickAnalyses(db()); // the runner has nothing left before the database closes
    const done = await anonymous.analysis.get({ matchId: g.id });
    expect(done.result!.turns).toHaveLength(countTurns(g.events));
    expect(done.result!.players).toHaveLength(2);
    for (const t of done.result!.turns) expect(t.lost).toBe(Math.max(0, (t.best[0]?.score ?? 0) - t.madeScore));
  });

  it("a job whose runner died (no heartbeat) is retried by pg-boss's supervisor and finished by another runner", async () => {
    const g = await storeGame(db(), "finished", "analysis-int-4", 2);
    await requestAnalysis(db(), g.id, null);
    // a runner takes the job, marks the row running, and its process dies before it completes
    const boss = await analysisQueue(db());
    const [job] = await boss.fetch<{ matchId: string }>(ANALYSIS_QUEUE);
    expect(job!.data.matchId).toBe(g.id);
    await db().update(matchAnalyses).set({ status: "running", done: 1 }).where(eq(matchAnalyses.matchId, g.id));
    expect(await drainAnalyses(db())).toBe(0); // nobody else takes a job that is running
    // a request meanwhile queues nothing new (one job per game)
    expect((await requestAnalysis(db(), g.id, null)).status).toBe("running");
    expect(await drainAnalyses(db())).toBe(0);

    // time passes: the job's last heartbeat is older than ANALYSIS_HEARTBEAT_SECONDS, and the queue
    // is due for the supervisor's monitor pass (both pg-boss's own columns, moved back by hand)
    await db().execute(sql`UPDATE pgboss.job SET heartbeat_on = now() - interval '5 minutes' WHERE id = ${job!.id}`);
    await db().execute(sql`UPDATE pgboss.queue SET monitor_on = NULL, monitor_claim_on = NULL WHERE name = ${ANALYSIS_QUEUE}`);
    await boss.supervise(ANALYSIS_QUEUE);
    expect(await boss.getJobById(ANALYSIS_QUEUE, job!.id)).toMatchObject({ state: "retry" });

    expect(await drainAnalyses(db(), { top: 1, deadlineMs: 200, fallbackMs: 50 })).toBe(1);
    const a = (await getAnalysis(db(), g.id))!;
    expect(a.status).toBe("done");
    expect(a.result!.turns).toHaveLength(countTurns(g.events));
    expect(await boss.getJobById(ANALYSIS_QUEUE, job!.id)).toMatchObject({ state: "completed", retryCount: 1 });
  });

  it("a failing analysis is retried up to the limit, then the row says failed; a new request queues it again", async () => {
    const g = await storeGame(db(), "finished", "analysis-int-6", 2);
    await requestAnalysis(db(), g.id, null);
    // a game whose log cannot be replayed (its start event lost its set-up): every attempt fails
    await db().update(matchEvents).set({ payload: { type: "start" } }).where(and(eq(matchEvents.matchId, g.id), eq(matchEvents.seq, 1)));
    expect(await drainAnalyses(db())).toBe(1 + ANALYSIS_RETRY_LIMIT);
    const a = (await getAnalysis(db(), g.id))!;
    expect(a.status).toBe("failed");
    expect(a.error).toBeTruthy();
    expect((await requestAnalysis(db(), g.id, null)).status).toBe("queued");
    expect(await drainAnalyses(db())).toBe(1 + ANALYSIS_RETRY_LIMIT);
  });

  it("analysis.bestHere: the best plays of a position, as the exact generator finds them; a rack is required", async () => {
    const board = [...("0=0" as string)].map((tile, i) => ({ row: 9, col: 9 + i, tile }));
    const rack = ["×", "9", "÷", "8"];
    const r = await callerFor(db()).analysis.bestHere({ request: { ruleset: "equate", board, play: [], rack }, top: 3 });
    expect(r.complete).toBe(true);
    const direct = exactPlays(getRuleset("equate"), board, rack, { top: 3 });
    expect(r.plays.map((p) => p.score)).toEqual(direct.plays.map((p) => p.score));
    expect(r.plays[0]!.score).toBe(24); // the blind spot 0=0×9÷8 (issue 16)
    await expect(callerFor(db()).analysis.bestHere({ request: { ruleset: "equate", board, play: [] }, top: 3 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(callerFor(db()).analysis.bestHere({ request: { ruleset: "equate", board, play: [], rack: ["Q"] }, top: 3 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

/** Runners on other machines: two processes' handles (each with its own pg-boss) on one PostgreSQL. */
describe.runIf(POSTGRES_URL)("analysis [two runners on one PostgreSQL]", () => {
  const admin = postgres(POSTGRES_URL ?? "", { max: 1, onnotice: () => {} });
  const name = `equalis_t_${randomBytes(6).toString("hex")}`;
  let a: DbHandle | undefined;
  let b: DbHandle | undefined;

  beforeAll(async () => {
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${name}`;
    // both start at once on an empty database: migrations and pg-boss's schema queue behind locks
    [a, b] = await Promise.all([openDatabase({ url: url.toString() }), openDatabase({ url: url.toString() })]);
    await Promise.all([analysisQueue(a.db), analysisQueue(b.db)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it("never take the same game: every queued game is analysed once, by one of them", async () => {
    const games = [];
    for (let i = 0; i < 6; i++) games.push(await storeGame(a!.db, "finished", `analysis-two-${i}`, 2));
    for (const [i, g] of games.entries()) await requestAnalysis(i % 2 ? a!.db : b!.db, g.id, null);
    const opts = { top: 1, deadlineMs: 100, fallbackMs: 20 };
    const [na, nb] = await Promise.all([drainAnalyses(a!.db, opts), drainAnalyses(b!.db, opts)]);
    expect(na + nb).toBe(games.length); // a game taken twice would count twice
    for (const g of games) expect((await getAnalysis(a!.db, g.id))!.status).toBe("done");
    const jobs = await a!.db.execute<{ state: string; retry_count: number }>(sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${ANALYSIS_QUEUE}`);
    expect([...jobs].map((j) => [j.state, j.retry_count])).toEqual(games.map(() => ["completed", 0]));
  });
});
