import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DEFAULT_GLICKO, decay, expectedScore, isProvisional, newRating, rate, rateGame, ratePod, type Rating } from "./glicko2";

describe("Glicko-2", () => {
  it("reproduces Glickman's worked example", () => {
    const player = { rating: 1500, rd: 200, volatility: 0.06 };
    const r = rate(player, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    // Published (Glicko-2 scale, 4 d.p.): μ' = −0.2069, φ' = 0.8722, σ' = 0.05999.
    expect(((r.rating - 1500) / 173.7178).toFixed(4)).toBe("-0.2069");
    expect((r.rd / 173.7178).toFixed(4)).toBe("0.8722");
    expect(Math.abs(r.volatility - 0.05999)).toBeLessThan(1e-5); // 0.059996 (the paper truncates)
    // Published r' = 1464.06 and RD' = 151.52 are converted from those rounded values; unrounded
    // arithmetic gives 1464.0507 / 151.5165, within 0.01 of the paper.
    expect(Math.abs(r.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(r.rd - 151.52)).toBeLessThan(0.01);
  });

  it("grows RD only when a player sits out a period", () => {
    const r = rate({ rating: 1500, rd: 200, volatility: 0.06 }, []);
    expect(r.rating).toBe(1500);
    expect(r.rd).toBeCloseTo(Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 6);
    expect(decay({ rating: 1500, rd: 340, volatility: 0.06 }, 1000).rd).toBe(DEFAULT_GLICKO.rdCeiling);
  });

  it("rateGame: winner gains, loser loses, equal players symmetric", () => {
    const a = newRating();
    const [a2, b2] = rateGame(a, newRating(), 1);
    expect(a2.rating).toBeGreaterThan(1500);
    expect(a2.rating - 1500).toBeCloseTo(1500 - b2.rating, 9);
    expect(a2.rd).toBeCloseTo(b2.rd, 9);
    const [d1, d2] = rateGame(a, newRating(), 0.5);
    expect(d1.rating).toBeCloseTo(1500, 9);
    expect(d2.rating).toBeCloseTo(1500, 9);
  });

  it("ratePod expands pairwise", () => {
    const ps = [newRating(), newRating(), newRating()];
    const out = ratePod(ps, [400, 350, 300]);
    expect(out[0].rating).toBeGreaterThan(out[1].rating);
    expect(out[1].rating).toBeCloseTo(1500, 6);
    expect(out[2].rating).toBeLessThan(1500);
  });

  it("expectedScore is ½ for equals and complementary", () => {
    const a = { rating: 1700, rd: 80, volatility: 0.06 };
    const b = { rating: 1500, rd: 120, volatility: 0.06 };
    expect(expectedScore(a, a)).toBeCloseTo(0.5, 12);
    expect(expectedScore(a, b) + expectedScore(b, a)).toBeCloseTo(1, 12);
    expect(expectedScore(a, b)).toBeGreaterThan(0.5);
  });

  it("isProvisional at RD ≥ 110", () => {
    expect(isProvisional(newRating())).toBe(true);
    expect(isProvisional({ rating: 1500, rd: 109, volatility: 0.06 })).toBe(false);
  });

  const arbRating = fc.record({
    rating: fc.double({ min: 100, max: 3000, noNaN: true }),
    rd: fc.double({ min: 60, max: 350, noNaN: true }),
    volatility: fc.double({ min: 0.01, max: 0.1, noNaN: true }),
  });

  it("property: finite ratings, RD within [floor, ceiling], volatility ≤ cap", () => {
    fc.assert(
      fc.property(arbRating, arbRating, fc.constantFrom(0, 0.5, 1), (a: Rating, b: Rating, s) => {
        for (const r of rateGame(a, b, s)) {
          expect(Number.isFinite(r.rating)).toBe(true);
          expect(r.rd).toBeGreaterThanOrEqual(DEFAULT_GLICKO.rdFloor);
          expect(r.rd).toBeLessThanOrEqual(DEFAULT_GLICKO.rdCeiling);
          expect(r.volatility).toBeGreaterThan(0);
          expect(r.volatility).toBeLessThanOrEqual(DEFAULT_GLICKO.maxVolatility);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("property: symmetric — swapping players and result mirrors the update", () => {
    fc.assert(
      fc.property(arbRating, arbRating, fc.constantFrom(0, 0.5, 1), (a: Rating, b: Rating, s) => {
        const [a1, b1] = rateGame(a, b, s);
        const [b2, a2] = rateGame(b, a, 1 - s);
        expect(a1.rating).toBeCloseTo(a2.rating, 9);
        expect(b1.rating).toBeCloseTo(b2.rating, 9);
        // a win never lowers a rating, a loss never raises it
        if (s === 1) expect(a1.rating).toBeGreaterThanOrEqual(a.rating);
        if (s === 0) expect(a1.rating).toBeLessThanOrEqual(a.rating);
      }),
      { numRuns: 300 },
    );
  });
});
