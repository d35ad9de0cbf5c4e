import { describe, expect, it } from "vitest";
import { checkLineup, resolveLineup, rosterOrder, scoreMatch, seatBoards, type RosterPlayer } from "./match";

const roster: RosterPlayer[] = [
  { id: "a", name: "Ada", rating: 1500, position: 2, reserve: false },
  { id: "b", name: "Ben", rating: 1700, position: 1, reserve: false },
  { id: "c", name: "Cy", rating: 1600, position: 3, reserve: false },
  { id: "r", name: "Rae", rating: 2000, position: 4, reserve: true },
];

describe("team match", () => {
  it("scores game points and match points; a double forfeit is nobody's point", () => {
    expect(scoreMatch(["home", "tie", "away"])).toEqual({ home: 1.5, away: 1.5, homeMp: 1, awayMp: 1, decided: true });
    expect(scoreMatch(["home", "home", "away"])).toMatchObject({ home: 2, away: 1, homeMp: 2, awayMp: 0 });
    expect(scoreMatch(["home", "double-forfeit", "away"])).toMatchObject({ home: 1, away: 1, homeMp: 1, awayMp: 1 });
    expect(scoreMatch(["double-forfeit", "double-forfeit", "away"])).toMatchObject({ home: 0, away: 1, homeMp: 0, awayMp: 2 });
    expect(scoreMatch(["home", "pending", "home"])).toMatchObject({ home: 2, decided: false, homeMp: null });
  });

  it("orders the roster by rating or the captain's order, reserves last", () => {
    expect(rosterOrder(roster, "rating").map((p) => p.id)).toEqual(["b", "c", "a", "r"]);
    expect(rosterOrder(roster, "captain").map((p) => p.id)).toEqual(["b", "a", "c", "r"]);
  });

  it("refuses a line-up naming someone off the roster, a player twice, or too many", () => {
    const off = checkLineup(roster, ["a", "zed"], 3, "Knights");
    expect(!off.ok && off.error.message).toMatch(/not on Knights's roster/);
    const twice = checkLineup(roster, ["a", "a"], 3, "Knights");
    expect(!twice.ok && twice.error.message).toMatch(/Ada is named twice/);
    expect(checkLineup(roster, ["a", "b", "c", "r"], 3, "Knights").ok).toBe(false);
    expect(checkLineup(roster, ["r", "a"], 3, "Knights")).toEqual({ ok: true, value: ["r", "a"] });
  });

  it("falls back to the roster when no line-up came, and says which boards are forfeited when short", () => {
    const late = resolveLineup({ teamName: "K", roster, rule: "rating", boards: 3, submitted: null });
    expect(late).toMatchObject({ players: ["b", "c", "a"], source: "roster" });
    const short = resolveLineup({ teamName: "K", roster: roster.slice(0, 2), rule: "captain", boards: 3, submitted: null });
    expect(short.players).toEqual(["b", "a", null]);
    expect(short.note).toMatch(/board 3 is forfeited/);
    const given = resolveLineup({ teamName: "K", roster, rule: "rating", boards: 3, submitted: ["r", "a", "b"], unavailable: new Set(["a"]) });
    expect(given).toMatchObject({ players: ["r", "b", null], source: "line-up" });
  });

  it("alternates the first move by board: home first on odd boards", () => {
    const boards = seatBoards(["h1", "h2", "h3", null], ["a1", "a2", "a3", "a4"]);
    expect(boards.map((b) => b.players)).toEqual([["h1", "a1"], ["a2", "h2"], ["h3", "a3"], null]);
  });
});
