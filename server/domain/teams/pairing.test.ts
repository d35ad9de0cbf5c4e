import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { playRound, prng, randomField } from "@/tests/helpers/simulate";
import { pairSwiss } from "../pairing/swiss";
import { pairRound } from "../pairing/round";
import { DEFAULT_SCORING } from "../results";
import type { History } from "../types";
import { teamHistory, teammatePairs } from "./pairing";

/** Does a pairing of `ids` exist that seats no forbidden pair (odd: the bye to one of `byeOk`)? Exhaustive. */
function teammateFreeExists(ids: readonly string[], forbidden: ReadonlySet<string>, byeOk: ReadonlySet<string>): boolean {
  const n = ids.length;
  const bad = (i: number, j: number) => forbidden.has(ids[i]! < ids[j]! ? `${ids[i]}|${ids[j]}` : `${ids[j]}|${ids[i]}`);
  const memo = new Map<number, boolean>();
  const solve = (mask: number): boolean => {
    if (mask === (1 << n) - 1) return true;
    const hit = memo.get(mask);
    if (hit !== undefined) return hit;
    let i = 0;
    while (mask & (1 << i)) i++;
    let found = false;
    for (let j = i + 1; j < n && !found; j++) if (!(mask & (1 << j)) && !bad(i, j)) found = solve(mask | (1 << i) | (1 << j));
    memo.set(mask, found);
    return found;
  };
  if (n % 2 === 0) return solve(0);
  return ids.some((id, b) => byeOk.has(id) && solve(1 << b));
}

const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe("team pairing", () => {
  it("property (200 random fields): an individual Swiss with 'no teammates' never pairs teammates while any pairing avoids it, and pairs them (saying so) only when none does", () => {
    let forced = 0;
    let honoured = 0;
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 15 }), fc.integer({ min: 2, max: 5 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (n, teamCount, rounds, seed) => {
        const rand = prng(seed);
        const players = randomField(n, rand);
        const ratings = new Map(players.map((p) => [p.id, p.rating]));
        // skewed team sizes: some fields have a team holding more than half the players (no teammate-free pairing)
        const weights = Array.from({ length: teamCount }, () => rand() ** 2);
        const total = weights.reduce((s, w) => s + w, 0);
        const teams = Array.from({ length: teamCount }, () => ({ members: [] as string[] }));
        for (const p of players) {
          let x = rand() * total;
          let t = 0;
          while (t < teamCount - 1 && x > weights[t]!) x -= weights[t++]!;
          if (rand() < 0.9) teams[t]!.members.push(p.id); // a few players on no team
        }
        const pairs = teammatePairs(teams);
        const forbidden = new Set(pairs.map(([a, b]) => key(a, b)));
        let history: History = { games: [], byes: [] };
        for (let r = 1; r <= rounds; r++) {
          const round = pairSwiss({ players, history, forbiddenPairs: pairs });
          expect(round.ok).toBe(true);
          if (!round.ok) return;
          const seated = [...round.value.pairings.flatMap((p) => p.players), ...round.value.byes.map((b) => b.playerId)];
          expect(seated.sort()).toEqual(players.map((p) => p.id).sort());
          const byeCount = new Map(players.map((p) => [p.id, history.byes.filter((b) => b.playerId === p.id).length]));
          const fewest = Math.min(...byeCount.values());
          const possible = teammateFreeExists(
            players.map((p) => p.id),
            forbidden,
            new Set(players.filter((p) => byeCount.get(p.id) === fewest).map((p) => p.id)),
          );
          const teammatesMet = round.value.pairings.filter((p) => forbidden.has(key(p.players[0]!, p.players[1]!)));
          if (possible) {
            expect(teammatesMet).toEqual([]);
            honoured++;
          } else {
            expect(round.value.notes.join(" ")).toMatch(/forbidden pair may be paired/);
            forced++;
          }
          history = playRound(history, round.value, ratings, rand);
        }
      }),
      { numRuns: 200 },
    );
    // both branches were exercised: the rule held where it could, and gave way where it could not
    expect(honoured).toBeGreaterThan(100);
    expect(forced).toBeGreaterThan(0);
  });

  it("pairs teams as competitors: a 4-team round robin meets everyone once; a team Swiss avoids repeats", () => {
    const teamsField = ["T1", "T2", "T3", "T4"].map((id, i) => ({ id, rating: 2000 - i * 100, seed: i + 1, name: id }));
    const base = { field: teamsField, active: teamsField, starting: teamsField, scoring: DEFAULT_SCORING, podSize: null, forbiddenPairs: [] };
    const met = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      const r = pairRound({ ...base, round, method: "round-robin", history: { games: [], byes: [] } });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      for (const p of r.value.pairings) met.add(key(p.players[0]!, p.players[1]!));
    }
    expect(met.size).toBe(6);
    // team Swiss round 2 after T1 beat T2 and T3 beat T4: winners meet, no repeat
    const history = teamHistory(
      [
        { round: 1, home: "T1", away: "T2", boards: ["home", "home", "away"] },
        { round: 1, home: "T3", away: "T4", boards: ["home", "tie", "tie"] },
      ],
      3,
    );
    expect(history.games[0]).toEqual({ round: 1, players: ["T1", "T2"], scores: [4, 2] });
    const r2 = pairRound({ ...base, round: 2, method: "swiss", history });
    expect(r2.ok && r2.value.pairings.map((p) => [...p.players].sort())).toEqual([["T1", "T3"], ["T2", "T4"]]);
  });

  it("teammate pairs: every pair of each team once, smaller id first", () => {
    expect(teammatePairs([{ members: ["c", "a", "b"] }, { members: ["d"] }])).toEqual([["a", "b"], ["a", "c"], ["b", "c"]]);
  });
});
