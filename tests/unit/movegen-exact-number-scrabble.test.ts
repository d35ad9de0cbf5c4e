/**
 * The exact generator against brute force, number-scrabble: 500 seeded random positions, 0 misses
 * (tests/helpers/exact-property.ts; docs/bot.md "Exact generator" has the time it takes).
 */
import { describe, expect, it } from "vitest";
import { runExactProperty } from "../helpers/exact-property";

describe("exactPlays = brute force (number-scrabble)", () => {
  it("500 positions: the same plays with the same scores, none missed, every one legal", { timeout: 900_000 }, () => {
    const r = runExactProperty("number-scrabble", "exact-property-1", 500, { rackSizes: [2, 3, 3, 4] });
    expect(r.positions).toBe(500);
    expect(r.misses).toEqual([]);
    expect(r.extra).toEqual([]);
    expect(r.invalid).toEqual([]);
    expect(r.plays).toBeGreaterThan(200);
  });
});
