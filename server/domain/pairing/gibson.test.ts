import { describe, expect, it } from "vitest";
import { cannotCatch, decideGibson } from "./gibson";
import { buildState, ranked } from "./state";
import type { History, Player } from "../types";

const players: Player[] = Array.from({ length: 6 }, (_, i) => ({ id: `g${i + 1}`, rating: 2000 - i }));
const state = (h: History) => ranked(buildState(players, h));

const wins = (round: number, pairs: [string, string, number][]) =>
  pairs.map(([w, l, margin]) => ({ round, players: [w, l], scores: [400 + margin, 400] }));

describe("Gibson rule", () => {
  it("lead > rounds left clinches; equal lead needs spread > 500 × rounds left", () => {
    const mk = (w: number, s: number) => ({ wins: w, spread: s }) as never;
    expect(cannotCatch(mk(5, 0), mk(3, 0), 1, 500)).toBe(true);
    expect(cannotCatch(mk(5, 0), mk(4, 0), 1, 500)).toBe(false);
    expect(cannotCatch(mk(5, 600), mk(4, 0), 1, 500)).toBe(true);
    expect(cannotCatch(mk(5, 500), mk(4, 0), 1, 500)).toBe(false);
    expect(cannotCatch(mk(5, 600), mk(3, 0), 2, 250)).toBe(true);
  });

  it("no Gibson while someone can still catch the leader", () => {
    const h: History = { games: wins(1, [["g1", "g2", 100], ["g3", "g4", 100], ["g5", "g6", 100]]), byes: [] };
    expect(decideGibson(state(h), 2, { totalRounds: 2 })).toBeNull();
  });

  it("Gibson takes the bye in an odd field; otherwise meets the best non-contender it met least", () => {
    const h: History = {
      games: [
        ...wins(1, [["g1", "g2", 300], ["g3", "g4", 10], ["g5", "g6", 10]]),
        ...wins(2, [["g1", "g3", 300], ["g2", "g5", 10], ["g4", "g6", 10]]),
        ...wins(3, [["g1", "g4", 300], ["g2", "g6", 10], ["g3", "g5", 10]]),
      ],
      byes: [],
    };
    // before round 4 of 4: g1 3 wins, everyone else ≤ 2 → lead ≥ 1 = rounds left, spread lead > 500
    const order = state(h);
    const d = decideGibson(order, 4, { totalRounds: 4, prizePlaces: 2 });
    expect(d?.gibson.id).toBe("g1");
    // 2nd place is contested by players on 2 wins (g2, g3, g4); g5 and g6 (≤1 win) cannot reach 2nd? g5 has 0… g6 0
    expect(d?.opponent && ["g5", "g6"]).toContain(d?.opponent?.id);
    expect(d?.reason).toMatch(/clinched first/);
    const odd = decideGibson(order.slice(0, 5), 4, { totalRounds: 4 });
    expect(odd?.opponent).toBeNull();
    expect(odd?.reason).toMatch(/takes the bye/);
  });
});
