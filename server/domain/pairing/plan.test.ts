import { describe, expect, it } from "vitest";
import { checkPairingPlan, methodForRound } from "./plan";

describe("pairing plan", () => {
  it("Swiss for rounds 1–6, then King of the Hill for round 7", () => {
    const plan = [{ fromRound: 7, method: "king-of-the-hill" as const }];
    expect([1, 2, 6, 7].map((r) => methodForRound("swiss", plan, r))).toEqual(["swiss", "swiss", "swiss", "king-of-the-hill"]);
  });

  it("later steps win, in any order given; no plan = the event's method", () => {
    const plan = [
      { fromRound: 5, method: "swiss" as const },
      { fromRound: 2, method: "king-of-the-hill" as const },
    ];
    expect([1, 2, 4, 5, 9].map((r) => methodForRound("swiss", plan, r))).toEqual(["swiss", "king-of-the-hill", "king-of-the-hill", "swiss", "swiss"]);
    expect(methodForRound("king-of-the-hill", [], 3)).toBe("king-of-the-hill");
  });

  it("refuses a round named twice or beyond the event, with a ruling", () => {
    const twice = checkPairingPlan([{ fromRound: 3, method: "swiss" }, { fromRound: 3, method: "king-of-the-hill" }], 7);
    expect(!twice.ok && twice.error.code).toBe("BAD_PLAN");
    const beyond = checkPairingPlan([{ fromRound: 8, method: "swiss" }], 7);
    expect(!beyond.ok && beyond.error.message).toMatch(/round 8, but the event has 7 rounds/);
    const good = checkPairingPlan([{ fromRound: 7, method: "king-of-the-hill" }, { fromRound: 2, method: "swiss" }], 7);
    expect(good.ok && good.value.map((s) => s.fromRound)).toEqual([2, 7]);
  });
});
