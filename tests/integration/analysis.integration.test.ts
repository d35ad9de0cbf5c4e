/**
 * Game analysis jobs on a real database: a finished game is queued, analysed off the request
 * path with progress stored, the result kept; a game in play is refused (its racks are secret).
 * Through the procedures: the runner computes in its worker thread (runner.ts) while the database
 * side stays here; a row left running by a stopped process is taken again; "best play here".
 */
import { eq, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import { matchAnalyses } from "@/db/schema/analyses";
import { matchEvents, matches } from "@/db/schema/matches";
import { countTurns, exactPlays, getRuleset, selfPlay } from "@/engine";
import { drainAnalyses, getAnalysis, kickAnalyses, requestAnalysis } from "@/server/services/analysis/jobs";
import { runnerKind } from "@/server/services/analysis/runner";
import { describeDb } from "../helpers/db";
import { callerFor, createUser } from "../helpers/seed";

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
    const user = await createUser(db());
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

  it("a running row with no progress for two minutes (its process stopped) is claimed again", async () => {
    const g = await storeGame(db(), "finished", "analysis-int-4", 2);
    await requestAnalysis(db(), g.id, null);
    await db().update(matchAnalyses).set({ status: "running", done: 1, updatedAt: sql`now() - interval '5 minutes'` }).where(eq(matchAnalyses.matchId, g.id));
    const fresh = await storeGame(db(), "finished", "analysis-int-5", 2);
    await requestAnalysis(db(), fresh.id, null);
    await db().update(matchAnalyses).set({ status: "running" }).where(eq(matchAnalyses.matchId, fresh.id));

    expect(await drainAnalyses(db(), { top: 1, deadlineMs: 200, fallbackMs: 50 })).toBe(1);
    expect((await getAnalysis(db(), g.id))!.status).toBe("done");
    expect((await getAnalysis(db(), fresh.id))!.status).toBe("running"); // another runner is on it
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
