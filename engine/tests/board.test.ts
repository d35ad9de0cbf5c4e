/**
 * Board-level adjudication: extensions at both ends, cross runs, premiums under old tiles,
 * blanks, bonuses, two equations in one turn, placement errors.
 */
import { describe, expect, it } from "vitest";
import { adjudicate } from "../adjudicate";
import { across, codes, down, first } from "./helpers";

describe("placement", () => {
  const board = across(9, 9, "2 4 ÷ 3 = 8");
  const req = (play: object[], extra: object = {}) => adjudicate({ ruleset: "equate", board, play, ...extra });
  it("EMPTY_PLAY", () => expect(codes(req([]))).toEqual(["EMPTY_PLAY"]));
  it("OFF_BOARD", () => expect(codes(req([{ row: 19, col: 0, tile: "1" }]))).toContain("OFF_BOARD"));
  it("OCCUPIED", () => expect(codes(req([{ row: 9, col: 9, tile: "1" }]))).toContain("OCCUPIED"));
  it("OCCUPIED twice in the play", () =>
    expect(codes(req([{ row: 10, col: 9, tile: "1" }, { row: 10, col: 9, tile: "2" }]))).toContain("OCCUPIED"));
  it("NOT_IN_LINE", () =>
    expect(codes(req([{ row: 10, col: 9, tile: "1" }, { row: 11, col: 10, tile: "2" }]))).toContain("NOT_IN_LINE"));
  it("GAP", () => expect(codes(req([{ row: 10, col: 9, tile: "1" }, { row: 12, col: 9, tile: "2" }]))).toContain("GAP"));
  it("NOT_CONNECTED", () => expect(codes(req(across(2, 2, "1 = 1")))).toContain("NOT_CONNECTED"));
  it("START_NOT_COVERED", () =>
    expect(codes(adjudicate({ ruleset: "equate", board: [], play: across(2, 2, "1 = 1") }))).toContain("START_NOT_COVERED"));
  it("'SMATH start: first or last tile on the start square", () => {
    expect(adjudicate({ ruleset: "smath", board: [], play: across(7, 5, "2 + 3 = 5") }).violations.map((v) => v.code)).toEqual([
      "START_NOT_COVERED",
    ]);
    expect(adjudicate({ ruleset: "smath", board: [], play: across(7, 3, "2 + 3 = 5") }).valid).toBe(true);
  });
  it("UNKNOWN_TILE", () => expect(codes(req([{ row: 10, col: 9, tile: "20" }]))).toContain("UNKNOWN_TILE"));
  it("NOT_IN_RACK", () => {
    const r = adjudicate({ ruleset: "equate", board: [], play: first("equate", "3 + 4 = 7"), rack: ["3", "+", "4"] });
    expect(codes(r)).toEqual(["NOT_IN_RACK"]);
    const ok = adjudicate({ ruleset: "equate", board: [], play: first("equate", "3 + 4 = 7"), rack: ["3", "+", "4", "7"] });
    expect(ok.valid).toBe(true); // "=" is unlimited in Equate
  });
  it("NOT_IN_RACK: Number Scrabble's = must be on the rack", () => {
    const r = adjudicate({ ruleset: "number-scrabble", board: [], play: first("number-scrabble", "3 = 3"), rack: ["3", "3"] });
    expect(codes(r)).toEqual(["NOT_IN_RACK"]);
  });
  it("aliases are normalised", () => {
    const r = adjudicate({ ruleset: "equate", board: [], play: first("equate", "6 x 2 = 2 4 / 2"), rack: ["6", "*", "2", "2", "4", "/", "2"] });
    expect(r.valid).toBe(true);
    expect(r.lines[0].text).toBe("6×2=24÷2");
    const ns = adjudicate({ ruleset: "number-scrabble", board: [], play: first("number-scrabble", "sqrt 9 = 3 ^2 − 6") });
    expect(ns.valid, JSON.stringify(ns.violations)).toBe(true);
  });
  it("NEW_EQUALS_LIMIT in Equate", () => {
    const r = adjudicate({ ruleset: "equate", board: [], play: first("equate", "3 = 3 = 3") });
    expect(codes(r)).toEqual(expect.arrayContaining(["NEW_EQUALS_LIMIT", "MULTIPLE_EQUALS"]));
  });
  it("reports all violations of all lines", () => {
    // 3 at (10,9) makes "23" down (a number: fine) but 5 at (10,10) makes "45" and the row "35" — all numbers;
    // an operator under "=" makes "=+" down: SYNTAX
    const r = req(across(10, 12, "- 5"));
    expect(codes(r).filter((c) => c === "SYNTAX").length).toBeGreaterThanOrEqual(2);
  });
});

