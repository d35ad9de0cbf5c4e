import { describe, expect, it } from "vitest";
import { exactPlays, getRuleset } from "@/engine";
import { parseSlip } from "./slip";
import { PLAYABLE_WORK, drawPlayableRack, drawRack, duplicateTable, eventStandings, eventWhyAbove, leftOnRack, newDupBag, rackShortfall, tableExcerpt, tenthsOfPercent } from "./duplicate";

const equate = getRuleset("equate");
const ns = getRuleset("number-scrabble");

describe("the rack rule", () => {
  it("counts what a rack misses, blanks standing in", () => {
    expect(rackShortfall(equate, ["1", "2", "+"])).toBe(0);
    expect(rackShortfall(equate, ["1", "+", "-"])).toBe(1);
    expect(rackShortfall(equate, ["1", "+", "?"])).toBe(0);
    expect(rackShortfall(equate, ["+", "-", "×"])).toBe(2);
    // Number Scrabble's = travels through the bag, so a rack needs one too
    expect(rackShortfall(ns, ["1", "2", "+"])).toBe(1);
    expect(rackShortfall(ns, ["1", "2", "+", "="])).toBe(0);
    expect(rackShortfall(ns, ["1", "2", "+", "?"])).toBe(1); // a blank may not be =
  });

  it("draws racks that meet the rule while the bag allows, the same for the same seed", () => {
    for (const rs of [equate, ns, getRuleset("smath")]) {
      for (const seed of ["a", "b", "c", "d", "e"]) {
        let bag = newDupBag(rs, seed);
        const start = bag.tiles.length;
        const first = drawRack(rs, bag, []);
        expect(first.rack).toHaveLength(rs.rackSize);
        expect(rackShortfall(rs, first.rack)).toBe(0);
        expect(drawRack(rs, newDupBag(rs, seed), []).rack).toEqual(first.rack);
        bag = first.bag;
        expect(bag.tiles.length + first.rack.length).toBe(start); // nothing lost or made
      }
    }
  });

  it("keeps the leftover tiles and accepts a short rack once the bag is empty", () => {
    const bag = { seed: "s", shuffles: 1, tiles: ["+"] };
    const r = drawRack(equate, bag, ["-"]);
    expect(r.rack).toEqual(["-", "+"]);
    expect(r.bag.tiles).toEqual([]);
    expect(leftOnRack(["1", "2", "+", "2"], ["2", "+"])).toEqual(["1", "2"]);
  });

  it("redraws a rack that misses a kind when the bag holds it", () => {
    const bag = { seed: "s", shuffles: 1, tiles: ["+", "-", "×", "÷", "+", "-", "1", "2", "3"] };
    const r = drawRack({ ...equate, rackSize: 3 }, bag, []);
    expect(rackShortfall(equate, r.rack)).toBe(0);
    expect(r.redraws).toBeGreaterThan(0);
    expect([...r.rack, ...r.bag.tiles].sort()).toEqual([...bag.tiles].sort());
  });
});

describe("the turn table", () => {
  const turn = (number: number, top: number, plays: [string, boolean, number][]) => ({ number, top, plays: new Map(plays.map(([u, valid, score]) => [u, { valid, score }])) });

  it("scores invalid and missing plays 0, marks tops and solo tops, sums and percentages", () => {
    const t = duplicateTable(
      [
        { userId: "ann", joinedTurn: 1 },
        { userId: "bo", joinedTurn: 1 },
        { userId: "cy", joinedTurn: 2 },
      ],
      [
        turn(1, 20, [
          ["ann", true, 20],
          ["bo", true, 12],
          ["cy", true, 20], // cy had not joined: ignored
        ]),
        turn(2, 30, [
          ["ann", true, 30],
          ["bo", true, 30],
          ["cy", false, 30],
        ]),
        turn(3, 10, [["bo", true, 7]]),
      ],
    );
    expect(t.topTotal).toBe(60);
    const [ann, bo, cy] = t.rows;
    expect(ann!.userId).toBe("ann");
    expect(ann!.total).toBe(50);
    expect(ann!.cells.map((c) => [c.score, c.top, c.solo])).toEqual([
      [20, true, true],
      [30, true, false],
      [0, false, false],
    ]);
    expect(ann!.percent).toBe(833); // 50/60 = 83.33 %
    expect(ann!.soloTops).toBe(1);
    expect(bo!.total).toBe(49);
    expect(cy!.cells[0]!.missed).toBe(true);
    expect(cy!.total).toBe(0);
    expect(cy!.cells[1]!.submitted).toBe(true);
  });

  it("a screen's excerpt: the first rows, the reader's own with its neighbours, each row once", () => {
    expect(tableExcerpt(3, 1, 20, 2)).toEqual([0, 1, 2]); // a small field: every row
    expect(tableExcerpt(100, -1, 3, 2)).toEqual([0, 1, 2]); // not a player: the top only
    expect(tableExcerpt(100, 50, 3, 2)).toEqual([0, 1, 2, 48, 49, 50, 51, 52]);
    expect(tableExcerpt(100, 3, 3, 2)).toEqual([0, 1, 2, 3, 4, 5]); // touching the top: no repeats
    expect(tableExcerpt(100, 99, 3, 2)).toEqual([0, 1, 2, 97, 98, 99]); // the last row: nothing past the end
  });

  it("rounds percentages half up in integers", () => {
    expect(tenthsOfPercent(1, 3)).toBe(333);
    expect(tenthsOfPercent(2, 3)).toBe(667);
    expect(tenthsOfPercent(5, 0)).toBe(0);
    expect(tenthsOfPercent(7, 7)).toBe(1000);
  });
});

