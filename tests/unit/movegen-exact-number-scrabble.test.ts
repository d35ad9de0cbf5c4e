/**
 * The exact generator against brute force, number-scrabble: seeded random positions, 0 misses — 250 on a per-run seed in
 * the fast tier, the historical 500 in the deep tier (tests/helpers/tier.ts) — after the positions
 * that once fooled a generator (KNOWN_HARD)
 * (tests/helpers/exact-property.ts; docs/bot.md "Exact generator" has the time it takes).
 */
import { describe, expect, it } from "vitest";
import { KNOWN_HARD, runExactProperty } from "../helpers/exact-property";
import { sized, tierSeed } from "../helpers/tier";

const POSITIONS = sized(250, 500);

describe("exactPlays = brute force (number-scrabble)", () => {
  it(`${POSITIONS} positions: the same plays with the same scores, none missed, every one legal`, { timeout: 900_000 }, () => {
    const r = runExactProperty("number-scrabble", tierSeed("exact-property-1"), POSITIONS, { rackSizes: [2, 3, 3, 4] });
    expect(r.positions).toBe(POSITIONS);
    expect(r.known).toBe(KNOWN_HARD["number-scrabble"].length);
    expect(r.misses).toEqual([]);
    expect(r.extra).toEqual([]);
    expect(r.invalid).toEqual([]);
    expect(r.plays).toBeGreaterThan(POSITIONS * 0.4);
  });
});
