import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { divisionSizes, splitIntoDivisions } from "./divisions";

const field = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` }));

describe("splitIntoDivisions", () => {
  it.each([
    [12, 6, [6, 6]],
    [13, 6, [7, 6]],
    [9, 6, [5, 4]],
    [8, 6, [8]],
    [12, 5, [6, 6]],
    [3, 2, [3]],
    [2, 6, [2]],
    [20, 4, [4, 4, 4, 4, 4]],
  ])("%i players at size %i → %j", (n, size, sizes) => {
    const r = splitIntoDivisions(field(n), size);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((d) => d.players.length)).toEqual(sizes);
    expect(r.value.map((d) => d.name)).toEqual(sizes.map((_, i) => `Division ${i + 1}`));
    // ranked order kept: division 1 holds the best players
    expect(r.value.flatMap((d) => d.players.map((p) => p.id))).toEqual(field(n).map((p) => p.id));
  });

  it("refuses a division of one with a sentence naming the player", () => {
    const r = splitIntoDivisions([{ id: "a", name: "Ann" }], 6);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("TOO_FEW_PLAYERS");
    expect(r.error.message).toBe("Ann is the only player: a division of one has nobody to play. Add at least one more player.");
  });

  it("refuses no players, a size of 1 and a player listed twice", () => {
    expect(splitIntoDivisions([], 4)).toMatchObject({ ok: false, error: { code: "TOO_FEW_PLAYERS" } });
    expect(splitIntoDivisions(field(4), 1)).toMatchObject({ ok: false, error: { code: "BAD_RULE", field: "size" } });
    expect(splitIntoDivisions([...field(3), { id: "p2" }], 2)).toMatchObject({ ok: false, error: { code: "DUPLICATE_PLAYER" } });
  });

  it("property: every player once, no division of one, sizes within one of each other, bigger on top", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 400 }), fc.integer({ min: 2, max: 64 }), (n, size) => {
        const sizes = divisionSizes(n, size);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
        if (n >= size) {
          // never more than half again, never under two thirds of the chosen size (rounded)
          expect(Math.max(...sizes)).toBeLessThanOrEqual(Math.ceil((3 * size) / 2));
          expect(3 * Math.min(...sizes)).toBeGreaterThanOrEqual(2 * size - 3);
        }
      }),
    );
  });
});