describe("a rack that allows a play", () => {
  // seed "s1": Equate's first rack × ÷ 3 4 ÷ 6 8 2/6 4 has no play the exact generator finds
  const hasPlay = (rack: string[]) => exactPlays(equate, [], rack, { top: 1, maxWork: PLAYABLE_WORK, firstPlay: true }).plays.length > 0;
  const sorted = (t: readonly string[]) => [...t].sort();
  it("redraws a dead rack, seeded, the same every time, nothing lost", () => {
    const plain = drawRack(equate, newDupBag(equate, "s1"), []);
    expect(hasPlay(plain.rack)).toBe(false);
    // redraws off: the dead rack stands as drawn
    expect(drawPlayableRack(equate, newDupBag(equate, "s1"), [], hasPlay, 0)).toMatchObject({ rack: plain.rack, dead: 0 });
    const r = drawPlayableRack(equate, newDupBag(equate, "s1"), [], hasPlay, 5);
    expect(r.dead).toBeGreaterThan(0);
    expect(hasPlay(r.rack)).toBe(true);
    expect(rackShortfall(equate, r.rack)).toBe(0);
    expect(drawPlayableRack(equate, newDupBag(equate, "s1"), [], hasPlay, 5).rack).toEqual(r.rack);
    expect(sorted([...r.rack, ...r.bag.tiles])).toEqual(sorted(newDupBag(equate, "s1").tiles));
  });

  it("keeps the tiles the master play left, and stops after the redraws allowed", () => {
    const bag = newDupBag(equate, "s1");
    const kept = bag.tiles.slice(0, 2);
    const rest = { ...bag, tiles: bag.tiles.slice(2) };
    let asked = 0;
    const never = () => (asked++, false);
    const r = drawPlayableRack(equate, rest, kept, never, 3);
    expect(r.rack.slice(0, 2)).toEqual(kept);
    expect([r.dead, asked]).toEqual([3, 3]);
  });
});

describe("event standings", () => {
  const g1 = [
    { userId: "ann", total: 90, topTotal: 100 },
    { userId: "bo", total: 80, topTotal: 100 },
  ];
  const g2 = [{ userId: "bo", total: 150, topTotal: 200 }];
  it("ranks by total, or by percentage of the tops of the games played", () => {
    expect(eventStandings([g1, g2], "total").map((s) => [s.userId, s.total, s.rank])).toEqual([
      ["bo", 230, 1],
      ["ann", 90, 2],
    ]);
    expect(eventStandings([g1, g2], "percent").map((s) => [s.userId, s.percent, s.rank])).toEqual([
      ["ann", 900, 1],
      ["bo", 767, 2],
    ]);
    expect(eventStandings([g1.map((r) => ({ ...r, total: 50 }))], "total").map((s) => s.rank)).toEqual([1, 1]);
  });

  it("says why each player is above the next", () => {
    const names = new Map([["ann", "Ann"], ["bo", "Bo"]]);
    expect(eventWhyAbove(eventStandings([g1, g2], "total"), "total", names)).toEqual(["230 points against 90 for Ann (140 more).", null]);
    expect(eventWhyAbove(eventStandings([g1, g2], "percent"), "percent", names)).toEqual(["90.0 % of the tops of the games played against 76.7 % for Bo.", null]);
    const level = eventStandings([g1.map((r) => ({ ...r, total: 50 }))], "total");
    expect(eventWhyAbove(level, "total", names)[0]).toBe("Level with Bo at 50 points: they share place 1.");
  });
});

describe("a director's slip", () => {
  it("reads the table, the start square and the line, board tiles included", () => {
    const board = [{ row: 7, col: 7, tile: "3" }];
    const r = parseSlip(equate, board, "12 8H 3+4=7");
    expect(r).toEqual({
      ok: true,
      value: {
        table: 12,
        placements: [
          { row: 7, col: 8, tile: "+" },
          { row: 7, col: 9, tile: "4" },
          { row: 7, col: 10, tile: "=" },
          { row: 7, col: 11, tile: "7" },
        ],
      },
    });
    const down = parseSlip(equate, [], "2 H8 down 1x?2=2");
    expect(down.ok && down.value.placements.map((p) => [p.row, p.col, p.tile, !!p.blank])).toEqual([
      [7, 7, "1", false],
      [8, 7, "×", false],
      [9, 7, "2", true],
      [10, 7, "=", false],
      [11, 7, "2", false],
    ]);
  });
  it("says what is wrong", () => {
    expect(parseSlip(equate, [], "H8 3+4=7")).toMatchObject({ ok: false });
    expect(parseSlip(equate, [], "1 Z99 3+4=7")).toMatchObject({ ok: false, error: expect.stringContaining("not a square") });
    expect(parseSlip(equate, [{ row: 7, col: 7, tile: "5" }], "1 8H 3+4=7")).toMatchObject({ ok: false, error: expect.stringContaining("H8 holds 5") });
    expect(parseSlip(equate, [], "1 8S 3+4=7")).toMatchObject({ ok: false, error: expect.stringContaining("off the board") });
  });
});
