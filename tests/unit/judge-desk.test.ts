/** The judge's desk reducer (app/judge/_components/desk.ts): the palette onto either layer, remove,
 * typed lines, the position notation, a loaded match, the game's change and the bracket owners. */
import { describe, expect, it } from "vitest";
import { formatPosition } from "@/engine";
import { deskReducer, initialDesk, type DeskAction, type DeskState, type MatchPosition } from "@/app/judge/_components/desk";

const params = (q: Record<string, string>) => ({ get: (k: string) => q[k] ?? null });
const run = (actions: DeskAction[], from: DeskState = initialDesk(params({}))) => actions.reduce(deskReducer, from);

describe("the judge's desk reducer", () => {
  it("opens from the address: match, move and tournament", () => {
    const s = initialDesk(params({ match: "m1", move: "4", tournament: "t1" }));
    expect([s.matchId, s.moveNumber, s.tournamentId, s.layer, s.ruleset]).toEqual(["m1", "4", "t1", "play", "equate"]);
  });

  it("clicks lay the palette's face on the active layer; a position tile takes its square from the play; remove takes the play's first", () => {
    let s = run([{ type: "face", face: "7" }, { type: "square", row: 7, col: 7 }]);
    expect(s.play).toEqual({ "7,7": { tile: "7", blank: false } });
    s = run([{ type: "set", field: "layer", value: "board" }, { type: "set", field: "blank", value: true }, { type: "square", row: 7, col: 7 }], s);
    expect(s.play).toEqual({});
    expect(s.board).toEqual({ "7,7": { tile: "7", blank: true } });
    s = run([{ type: "set", field: "layer", value: "play" }, { type: "square", row: 7, col: 7 }, { type: "toggleRemove" }, { type: "square", row: 7, col: 7 }], s);
    expect([s.play, Object.keys(s.board)]).toEqual([{}, ["7,7"]]);
    s = run([{ type: "square", row: 7, col: 7 }], s);
    expect(s.board).toEqual({});
    const same = run([{ type: "square", row: 1, col: 1 }], s);
    expect(same).toBe(s);
    expect(run([{ type: "face", face: "3" }], s).removing).toBe(false);
  });

  it("a typed line goes onto the selected layer, or says what is wrong with the start square", () => {
    const s = run([{ type: "placeTyped", text: "3+4=7", startSquare: "H8", direction: "across" }]);
    expect(Object.keys(s.play)).toEqual(["7,7", "7,8", "7,9", "7,10", "7,11"]);
    expect(s.setupError).toBeNull();
    expect(run([{ type: "placeTyped", text: "3", startSquare: "zz", direction: "across" }]).setupError).toMatch(/^Start square: a column letter and a row number, like J10\.$/);
  });

  it("the position notation loads the board, the rack on move and a note; a bad one is an error", () => {
    const board = [{ row: 7, col: 7, tile: "3" }];
    const s = run([{ type: "notation", text: formatPosition({ ruleset: "equate", board, racks: [["=", "7"], 9], scores: [0, 0], turn: 0, bag: 80 }) }]);
    expect([Object.keys(s.board), s.rack, s.setupNote]).toEqual([["7,7"], "= 7", "Loaded a Equate position with 1 tiles."]);
    expect(run([{ type: "notation", text: "nonsense" }]).setupError).toMatch(/^That notation does not read: /);
  });

  it("a loaded match sets the position, its play, its players and the move, keeping a tournament it has none of", () => {
    const position = { ruleset: "equate", options: {}, board: [{ row: 7, col: 7, tile: "3" }], nextPlay: [{ row: 8, col: 7, tile: "4" }], players: [{ id: "u1", name: "Ann" }], tournamentId: null, line: 3, mover: { name: "Ann" } } as unknown as MatchPosition;
    const s = run([{ type: "set", field: "tournamentId", value: "t9" }, { type: "set", field: "requestedBy", value: "Bob" }, { type: "loadedMatch", position }]);
    expect([Object.keys(s.board), Object.keys(s.play), s.moveNumber, s.tournamentId, s.requestedBy, s.options]).toEqual([["7,7"], ["8,7"], "3", "t9", "", undefined]);
    expect(s.setupNote).toBe("Loaded the board before move 3 of the scoresheet, with Ann's play (move 3) as the disputed play.");
  });

  it("changing the game clears both layers and picks its second face; bracket owners set, cleared, or kept as loaded", () => {
    const s = run([{ type: "square", row: 1, col: 1 }, { type: "ruleset", id: "smath" }]);
    expect([s.play, s.board, s.options, s.ruleset]).toEqual([{}, {}, undefined, "smath"]);
    const b = run([{ type: "set", field: "layer", value: "board" }, { type: "face", face: "(3" }, { type: "square", row: 2, col: 2 }, { type: "owner", key: "2,2", value: "down" }], s);
    expect(b.board["2,2"]).toEqual({ tile: "(3", blank: false, brackets: "down" });
    expect(run([{ type: "owner", key: "2,2", value: "" }], b).board["2,2"]).toEqual({ tile: "(3", blank: false });
    expect(run([{ type: "owner", key: "2,2", value: "split" }], b)).toBe(b);
  });
});
