import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computeArenaStandings, PLAIN_ARENA_SCORING } from "./arena-standings";
import { computeLadder, describeLadderRule, ladderNightFromArena, parseLadderRule, type LadderNight, type LadderRule } from "./ladder";

const players = ["ann", "bob", "cid"].map((id) => ({ id, name: id[0].toUpperCase() + id.slice(1) }));
const night = (id: string, pts: Record<string, number>): LadderNight => ({ id, results: Object.entries(pts).map(([playerId, points]) => ({ playerId, points })) });
const nights = [night("n1", { ann: 10, bob: 4 }), night("n2", { ann: 2, bob: 9, cid: 12 }), night("n3", { ann: 6, bob: 6 })];
const table = (rule: LadderRule) => {
  const r = computeLadder(players, nights, rule);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.rows.map((x) => `${x.rank ?? "-"} ${x.name} ${x.value}`);
};

describe("computeLadder", () => {
  it("sum, best N and average with a minimum of nights", () => {
    expect(table({ kind: "sum" })).toEqual(["1 Bob 19", "2 Ann 18", "3 Cid 12"]);
    expect(table({ kind: "best", nights: 1 })).toEqual(["1 Cid 12", "2 Ann 10", "3 Bob 9"]);
    expect(table({ kind: "best", nights: 2 })).toEqual(["1 Ann 16", "2 Bob 15", "3 Cid 12"]);
    expect(table({ kind: "average", minNights: 2 })).toEqual(["1 Bob 6.3", "2 Ann 6.0", "- Cid 12.0"]);
    const r = computeLadder(players, nights, { kind: "average", minNights: 2 });
    expect(r.ok && r.value.rows[2].note).toBe("needs 1 more night to be ranked (the ladder counts an average over at least 2)");
  });

  it("best N marks which nights count", () => {
    const r = computeLadder(players, nights, { kind: "best", nights: 2 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rows.find((x) => x.playerId === "ann")!.cells.map((c) => c.counted)).toEqual([true, false, true]);
    expect(r.value.rows.find((x) => x.playerId === "cid")!.cells).toEqual([
      { nightId: "n1", points: null, counted: false },
      { nightId: "n2", points: 12, counted: true },
      { nightId: "n3", points: null, counted: false },
    ]);
  });

  it("level values: best single night, then more nights; else a shared place", () => {
    const r = computeLadder(players, [night("a", { ann: 5, bob: 3, cid: 5 }), night("b", { bob: 2 })], { kind: "sum" });
    expect(r.ok && r.value.rows.map((x) => `${x.rank} ${x.name}`)).toEqual(["1 Ann", "1 Cid", "3 Bob"]);
  });

  it("an arena night feeds the ladder", () => {
    const s = computeArenaStandings(players, [{ players: ["ann", "bob"], ranks: [1, 2] }], PLAIN_ARENA_SCORING);
    if (!s.ok) throw new Error(s.error.message);
    expect(ladderNightFromArena("tue", s.value, "Tuesday")).toEqual({ id: "tue", name: "Tuesday", results: [{ playerId: "ann", points: 2 }, { playerId: "bob", points: 0 }] });
  });

  it("rules parse and read; bad input is refused", () => {
    expect(parseLadderRule({ kind: "best", nights: 8 })).toEqual({ ok: true, value: { kind: "best", nights: 8 } });
    expect(parseLadderRule({ kind: "average", minNights: 0 })).toMatchObject({ ok: false, error: { code: "BAD_RULE", field: "minNights" } });
    expect(parseLadderRule({ kind: "median" })).toMatchObject({ ok: false, error: { code: "BAD_RULE" } });
    expect(describeLadderRule({ kind: "average", minNights: 3 })).toBe("Points per night played; ranked after 3 nights.");
    expect(computeLadder(players, [night("x", { zed: 1 })], { kind: "sum" })).toMatchObject({ ok: false, error: { code: "UNKNOWN_PLAYER" } });
  });

  it("property: best N counts at most N nights and never more points than the sum rule", () => {
    const ids = players.map((p) => p.id);
    const nightArb = fc.subarray(ids).chain((ps) => fc.array(fc.integer({ min: 0, max: 30 }), { minLength: ps.length, maxLength: ps.length }).map((pts) => ps.map((playerId, i) => ({ playerId, points: pts[i] }))));
    fc.assert(
      fc.property(fc.array(nightArb, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (res, n) => {
        const ns = res.map((results, i) => ({ id: `n${i}`, results }));
        const best = computeLadder(players, ns, { kind: "best", nights: n });
        const sum = computeLadder(players, ns, { kind: "sum" });
        if (!best.ok || !sum.ok) throw new Error("refused");
        for (const row of best.value.rows) {
          expect(row.cells.filter((c) => c.counted).length).toBe(Math.min(n, row.nights));
          expect(row.total).toBeLessThanOrEqual(sum.value.rows.find((x) => x.playerId === row.playerId)!.total);
        }
      }),
    );
  });
});