describe("Equate scoring on the board", () => {
  it("extension at both ends scores every tile; premiums only for new tiles", () => {
    const board = across(9, 9, "5 4 = 9 × 6"); // 6 on (9,14), a 3S: counts at face value now
    const play = [...across(9, 7, "2 ×"), ...across(9, 15, "× 2")];
    const r = adjudicate({ ruleset: "equate", board, play });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.lines[0].text).toBe("2×54=9×6×2");
    expect(r.score).toBe(1 + 3 + 1 + 1 + 0 + 2 + 3 + 2 + 3 + 1);
  });
  it("an old tile on a 2E does not double again", () => {
    const board = across(9, 9, "3 = 3"); // (9,9) is 2E, used
    const r = adjudicate({ ruleset: "equate", board, play: across(9, 12, "+ 0") });
    expect(r.valid).toBe(true);
    expect(r.score).toBe(1 + 0 + 1 + 1 + 1);
  });
  it("two 2E squares in one equation multiply by 4", () => {
    // row 2: 2E at cols 3 and 15; the old tiles between them (2S at 7 and 11) count at face value
    const board = across(2, 4, "× 1 1 = 2 2 + 0 × 5 7");
    const play = [{ row: 2, col: 3, tile: "2" }, { row: 2, col: 15, tile: "8" }];
    const r = adjudicate({ ruleset: "equate", board, play });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.lines[0].text).toBe("2×11=22+0×578");
    expect(r.score).toBe((1 + 3 + 1 + 1 + 0 + 1 + 1 + 1 + 1 + 3 + 1 + 2 + 2) * 4);
  });
  it("two equations in one turn both score, the common new tile counts in each", () => {
    const board = [...across(9, 9, "3 + 4 ="), ...down(5, 13, "2 + 5 =")];
    const r = adjudicate({ ruleset: "equate", board, play: [{ row: 9, col: 13, tile: "7" }] });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.lines.map((l) => [l.text, l.points])).toEqual([
      ["3+4=7", 5],
      ["2+5=7", 5],
    ]);
    expect(r.score).toBe(10);
  });
  it("a blank scores 0, even on a premium", () => {
    const play = first("equate", "2 4 ÷ 3 = 8").map((p, i) => (i === 5 ? { ...p, blank: true } : p));
    const r = adjudicate({ ruleset: "equate", board: [], play });
    expect(r.score).toBe((1 + 1 + 5 + 1 + 0 + 0) * 2);
  });
  it("a blank cannot be =", () => {
    const play = first("equate", "3 = 3").map((p, i) => (i === 1 ? { ...p, blank: true } : p));
    expect(codes(adjudicate({ ruleset: "equate", board: [], play }))).toContain("BLANK_FACE");
  });
  it("+40 for all nine rack tiles in one equation", () => {
    const r = adjudicate({ ruleset: "equate", board: [], play: across(9, 9, "1 + 2 + 3 + 4 = 1 0") });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.bonuses).toEqual([{ kind: "all-tiles", points: 40 }]);
    expect(r.score).toBe(r.lines[0].points + 40);
  });
  it("a cross run that is an invalid equation invalidates the play", () => {
    const board = across(9, 9, "2 4 ÷ 3 = 8");
    const r = adjudicate({ ruleset: "equate", board, play: down(10, 14, "= 9") });
    expect(codes(r)).toContain("NOT_EQUAL");
    expect(r.violations[0].message).toMatch(/8 = 9 is not true/);
  });
});

describe("'SMATH on the board", () => {
  it("brackets added over an old tile", () => {
    const board = across(7, 7, "2 + 3 = 5");
    // extend to "(2 + 3) × 2 = 5 × 2"? The old 5 would need to change, so build (2+3)=5 then ×1 at both ends
    const play = [
      { row: 7, col: 7, tile: "(2" },
      { row: 7, col: 9, tile: "3)" },
      ...across(7, 12, "× 1"),
    ];
    const r = adjudicate({ ruleset: "smath", board, play });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.lines[0].text).toBe("(2+3)=5×1");
  });
  it("+25 for all ten rack tiles", () => {
    const board = [{ row: 7, col: 11, tile: "=" }];
    const play = [...across(7, 2, "2 + 3 + 4 + 1 + 2"), { row: 7, col: 12, tile: "12" }];
    const r = adjudicate({ ruleset: "smath", board, play });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.bonuses).toEqual([{ kind: "all-tiles", points: 25 }]);
  });
});

describe("Number Scrabble on the board", () => {
  const board = across(7, 7, "3 + 3 = 6");
  it("extension at both ends: only new tiles score, plus the value bonus", () => {
    const r = adjudicate({ ruleset: "number-scrabble", board, play: [{ row: 7, col: 6, tile: "6" }, { row: 7, col: 12, tile: "6" }] });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.lines[0].text).toBe("63+3=66");
    expect(r.lines[0].points).toBe(2);
    expect(r.bonuses).toEqual([{ kind: "value", points: 9, line: 0 }]);
    expect(r.score).toBe(11);
  });
  it("fragments alongside are allowed", () => {
    const r = adjudicate({ ruleset: "number-scrabble", board, play: across(8, 7, "1 + 1 + 3 = 5") });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.lines.filter((l) => l.kind === "fragment").length).toBe(5);
  });
  it("a complete but false cross equation is refused", () => {
    const r = adjudicate({ ruleset: "number-scrabble", board, play: down(8, 9, "= 4") });
    // main line down: "3=4"
    expect(codes(r)).toContain("NOT_EQUAL");
  });
  it("one new = per turn", () => {
    const r = adjudicate({ ruleset: "number-scrabble", board: [], play: first("number-scrabble", "2 = 2 = 2") });
    expect(codes(r)).toContain("NEW_EQUALS_LIMIT");
  });
  it("+50 for all nine tiles", () => {
    const r = adjudicate({ ruleset: "number-scrabble", board: [], play: first("number-scrabble", "1 2 + 3 + 4 = 1 9") });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.bonuses.map((b) => b.kind)).toEqual(["value", "all-tiles"]);
  });
});
