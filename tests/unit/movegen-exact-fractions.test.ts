/**
 * Whole-rack Equate groups dropped by the fraction balance (engine/movegen/bounds.ts
 * `fractionsBalance`) lose no play: every legal play of these positions, exact generator against
 * brute force (tests/helpers/brute-force-plays.ts).
 */
import { describe, expect, it } from "vitest";
import { exactPlays, getRuleset, type Face, type Placement } from "@/engine";
import { bruteForcePlays, playKeyOf } from "../helpers/brute-force-plays";

const rs = getRuleset("equate");

describe("exactPlays: whole-rack groups dropped by the fraction balance lose no play (against brute force)", () => {
  const line = (row: number, col: number, faces: string[]): Placement[] => faces.map((tile, i) => ({ row, col: col + i, tile }));
  const cases: Array<{ board: Placement[]; rack: Face[] }> = [
    // 1/3 alone with + and −: no whole-rack play; the shorter ones stay
    { board: line(9, 7, ["1", "2", "=", "1", "2"]), rack: ["1/3", "+", "4", "-"] },
    // 1/2 twice balances: 1/2 + 1/2 = 1 is a whole-rack play
    { board: line(9, 7, ["3", "=", "3"]), rack: ["1/2", "+", "1/2", "1"] },
    // 1/2 and 1/3 cannot balance
    { board: line(9, 8, ["5", "=", "5"]), rack: ["1/2", "+", "1/3", "6"] },
  ];
  for (const { board, rack } of cases) {
    it(`${board.map((p) => p.tile).join("")} with ${rack.join(" ")}`, { timeout: 120_000 }, () => {
      const want = bruteForcePlays(rs, board, rack, { firstPlay: false });
      expect(want).not.toBeNull();
      const got = exactPlays(rs, board, rack);
      expect(got.complete).toBe(true);
      const keys = (ps: Iterable<string>): string[] => [...ps].sort();
      expect(keys(got.plays.map((p) => playKeyOf(rs, board, p.placements)))).toEqual(keys(want!.keys()));
      expect(want!.size).toBeGreaterThan(0);
    });
  }
});
