import { describe, expect, it } from "vitest";
import { NumKeyTable } from "./numkeytable";

describe("NumKeyTable (numkeytable.ts)", () => {
  it("answers as a Map on keys past 2^31, null values and growth included", () => {
    const t = new NumKeyTable<number | null>();
    const m = new Map<number, number | null>();
    let x = 12345;
    for (let i = 0; i < 5000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const key = i % 3 === 0 ? x * 65536 + (i % 256) : i % 3 === 1 ? i : x * 1024 * 1024 * 1024;
      const v = i % 7 === 0 ? null : i;
      if (i % 2) {
        t.set(key, v);
        m.set(key, v);
      }
      expect(t.get(key)).toBe(m.get(key));
    }
    for (const [k, v] of m) expect(t.get(k)).toBe(v);
    expect(t.get(2 ** 52 + 3)).toBeUndefined();
  });
});
