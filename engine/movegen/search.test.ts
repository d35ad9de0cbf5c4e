import { describe, expect, it } from "vitest";
import { adjudicatePlay } from "../adjudicate";
import { getRuleset, type RulesetId } from "../ruleset";
import { generatePlays } from "./search";

const FIRST: Record<RulesetId, string[]> = {
  equate: ["3", "4", "7", "+", "2", "5", "×", "1/2", "8"],
  smath: ["3", "4", "7", "+", "2", "5", "×", "12", "8", "-"],
  "number-scrabble": ["3", "4", "7", "+", "2", "=", "×", "²", "8"],
};

describe("generatePlays: first move", () => {
  for (const id of Object.keys(FIRST) as RulesetId[]) {
    it(`${id}: finds legal equations`, () => {
      const rs = getRuleset(id);
      // a node budget and a stopped clock: the same plays whatever the machine's load
      const plays = generatePlays(rs, [], FIRST[id], { budgetMs: 1e9, maxNodes: 200_000, now: () => 0 });
      expect(plays.length).toBeGreaterThan(0);
      for (const p of plays.slice(0, 50)) {
        const r = adjudicatePlay(rs, [], p.placements, { rack: FIRST[id], firstPlay: true });
        expect(r.valid).toBe(true);
        expect(r.kind).toBe("equation");
        expect(r.score).toBe(p.score);
      }
    });
  }
});
