/** The desk's typed-play helpers (app/judge/_components/editor-model.ts): pure, no database. */
import { describe, expect, it } from "vitest";
import { RULESET_DATA } from "@/engine";
import { bracketTiles, buildRequest, describeOwners, fromPlacements, layLine, placeOnLayer, setBracketOwner, splitFaces } from "@/app/judge/_components/editor-model";

const faces = (id: keyof typeof RULESET_DATA) => RULESET_DATA[id].tiles.map((t) => t.face);

describe("judge desk editor model", () => {
  it("splits typed text into faces, longest first, with aliases, blanks and brackets", () => {
    const eq = splitFaces("4-6+7=5", faces("equate"));
    expect(eq.ok && eq.faces.map((f) => f.tile)).toEqual(["4", "-", "6", "+", "7", "=", "5"]);
    const frac = splitFaces("2 1/2x3?", faces("equate"));
    expect(frac.ok && frac.faces).toEqual([
      { tile: "2", blank: false },
      { tile: "1/2", blank: false },
      { tile: "×", blank: false },
      { tile: "3", blank: true },
    ]);
    const sm = splitFaces("(12÷4)(2+3)", faces("smath"));
    expect(sm.ok && sm.faces.map((f) => f.tile)).toEqual(["(12", "÷", "4)", "(2", "+", "3)"]);
    const forced = splitFaces("[1]2", faces("smath"));
    expect(forced.ok && forced.faces.map((f) => f.tile)).toEqual(["1", "2"]);
  });

  it("typed tiles go to the selected layer: position tiles join the board, a disputed play replaces the play", () => {
    const board = fromPlacements([{ row: 9, col: 9, tile: "7" }]);
    const play = fromPlacements([{ row: 10, col: 9, tile: "=" }, { row: 0, col: 0, tile: "1" }]);
    const laid = layLine("7=7", [9, 9], "down", board, faces("equate"), 19);
    if (!laid.ok) throw new Error(laid.error);
    const asBoard = placeOnLayer("board", board, play, laid.play);
    expect(Object.keys(asBoard.board).sort()).toEqual(["10,9", "11,9", "9,9"]);
    expect(Object.keys(asBoard.play)).toEqual(["0,0"]);
    const asPlay = placeOnLayer("play", board, play, laid.play);
    expect(asPlay.board).toBe(board);
    expect(Object.keys(asPlay.play).sort()).toEqual(["10,9", "11,9"]);
  });

  it("lays a line through old tiles and refuses a clash", () => {
    const board = fromPlacements([{ row: 9, col: 9, tile: "7" }]);
    const r = layLine("7=7", [9, 9], "down", board, faces("equate"), 19);
    expect(r.ok && Object.keys(r.play).sort()).toEqual(["10,9", "11,9"]);
    const clash = layLine("8=8", [9, 9], "down", board, faces("equate"), 19);
    expect(clash.ok).toBe(false);
    expect(layLine("123", [18, 17], "across", {}, faces("equate"), 19).ok).toBe(false);
  });

  it("builds the contract's request", () => {
    const req = buildRequest("equate", fromPlacements([{ row: 9, col: 9, tile: "7" }]), fromPlacements([{ row: 10, col: 9, tile: "=", blank: false }]), "3 ? +", undefined);
    expect(req).toEqual({ ruleset: "equate", board: [{ row: 9, col: 9, tile: "7" }], play: [{ row: 10, col: 9, tile: "=" }], rack: ["3", "?", "+"] });
  });

  it("keeps 'SMATH bracket owners from a loaded position into the request, and lets the judge set them", () => {
    const board = fromPlacements([
      { row: 3, col: 7, tile: "(2", brackets: "down" },
      { row: 5, col: 7, tile: "(3)", bracketLines: ["across", "down"] },
      { row: 5, col: 8, tile: "4)" },
      { row: 6, col: 7, tile: "=" },
    ]);
    expect(buildRequest("smath", board, {}, "", undefined).board).toEqual([
      { row: 3, col: 7, tile: "(2", brackets: "down" },
      { row: 5, col: 7, tile: "(3)", bracketLines: ["across", "down"] },
      { row: 5, col: 8, tile: "4)" },
      { row: 6, col: 7, tile: "=" },
    ]);
    expect(bracketTiles("smath", board).map((t) => [t.square, t.tile, t.brackets ?? t.bracketLines])).toEqual([
      ["H4", "(2", "down"],
      ["H6", "(3)", ["across", "down"]],
      ["I6", "4)", undefined],
    ]);
    expect(bracketTiles("equate", board)).toEqual([]);
    expect(describeOwners("(3)", ["across", "down"])).toBe("( across, ) down");
    const set = setBracketOwner(board, "5,8", "across");
    expect(set["5,8"]).toEqual({ tile: "4)", blank: false, brackets: "across" });
    expect(setBracketOwner(set, "3,7", undefined)["3,7"]).toEqual({ tile: "(2", blank: false });
    expect(setBracketOwner(board, "5,7", "down")["5,7"]).toEqual({ tile: "(3)", blank: false, brackets: "down" });
  });
});
