import { describe, expect, it } from "vitest";
import { swappedBoards, swapWarnings, type SwapCheckInput } from "./swap";

const names: Record<string, string> = { a: "Ann", b: "Bo", c: "Cy", d: "Di", e: "Ed" };
const base: SwapCheckInput = {
  boards: [
    { table: 1, isBye: false, players: ["a", "b"] },
    { table: 2, isBye: false, players: ["c", "d"] },
    { table: 0, isBye: true, players: ["e"] },
  ],
  a: "b",
  b: "c",
  games: [],
  byes: [],
  forbidden: [],
  name: (id) => names[id] ?? id,
};

describe("swapWarnings", () => {
  it("says nothing for a swap that makes no repeat, forbidden pair or second bye", () => {
    expect(swapWarnings(base)).toEqual([]);
    expect(swappedBoards(base.boards, "b", "c").map((bd) => bd.players)).toEqual([["a", "c"], ["b", "d"], ["e"]]);
  });

  it("names a forbidden pair the swap seats together, with its table", () => {
    expect(swapWarnings({ ...base, forbidden: [["c", "a"]] })).toEqual(["Ann and Cy are a forbidden pair: they would meet at table 1."]);
  });

  it("names a repeat with the rounds the pair already played", () => {
    const games = [
      { round: 1, players: ["d", "b"] },
      { round: 3, players: ["b", "d"] },
    ];
    expect(swapWarnings({ ...base, games })).toEqual(["Bo and Di would meet again at table 2 (they played in rounds 1, 3)."]);
  });

  it("warns of a second bye when a player is swapped into the bye", () => {
    expect(swapWarnings({ ...base, a: "a", b: "e", byes: [{ round: 2, playerId: "a" }] })).toEqual(["Ann would get another bye (already had one in round 2)."]);
  });

  it("in a pod, names only pairs the swap creates, not pod-mates who already shared the board", () => {
    const boards = [
      { table: 1, isBye: false, players: ["a", "b", "c"] },
      { table: 2, isBye: false, players: ["d", "e", "x"] },
    ];
    // b and c met before, but they sit together with or without the swap: not the swap's doing.
    const games = [{ round: 1, players: ["b", "c"] }, { round: 1, players: ["d", "a"] }];
    expect(swapWarnings({ ...base, boards, a: "x", b: "a", games })).toEqual(["Di and Ann would meet again at table 2 (they played in round 1)."]);
  });

  it("a first-move flip on one board creates nothing new", () => {
    expect(swapWarnings({ ...base, a: "a", b: "b", games: [{ round: 1, players: ["a", "b"] }] })).toEqual([]);
  });
});
