import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computeSeries, explainSeriesOrder, formatPoints, parseSeriesRule, TOP_TEN_POINTS, type SeriesEvent, type SeriesRule } from "./series";

const players = ["ann", "bob", "cid", "dee"].map((id) => ({ id, name: id[0].toUpperCase() + id.slice(1) }));
const ev = (id: string, ...order: (string | [string, number])[]): SeriesEvent => ({
  id,
  name: `Night ${id}`,
  results: order.map((x, i) => (typeof x === "string" ? { playerId: x, place: i + 1 } : { playerId: x[0], place: x[1] })),
});
const rule = (best: number): SeriesRule => ({ points: TOP_TEN_POINTS, best });

describe("computeSeries", () => {
  it("best 2 of 3: the table says which events count for whom", () => {
    const r = computeSeries(players, [ev("1", "ann", "bob", "cid"), ev("2", "bob", "ann", "cid", "dee"), ev("3", "cid", "dee", "ann")], rule(2));
    if (!r.ok) throw new Error(r.error.message);
    const t = r.value;
    const row = (id: string) => t.rows.find((x) => x.playerId === id)!;
    expect(row("ann").cells.map((c) => [c.units, c.status])).toEqual([[25, "counted"], [18, "counted"], [15, "dropped"]]);
    expect(row("ann").total).toBe(43);
    expect(row("bob").cells.map((c) => c.status)).toEqual(["counted", "counted", "absent"]);
    expect(row("dee").cells.map((c) => [c.units, c.status])).toEqual([[0, "absent"], [12, "counted"], [18, "counted"]]);
    expect(t.rows.map((x) => [x.name, x.rank, x.total])).toEqual([["Ann", 1, 43], ["Bob", 2, 43], ["Cid", 3, 40], ["Dee", 4, 30]]);
    // Ann and Bob: 43 each, countback 25, 18, then Ann's dropped 15 against nothing
    expect(explainSeriesOrder(t, "bob", "ann")).toBe("Ann is above Bob because both have 43 points and the same best results, and Ann has a result in 3 events to Bob's 2 (countback).");
  });

  it("countback separates level totals, and a full tie shares the place", () => {
    const r = computeSeries(players.slice(0, 3), [ev("1", "ann", "bob", "cid"), ev("2", "bob", "cid", "ann"), ev("3", "cid", "ann", "bob")], rule(3));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rows.map((x) => x.rank)).toEqual([1, 1, 1]);
    expect(explainSeriesOrder(r.value, "ann", "bob")).toBe("Ann and Bob share place 1: both have 58 points and the same results (25, 18, 15).");
    const r2 = computeSeries(players.slice(0, 3), [ev("1", "ann", "bob", "cid"), ev("2", "cid", "bob", "ann"), ev("3", "bob", "ann", "cid")], rule(2));
    if (!r2.ok) throw new Error(r2.error.message);
    // ann 25+18 (15 dropped) = 43, bob 25+18 (18 dropped) = 43, cid 25+15 = 40
    expect(r2.value.rows.map((x) => `${x.name} ${x.rank} ${x.total}`)).toEqual(["Bob 1 43", "Ann 2 43", "Cid 3 40"]);
    expect(explainSeriesOrder(r2.value, "ann", "bob")).toBe("Bob is above Ann because both have 43 points; on countback Bob's results 25, 18, 18 beat Ann's 25, 18, 15.");
    expect(explainSeriesOrder(r2.value, "cid", "ann")).toBe("Ann is above Cid because Ann has 43 points from their best 2 and Cid has 40 points.");
  });

  it("ties on a place share the points of the places they fill, exactly", () => {
    const r = computeSeries(players, [ev("1", "ann", ["bob", 2], ["cid", 2], "dee"), ev("2", ["ann", 1], ["bob", 1], ["cid", 1], "dee")], rule(2));
    if (!r.ok) throw new Error(r.error.message);
    const t = r.value;
    expect(t.scale).toBe(6);
    const cell = (id: string, j: number) => formatPoints(t.rows.find((x) => x.playerId === id)!.cells[j].units, t.scale);
    expect(cell("bob", 0)).toBe("16½"); // (18 + 15) / 2
    expect(cell("ann", 1)).toBe("19⅓"); // (25 + 18 + 15) / 3
    expect(cell("dee", 1)).toBe("12");
    expect(formatPoints(t.rows.find((x) => x.playerId === "bob")!.total, t.scale)).toBe("35 5/6");
  });

  it("field-size points: an event of F players gives F − place + 1", () => {
    const r = computeSeries(players, [ev("1", "ann", "bob", "cid", "dee")], { points: { kind: "field" }, best: 1 });
    expect(r.ok && r.value.rows.map((x) => x.total)).toEqual([4, 3, 2, 1]);
  });

  it("refuses broken places, unknown players and two results for one player", () => {
    expect(computeSeries(players, [ev("1", "ann", ["bob", 3])], rule(1))).toMatchObject({ ok: false, error: { code: "BAD_PLACES" } });
    const bad = computeSeries(players, [ev("1", "ann", ["bob", 3])], rule(1));
    expect(!bad.ok && bad.error.message).toBe("Night 1: place 3 cannot follow 1 player placed above; the next place is 2nd.");
    expect(computeSeries(players, [ev("1", "ann", "zed")], rule(1))).toMatchObject({ ok: false, error: { code: "UNKNOWN_PLAYER" } });
    expect(computeSeries(players, [ev("1", "ann", "ann")], rule(1))).toMatchObject({ ok: false, error: { code: "DUPLICATE_PLAYER" } });
  });

  it("parseSeriesRule accepts tables and field size, refuses rising tables and a zero N", () => {
    expect(parseSeriesRule({ points: { kind: "table", points: [3, 2, 1] }, best: 4 })).toEqual({ ok: true, value: { points: { kind: "table", points: [3, 2, 1] }, best: 4 } });
    expect(parseSeriesRule({ points: { kind: "field" }, best: 1 }).ok).toBe(true);
    expect(parseSeriesRule({ points: { kind: "table", points: [1, 2] }, best: 1 })).toMatchObject({ ok: false, error: { field: "points" } });
    expect(parseSeriesRule({ points: { kind: "field" }, best: 0 })).toMatchObject({ ok: false, error: { field: "best" } });
  });

  it("property: counted ≤ N, the total is the sum of counted cells, no dropped cell beats a counted one, ranks ordered", () => {
    const ids = Array.from({ length: 8 }, (_, i) => `p${i}`);
    const eventArb = fc.shuffledSubarray(ids, { minLength: 1 }).chain((order) =>
      fc.array(fc.boolean(), { minLength: order.length, maxLength: order.length }).map((tieWithPrev) => {
        let place = 1;
        return order.map((playerId, i) => {
          if (i > 0 && !tieWithPrev[i]) place = i + 1;
          return { playerId, place };
        });
      }),
    );
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 8 }), fc.boolean(), (results, best, field) => {
        const events = results.map((res, j) => ({ id: `e${j}`, results: res }));
        const r = computeSeries(ids.map((id) => ({ id })), events, { points: field ? { kind: "field" } : TOP_TEN_POINTS, best });
        if (!r.ok) throw new Error(r.error.message);
        for (const row of r.value.rows) {
          const counted = row.cells.filter((c) => c.status === "counted");
          expect(counted.length).toBeLessThanOrEqual(best);
          expect(counted.length).toBe(Math.min(best, row.played));
          expect(row.total).toBe(counted.reduce((s, c) => s + c.units, 0));
          const minCounted = Math.min(...counted.map((c) => c.units));
          for (const c of row.cells) if (c.status === "dropped") expect(c.units).toBeLessThanOrEqual(minCounted);
        }
        const rows = r.value.rows;
        for (let i = 1; i < rows.length; i++) {
          expect(rows[i].total).toBeLessThanOrEqual(rows[i - 1].total);
          expect(rows[i].rank).toBeGreaterThanOrEqual(rows[i - 1].rank);
        }
        // shares are exact: each event's handed-out points equal the sum over its places
        for (const [j, e] of events.entries()) {
          const handed = rows.reduce((s, row) => s + row.cells[j].units, 0);
          let expected = 0;
          for (let q = 1; q <= e.results.length; q++) expected += field ? e.results.length - q + 1 : ([25, 18, 15, 12, 10, 8, 6, 4, 2, 1][q - 1] ?? 0);
          expect(handed).toBe(expected * r.value.scale);
        }
      }),
    );
  });
});
