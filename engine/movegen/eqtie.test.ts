/**
 * Equate's tie hunts (docs/movegen-speed.md, "Equate, eleventh round"): the probe's tie cut applied
 * from the moment the list's last play lets it (tiekey.ts `tieLate`), and the first side's entries
 * whose key sorts after the last play's left out of a group that can only tie (smtie.ts
 * `tieFirstSide`, `eqTieFirst`), the probe in key order where only the key decides (`lexOrder`)
 * and the first group aimed at its bound (exact.ts `aimFirst`). None changes the answer: on the
 * golden Equate boards with seeded racks (blanks make ties common) the top plays, blanks and order
 * are the same with each as without it, both complete, and each fires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Face } from "../tiles";
import { smathTieFirst, eqTieFirst } from "./smtie";
import { TopList } from "./recorder";
import type { SideBoard, SideTable } from "./sides";
import { parsePosition } from "../notation/position";
import { getRuleset } from "../ruleset";
import { aimFirst, exactPlays } from "./exact";
import { deadProbes, tableKey } from "./otherside";
import { lexOrder, TieKeyCut, tieLate } from "./tiekey";
import { boardsOf, eachRackWithAndWithout, shownWithTies } from "./tests/probe-cuts";

const boards = boardsOf(readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8"), "equate");

const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "+", "-", "×", "÷", "=", "?", "?", "?", "1/2", "3/4"];

describe("Equate tie hunts", () => {
  it("the same top plays with and without the tie cut applied late (tiekey.ts tieLate); it fires", { timeout: 600_000 }, () => {
    const fired = tieLate.fired;
    let compared = 0;
    let fewer = 0;
    eachRackWithAndWithout({ boards, seed: "equate-tie-late", pool: POOL, sw: tieLate, racks: 16, size: [5, 3], tops: [1, 4], maxWork: 400_000, id: "equate" }, (cut, full, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
      expect(cut.stats.rejected).toBe(0);
      if (cut.stats.steps < full.stats.steps) fewer++;
    });
    expect(compared).toBeGreaterThanOrEqual(24);
    expect(tieLate.fired).toBeGreaterThan(fired);
    expect(fewer).toBeGreaterThan(0);
  });

  it("the same top plays with and without the first side's late keys left out (smtie.ts tieFirstSide); it drops some", { timeout: 600_000 }, () => {
    const dropped = smathTieFirst.dropped;
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "equate-tie-first", pool: POOL, sw: eqTieFirst, racks: 14, size: [5, 3], tops: [1, 12], maxWork: 400_000, id: "equate" }, (cut, full, label) => {
      if (!cut.complete || !full.complete) return;
      compared++;
      expect(shownWithTies(cut), label).toEqual(shownWithTies(full));
      expect(cut.stats.rejected).toBe(0);
    });
    expect(compared).toBeGreaterThanOrEqual(20);
    expect(smathTieFirst.dropped).toBeGreaterThan(dropped);
  });

  it("the same top plays with the probe in key order where only the key decides as without (tiekey.ts lexOrder); it changes the search", { timeout: 600_000 }, () => {
    let compared = 0;
    let changed = 0;
    eachRackWithAndWithout({ boards, seed: "equate-key-order", pool: POOL, sw: lexOrder, racks: 16, size: [5, 3], tops: [1, 4, 12], maxWork: 400_000, id: "equate" }, (lex, plain, label) => {
      if (!lex.complete || !plain.complete) return;
      compared++;
      expect(shownWithTies(lex), label).toEqual(shownWithTies(plain));
      expect(lex.stats.rejected).toBe(0);
      if (lex.stats.steps !== plain.stats.steps) changed++;
    });
    expect(compared).toBeGreaterThanOrEqual(24);
    expect(changed).toBeGreaterThan(0);
  });

  it("the same top plays with the first group aimed at its bound as without (exact.ts aimFirst); some groups are searched again", { timeout: 600_000 }, () => {
    const again = aimFirst.again;
    let compared = 0;
    let fewer = 0;
    eachRackWithAndWithout({ boards, seed: "equate-aim-first", pool: POOL, sw: aimFirst, racks: 16, size: [5, 3], tops: [1, 4, 12], maxWork: 400_000, id: "equate" }, (aimed, plain, label) => {
      if (!aimed.complete || !plain.complete) return;
      compared++;
      expect(shownWithTies(aimed), label).toEqual(shownWithTies(plain));
      expect(aimed.stats.rejected).toBe(0);
      if (aimed.stats.steps < plain.stats.steps) fewer++;
    });
    expect(compared).toBeGreaterThanOrEqual(24);
    expect(aimFirst.again).toBeGreaterThan(again);
    expect(fewer).toBeGreaterThan(0);
  });

  it("the same top plays with and without probes known to meet no value skipped (otherside.ts DeadProbe); it skips some", { timeout: 600_000 }, () => {
    const skipped = deadProbes.skipped;
    const was = deadProbes.on;
    let compared = 0;
    eachRackWithAndWithout({ boards, seed: "equate-dead-probe", pool: POOL, sw: deadProbes, racks: 16, size: [6, 3], tops: [1, 4], maxWork: 400_000, id: "equate" }, (memo, plain, label) => {
      if (!memo.complete || !plain.complete) return;
      compared++;
      expect(shownWithTies(memo), label).toEqual(shownWithTies(plain));
      expect(memo.stats.rejected).toBe(0);
      expect(memo.stats.steps).toBeLessThanOrEqual(plain.stats.steps);
    });
    expect(compared).toBeGreaterThanOrEqual(24);
    // bench/positions/movegen.json equate:15 (best play 12: most of its groups probed, many mirrored)
    const p = parsePosition("equate 19/19/19/19/19/19/19/19/19/2[4][6][3/4]=[8]+[3]?[8][3/4]8/19/19/19/19/19/19/19/19/19 [1/2][5][7][2][4/4][2/2][7][7][3]/[7][2][8][6][5][9][9]-[4] 64/0 0 124");
    if (!p.ok) throw new Error(p.error);
    const rack = p.value.racks[p.value.turn] as Face[];
    for (const top of [1, 3, 40]) {
      deadProbes.on = true;
      const memo = exactPlays(getRuleset("equate"), p.value.board, rack, { top, maxWork: 400_000 });
      deadProbes.on = false;
      const plain = exactPlays(getRuleset("equate"), p.value.board, rack, { top, maxWork: 400_000 });
      expect(memo.complete && plain.complete).toBe(true);
      expect(shownWithTies(memo), `equate:15 top ${top}`).toEqual(shownWithTies(plain));
      expect(memo.stats.steps).toBeLessThan(plain.stats.steps);
    }
    expect(deadProbes.skipped).toBeGreaterThan(skipped);
    deadProbes.on = was;
  });

  it("keys a dead probe's table by its values and each value's tile vectors (otherside.ts tableKey)", () => {
    // keys 0..2; entries at offsets 0, 3, 6 of the pool: vectors 1 0 0, 0 1 0, 1 0 0
    const b = { keys: ["2", "3", "4"], pool: { buf: new Uint8Array([1, 0, 0, 0, 1, 0, 1, 0, 0]) } } as unknown as SideBoard;
    const table = (offs: number[][]): SideTable => ({ byValue: new Map(offs.map((o, v) => [String(v + 2), { value: v + 2, entries: o.map((off) => ({ off })) }])), byInt: new Map() }) as unknown as SideTable;
    // the same values, another tile behind value 2: a probe dead against one may meet the other
    expect(tableKey(b, table([[0], [3]]))).not.toBe(tableKey(b, table([[3], [3]])));
    expect(tableKey(b, table([[0], [3]]))).toBe(tableKey(b, table([[6], [3]])));
    expect(tableKey(b, table([Array.from({ length: 65 }, () => 0)]))).toBeNull();
  });

  it("applies once the last play ties the group's bound, and never cuts a prefix stepped before that", () => {
    const top = new TopList(1);
    const faces = ["1", "2", "5", "9"];
    const b = { items: faces.map((core) => ({ core, blank: false })) } as unknown as SideBoard;
    const cut = new TieKeyCut(top, b, [[1, 1], [1, 2], [1, 3]], { bound: 10, minBlanks: 0, tiles: 3 });
    const k = (f: string): number => faces.indexOf(f);
    expect(cut.step(0, k("1"))).toBe(true); // the list is empty: no cut
    expect(cut.step(1, k("2"))).toBe(true);
    top.add({ score: 9, blanks: 0, tiles: 3, brackets: 0, key: "01,01:5 01,02:2 01,03:1 ", placements: [] });
    expect(cut.step(2, k("9"))).toBe(true); // the group may beat 9 on score
    top.add({ score: 10, blanks: 0, tiles: 3, brackets: 0, key: "01,01:5 01,02:2 01,03:2 ", placements: [] });
    // the prefix 1 2 was never compared with this last: it sorts before it, so nothing below is cut
    expect(cut.step(2, k("9"))).toBe(true);
    expect(cut.step(0, k("9"))).toBe(false);
    expect(cut.step(0, k("5"))).toBe(true);
    expect(cut.step(1, k("5"))).toBe(false);
    expect(cut.step(1, k("2"))).toBe(true);
    expect(cut.step(2, k("9"))).toBe(false);
    expect(cut.step(2, k("2"))).toBe(true);
  });
});
