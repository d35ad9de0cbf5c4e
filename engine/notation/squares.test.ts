import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as squares from "./squares";
import { adjudicate } from "../adjudicate";
import type { Placement } from "../play";

const across = (row: number, col: number, text: string): Placement[] => text.split(" ").map((tile, i) => ({ row, col: col + i, tile }));

describe("square names", () => {
  it("names a square by column letter and 1-based row", () => {
    expect(squares.name(9, 9)).toBe("J10");
    expect(squares.name(0, 0)).toBe("A1");
    expect(squares.name(18, 18)).toBe("S19");
    expect(squares.names([[5, 7], [6, 7]])).toBe("H6, H7");
    expect(squares.column(7)).toBe("H");
  });

  it("says where a square no board has would be, in words, never as an index pair", () => {
    expect(squares.name(-1, 3)).toBe("row 0, column 4");
    expect(squares.name(2, 30)).toBe("row 3, column 31");
  });

  it("writes a start square in the record's reading order, and a line's place with its direction word", () => {
    expect(squares.start(9, 7, "across")).toBe("10H");
    expect(squares.start(9, 7, "down")).toBe("H10");
    expect(squares.line(9, 5, "across")).toBe("F10 across");
  });

  it("reads both orders, any case, and checks the board size when given", () => {
    expect(squares.parse("J10")).toEqual({ row: 9, col: 9, direction: "down" });
    expect(squares.parse(" 10h ")).toEqual({ row: 9, col: 7, direction: "across" });
    expect(squares.parse("f10", 19)).toEqual({ row: 9, col: 5, direction: "down" });
    expect(squares.parse("T1", 19)).toBeNull();
    expect(squares.parse("H16", 15)).toBeNull();
    expect(squares.parse("20A", 19)).toBeNull();
    expect(squares.parse("A0")).toBeNull();
    expect(squares.parse("J")).toBeNull();
    expect(squares.parse("[9,9]")).toBeNull();
  });

  it("parse(start(...)) and parse(name(...)) give the square back on every board size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 26 }), fc.nat(), fc.nat(), fc.constantFrom("across" as const, "down" as const), (size, r0, c0, dir) => {
        const row = r0 % size;
        const col = c0 % size;
        expect(squares.parse(squares.start(row, col, dir), size)).toEqual({ row, col, direction: dir });
        expect(squares.parse(squares.name(row, col), size)).toMatchObject({ row, col });
      }),
    );
  });
});

describe("rulings name squares like J10", () => {
  const noIndexPair = (text: string) => expect(text).not.toMatch(/\[\s*-?\d+\s*,\s*-?\d+\s*\]/);

  it("a first play missing the start square names it", () => {
    const r = adjudicate({ ruleset: "equate", board: [], play: across(0, 0, "1 + 1 = 2") });
    const v = r.violations.find((x) => x.code === "START_NOT_COVERED");
    expect(v?.message).toBe("the first play must cover the start square J10");
    noIndexPair(v!.message);
  });

  it("a first equation off the 'SMATH start names it", () => {
    const r = adjudicate({ ruleset: "smath", board: [], play: across(0, 0, "1 + 1 = 2") });
    const v = r.violations.find((x) => x.code === "START_NOT_COVERED");
    expect(v?.message).toBe("the first equation must have its first or last tile on the start square H8");
  });

  it("a tile off the board and a taken square are named", () => {
    const board = across(9, 5, "1 + 1 = 2");
    const off = adjudicate({ ruleset: "equate", board, play: [{ row: 9, col: 19, tile: "3" }] });
    expect(off.violations.map((v) => v.message)).toContain("T10 lies outside the 19×19 board");
    const taken = adjudicate({ ruleset: "equate", board, play: [{ row: 9, col: 5, tile: "3" }] });
    expect(taken.violations.map((v) => v.message)).toContain("F10 already holds 1");
    const twice = adjudicate({ ruleset: "equate", board, play: [{ row: 10, col: 5, tile: "3" }, { row: 10, col: 5, tile: "4" }] });
    expect(twice.violations.map((v) => v.message)).toContain("two new tiles on F11");
    const listed = adjudicate({ ruleset: "equate", board: [...board, { row: 9, col: 5, tile: "4" }], play: [{ row: 10, col: 5, tile: "3" }] });
    expect(listed.violations.map((v) => v.message)).toContain("the board lists two tiles at F10");
    const offBoard = adjudicate({ ruleset: "equate", board: [...board, { row: -1, col: 2, tile: "4" }], play: [{ row: 10, col: 5, tile: "3" }] });
    expect(offBoard.violations.map((v) => v.message)).toContain("a board tile at row 0, column 3 lies outside the 19×19 board");
    for (const r of [off, taken, twice, listed, offBoard]) for (const v of r.violations) noIndexPair(v.message);
  });
});
