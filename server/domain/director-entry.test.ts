import { describe, expect, it } from "vitest";
import { describeResult, formatClock, parseResultLine, roundTimeLeft, scoreLine } from "./director-entry";
import { winsPhrase } from "./results";

const ann = { userId: "a", name: "Ann" };
const bo = { userId: "b", name: "Bo" };
const cy = { userId: "c", name: "Cy" };
const boards = [
  { table: 1, players: [ann, bo] },
  { table: 2, players: [cy, { userId: "d", name: "Di" }, { userId: "e", name: "Ed" }] },
];

describe("parseResultLine", () => {
  it("reads table then scores in seat order", () => {
    expect(parseResultLine("1 412 380", boards)).toEqual({ ok: true, value: { table: 1, scores: { a: 412, b: 380 } } });
    expect(parseResultLine("  1,412, 380 ", boards)).toEqual({ ok: true, value: { table: 1, scores: { a: 412, b: 380 } } });
    expect(parseResultLine("2 300 0 250", boards)).toEqual({ ok: true, value: { table: 2, scores: { c: 300, d: 0, e: 250 } } });
  });
  it.each([
    ["", "The line is empty: type the table and each player's score, e.g. “3 412 380”."],
    ["x 1 2", "“x” is not a table number: type the table and each player's score, e.g. “3 412 380”."],
    ["9 1 2", "There is no table 9 in round 4."],
    ["1", "Table 1 needs 2 scores (Ann, Bo) after the table number."],
    ["1 400", "Table 1 has 2 players (Ann, Bo): type 2 scores, not 1."],
    ["1 400 -5", "Bo’s score -5: A score cannot be negative."],
    ["1 400 10000", "Bo’s score 10000: A score is at most 9,999."],
    ["1 400.5 300", "Ann’s score 400.5: Scores are whole numbers."],
    ["1 abc 300", "“abc” is not a score for Ann: scores are whole numbers from 0 to 9,999."],
  ])("refuses %j with a sentence", (line, sentence) => {
    expect(parseResultLine(line, boards, 4)).toEqual({ ok: false, error: sentence });
  });
});

describe("describeResult and scoreLine", () => {
  it("says who won and by how much", () => {
    expect(describeResult([ann, bo], { a: 380, b: 412 })).toBe("Bo beat Ann 412–380, by 32.");
    expect(describeResult([ann, bo], { a: 400, b: 400 })).toBe("Ann and Bo tied 400–400.");
    expect(describeResult([ann, bo], { a: 0, b: 0 }, "a")).toBe("Ann forfeited: a win for Bo.");
    expect(describeResult([ann, bo, cy], { a: 300, b: 350, c: 200 })).toBe("Bo won with 350; then Ann 300, Cy 200.");
  });
  it("lists scores in seat order", () => {
    expect(scoreLine([ann, bo], { a: 1, b: 2 })).toBe("Ann 1 – Bo 2");
    expect(scoreLine([ann, bo], null)).toBe("no result");
    expect(scoreLine([ann, bo], { a: 0, b: 0 }, "b")).toBe("forfeit by Bo");
  });
});

describe("round clock", () => {
  it("counts down from the start and goes negative when time is up", () => {
    expect(roundTimeLeft({ startedAt: 1_000, durationMs: 60_000 }, 31_000)).toBe(30_000);
    expect(roundTimeLeft({ startedAt: new Date(0), durationMs: 60_000 }, 61_500)).toBe(-1_500);
  });
  it("formats minutes and hours", () => {
    expect(formatClock(25 * 60_000)).toBe("25:00");
    expect(formatClock(59_001)).toBe("1:00");
    expect(formatClock(3_723_000)).toBe("1:02:03");
    expect(formatClock(-61_000)).toBe("1:01");
  });
});

describe("winsPhrase", () => {
  it("never says '1 wins'", () => {
    expect([0, 0.5, 1, 1.5, 2].map(winsPhrase)).toEqual(["0 wins", "½ win", "1 win", "1½ wins", "2 wins"]);
  });
});
