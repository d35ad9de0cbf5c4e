/** The live board's draft reducer (app/play/_components/draft.ts): laying, typing at the cursor,
 * Backspace, blanks, selection, exchange picks, the typed box, and the reset a new version makes. */
import { describe, expect, it } from "vitest";
import { derive, draftReducer, emptyDraft, shuffled, type DraftAction, type DraftEnv, type DraftState } from "@/app/play/_components/draft";

const env: DraftEnv = { rack: ["3", "+", "4", "7", "?", "1", "2"], supply: ["="], board: [{ row: 9, col: 12 }], size: 19, start: [9, 9], entry: true };
type Event = DraftAction extends infer A ? (A extends unknown ? Omit<A, "env"> : never) : never;
const run = (events: Event[], e: DraftEnv = env, from: DraftState = emptyDraft()) => events.reduce((s, a) => draftReducer(s, { ...a, env: e } as DraftAction), from);
const faces = (s: DraftState, e: DraftEnv = env) => derive(s, e).allDraft.map((t) => `${t.tile}@${t.row},${t.col}`);

describe("the draft reducer", () => {
  it("a click sets the cursor, a second click turns it, typed keys lay tiles from it skipping the board's tiles", () => {
    let s = run([{ type: "square", row: 9, col: 9 }]);
    expect(s.anchor).toEqual({ row: 9, col: 9, direction: "across" });
    expect(s.said).toBe("Cursor on J10, across.");
    s = run([{ type: "square", row: 9, col: 9 }], env, s);
    expect(s.anchor?.direction).toBe("down");
    s = run([{ type: "square", row: 9, col: 9 }, { type: "square", row: 9, col: 10 }, ...[..."3+4"].map((key) => ({ type: "key" as const, key, row: 9, col: 10 }))]);
    expect(faces(s)).toEqual(["3@9,10", "+@9,11", "4@9,13"]);
    expect(derive(s, env).cursor).toEqual({ row: 9, col: 14, direction: "across" });
    expect(s.said).toBe("4 on N10.");
  });

  it("Backspace takes back the last typed tile, then laid tiles one by one", () => {
    let s = run([{ type: "square", row: 9, col: 9 }, { type: "key", key: "3", row: 9, col: 9 }, { type: "key", key: "+", row: 9, col: 9 }, { type: "backspace" }]);
    expect(faces(s)).toEqual(["3@9,9"]);
    expect(s.said).toBe("+ taken back from K10.");
    s = run([{ type: "move", row: 0, col: 0 }, { type: "backspace" }], env, s);
    expect(faces(s)).toEqual([]);
    expect(s.anchor).toEqual({ row: 9, col: 9, direction: "across" });
  });

  it("a rack tile clicked with a free cursor is laid there and the cursor moves on; without one it is selected, then laid on a click", () => {
    let s = run([{ type: "square", row: 3, col: 3 }, { type: "rackTile", index: 0 }]);
    expect(faces(s)).toEqual(["3@3,3"]);
    expect(s.anchor).toEqual({ row: 3, col: 4, direction: "across" });
    s = run([{ type: "rackTile", index: 2 }]);
    expect(s.selected).toEqual({ rack: 2 });
    expect(run([{ type: "rackTile", index: 2 }], env, s).selected).toBeNull();
    s = run([{ type: "square", row: 5, col: 5 }], env, s);
    expect(faces(s)).toEqual(["4@5,5"]);
    expect(s.selected).toBeNull();
    // a click on a drafted tile takes it back
    s = run([{ type: "square", row: 5, col: 5 }], env, s);
    expect(faces(s)).toEqual([]);
  });

  it("a blank asks for its face, then is laid as that face", () => {
    let s = run([{ type: "drop", row: 2, col: 2, src: { rackIndex: 4 } }]);
    expect(s.blankAt).toEqual({ row: 2, col: 2, rackIndex: 4 });
    s = run([{ type: "blankFace", face: "9" }], env, s);
    expect(s.blankAt).toBeNull();
    expect(derive(s, env).allDraft).toEqual([{ row: 2, col: 2, tile: "9", blank: true, rackIndex: 4 }]);
    expect(s.said).toBe("9 (blank) on C3.");
  });

  it("exchanging turns entry off and toggles picks; recall clears the draft and says so", () => {
    let s = run([{ type: "drop", row: 1, col: 1, src: { supply: "=" } }, { type: "startExchange" }]);
    expect(faces(s)).toEqual([]);
    expect(s.said).toBe("Every tile is back on the rack.");
    s = run([{ type: "rackTile", index: 1 }, { type: "rackTile", index: 3 }, { type: "rackTile", index: 1 }], env, s);
    expect([...s.exchanging!]).toEqual([3]);
    expect(run([{ type: "square", row: 0, col: 0 }], env, s)).toBe(s);
    expect(run([{ type: "cancelExchange" }], env, s).exchanging).toBeNull();
  });

  it("the typed box lays its text from the start square, or reports what is missing", () => {
    let s = run([{ type: "boxText", text: "3+4=7" }, { type: "typeBox" }]);
    expect(faces(s)).toEqual(["3@9,9", "+@9,10", "4@9,11", "=@9,13", "7@9,14"]);
    expect(s.said).toBe("5 tiles laid from J10 across.");
    s = run([{ type: "boxText", text: "88" }, { type: "typeBox" }]);
    expect(s.typeError).toMatch(/no 8 on your rack/);
  });

  it("a viewer without entry changes nothing; a reset clears everything and keeps only the sentence", () => {
    const off = { ...env, entry: false };
    const s0 = emptyDraft();
    expect(run([{ type: "square", row: 1, col: 1 }, { type: "key", key: "3", row: 1, col: 1 }], off, s0)).toBe(s0);
    const s = run([{ type: "square", row: 1, col: 1 }, { type: "key", key: "3", row: 1, col: 1 }, { type: "order", order: [1, 0] }, { type: "reset", said: "Ann: 3+4=7, +12." }]);
    expect(s).toEqual(emptyDraft("Ann: 3+4=7, +12."));
  });

  it("shuffles the rack's order with the injected random source", () => {
    expect(shuffled([0, 1, 2, 3], () => 0)).toEqual([1, 2, 3, 0]);
    expect(shuffled([0, 1, 2, 3], () => 0.999).sort()).toEqual([0, 1, 2, 3]);
  });
});
