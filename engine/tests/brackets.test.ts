/**
 * 'SMATH bracket owners (docs/engine.md "'SMATH bracket owners"): which line a board tile's
 * brackets belong to — given per tile or per bracket, kept by the game state through overlays,
 * carried by the position notation — and the ruling's note when the engine had to guess.
 */
import { describe, expect, it } from "vitest";
import { adjudicate, parseAdjudicationRequest } from "../adjudicate";
import { replay, type GameEvent } from "../game";
import type { Placement } from "../play";
import { formatPosition, parsePosition } from "../notation/position";
import { across, codes, down } from "./helpers";

/** `(2+3)=5` down column H (col 7) ending on the start square, crossed across by the longer
 * `1+2×3=7` through the `3)` tile at H6 ([5,7]). */
const downLine = down(3, 7, "(2 + 3) = 5");
const acrossLine = across(5, 3, "1 + 2 × 3 = 7").filter((t) => t.col !== 7);
const position = (owner?: Placement["brackets"]): Placement[] =>
  [...downLine, ...acrossLine].map((t) => (owner && /[()]/.test(t.tile) ? { ...t, brackets: owner } : t));
/** a valid extension of the down line: (2+3)=5=10÷2 */
const extendDown = down(8, 7, "= 10 ÷ 2");

describe("'SMATH bracket owners in a request", () => {
  it("given: the down line's extension is valid and nothing was guessed", () => {
    const r = adjudicate({ ruleset: "smath", board: position("down"), play: extendDown });
    expect(r.valid, JSON.stringify(r.violations)).toBe(true);
    expect(r.lines[0].text).toBe("(2+3)=5=10÷2");
    expect(r).not.toHaveProperty("notes");
  });

  it("not given: the engine guesses the longer line and says so in a note", () => {
    const r = adjudicate({ ruleset: "smath", board: position(), play: extendDown });
    expect(codes(r)).toEqual(["SYNTAX"]);
    // (2 has no across neighbours, so only 3) was a guess
    expect(r.notes).toEqual([
      {
        code: "BRACKETS_GUESSED",
        message: "3) on H6: the request does not say which line its brackets were played in; guessed across, the longer of its two lines",
        cells: [[5, 7]],
      },
    ]);
  });

  it("a guess on a tile outside the lines read is not noted", () => {
    // (1 far away has runs of two both ways: ambiguous, but no line of this play reads it
    const far = [{ row: 12, col: 0, tile: "(1" }, { row: 12, col: 1, tile: "+" }, { row: 13, col: 0, tile: "×" }];
    const r = adjudicate({ ruleset: "smath", board: [...position(), ...far], play: extendDown });
    expect(r.notes?.map((n) => n.cells)).toEqual([[[5, 7]]]);
  });

  it("owners per bracket: a tile whose ( belongs across and ) down", () => {
    // down (2+3)=5, then across 2×(3+1)=8 put a ( over the 3) tile
    const board: Placement[] = [
      ...downLine.map((t) => (t.row === 3 ? { ...t, brackets: "down" as const } : t)).filter((t) => t.row !== 5),
      { row: 5, col: 7, tile: "(3)", bracketLines: ["across", "down"] },
      ...across(5, 5, "2 ×"),
      ...across(5, 8, "+ 1) = 8").map((t) => (t.tile === "1)" ? { ...t, brackets: "across" as const } : t)),
    ];
    const downOk = adjudicate({ ruleset: "smath", board, play: extendDown });
    expect(downOk.valid, JSON.stringify(downOk.violations)).toBe(true);
    expect(downOk.lines[0].text).toBe("(2+3)=5=10÷2");
    const acrossOk = adjudicate({ ruleset: "smath", board, play: across(5, 12, "× 1") });
    expect(acrossOk.valid, JSON.stringify(acrossOk.violations)).toBe(true);
    expect(acrossOk.lines[0].text).toBe("2×(3+1)=8×1");
    // one owner for the whole tile breaks the other line
    const wrong = board.map(({ bracketLines: _, ...t }) => (t.tile === "(3)" ? { ...t, brackets: "across" as const } : t));
    expect(codes(adjudicate({ ruleset: "smath", board: wrong, play: extendDown }))).toContain("SYNTAX");
  });

  it("refuses an owner list that does not match the face's brackets, or comes with brackets", () => {
    const req = (t: object) => parseAdjudicationRequest({ ruleset: "smath", board: [{ row: 5, col: 7, tile: "(3)", ...t }], play: extendDown });
    expect(req({ bracketLines: ["down"] })).toEqual({ ok: false, error: "board[0].bracketLines lists 1 line; (3) has 2 brackets" });
    expect(req({ bracketLines: ["down", "up"] }).ok).toBe(false);
    expect(req({ brackets: ["down", "across"] })).toEqual({ ok: false, error: `board[0].brackets must be "across" or "down"` });
    expect(req({ brackets: "down", bracketLines: ["down", "across"] })).toEqual({ ok: false, error: `board[0]: give "brackets" or "bracketLines", not both` });
    expect(req({ bracketLines: ["down", "across"] }).ok).toBe(true);
  });
});

