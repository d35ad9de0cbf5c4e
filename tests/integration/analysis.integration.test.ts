/**
 * Game analysis jobs on a real database: a finished game is queued, analysed off the request
 * path with progress stored, the result kept; a game in play is refused (its racks are secret).
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@/db/client";
import { matchAnalyses } from "@/db/schema/analyses";
import { matchEvents, matches } from "@/db/schema/matches";
import { countTurns, selfPlay } from "@/engine";
import { drainAnalyses, getAnalysis, requestAnalysis } from "@/server/services/analysis/jobs";
import { describeDb } from "../helpers/db";

async function storeGame(db: Db, status: "finished" | "active", seed: string, turns: number) {
  const game = selfPlay("equate", seed, { maxTurns: turns, budgetMs: 30 });
  const [m] = await db
    .insert(matches)
    .values({ status, ruleset: "equate", challengeRule: "void", seed, version: game.events.length })
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

  it("refuses a game in play (the analysis would show the racks) and an unknown game", async () => {
    const g = await storeGame(db(), "active", "analysis-int-2", 2);
    await expect(requestAnalysis(db(), g.id, null)).rejects.toMatchObject({ code: "PRECONDITION" });
    await expect(getAnalysis(db(), g.id)).rejects.toMatchObject({ code: "PRECONDITION" });
    await expect(requestAnalysis(db(), "00000000-0000-4000-8000-000000000000", null)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db().select().from(matchAnalyses).where(eq(matchAnalyses.matchId, g.id))).toHaveLength(0);
  });
});
