import { describe, expect, it } from "vitest";
import { findYourTable, pickRound, scorecard, tableCards, type PrintRound } from "@/app/tournaments/_components/print-model";

const pl = (userId: string, name: string, score: number | null = null) => ({ userId, name, score });
const scoring = { byeWins: 1, byeSpread: 50, forfeitSpread: 50, spreadCap: null, lateEntryWins: 0.5 };

const r1: PrintRound = {
  number: 1,
  status: "closed",
  pairings: [
    { id: "a", table: 2, isBye: false, players: [pl("z", "zoë", 400), pl("b", "Bea", 350)], forfeitUserId: null },
    { id: "b", table: 1, isBye: false, players: [pl("c", "Carl", 300), pl("d", "Ádám", 300)], forfeitUserId: null },
    { id: "c", table: 3, isBye: true, players: [pl("e", "Eve")], forfeitUserId: null },
  ],
};
const r2: PrintRound = {
  number: 2,
  status: "published",
  pairings: [
    { id: "d", table: 1, isBye: false, players: [pl("b", "Bea", 0), pl("c", "Carl", 0)], forfeitUserId: "c" },
    { id: "e", table: 2, isBye: false, players: [pl("e", "Eve"), pl("z", "zoë")], forfeitUserId: null },
    { id: "f", table: 3, isBye: true, players: [pl("d", "Ádám")], forfeitUserId: null },
  ],
};
const draft: PrintRound = { number: 3, status: "draft", pairings: [] };

describe("print sheets", () => {
  it("find your table: everyone alphabetically (accents and case aside), with table, opponent and seat; a bye has no table", () => {
    expect(findYourTable(r1).map((l) => [l.name, l.table, l.opponents.join(), l.seat])).toEqual([
      ["Ádám", 1, "Carl", 1],
      ["Bea", 2, "zoë", 1],
      ["Carl", 1, "Ádám", 0],
      ["Eve", null, "", null],
      ["zoë", 2, "Bea", 0],
    ]);
  });

  it("table cards: one per board in table order, byes left out", () => {
    expect(tableCards(r1).map((p) => p.table)).toEqual([1, 2]);
  });

  it("the round printed: the one asked for unless it is a draft, else the newest printable", () => {
    expect(pickRound([r1, r2, draft], 1)!.number).toBe(1);
    expect(pickRound([r1, r2, draft], 3)!.number).toBe(2);
    expect(pickRound([r1, r2, draft], null)!.number).toBe(2);
    expect(pickRound([draft], null)).toBeNull();
  });

  it("a scorecard fills known results with running totals and leaves the rest blank to fill in by hand", () => {
    const bea = scorecard({ userId: "b", joinedRound: 1 }, [r1, r2, draft], 4, scoring);
    expect(bea.map((r) => [r.round, r.table, r.opponents.join(), r.seat, r.own, r.against.join(), r.result, r.spread, r.totalWins, r.totalSpread])).toEqual([
      [1, 2, "zoë", 1, 350, "400", "L", -50, 0, -50],
      [2, 1, "Carl", 0, 0, "0", "W (ff)", 50, 1, 0],
      [3, null, "", null, null, "", "", null, null, null],
      [4, null, "", null, null, "", "", null, null, null],
    ]);
    const carl = scorecard({ userId: "c", joinedRound: 1 }, [r1, r2], 2, scoring);
    expect(carl.map((r) => [r.result, r.wins, r.totalWins, r.totalSpread])).toEqual([["T", 0.5, 0.5, 0], ["L (ff)", 0, 0.5, -50]]);
    // A bye counts the event's bye value; an unplayed game stops the running totals.
    const eve = scorecard({ userId: "e", joinedRound: 1 }, [r1, r2], 3, scoring);
    expect(eve.map((r) => [r.result, r.totalWins, r.totalSpread])).toEqual([["bye", 1, 50], ["", null, null], ["", null, null]]);
  });

  it("a late entry's missed rounds count the late-entry wins with spread 0", () => {
    const late: PrintRound = { number: 2, status: "closed", pairings: [{ id: "x", table: 1, isBye: false, players: [pl("n", "New", 200), pl("o", "Old", 100)], forfeitUserId: null }] };
    const card = scorecard({ userId: "n", joinedRound: 2 }, [{ number: 1, status: "closed", pairings: [] }, late], 2, scoring);
    expect(card.map((r) => [r.result, r.totalWins, r.totalSpread])).toEqual([["missed", 0.5, 0], ["W", 1.5, 100]]);
  });
  it("a scorecard shows a resignation as a played game: 'L (res)' / 'W (res)' with the real spread, not the forfeit spread", () => {
    const r: PrintRound = {
      number: 1,
      status: "closed",
      pairings: [{ id: "r", table: 1, isBye: false, players: [pl("a", "Ann", 200), pl("b", "Bo", 380)], forfeitUserId: "a", lossReason: "resign" }],
    };
    expect(scorecard({ userId: "a", joinedRound: 1 }, [r], 1, scoring).map((x) => [x.result, x.wins, x.spread])).toEqual([["L (res)", 0, -180]]);
    expect(scorecard({ userId: "b", joinedRound: 1 }, [r], 1, scoring).map((x) => [x.result, x.wins, x.spread])).toEqual([["W (res)", 1, 180]]);
  });
});
