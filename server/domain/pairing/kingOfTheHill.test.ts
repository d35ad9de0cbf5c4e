import { describe, expect, it } from "vitest";
import { pairKingOfTheHill } from "./kingOfTheHill";
import type { History, Player } from "../types";

const players: Player[] = Array.from({ length: 5 }, (_, i) => ({ id: `k${i + 1}`, rating: 2000 - i }));
// after round 1: k5 beat k1 (so k5 leads on spread), k2 beat k4, k3 had the bye
const history: History = {
  games: [
    { round: 1, players: ["k1", "k5"], scores: [300, 450] },
    { round: 1, players: ["k2", "k4"], scores: [400, 390] },
  ],
  byes: [{ round: 1, playerId: "k3" }],
};

describe("pairKingOfTheHill", () => {
  it("pairs 1v2, 3v4 by standings, bye at the bottom, repeats allowed", () => {
    const r = pairKingOfTheHill({ players, history });
    if (!r.ok) throw new Error(r.error.message);
    // standings: k5 (1, +150), k3 (1, +50), k2 (1, +10), k4 (0, -10), k1 (0, -150)
    expect(r.value.round).toBe(2);
    expect(r.value.byes.map((b) => b.playerId)).toEqual(["k1"]);
    expect(r.value.pairings.map((p) => [...p.players].sort())).toEqual([["k3", "k5"], ["k2", "k4"]]);
    const rep = r.value.pairings[1];
    expect(rep.reason).toMatch(/repeat allowed/);
    expect(rep.reason).toMatch(/King of the Hill: #3/);
    // k2 moved first last time, k4 second → k4 first
    expect(rep.players[0]).toBe("k4");
  });

  it("skips the bye for a player who already had one, and respects forbidden pairs", () => {
    const h: History = { games: history.games, byes: [{ round: 1, playerId: "k1" }] };
    const r = pairKingOfTheHill({ players, history: h, forbiddenPairs: [["k5", "k3"]] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.byes[0].playerId).not.toBe("k1");
    expect(r.value.pairings.some((p) => p.players.includes("k5") && p.players.includes("k3"))).toBe(false);
  });
});
