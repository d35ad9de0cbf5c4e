/** The whole lines a play forms, as text (notation/lines.ts). */
import { describe, expect, it } from "vitest";
import { getRuleset } from "../ruleset";
import type { Placement } from "../play";
import { formedLines, mainLineText, playLinesText, tilesText } from "./lines";

const equate = getRuleset("equate");
const smath = getRuleset("smath");
const row = (r: number, c: number, faces: string[]): Placement[] => faces.map((tile, i) => ({ row: r, col: c + i, tile })).filter((p) => p.tile !== ".");

describe("formedLines", () => {
  it("a play's main line is the whole run, the board's tiles included: 672+42+5=719, not +4+9", () => {
    // row 4: 6 7 2 . . 2 . 5 = 7 1 .   the play fills D4 + , E4 4, G4 +, L4 9
    const board = row(3, 0, ["6", "7", "2", ".", ".", "2", ".", "5", "=", "7", "1"]);
    const play: Placement[] = [
      { row: 3, col: 3, tile: "+" },
      { row: 3, col: 4, tile: "4" },
      { row: 3, col: 6, tile: "+" },
      { row: 3, col: 11, tile: "9" },
    ];
    const lines = formedLines(equate, board, play);
    expect(lines[0]).toMatchObject({ text: "672+42+5=719", direction: "across", row: 3, col: 0, where: "A4 across", main: true });
    expect(lines).toHaveLength(1);
    expect(mainLineText(equate, board, play)).toBe("672+42+5=719");
    expect(playLinesText(equate, board, play)).toBe("672+42+5=719 at A4 across");
  });

  it("lists cross lines after the main line; one tile reads along its neighbours", () => {
    const board = row(9, 8, ["3", "=", "3"]);
    // a 1 below the first 3 and nothing across it: the main line is down, 31 at I10
    expect(formedLines(equate, board, [{ row: 10, col: 8, tile: "1" }])).toEqual([
      { text: "31", direction: "down", row: 9, col: 8, where: "I10 down", main: true },
    ]);
    // 1 + down from L9: the + at L10 extends 3=3 across
    const play: Placement[] = [
      { row: 8, col: 11, tile: "1" },
      { row: 9, col: 11, tile: "+" },
    ];
    const lines = formedLines(equate, board, play);
    expect(lines.map((l) => [l.text, l.where])).toEqual([
      ["1+", "L9 down"],
      ["3=3+", "I10 across"],
    ]);
    expect(playLinesText(equate, board, play)).toBe("1+ at L9 down; also 3=3+ at I10 across");
  });

  it("a mixed numeral keeps its space", () => {
    expect(tilesText(equate, ["4", "6", "1/4", "=", "1", "8", "5", "÷", "4"].map((tile) => ({ tile })))).toBe("46 1/4=185÷4");
  });

  it("'SMATH brackets show in the line that owns them", () => {
    const t = [{ tile: "(2" }, { tile: "+" }, { tile: "3)", brackets: "across" as const }, { tile: "4" }];
    expect(tilesText(smath, t, "across")).toBe("(2+3)4");
    expect(tilesText(smath, [{ tile: "3)", brackets: "across" as const }], "down")).toBe("3");
  });

  it("no play, no line", () => {
    expect(formedLines(equate, [], [])).toEqual([]);
    expect(mainLineText(equate, [], [])).toBe("");
    expect(playLinesText(equate, [], [])).toBe("");
  });
});
