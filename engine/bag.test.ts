import { describe, expect, it } from "vitest";
import { bagTiles, draw, exchange, newBag, removeTiles, returnTiles } from "./bag";
import { getRuleset } from "./ruleset";
import { createRng, shuffled } from "./random";

describe("random", () => {
  it("is deterministic per seed and differs across seeds", () => {
    const a = createRng("x");
    const b = createRng("x");
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(createRng("y").next()).not.toBe(xs[0]);
    expect(shuffled([1, 2, 3, 4, 5], "s").sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("bag", () => {
  it.each([
    ["equate", 190 - 40],
    ["smath", 96 - 0],
    ["number-scrabble", 102],
  ] as const)("%s bag holds the tile table without unlimited faces", (id, n) => {
    const rs = getRuleset(id);
    const tiles = bagTiles(rs);
    expect(tiles).not.toContain("=".repeat(id === "number-scrabble" ? 2 : 1));
    if (id !== "number-scrabble") expect(tiles.includes("=")).toBe(false);
    expect(tiles.includes("()")).toBe(false);
    expect(tiles.length).toBe(rs.tiles.filter((t) => t.inBag && !t.unlimited).reduce((s, t) => s + t.count, 0));
    void n;
  });
  it("shuffles deterministically, draws, returns and exchanges", () => {
    const rs = getRuleset("equate");
    const a = newBag(rs, "seed");
    expect(newBag(rs, "seed")).toEqual(a);
    expect(newBag(rs, "other").tiles).not.toEqual(a.tiles);
    const d = draw(a, 9);
    expect(d.drawn).toEqual(a.tiles.slice(0, 9));
    expect(d.bag.tiles.length).toBe(a.tiles.length - 9);
    const back = returnTiles(d.bag, d.drawn);
    expect(back.tiles.slice().sort()).toEqual(a.tiles.slice().sort());
    expect(back.shuffles).toBe(a.shuffles + 1);
    const x = exchange(d.bag, d.drawn.slice(0, 3));
    expect(x.drawn.length).toBe(3);
    expect(x.bag.tiles.length).toBe(d.bag.tiles.length);
    expect(draw(a, 1000).drawn.length).toBe(a.tiles.length);
  });
  it("removeTiles is a multiset difference", () => {
    expect(removeTiles(["1", "1", "+"], ["1", "+"])).toEqual(["1"]);
    expect(removeTiles(["1"], ["1", "1"])).toBeNull();
  });
});
