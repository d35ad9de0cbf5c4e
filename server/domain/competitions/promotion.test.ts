import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DEFAULT_PROMOTION_RULE, moveCount, nextSeason, parsePromotionRule, type FinishedDivision, type PromotionRule } from "./promotion";

/** Divisions of the given sizes; players named D<k>-<place>, finishing in list order. */
const season = (...sizes: number[]): FinishedDivision[] =>
  sizes.map((n, k) => ({ standings: Array.from({ length: n }, (_, i) => ({ player: { id: `D${k + 1}-${i + 1}`, rating: 2000 - 300 * k - 10 * i }, place: i + 1 })) }));
const ids = (r: ReturnType<typeof nextSeason>) => (r.ok ? r.value.divisions.map((d) => d.players.map((p) => p.player.id)) : r.error.message);

describe("parsePromotionRule", () => {
  it("accepts the issue's example and counts", () => {
    expect(parsePromotionRule({ up: { kind: "fraction", num: 1, den: 4, round: "ceil" }, down: { kind: "count", n: 2 } })).toEqual({
      ok: true,
      value: { up: { kind: "fraction", num: 1, den: 4, round: "ceil" }, down: { kind: "count", n: 2 }, newPlayers: "bottom" },
    });
  });
  it.each([
    [{ up: { kind: "count", n: -1 }, down: { kind: "count", n: 1 } }, "up"],
    [{ up: { kind: "count", n: 1 }, down: { kind: "fraction", num: 5, den: 4, round: "ceil" } }, "down"],
    [{ up: { kind: "count", n: 1 }, down: { kind: "fraction", num: 1, den: 4 } }, "down"],
    [{ up: { kind: "count", n: 1 }, down: { kind: "count", n: 1 }, newPlayers: "top" }, "newPlayers"],
    ["top two", undefined],
  ])("refuses %j with a sentence on %s", (raw, field) => {
    const r = parsePromotionRule(raw);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("BAD_RULE");
    expect(r.error.field).toBe(field);
    expect(r.error.message).toMatch(/\.$/);
  });
  it("ceil(N/4) of 6 is 2, of 4 is 1; floor and nearest too", () => {
    expect(moveCount(DEFAULT_PROMOTION_RULE.up, 6)).toBe(2);
    expect(moveCount(DEFAULT_PROMOTION_RULE.up, 4)).toBe(1);
    expect(moveCount({ kind: "fraction", num: 1, den: 4, round: "floor" }, 7)).toBe(1);
    expect(moveCount({ kind: "fraction", num: 1, den: 4, round: "nearest" }, 6)).toBe(2);
    expect(moveCount({ kind: "fraction", num: 1, den: 4, round: "nearest" }, 5)).toBe(1);
  });
});