describe("'SMATH bracket owners in a game", () => {
  const start: GameEvent = { type: "start", at: 0, ruleset: "smath", players: [{ id: "a" }, { id: "b" }], seed: "owners", virtualRacks: true };
  const play = (at: number, player: string, placements: Placement[]): GameEvent => ({ type: "play", at, player, placements });

  it("an overlay on a tile with brackets of the other line keeps each bracket's owner", () => {
    const events: GameEvent[] = [
      start,
      play(1, "a", downLine),
      // across 2×(3+1)=8 puts ( over the 3) tile of the down line
      play(2, "b", [...across(5, 5, "2 ×"), { row: 5, col: 7, tile: "(3)" }, ...across(5, 8, "+ 1) = 8")]),
      // the down line still reads (2+3)=5 and can be extended
      play(3, "a", extendDown),
    ];
    const r = replay(events);
    expect(r.error).toBeUndefined();
    const tile = r.state!.board.find((t) => t.row === 5 && t.col === 7);
    expect(tile).toMatchObject({ tile: "(3)", bracketLines: ["across", "down"] });
    expect(tile).not.toHaveProperty("brackets");
    expect(r.state!.scores[0]).toBeGreaterThan(0);
  });

  it("new bracket tiles record their line", () => {
    const r = replay([start, play(1, "a", downLine)]);
    expect(r.state!.board.filter((t) => /[()]/.test(t.tile)).map((t) => t.brackets)).toEqual(["down", "down"]);
  });
});

describe("position notation carries the owners", () => {
  it("one letter for the whole tile, one per bracket when they differ", () => {
    const board: Placement[] = [
      { row: 5, col: 7, tile: "(3)", bracketLines: ["across", "down"] },
      { row: 6, col: 7, tile: "((2", brackets: "down" },
      { row: 7, col: 7, tile: "4)" },
    ];
    const text = formatPosition({ ruleset: "smath", board, racks: [[], []], scores: [0, 0], turn: 0, bag: 0 });
    expect(text.split(" ")[1].split("/").slice(5, 8)).toEqual(["7[(3)]:ad7", "7[((2]:d7", "7[4)]7"]);
    expect(parsePosition(text)).toEqual({ ok: true, value: { ruleset: "smath", board, racks: [[], []], scores: [0, 0], turn: 0, bag: 0 } });
  });

  it("refuses a per-bracket list that does not match the face", () => {
    const rows = Array.from({ length: 15 }, (_, r) => (r === 5 ? "7[(3)]:ada7" : "15"));
    const r = parsePosition(`smath ${rows.join("/")} / 0/0 0 0`);
    expect(r).toEqual({ ok: false, error: "row 6: (3) has 2 brackets but 3 owners (:ada)" });
  });
});
