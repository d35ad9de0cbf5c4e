import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { pairKingOfTheHillPods, pairSwissPods, podSizes, roundRobinPods, type PodSize } from "./pods";
import { playRound, prng, randomField } from "@/tests/helpers/simulate";
import type { History, Player } from "../types";
import type { PairedRound } from "./types";

const empty: History = { games: [], byes: [] };
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
function pairsOf(ids: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) out.push(key(ids[i], ids[j]));
  return out;
}
function everyoneOnce(players: readonly Player[], round: PairedRound) {
  const seen = round.pairings.flatMap((p) => p.players).concat(round.byes.map((b) => b.playerId));
  expect([...seen].sort()).toEqual(players.map((p) => p.id).sort());
}

describe("podSizes", () => {
  it.each([
    [9, 3, [3, 3, 3], 0],
    [10, 3, [3, 3, 4], 0],
    [11, 3, [3, 4, 4], 0],
    [5, 3, [4], 1],
    [7, 3, [3, 4], 0],
    [8, 4, [4, 4], 0],
    [9, 4, [3, 3, 3], 0],
    [10, 4, [4, 3, 3], 0],
    [5, 4, [4], 1],
    [2, 3, [2], 0],
    [1, 3, [], 1],
  ] as const)("%i players, pods of %i → %j and %i byes", (m, size, sizes, byes) => {
    expect(podSizes(m, size as PodSize)).toEqual({ sizes, byes });
  });
});

/** Can `ids` be split into pods of `sizes` with no pair in `met`? (independent brute force) */
function repeatFree(ids: string[], sizes: number[], met: Set<string>): boolean {
  const go = (rest: string[], k: number): boolean => {
    if (k === sizes.length) return rest.length === 0;
    const [a, ...others] = rest;
    const pick = (pod: string[], from: string[], need: number): boolean => {
      if (need === 0) return go(from, k + 1);
      return from.some((b, i) => pod.every((x) => !met.has(key(x, b))) && pick([...pod, b], from.slice(i + 1).concat(from.slice(0, i).filter((c) => !pod.includes(c))), need - 1));
    };
    return pick([a], others, sizes[k] - 1);
  };
  return go(ids, 0);
}

