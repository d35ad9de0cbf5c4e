import { describe, expect, it } from "vitest";
import { checkSeason, isDay, openRound, roundsNeeded, type SeasonPlan } from "./season";

const plan: SeasonPlan = {
  starts: "2027-01-04",
  ends: "2027-03-28",
  rounds: [
    { opens: "2027-01-04", closes: "2027-01-17" },
    { opens: "2027-01-18", closes: "2027-01-31" },
    { opens: "2027-02-08", closes: "2027-02-21" },
  ],
};

describe("season calendar", () => {
  it("accepts ordered windows inside the season and says which round is open on a day", () => {
    expect(checkSeason(plan, 4)).toEqual({ ok: true, value: plan });
    expect(openRound(plan, "2027-01-17")).toBe(1);
    expect(openRound(plan, "2027-01-18")).toBe(2);
    expect(openRound(plan, "2027-02-03")).toBe(null);
    expect(openRound(plan, "2027-04-01")).toBe(null);
  });

  it("refuses overlapping windows, windows outside the season and bad dates, with a sentence", () => {
    const overlap = { ...plan, rounds: [plan.rounds[0], { opens: "2027-01-17", closes: "2027-01-30" }] };
    expect(checkSeason(overlap)).toMatchObject({ ok: false, error: { code: "BAD_RULE", field: "rounds", message: "Round 2 opens on 2027-01-17, before round 1 closes (2027-01-17); windows must not overlap." } });
    expect(checkSeason({ ...plan, ends: "2027-02-01" })).toMatchObject({ ok: false, error: { message: "Round 3 (2027-02-08 to 2027-02-21) is not inside the season (2027-01-04 to 2027-02-01)." } });
    expect(checkSeason({ ...plan, starts: "2027-02-30" })).toMatchObject({ ok: false, error: { field: "starts" } });
    expect(checkSeason({ ...plan, rounds: [] })).toMatchObject({ ok: false, error: { field: "rounds" } });
  });

  it("a round robin needs N − 1 rounds (N when odd)", () => {
    expect([2, 3, 4, 5, 6].map(roundsNeeded)).toEqual([1, 3, 3, 5, 5]);
    expect(checkSeason(plan, 6)).toMatchObject({ ok: false, error: { message: "A round robin of 6 players needs 5 rounds; the season has 3. Add rounds or make the divisions smaller." } });
  });

  it("knows the calendar", () => {
    expect(["2028-02-29", "2027-02-29", "2100-02-29", "2000-02-29", "2027-13-01", "27-01-01"].map(isDay)).toEqual([true, false, false, true, false, false]);
  });
});