describe("nextSeason", () => {
  it("top ceil(N/4) of division 2 swap with the bottom of division 1, with a sentence each", () => {
    const r = nextSeason(season(6, 6, 5), DEFAULT_PROMOTION_RULE);
    expect(ids(r)).toEqual([
      ["D1-1", "D1-2", "D1-3", "D1-4", "D2-1", "D2-2"],
      ["D1-5", "D1-6", "D2-3", "D2-4", "D3-1", "D3-2"],
      ["D2-5", "D2-6", "D3-3", "D3-4", "D3-5"],
    ]);
    if (!r.ok) return;
    const why = new Map(r.value.divisions.flatMap((d) => d.players.map((p) => [p.player.id, p.why])));
    expect(why.get("D2-1")).toBe("up from Division 2, placed 1st of 6");
    expect(why.get("D1-6")).toBe("down from Division 1, placed 6th of 6");
    expect(why.get("D3-5")).toBe("stays in Division 3, placed 5th of 5");
    // seeding: down first, then those who stayed, then those who came up
    expect(r.value.divisions[1].players.map((p) => p.move)).toEqual(["down", "down", "stay", "stay", "up", "up"]);
  });

  it("unequal sizes: the smaller of the two counts moves each way, so sizes are kept", () => {
    // division 1 of 9 sends ceil(9/4)=3 down, division 2 of 4 sends ceil(4/4)=1 up: 1 each way
    const r = nextSeason(season(9, 4), DEFAULT_PROMOTION_RULE);
    expect(r.ok && r.value.divisions.map((d) => d.players.length)).toEqual([9, 4]);
    expect(ids(r)).toEqual([["D1-1", "D1-2", "D1-3", "D1-4", "D1-5", "D1-6", "D1-7", "D1-8", "D2-1"], ["D1-9", "D2-2", "D2-3", "D2-4"]]);
  });

  it("players who left are dropped first, so the next best moves; new players join the bottom", () => {
    const r = nextSeason(season(4, 4), DEFAULT_PROMOTION_RULE, { left: ["D2-1", "D1-4"], newcomers: [{ id: "new", name: "Nia" }] });
    expect(ids(r)).toEqual([
      ["D1-1", "D1-2", "D2-2"],
      ["D1-3", "D2-3", "D2-4", "new"],
    ]);
    if (!r.ok) return;
    expect(r.value.left.map((l) => l.why)).toEqual(["left the club: not placed (finished 4th of 4 in Division 1)", "left the club: not placed (finished 1st of 4 in Division 2)"]);
    expect(r.value.divisions[1].players.at(-1)!.why).toBe("new to the club: starts in Division 2, the bottom division");
    // the runner-up went up and keeps the place they earned in the sentence
    expect(r.value.divisions[0].players[2].why).toBe("up from Division 2, placed 2nd of 4");
  });

  it("new players by rating join the highest division whose middle rating is at or below theirs", () => {
    const rule: PromotionRule = { ...DEFAULT_PROMOTION_RULE, newPlayers: "rating" };
    const r = nextSeason(season(4, 4), rule, { newcomers: [{ id: "strong", rating: 1990 }, { id: "weak", rating: 900 }, { id: "unrated" }] });
    if (!r.ok) throw new Error(r.error.message);
    const where = new Map(r.value.divisions.flatMap((d) => d.players.map((p) => [p.player.id, `${d.name}: ${p.why}`])));
    expect(where.get("strong")).toBe("Division 1: new to the club: starts in Division 1 by rating (1990, the division's middle rating is 1980)");
    expect(where.get("weak")).toMatch(/^Division 2: .*below every division's middle rating/);
    expect(where.get("unrated")).toBe("Division 2: new to the club: starts in Division 2, the bottom division (no rating yet)");
  });

  it("a division left with one player joins the one above, with a note; one player in all is refused", () => {
    const r = nextSeason(season(4, 3), { up: { kind: "count", n: 0 }, down: { kind: "count", n: 0 }, newPlayers: "bottom" }, { left: ["D2-1", "D2-2"] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.divisions.map((d) => [d.name, d.players.length])).toEqual([["Division 1", 5]]);
    expect(r.value.notes).toEqual(["Division 2 would have only D2-3: a division of one has nobody to play, so D2-3 joins Division 1."]);
    const one = nextSeason(season(2), DEFAULT_PROMOTION_RULE, { left: ["D1-1"] });
    expect(one).toMatchObject({ ok: false, error: { code: "TOO_FEW_PLAYERS" } });
    expect(!one.ok && one.error.message).toBe("Only 1 player is left for the new season: a division of one has nobody to play.");
  });

  it("refuses places that go down the list wrongly, and a player twice", () => {
    const bad = season(3);
    bad[0].standings[2].place = 1;
    expect(nextSeason(bad, DEFAULT_PROMOTION_RULE)).toMatchObject({ ok: false, error: { code: "BAD_PLACES" } });
    expect(nextSeason(season(3), DEFAULT_PROMOTION_RULE, { newcomers: [{ id: "D1-2" }] })).toMatchObject({ ok: false, error: { code: "DUPLICATE_PLAYER" } });
    const shared = season(3);
    shared[0].standings[2].place = 2; // 1st, 2nd=, 2nd= is fine
    expect(nextSeason(shared, DEFAULT_PROMOTION_RULE).ok).toBe(true);
  });

  const amount = fc.oneof(
    fc.record({ kind: fc.constant("count" as const), n: fc.integer({ min: 0, max: 8 }) }),
    fc.record({ kind: fc.constant("fraction" as const), num: fc.integer({ min: 0, max: 4 }), den: fc.constant(4), round: fc.constantFrom("ceil" as const, "floor" as const, "nearest" as const) }),
  );

  it("property: the player count is kept, everyone once, top has no up, bottom no down, sizes kept without leavers", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 2, max: 12 }), { minLength: 1, maxLength: 6 }), amount, amount, (sizes, up, down) => {
        const r = nextSeason(season(...sizes), { up, down, newPlayers: "bottom" });
        if (!r.ok) throw new Error(r.error.message);
        const all = r.value.divisions.flatMap((d) => d.players.map((p) => p.player.id));
        expect(all.length).toBe(sizes.reduce((a, b) => a + b, 0));
        expect(new Set(all).size).toBe(all.length);
        expect(r.value.divisions.map((d) => d.players.length)).toEqual(sizes);
        const first = r.value.divisions[0].players;
        expect(first.some((p) => p.move === "down")).toBe(false);
        expect(r.value.divisions.at(-1)!.players.some((p) => p.move === "up")).toBe(false);
        // nobody moves more than one division
        for (const [k, d] of r.value.divisions.entries())
          for (const p of d.players) expect(Math.abs(Number(p.player.id.slice(1, p.player.id.indexOf("-"))) - (k + 1))).toBeLessThanOrEqual(1);
      }),
    );
  });
});
