import { describe, expect, it } from "vitest";
import { teamStandings, teamTable, whyAbove, type TeamMatchRecord } from "./standings";

const teams = [
  { id: "A", name: "Aces" },
  { id: "B", name: "Bees" },
  { id: "C", name: "Cats" },
  { id: "D", name: "Dogs" },
];
// A beats B 2–1 twice over boards; C crushes D 3–0; A draws C; B beats D 3–0; A beats D 2–1; B v C 2-1.
const matches: TeamMatchRecord[] = [
  { round: 1, home: "A", away: "B", boards: ["home", "home", "away"] },
  { round: 1, home: "C", away: "D", boards: ["home", "home", "home"] },
  { round: 2, home: "A", away: "C", boards: ["home", "tie", "away"] },
  { round: 2, home: "B", away: "D", boards: ["home", "home", "home"] },
  { round: 3, home: "A", away: "D", boards: ["home", "away", "home"] },
  { round: 3, home: "B", away: "C", boards: ["home", "away", "home"] },
];

describe("team standings", () => {
  it("ranks by match points then game points, or the other way round", () => {
    const mp = teamStandings(teams, matches, "match-points", 3);
    // A: 2+1+2 = 5 MP, 2+1.5+2 = 5.5 GP; B: 0+2+2 = 4 MP, 1+3+2 = 6 GP; C: 2+1+0 = 3 MP, 3+1.5+1 = 5.5 GP; D: 0 MP, 0+0+1 = 1 GP
    expect(mp.map((r) => [r.name, r.mp, r.gp, r.rank])).toEqual([["Aces", 5, 5.5, 1], ["Bees", 4, 6, 2], ["Cats", 3, 5.5, 3], ["Dogs", 0, 1, 4]]);
    const gp = teamStandings(teams, matches, "game-points", 3);
    expect(gp.map((r) => r.name)).toEqual(["Bees", "Aces", "Cats", "Dogs"]);
    expect(whyAbove(mp, "A", "B", "match-points")).toBe("Aces is above Bees on match points, the event's first score: 5 to 4.");
    expect(whyAbove(gp, "A", "C", "game-points")).toBe("Aces is above Cats: both have 5½ game points, and Aces has more match points (5 to 3).");
  });

  it("breaks a tie on both scores by the match between the teams, else shares the place", () => {
    const two = [
      { round: 1, home: "A", away: "B", boards: ["home", "away"] as const },
      { round: 2, home: "A", away: "C", boards: ["home", "home"] as const },
      { round: 2, home: "B", away: "C", boards: ["home", "home"] as const },
    ].map((m) => ({ ...m, boards: [...m.boards] }));
    const rows = teamStandings(teams.slice(0, 3), two, "match-points", 2);
    expect(rows[0]!.rank).toBe(1);
    expect(rows[1]!.rank).toBe(1);
    expect(whyAbove(rows, "A", "B", "match-points")).toMatch(/share place 1/);
    const decided = teamStandings(teams.slice(0, 3), [...two, { round: 3, home: "B", away: "A", boards: ["home", "tie"] }], "match-points", 2);
    // A and B: 3 MP and 3½… B: 1+2+2 = 5 MP; A: 1+2+0 = 3 MP. B first on MP.
    expect(decided[0]!.name).toBe("Bees");
  });

  it("counts a bye as a match won with half the game points, and skips undecided matches", () => {
    const rows = teamStandings(teams.slice(0, 2), [{ round: 1, home: "A", away: null, boards: [] }, { round: 1, home: "B", away: "A", boards: ["home", "pending"] }], "match-points", 4);
    expect(rows.find((r) => r.teamId === "A")).toMatchObject({ mp: 2, gp: 2, played: 1 });
    expect(rows.find((r) => r.teamId === "B")).toMatchObject({ mp: 0, gp: 0, played: 0 });
  });

  it("team table: a team's best K results count, the others are listed apart", () => {
    const scores = [
      { playerId: "a1", name: "a1", wins: 3, spread: 100 },
      { playerId: "a2", name: "a2", wins: 1, spread: -40 },
      { playerId: "a3", name: "a3", wins: 2.5, spread: 10 },
      { playerId: "b1", name: "b1", wins: 2, spread: 50 },
      { playerId: "b2", name: "b2", wins: 2, spread: 30 },
      { playerId: "b3", name: "b3", wins: 0, spread: -300 },
    ];
    const table = teamTable([{ id: "A", name: "Aces", members: ["a1", "a2", "a3"] }, { id: "B", name: "Bees", members: ["b1", "b2", "b3"] }], scores, 2);
    expect(table.map((r) => [r.name, r.score, r.spread, r.counted.map((p) => p.playerId)])).toEqual([["Aces", 5.5, 110, ["a1", "a3"]], ["Bees", 4, 80, ["b1", "b2"]]]);
    // with K = 3 every result counts and Bees' 0 pulls them further down
    expect(teamTable([{ id: "B", name: "Bees", members: ["b1", "b2", "b3"] }], scores, 3)[0]).toMatchObject({ score: 4, spread: -220 });
  });
});
