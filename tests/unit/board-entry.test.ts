import { describe, expect, it } from "vitest";
import { backspace, cursorAfter, nextFree, typesTile } from "@/app/_components/board/entry";
import { typeTiles } from "@/app/_components/board/keyboard";

const none = () => false;
const key = (k: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) => ({ key: k, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe("entry on the board", () => {
  it("finds the next free square in the cursor's direction, skipping tiles already there", () => {
    const taken = (r: number, c: number) => r === 9 && (c === 10 || c === 11);
    expect(nextFree(9, 10, "across", taken, 19)).toEqual({ row: 9, col: 12 });
    expect(nextFree(9, 10, "down", taken, 19)).toEqual({ row: 10, col: 10 });
    expect(nextFree(9, 18, "across", () => true, 19)).toBeNull();
  });

  it("moves the cursor past the typed tiles, and leaves it on the last square at the board's edge", () => {
    const anchor = { row: 9, col: 9, direction: "across" as const };
    expect(cursorAfter(anchor, [], none, 19)).toEqual(anchor);
    const typed = [{ row: 9, col: 9, tile: "3", rackIndex: 0 }, { row: 9, col: 10, tile: "=", rackIndex: null }];
    expect(cursorAfter(anchor, typed, none, 19)).toEqual({ row: 9, col: 11, direction: "across" });
    const edge = [{ row: 9, col: 18, tile: "3", rackIndex: 0 }];
    expect(cursorAfter({ row: 9, col: 18, direction: "across" }, edge, none, 19)).toEqual({ row: 9, col: 18, direction: "across" });
  });

  it("types tiles with printable keys only; space and ? are commands, shortcuts with Ctrl are not tiles", () => {
    expect(typesTile(key("3"))).toBe(true);
    expect(typesTile(key("="))).toBe(true);
    expect(typesTile(key(" "))).toBe(false);
    expect(typesTile(key("?"))).toBe(false);
    expect(typesTile(key("Enter"))).toBe(false);
    expect(typesTile(key("c", { ctrlKey: true }))).toBe(false);
  });

  it("Backspace takes back a whole tile even when its face has several characters", () => {
    const rack = ["1/2", "3", "+"];
    const r = typeTiles("3+1/2", { rack, supply: ["="], start: { row: 0, col: 0 }, direction: "across", occupied: none, size: 19 });
    expect(r.tiles.map((t) => t.tile)).toEqual(["3", "+", "1/2"]);
    expect(r.starts).toEqual([0, 1, 2]);
    expect(backspace("3+1/2", r.starts)).toBe("3+");
    expect(backspace("3", [])).toBe("");
  });

  it("does not offer rack tiles already laid by mouse", () => {
    const rack = ["3", "4", "7"];
    const r = typeTiles("3", { rack, supply: ["="], start: { row: 0, col: 0 }, direction: "across", occupied: none, size: 19, used: new Set([0]) });
    expect(r.error).toBe("There is no 3 on your rack.");
    const s = typeTiles("4=", { rack, supply: ["="], start: { row: 0, col: 0 }, direction: "down", occupied: none, size: 19, used: new Set([0]) });
    expect(s.tiles).toEqual([
      { row: 0, col: 0, tile: "4", rackIndex: 1 },
      { row: 1, col: 0, tile: "=", rackIndex: null },
    ]);
  });
});
