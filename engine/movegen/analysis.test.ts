import { describe, expect, it } from "vitest";
import { analyseGame } from "./analysis";
import { selfPlay } from "./selfplay";

describe("analyseGame", () => {
  it("finds a best play at least as good as every play made, and sums the points lost per player", () => {
    const game = selfPlay("equate", "analysis-1", { maxTurns: 8 });
    // cut by search steps, not the clock: on a busy machine a clock cut left turns with no play at all
    const a = analyseGame(game.events, { top: 2, maxWork: 1_500_000 });
    expect(a.turns.length).toBeGreaterThan(0);
    for (const t of a.turns) {
      expect(t.best.length).toBeGreaterThan(0);
      expect(t.best.length).toBeLessThanOrEqual(2);
      if (t.made) expect(t.best[0].score).toBeGreaterThanOrEqual(t.made.score);
      expect(t.lost).toBe(Math.max(0, t.best[0].score - t.madeScore));
    }
    for (const p of a.players) {
      const mine = a.turns.filter((t) => t.seat === p.seat);
      expect(p.pointsLost).toBe(mine.reduce((s, t) => s + t.lost, 0));
      expect(p.turns).toBe(mine.length);
    }
  });

  it("charges a pass with the whole best score", () => {
    const game = selfPlay("equate", "analysis-2", { maxTurns: 2 });
    const start = game.events[0];
    const pass = { type: "pass" as const, at: start.at + 1, player: (start as { players: { id: string }[] }).players[0].id };
    const a = analyseGame([start, pass], { maxWork: 1_500_000 });
    expect(a.turns).toHaveLength(1);
    expect(a.turns[0].kind).toBe("pass");
    expect(a.turns[0].lost).toBe(a.turns[0].best[0].score);
    expect(a.players[0].bestRate).toBe(0);
  });
});