describe("pairSwissPods", () => {
  it("round 1 seeds by rating into pods of 3, seats and reasons", () => {
    const players = Array.from({ length: 9 }, (_, i) => ({ id: `s${i + 1}`, rating: 2000 - i * 10, name: `S${i + 1}` }));
    const r = must(pairSwissPods({ players, history: empty }, { podSize: 3 }));
    expect(r.pairings.map((p) => [...p.players].sort())).toEqual([["s1", "s2", "s3"], ["s4", "s5", "s6"], ["s7", "s8", "s9"]]);
    expect(r.pairings[0].reason).toMatch(/round 1, seeded by rating: pod of 3/);
    expect(r.pairings[0].reason).toMatch(/no pod-mates met before/);
    expect(r.pairings[0].reason).toMatch(/seats balanced/);
    expect(r.byes).toEqual([]);
  });

  it("gives byes only when no mix of 3s and 4s fits, to the lowest-ranked, at most once while possible", () => {
    const players = Array.from({ length: 5 }, (_, i) => ({ id: `b${i + 1}`, rating: 2000 - i }));
    const rand = prng(3);
    const ratings = new Map(players.map((p) => [p.id, p.rating]));
    let h = empty;
    const byes = new Map<string, number>();
    for (let r = 1; r <= 5; r++) {
      const round = must(pairSwissPods({ players, history: h }, { podSize: 3 }));
      everyoneOnce(players, round);
      expect(round.byes).toHaveLength(1);
      expect(round.pairings[0].players).toHaveLength(4);
      for (const b of round.byes) byes.set(b.playerId, (byes.get(b.playerId) ?? 0) + 1);
      h = playRound(h, round, ratings, rand);
    }
    expect([...byes.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it("property: 6–12 players, pods of 3 or 4 — pod-mates meet again only when no grouping avoids it (brute force)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 12 }), fc.constantFrom<PodSize>(3, 4), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (n, size, seed) => {
        const rand = prng(seed);
        const players = randomField(n, rand);
        const ratings = new Map(players.map((p) => [p.id, p.rating]));
        let h = empty;
        const met = new Set<string>();
        for (let r = 1; r <= 5; r++) {
          const round = must(pairSwissPods({ players, history: h }, { podSize: size }));
          everyoneOnce(players, round);
          const { sizes, byes } = podSizes(n, size);
          expect(round.byes).toHaveLength(byes);
          expect(round.pairings.map((p) => p.players.length).sort()).toEqual([...sizes].sort());
          const repeated = round.pairings.some((p) => pairsOf(p.players).some((k) => met.has(k)));
          const seated = round.pairings.flatMap((p) => p.players);
          expect(repeated).toBe(!repeatFree(seated, sizes, met));
          expect(round.notes.length > 0).toBe(repeated);
          for (const p of round.pairings) for (const k of pairsOf(p.players)) met.add(k);
          h = playRound(h, round, ratings, rand);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("property: seats stay balanced — over 6 rounds in pods of 3, everyone sits in every seat 1–3 times (2 each is the ideal)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rand = prng(seed);
        const players = randomField(12, rand);
        const ratings = new Map(players.map((p) => [p.id, p.rating]));
        let h = empty;
        for (let r = 1; r <= 6; r++) h = playRound(h, must(pairSwissPods({ players, history: h }, { podSize: 3 })), ratings, rand);
        const seats = new Map(players.map((p) => [p.id, [0, 0, 0]]));
        for (const g of h.games) g.players.forEach((id, s) => seats.get(id)![s]++);
        for (const c of seats.values()) {
          expect(Math.min(...c)).toBeGreaterThanOrEqual(1);
          expect(Math.max(...c)).toBeLessThanOrEqual(3);
        }
      }),
      { numRuns: 20 },
    );
  });

  it("no repeats in a 30-player, 5-round Swiss in pods of 4 (the swap repair on a field too big to search)", () => {
    const rand = prng(30);
    const players = randomField(30, rand);
    const ratings = new Map(players.map((p) => [p.id, p.rating]));
    let h = empty;
    const met = new Set<string>();
    for (let r = 1; r <= 5; r++) {
      const round = must(pairSwissPods({ players, history: h }, { podSize: 4 }));
      expect(round.notes).toEqual([]);
      for (const p of round.pairings) for (const k of pairsOf(p.players)) {
        expect(met.has(k)).toBe(false);
        met.add(k);
      }
      h = playRound(h, round, ratings, rand);
    }
  });

  it("refuses unknown withdrawn ids and duplicate players with a ruling", () => {
    const players = [{ id: "a", rating: 1 }, { id: "b", rating: 1 }, { id: "c", rating: 1 }];
    const r = pairSwissPods({ players, history: empty }, { podSize: 3, withdrawn: ["zz"] });
    expect(!r.ok && r.error.code).toBe("UNKNOWN_PLAYER");
    const d = pairSwissPods({ players: [...players, { id: "a", rating: 2 }], history: empty }, { podSize: 3 });
    expect(!d.ok && d.error.code).toBe("DUPLICATE_PLAYER");
  });
});

describe("pairKingOfTheHillPods", () => {
  it("groups consecutive players by standings, repeats allowed", () => {
    const players = Array.from({ length: 6 }, (_, i) => ({ id: `k${i + 1}`, rating: 2000 - i }));
    const h: History = { games: [{ round: 1, players: ["k6", "k5", "k4"], scores: [500, 400, 300] }, { round: 1, players: ["k1", "k2", "k3"], scores: [300, 200, 100] }], byes: [] };
    const r = must(pairKingOfTheHillPods({ players, history: h }, { podSize: 3 }));
    // standings: k1 and k6 (1 win, +150; seeding puts k1 first), k2 and k5 (½, 0), k3 and k4 (0, −150)
    expect(r.pairings.map((p) => [...p.players].sort())).toEqual([["k1", "k2", "k6"], ["k3", "k4", "k5"]]);
    expect(r.pairings[0].reason).toMatch(/King of the Hill pod/);
  });
});

describe("roundRobinPods", () => {
  it.each([
    [9, 3, 6],
    [12, 4, 6],
    [7, 3, 7],
  ] as const)("%i players in pods of %i: every pair meets, in at most %i rounds", (n, size, maxRounds) => {
    const players = Array.from({ length: n }, (_, i) => ({ id: `r${i + 1}`, rating: 2000 - i }));
    const rounds = must(roundRobinPods(players, { podSize: size }));
    expect(rounds.length).toBeLessThanOrEqual(maxRounds);
    const met = new Set<string>();
    for (const r of rounds) {
      everyoneOnce(players, r);
      for (const p of r.pairings) for (const k of pairsOf(p.players)) met.add(k);
    }
    expect(met.size).toBe((n * (n - 1)) / 2);
  });
});
