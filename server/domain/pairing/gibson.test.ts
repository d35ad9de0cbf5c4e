import { describe, expect, it } from "vitest";
import { cannotCatch, decideGibson, decideGibsons } from "./gibson";
import { pairSwiss } from "./swiss";
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

  describe("prize places (gibsonPlaces)", () => {
    // round 6 of 6 (1 left): A 5 wins clear; B 3 wins +1000 (C, on 2 wins +100, cannot catch B on
    // spread); C can still be caught by D and E (1 win, spread lead 100 ≤ 500); F 0 wins
    const table: [string, number, number][] = [["A", 5, 900], ["B", 3, 1000], ["C", 2, 100], ["D", 1, 0], ["E", 1, -10], ["F", 0, -1990]];
    const mk = (rows: [string, number, number][]) =>
      rows.map(([id, wins, spread], idx) => ({
        idx, id, name: id, rating: 1500, seed: undefined, wins, losses: 5 - wins, spread,
        firsts: 0, seconds: 0, lastRound: 5, lastWasFirst: null, byes: 0, met: new Map<number, number>(),
      }));
    const opts = { totalRounds: 6, gibsonPlaces: 3, prizePlaces: 3 };

    it("Gibsonizes every settled prize place; two Gibsons meet each other", () => {
      const d = decideGibsons(mk(table), 6, opts);
      expect(d).toHaveLength(1);
      expect([d[0].gibson.id, d[0].opponent?.id]).toEqual(["A", "B"]);
      expect(d[0].opponentIsGibson).toBe(true);
      expect(d[0].reason).toMatch(/A has clinched first/);
      expect(d[0].reason).toMatch(/B has clinched second/);
    });

    it("only first by default: the leader meets the best non-contender for the top 3", () => {
      const d = decideGibsons(mk(table), 6, { totalRounds: 6 });
      expect(d.map((x) => [x.gibson.id, x.opponent?.id])).toEqual([["A", "F"]]);
      expect(decideGibson(mk(table), 6, { totalRounds: 6 })?.opponent?.id).toBe("F");
    });

    it("odd field: the best-placed Gibson takes the bye, the next meets the lowest-ranked when all still contend", () => {
      const d = decideGibsons(mk(table.slice(0, 5)), 6, opts);
      expect(d.map((x) => [x.gibson.id, x.opponent?.id ?? null])).toEqual([["A", null], ["B", "E"]]);
      expect(d[1].reason).toMatch(/everyone is still in the prize race/);
    });

    it("a place that can still change is not Gibsonized (C can be caught, B can still be caught on spread)", () => {
      const close = table.map(([id, w, s]) => [id, w, id === "B" ? 200 : s] as [string, number, number]);
      expect(decideGibsons(mk(close), 6, opts).map((x) => x.gibson.id)).toEqual(["A"]);
    });

    it("pairSwiss pairs the two Gibsons together and notes both", () => {
      // history giving the same standings: 5 rounds, results chosen for the wins above
      const ids = ["A", "B", "C", "D", "E", "F"];
      const field = ids.map((id, i) => ({ id, rating: 2000 - i }));
      const g = (round: number, w: string, l: string, margin: number) => ({ round, players: [w, l], scores: [300 + margin, 300] });
      const history: History = {
        games: [
          g(1, "A", "D", 200), g(1, "B", "E", 300), g(1, "C", "F", 100),
          g(2, "A", "E", 200), g(2, "B", "F", 300), g(2, "D", "C", 50),
          g(3, "A", "F", 200), g(3, "B", "D", 400), g(3, "E", "C", 50),
          g(4, "A", "B", 100), g(4, "C", "D", 100), g(4, "E", "F", 40),
          g(5, "A", "C", 200), g(5, "F", "B", 0), g(5, "D", "E", 100),
        ],
        byes: [],
      };
      const r = pairSwiss({ players: field, history }, { gibson: { totalRounds: 6, gibsonPlaces: 3 } });
      if (!r.ok) throw new Error(r.error.message);
      const ab = r.value.pairings.find((p) => p.players.includes("A"))!;
      expect([...ab.players].sort()).toEqual(["A", "B"]);
      expect(r.value.notes).toContain("Gibson: A, B");
    });
  });
});
