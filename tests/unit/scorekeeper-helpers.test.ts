// Pure helpers of the station and the replay page (no database).
import { describe, expect, it } from "vitest";
import { boardsOf } from "@/app/matches/_components/replay";
import { clockReadings, poolOf } from "@/app/scorekeeper/_components/station";

describe("replay boards", () => {
  it("adds plays and takes a withdrawn one off", () => {
    const a = { row: 9, col: 9, tile: "3" };
    const b = { row: 10, col: 9, tile: "=" };
    const rows = [
      { type: "start", seat: null, totals: [0, 0] },
      { type: "play", seat: 0, placements: [a], totals: [5, 0] },
      { type: "play", seat: 1, placements: [b], totals: [5, 4] },
      { type: "challenge", seat: 1, totals: [5, 0] },
      { type: "play", seat: 0, placements: [b], totals: [9, 0] },
      { type: "challenge", seat: 1, totals: [9, 0] },
    ];
    expect(boardsOf(rows).map((x) => x.length)).toEqual([0, 1, 2, 1, 2, 2]);
  });
});

describe("station helpers", () => {
  it("expands the unseen tally into a pool", () => {
    expect(poolOf([{ face: "1", count: 2 }, { face: "+", count: 1 }])).toEqual(["1", "1", "+"]);
  });
  it("stops the mover's clock at the tap and runs the next one from it", () => {
    const players = [{ remainingMs: 60_000 }, { remainingMs: 50_000 }];
    expect(clockReadings(players, 0, false, 1000, 6000, null)).toEqual([55_000, 50_000]);
    expect(clockReadings(players, 0, false, 1000, 6000, { seat: 0, at: 3000, next: 1 })).toEqual([58_000, 47_000]);
    expect(clockReadings(players, 0, true, 1000, 6000, null)).toEqual([60_000, 50_000]);
  });
});
