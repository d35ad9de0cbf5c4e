/**
 * The probe's tie cut (tiekey.ts) never changes the answer: the exact generator's top plays with
 * the cut are the same plays, scores and order (the tie-break included) as without it, both
 * complete — on the golden Equate boards with seeded racks (blanks make ties common) and on a
 * bench position whose top play ties a dozen groups' bounds — and the cut fires.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePosition } from "../notation/position";
import { createRng } from "../random";
import { getRuleset } from "../ruleset";
import type { Face } from "../tiles";
import { exactPlays, type ExactResult } from "./exact";
import { TopList } from "./recorder";
import type { SideBoard } from "./sides";
import { tieCut, TieKeyCut } from "./tiekey";

const rs = getRuleset("equate");
const boards = readFileSync(path.join(import.meta.dirname, "fixtures", "golden-positions.txt"), "utf8")
  .split("\n")
  .filter((l) => l.startsWith("equate "))
  .map((l) => {
    const p = parsePosition(l.split("\t")[1]);
    if (!p.ok) throw new Error(p.error);
    return p.value.board;
  })
  .filter((b) => b.length > 0);

const POOL: Face[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "+", "-", "×", "÷", "=", "?", "?", "1/2", "3/4"];

const run = (board: Parameters<typeof exactPlays>[1], rack: readonly Face[], on: boolean, top: number): ExactResult => {
  tieCut.on = on;
  try {
    return exactPlays(rs, board, rack, { top, maxWork: 600_000 });
  } finally {
    tieCut.on = true;
  }
};
const shown = (r: ExactResult): string[] => r.plays.map((p) => `${p.score} ${p.blanks} ${JSON.stringify(p.placements)}`);

describe("Equate tie cut (tiekey.ts)", () => {
  it("the same top plays with and without the cut, on seeded racks; the cut fires", { timeout: 600_000 }, () => {
    expect(boards.length).toBeGreaterThan(3);
    const rng = createRng("equate-tie-cut");
    const fired = tieCut.fired;
    let compared = 0;
    for (let n = 0; n < 16; n++) {
      const board = boards[n % boards.length];
      const rack: Face[] = [];
      const size = 4 + rng.below(4);
      for (let k = 0; k < size; k++) rack.push(POOL[rng.below(POOL.length)]);
      // a short list (the top play's ties) and a long one (many plays tie the last score)
      for (const top of new Set([1 + (n % 3), [1, 4, 12, 30][n % 4]])) {
        const cut = run(board, rack, true, top);
        const full = run(board, rack, false, top);
        if (!cut.complete || !full.complete) continue;
        compared++;
        expect(shown(cut), `rack ${rack.join(" ")} on board ${n % boards.length}, top ${top}`).toEqual(shown(full));
        expect(cut.stats.rejected).toBe(0);
      }
    }
    expect(compared).toBeGreaterThanOrEqual(24);
    expect(tieCut.fired).toBeGreaterThan(fired);
  });

  it("the same top play on bench position equate:35 (bench/positions/movegen.json), where the cut fires", { timeout: 600_000 }, () => {
    const p = parsePosition("equate 19/[6]÷[9]=[2/3]+[0]÷[1/2]10/2-16/2[1/2]16/2÷16/2[1/4]16/2+16/2[3]16/2-16/2[2]=[7/4]×[3/3]÷[7]×[8]?8/2=16/2[8][0]15/3÷15/3[3]15/3[4]15/3[9]15/3[3/6]15/3=15/3[0]?15 [3][2/3]÷÷×[5][4][3][1]/[1/6]?×[6]÷[3/4][1/3][6][7] 144/222 1 101");
    if (!p.ok) throw new Error(p.error);
    const rack = p.value.racks[p.value.turn];
    const fired = tieCut.fired;
    const cut = run(p.value.board, typeof rack === "number" ? [] : rack, true, 1);
    expect(tieCut.fired).toBeGreaterThan(fired);
    const full = run(p.value.board, typeof rack === "number" ? [] : rack, false, 1);
    expect(cut.complete && full.complete).toBe(true);
    expect(shown(cut)).toEqual(shown(full));
  });

  it("compares a prefix entry by entry with the last key, and stops comparing once it sorts before", () => {
    const top = new TopList(1);
    top.add({ score: 10, blanks: 0, tiles: 3, brackets: 0, key: "01,01:2 01,02:5 01,04:= ", placements: [] });
    const faces = ["1", "2", "3", "5", "9"];
    const b = { items: faces.map((core) => ({ core, blank: false })) } as unknown as SideBoard;
    const cut = new TieKeyCut(top, b, [
      [1, 1],
      [1, 2],
    ]);
    const k = (f: string): number => faces.indexOf(f);
    expect(cut.step(0, k("3"))).toBe(false); // after the last key's first entry
    expect(cut.step(0, k("2"))).toBe(true); // equal so far
    expect(cut.step(1, k("9"))).toBe(false);
    expect(cut.step(1, k("5"))).toBe(true);
    expect(cut.step(1, k("3"))).toBe(true);
    expect(cut.step(0, k("1"))).toBe(true); // sorts before: any second entry may follow
    expect(cut.step(1, k("9"))).toBe(true);
  });
});
