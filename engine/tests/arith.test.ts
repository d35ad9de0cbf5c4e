/** Exact arithmetic: rationals and radical sums (properties with fast-check, plus examples). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Q from "../rational";
import * as R from "../radical";

const rational = fc
  .tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 1, max: 12 }))
  .map(([n, d]) => Q.rat(n, d));
const radical = fc
  .array(fc.tuple(rational, fc.constantFrom(1, 2, 3, 5, 6, 7, 8, 12, 18)), { maxLength: 3 })
  .map((terms) => {
    let acc: R.Radical = [];
    for (const [q, n] of terms) {
      const s = R.sqrtRational(Q.rat(n));
      if (typeof s !== "string") acc = R.add(acc, R.mul(R.fromRational(q), s));
    }
    return acc;
  });

describe("rational", () => {
  it("normalises", () => {
    expect(Q.toString(Q.rat(10, -4))).toBe("-5/2");
    expect(Q.toString(Q.rat(6, 3))).toBe("2");
  });
  it("a + b − b = a, a × b ÷ b = a", () =>
    fc.assert(
      fc.property(rational, rational, (a, b) => {
        expect(Q.eq(Q.sub(Q.add(a, b), b), a)).toBe(true);
        if (!Q.isZero(b)) expect(Q.eq(Q.div(Q.mul(a, b), b)!, a)).toBe(true);
      }),
    ));
  it("division by zero is null", () => expect(Q.div(Q.ONE, Q.ZERO)).toBeNull());
});

describe("radical", () => {
  const sq = (n: number) => R.sqrtRational(Q.rat(n)) as R.Radical;
  it("√8 = 2√2, √2×√2 = 2, √(1/2) = √2/2", () => {
    expect(R.toString(sq(8))).toBe("2√2");
    expect(R.toString(R.mul(sq(2), sq(2)))).toBe("2");
    expect(R.toString(R.sqrtRational(Q.rat(1, 2)) as R.Radical)).toBe("√2/2");
    expect(R.toString(R.add(R.fromRational(Q.ONE), sq(2)))).toBe("1+√2");
    expect(R.toString(R.sub(R.fromRational(Q.ONE), R.mul(R.fromRational(Q.rat(2)), sq(5))))).toBe("1-2√5");
  });
  it("√ of a negative fails", () => expect(R.sqrtRational(Q.rat(-4))).toBe("negative-root"));
  it("division by a multi-term sum rationalises: 1/(1+√2) = √2 − 1", () => {
    const r = R.div(R.fromRational(Q.ONE), R.add(R.fromRational(Q.ONE), sq(2)));
    expect(typeof r === "string" ? r : R.toString(r)).toBe("-1+√2");
  });
  it("(a × b) ÷ b = a for random sums", () =>
    fc.assert(
      fc.property(radical, radical, (a, b) => {
        const q = R.div(R.mul(a, b), b);
        if (b.length === 0) expect(q).toBe("division-by-zero");
        else expect(typeof q !== "string" && R.equals(q, a)).toBe(true);
      }),
    ));
  it("square-free decomposition", () => {
    expect(R.squareFree(72n)).toEqual({ g: 6n, s: 2n });
    expect(R.squareFree(1_000_003n * 1_000_003n)).toEqual({ g: 1_000_003n, s: 1n });
  });
});
