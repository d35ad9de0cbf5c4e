import { describe, expect, it } from "vitest";
import { LruMap } from "./lru";

describe("LruMap", () => {
  it("keeps at most max entries, forgetting the least recently set first", () => {
    const m = new LruMap<string, number>(2);
    m.set("a", 1).set("b", 2).set("c", 3);
    expect(m.size).toBe(2);
    expect(m.has("a")).toBe(false);
    expect([...m]).toEqual([["b", 2], ["c", 3]]);
  });

  it("counts a get as a use, a peek not", () => {
    const m = new LruMap<string, number>(2);
    m.set("a", 1).set("b", 2);
    expect(m.get("a")).toBe(1);
    m.set("c", 3);
    expect([...m].map(([k]) => k)).toEqual(["a", "c"]);
    expect(m.peek("a")).toBe(1);
    m.set("d", 4);
    expect([...m].map(([k]) => k)).toEqual(["c", "d"]);
  });

  it("re-setting a key replaces its value and makes it the most recent", () => {
    const m = new LruMap<string, number>(2);
    m.set("a", 1).set("b", 2).set("a", 10).set("c", 3);
    expect([...m]).toEqual([["a", 10], ["c", 3]]);
  });

  it("keeps undefined values as entries", () => {
    const m = new LruMap<string, undefined>(2);
    m.set("a", undefined).set("b", undefined);
    expect(m.get("a")).toBeUndefined();
    m.set("c", undefined);
    expect([...m].map(([k]) => k)).toEqual(["a", "c"]);
  });

  it("deletes, clears, and allows deleting while iterating", () => {
    const m = new LruMap<number, number>(10);
    for (let i = 0; i < 5; i++) m.set(i, i * i);
    for (const [k] of m) if (k % 2) m.delete(k);
    expect([...m].map(([k]) => k)).toEqual([0, 2, 4]);
    expect(m.delete(2)).toBe(true);
    expect(m.delete(2)).toBe(false);
    m.clear();
    expect(m.size).toBe(0);
  });

  it("tells onEvict of each entry forgotten for room, not of a delete or a replaced value", () => {
    const evicted: [string, number][] = [];
    const m = new LruMap<string, number>(2, (k, v) => evicted.push([k, v]));
    m.set("a", 1).set("b", 2).set("a", 3);
    m.delete("b");
    m.set("c", 4).set("d", 5);
    expect(evicted).toEqual([["a", 3]]);
    expect([...m].map(([k]) => k)).toEqual(["c", "d"]);
  });

  it("refuses a size below one", () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});
