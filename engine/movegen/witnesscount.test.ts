/**
 * brackets.ts `bracketCounts` (issue 28, smcost4): per value of a side, the count of brackets its
 * witness writes (`bracketingOf`, summed), read from the programme's costs without writing them;
 * random sides, board brackets included. smathside.ts `smathWitnessBrackets` keeps these counts on
 * a tabled filling in place of the programme.
 */
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import { bracketCounts, bracketingOf, sideWays } from "./brackets";
import { randomSide } from "./tests/random-side";

describe("'SMATH witness bracket counts (brackets.ts bracketCounts)", () => {
  it("every value's count is the brackets its witness writes", () => {
    const rng = createRng("smath-witness-count");
    let values = 0;
    let some = 0;
    for (let s = 0; s < 400; s++) {
      const ops = randomSide(rng);
      const len = ops.length;
      const ways = sideWays(ops);
      const counts = bracketCounts(ways);
      const keys = ways?.table[0][len - 1] ? [...ways.table[0][len - 1]!.keys()] : [];
      expect([...(counts?.keys() ?? [])]).toEqual(keys);
      for (const key of keys) {
        const w = bracketingOf(ways!, key, false)!;
        const written = w.open.reduce((a, x) => a + x, 0) + w.close.reduce((a, x) => a + x, 0);
        expect(counts!.get(key), key).toBe(written);
        values++;
        if (written > 0) some++;
      }
    }
    expect(values).toBeGreaterThan(1000);
    expect(some).toBeGreaterThan(200);
  });
});
