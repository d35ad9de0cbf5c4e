import { describe, expect, it } from "vitest";
import { absenceByes, absentRounds, computeStandings, explainOrder, splitByes, TIEBREAKS, type Standings } from "./standings";
import type { History, Player } from "./types";

const players: Player[] = [
  { id: "a", name: "Ann", rating: 1800 },
  { id: "b", name: "Ben", rating: 1700 },
  { id: "c", name: "Cy", rating: 1600 },
  { id: "d", name: "Di", rating: 1500 },
];

// R1: a beats b by 100, c beats d by 20. R2: a beats c by 50, d beats b by 10. R3: b beats c by 30, d beats a by 5.
const history: History = {
  games: [
    { round: 1, players: ["a", "b"], scores: [400, 300] },
    { round: 1, players: ["c", "d"], scores: [350, 330] },
    { round: 2, players: ["c", "a"], scores: [300, 350] },
    { round: 2, players: ["d", "b"], scores: [310, 300] },
    { round: 3, players: ["b", "c"], scores: [330, 300] },
    { round: 3, players: ["a", "d"], scores: [300, 305] },
  ],
  byes: [],
};

function must(r: ReturnType<typeof computeStandings>): Standings {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const row = (s: Standings, id: string) => s.rows.find((r) => r.playerId === id)!;

describe("computeStandings", () => {
  it("counts wins, losses, spread and orders by wins then spread", () => {
    const s = must(computeStandings(players, history));
    expect(s.rows.map((r) => r.playerId)).toEqual(["a", "d", "c", "b"]);
    expect(row(s, "a")).toMatchObject({ wins: 2, losses: 1, spread: 145, games: 3, rank: 1 });
    expect(row(s, "d")).toMatchObject({ wins: 2, spread: -5, rank: 2 });
    expect(row(s, "c")).toMatchObject({ wins: 1, spread: -60, rank: 3 });
    expect(row(s, "b")).toMatchObject({ wins: 1, spread: -80, rank: 4 });
    expect(s.rows.every((r) => r.tiebreaks.spread === r.spread)).toBe(true);
  });

  it("byes count as a win +50 by default and are configurable; forfeits ±50", () => {
    const h: History = { games: [{ round: 1, players: ["a", "b"], forfeit: "b" }], byes: [{ round: 1, playerId: "c" }] };
    const s = must(computeStandings(players.slice(0, 3), h));
    expect(row(s, "c")).toMatchObject({ wins: 1, spread: 50, byes: 1 });
    expect(row(s, "a")).toMatchObject({ wins: 1, spread: 50 });
    expect(row(s, "b")).toMatchObject({ wins: 0, losses: 1, spread: -50 });
    const half = must(computeStandings(players.slice(0, 3), h, { byeWins: 0.5, byeSpread: 0 }));
    expect(row(half, "c")).toMatchObject({ wins: 0.5, spread: 0 });
  });

  it("a double forfeit is a loss for both players, no win for anyone, spread unchanged", () => {
    const h: History = { games: [{ round: 1, players: ["a", "b"], doubleForfeit: true }, { round: 1, players: ["c", "d"], scores: [300, 200] }], byes: [] };
    const s = must(computeStandings(players, h));
    expect(row(s, "a")).toMatchObject({ wins: 0, losses: 1, spread: 0, games: 1 });
    expect(row(s, "b")).toMatchObject({ wins: 0, losses: 1, spread: 0, games: 1 });
    expect(row(s, "c")).toMatchObject({ wins: 1, spread: 100 });
    // head-to-head between a and b: neither beat the other
    expect(row(s, "a").tiebreaks.spread).toBe(0);
    const bad = computeStandings(players, { games: [{ round: 1, players: ["a", "b"], doubleForfeit: true, forfeit: "a" }], byes: [] });
    expect(bad.ok).toBe(false);
  });

  it("a resignation is a played game: a loss whatever the scores, with the real score difference as spread", () => {
    // b resigned while ahead 250–200, and d resigned behind 180–380 (a forfeit would be ±50).
    const h: History = {
      games: [
        { round: 1, players: ["a", "b"], scores: [200, 250], lost: "b" },
        { round: 1, players: ["c", "d"], scores: [380, 180], lost: "d" },
      ],
      byes: [],
    };
    const s = must(computeStandings(players.slice(0, 4), h));
    expect(row(s, "a")).toMatchObject({ wins: 1, losses: 0, spread: -50 });
    expect(row(s, "b")).toMatchObject({ wins: 0, losses: 1, spread: 50 });
    expect(row(s, "c")).toMatchObject({ wins: 1, spread: 200 });
    expect(row(s, "d")).toMatchObject({ wins: 0, spread: -200 });
    // A pod: the player who resigned ranks below both others; the others' result stands by score.
    const pod = must(computeStandings(players.slice(0, 3), { games: [{ round: 1, players: ["a", "b", "c"], scores: [300, 350, 200], lost: "b" }], byes: [] }));
    expect(row(pod, "b")).toMatchObject({ wins: 0, spread: 100 });
    expect(row(pod, "a")).toMatchObject({ wins: 1 });
    expect(row(pod, "c")).toMatchObject({ wins: 0.5 });
  });

  it("ties count ½ and pods expand pairwise", () => {
    const h: History = {
      games: [
        { round: 1, players: ["a", "b"], scores: [300, 300] },
        { round: 2, players: ["a", "b", "c"], scores: [400, 300, 300] },
      ],
      byes: [],
    };
    const s = must(computeStandings(players.slice(0, 3), h));
    expect(row(s, "a").wins).toBe(1.5);
    expect(row(s, "b").wins).toBe(0.75);
    expect(row(s, "a").spread).toBe(100);
  });

  it("shares ranks on a full tie", () => {
    const h: History = { games: [{ round: 1, players: ["a", "b"], scores: [300, 300] }, { round: 1, players: ["c", "d"], scores: [300, 300] }], byes: [] };
    const s = must(computeStandings(players, h));
    expect(s.rows.map((r) => r.rank)).toEqual([1, 1, 1, 1]);
    const s2 = must(computeStandings(players, h, { tiebreaks: ["seed"] }));
    expect(s2.rows.map((r) => r.playerId)).toEqual(["a", "b", "c", "d"]);
    expect(s2.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(explainOrder(s, "a", "b")).toBe("Ann and Ben share place 1: both have ½ wins and are level on spread (0).");
  });

  it("computes every tiebreak in the table", () => {
    const s = must(computeStandings(players, history, { tiebreaks: TIEBREAKS.map((t) => t.code) }));
    const a = row(s, "a").tiebreaks;
    // a met b (1 win), c (1), d (2)
    expect(a.buchholz).toBe(4);
    expect(a["median-buchholz"]).toBe(1); // drop 1 and 2
    expect(a["sonneborn-berger"]).toBe(2); // beat b (1) and c (1)
    expect(a.cumulative).toBe(1 + 2 + 2);
    expect(row(s, "d").tiebreaks.cumulative).toBe(0 + 1 + 2);
    expect(a.aro).toBe(Math.round((1700 + 1600 + 1500) / 3));
    expect(a.losses).toBe(1);
    expect(a.seed).toBe(1);
    expect(typeof a.random).toBe("number");
    // a and d are separated by spread before head-to-head, so head-to-head is null for them
    expect(a["head-to-head"]).toBeNull();
  });

  it("head-to-head is computed among the tied players only", () => {
    const s = must(computeStandings(players, history, { tiebreaks: ["head-to-head", "spread"] }));
    // a and d tie on 2 wins; d beat a → d first
    expect(s.rows.map((r) => r.playerId)).toEqual(["d", "a", "b", "c"]); // b beat c
    expect(row(s, "d").tiebreaks["head-to-head"]).toBe(1);
    expect(explainOrder(s, "a", "d")).toBe("Di is above Ann because both have 2 wins; Di's head-to-head score 1 beats Ann's 0.");
  });

  it("cumulative rewards early wins", () => {
    const s = must(computeStandings(players, history, { tiebreaks: ["cumulative"] }));
    expect(s.rows[0].playerId).toBe("a");
  });

  it("explains the order in a sentence", () => {
    const s = must(computeStandings(players, history, { tiebreaks: ["losses", "spread"] }));
    expect(explainOrder(s, "a", "b")).toBe("Ann is above Ben because Ann has 2 wins and Ben has 1 win.");
    expect(explainOrder(s, "d", "a")).toBe("Ann is above Di because both have 2 wins and are level on losses (1); Ann's spread +145 beats Di's -5.");
    expect(explainOrder(s, "a", "zz")).toMatch(/not in these standings/);
  });

  it("rejects unknown tiebreak codes", () => {
    const r = computeStandings(players, history, { tiebreaks: ["coin"] });
    expect(!r.ok && r.error.code).toBe("UNKNOWN_TIEBREAK");
  });
});

describe("late entries: absences", () => {
  const entries = [
    { playerId: "a", joinedRound: 1 },
    { playerId: "z", joinedRound: 3 },
  ];

  it("a late entry missed every round before joining; each counts as a bye worth the late-entry value", () => {
    expect(absentRounds(entries)).toEqual(new Map([["z", [1, 2]]]));
    expect(absenceByes(entries, 1, 0.5)).toEqual([{ round: 1, playerId: "z", wins: 0.5, spread: 0 }]);
  });

  it("views tell absences from real byes among the rounds they count", () => {
    expect(splitByes(3, [1, 2], [1, 2, 3])).toEqual({ byes: 1, absences: 2 });
    expect(splitByes(1, [1, 2], [1])).toEqual({ byes: 0, absences: 1 });
    expect(splitByes(1, undefined, [1])).toEqual({ byes: 1, absences: 0 });
  });
});
