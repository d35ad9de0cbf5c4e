import { describe, expect, it } from "vitest";
import { ACCOUNT_ALLOWANCE, API_ALLOWANCE, ENGINE_ALLOWANCE } from "./limits";
import { RateLimited, TokenBuckets, takeAccountAllowance, takeApiAllowance, takeEngineAllowance } from "./rate-limit";

describe("token buckets", () => {
  it("allows a burst, then refills at the set rate, and says how long to wait", () => {
    const b = new TokenBuckets({ burst: 3, perSecond: 0.5 });
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => b.take("a", 1, t0).ok)).toEqual([true, true, true]);
    expect(b.take("a", 1, t0)).toEqual({ ok: false, retryAfterSeconds: 2 });
    expect(b.take("b", 1, t0).ok).toBe(true); // another client has its own bucket
    expect(b.take("a", 1, t0 + 1_999).ok).toBe(false);
    expect(b.take("a", 1, t0 + 2_000).ok).toBe(true);
    // never more than the burst, however long the client was away
    expect(b.take("a", 4, t0 + 3_600_000)).toEqual({ ok: false, retryAfterSeconds: 2 });
    expect(b.take("a", 3, t0 + 3_600_000).ok).toBe(true);
  });

  it("a refused request takes nothing: the wait is for the tokens still missing", () => {
    const b = new TokenBuckets({ burst: 10, perSecond: 1 });
    expect(b.take("a", 8, 0).ok).toBe(true);
    expect(b.take("a", 5, 0)).toEqual({ ok: false, retryAfterSeconds: 3 });
    expect(b.take("a", 2, 0).ok).toBe(true);
  });

  it("keeps at most maxKeys buckets, forgetting the least recently used", () => {
    const b = new TokenBuckets({ burst: 1, perSecond: 0.001, maxKeys: 2 });
    expect(b.take("a", 1, 0).ok).toBe(true);
    expect(b.take("b", 1, 0).ok).toBe(true);
    expect(b.take("a", 1, 0).ok).toBe(false); // touches a: b is now the oldest
    expect(b.take("c", 1, 0).ok).toBe(true); // evicts b
    expect(b.take("a", 1, 0).ok).toBe(false);
    expect(b.take("b", 1, 0).ok).toBe(true); // b was forgotten, so it starts full
  });

  it("the engine allowance: anonymous clients by address, signed-in users by account with more room", () => {
    const address = `test-${Math.random()}`;
    const t = 5_000_000;
    takeEngineAllowance({ userId: null, address }, ENGINE_ALLOWANCE.anonymous.burst, t);
    const err = (() => {
      try {
        takeEngineAllowance({ userId: null, address }, 1, t);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(RateLimited);
    expect((err as RateLimited).retryAfterSeconds).toBe(1);
    expect((err as RateLimited).code).toBe("RATE_LIMITED");
    // the same address signed in is counted by account
    expect(() => takeEngineAllowance({ userId: `u-${address}`, address }, ENGINE_ALLOWANCE.signedIn.burst, t)).not.toThrow();
  });

  it("the API allowance: per API token, and per address for anonymous REST calls; each its own bucket", () => {
    const key = `test-${Math.random()}`;
    const t = 6_000_000;
    takeApiAllowance({ tokenId: key }, API_ALLOWANCE.token.burst, t);
    expect(() => takeApiAllowance({ tokenId: key }, 1, t)).toThrow(/Too many API requests/);
    expect(() => takeApiAllowance({ tokenId: key }, 10, t + 1_000)).not.toThrow(); // refilled 10 a second
    // another token, and an address of the same name, are untouched
    expect(() => takeApiAllowance({ tokenId: `${key}-2` }, 1, t)).not.toThrow();
    takeApiAllowance({ address: key }, API_ALLOWANCE.anonymous.burst, t);
    const err = (() => {
      try {
        takeApiAllowance({ address: key }, 1, t);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(RateLimited);
    expect((err as RateLimited).retryAfterSeconds).toBe(1);
  });
});

describe("per-account allowances", () => {
  it(`analysis requests: ${ACCOUNT_ALLOWANCE.analyses.burst} at once per account, then TOO_MANY_REQUESTS; another account has its own`, () => {
    const t0 = 5_000_000;
    for (let i = 0; i < ACCOUNT_ALLOWANCE.analyses.burst; i++) takeAccountAllowance("analyses", "acct-a", t0);
    expect(() => takeAccountAllowance("analyses", "acct-a", t0)).toThrow(/Too many analysis requests/);
    expect(() => takeAccountAllowance("analyses", "acct-b", t0)).not.toThrow();
    // imports are a bucket of their own
    expect(() => takeAccountAllowance("imports", "acct-a", t0)).not.toThrow();
  });
});
