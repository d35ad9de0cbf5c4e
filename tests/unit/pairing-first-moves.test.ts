/**
 * The Swiss pairer's first-move balance against the optimum on the same histories (the measure of
 * `npm run bench -- pairing`, on smaller fields): players left with |firsts − seconds| ≥ 2 stay
 * within 1.25× of an exact maximum-weight matching that first keeps score groups as tight, with
 * no repeats. The greedy before first-move balance joined its objective left 2–10× more.
 */
import { describe, expect, it } from "vitest";
import { pairSwiss, type History } from "@/server/domain";
import { playRound, prng, randomField } from "@/tests/helpers/simulate";
import { optimalQuality, roundQuality } from "@/bench/pairing-quality";

describe("Swiss first-move balance against the optimum", () => {
  it.each([40, 64, 120])("n=%i: imbalanced players ≤ 1.25× the optimum over 7 rounds, no repeats", (n) => {
    let ours = 0;
    let best = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const rand = prng(n * 1000 + seed);
      const players = randomField(n, rand);
      const ratings = new Map(players.map((p) => [p.id, p.rating]));
      let history: History = { games: [], byes: [] };
      for (let r = 1; r <= 7; r++) {
        const res = pairSwiss({ players, history });
        if (!res.ok) throw new Error(res.error.message);
        if (r > 1) {
          const q = roundQuality(players, history, res.value);
          expect(q.repeats).toBe(0);
          ours += q.imbalanced;
          best += optimalQuality(players, history).imbalanced;
        }
        history = playRound(history, res.value, ratings, rand);
      }
    }
    expect(ours).toBeLessThanOrEqual(Math.ceil(1.25 * best));
  });
});
