/**
 * The exact generator against brute force, number-scrabble: seeded random positions, 0 misses — 250 on a per-run seed in
 * the fast tier, the historical 500 in the deep tier (tests/helpers/tier.ts) — after the positions
 * that once fooled a generator (KNOWN_HARD); the fast tier caps brute force's work per position
 * (MAX_TRIES: a rack over it loses tiles, at most a fifth of the positions), the deep tier checks every rack whole
 * (tests/helpers/exact-property.ts; docs/bot.md "Exact generator" has the time it takes).
 */
import { describe, expect, it } from "vitest";
import { KNOWN_HARD, runExactProperty } from "../helpers/exact-property";
import { sized, tierSeed } from "../helpers/tier";

// brute force's adjudications per position in the fast tier (about a second of work); none in the deep tier
const MAX_TRIES = sized<number | undefined>(50_000, undefined);
const POSITIONS = sized(250, 500);

describe("exactPlays = brute force (number-scrabble)", () => {
  it(`${POSITIONS} positions: the same plays with the same scores, none missed, every one legal`, { timeout: 900_000 }, () => {
    const r = runExactProperty("number-scrabble", tierSeed("exact-property-1"), POSITIONS, { rackSizes: [2, 3, 3, 4], maxTries: MAX_TRIES });
    expect(r.positions).toBe(POSITIONS);
    expect(r.known).toBe(KNOWN_HARD["number-scrabble"].length);
    expect(r.misses).toEqual([]);
    expect(r.extra).toEqual([]);
    expect(r.invalid).toEqual([]);
    expect(r.shrunk).toBeLessThanOrEqual(sized(POSITIONS / 5, 0));
    expect(r.plays).toBeGreaterThan(POSITIONS * 0.4);
  });
});
