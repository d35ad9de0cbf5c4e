import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyEvent, type GameEvent, type GameState, type StartEvent } from "./game";
import { viewFor } from "./view";
import { formatGameRecord, parseGameRecord } from "./notation/record";
import type { Placement } from "./play";

// Over-the-board games (StartEvent.virtualRacks): nobody records the racks, so before each play
// the unseen tiles are re-dealt so that the mover holds what they played.
const start = (o: Partial<StartEvent> = {}): StartEvent => ({
  type: "start",
  at: 0,
  ruleset: "equate",
  players: [{ id: "a" }, { id: "b" }],
  seed: "otb-1",
  virtualRacks: true,
  challengeMode: true,
  challengeRule: "single",
  ...o,
});
const must = (s: GameState | null, e: GameEvent): GameState => {
  const r = applyEvent(s, e);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const at = (row: number, col: number, tile: string): Placement => ({ row, col, tile });
const sorted = (xs: readonly string[]) => xs.slice().sort();
const unseenPool = (s: GameState) => sorted([...s.bag.tiles, ...s.racks.flat()]);

describe("virtual racks", () => {
  it("accepts any play the unseen tiles allow and keeps counts exact", () => {
    let s = must(null, start());
    const pool0 = unseenPool(s);
    s = must(s, { type: "play", at: 1, player: "a", placements: [at(9, 8, "1"), at(9, 9, "+"), at(9, 10, "1"), at(9, 11, "="), at(9, 12, "2")] });
    expect(s.racks.map((r) => r.length)).toEqual([9, 9]);
    expect(s.bag.tiles.length).toBe(150 - 18 - 4);
    const after = unseenPool(s);
    for (const f of ["1", "1", "+", "2"]) pool0.splice(pool0.indexOf(f), 1);
    expect(after).toEqual(sorted(pool0));
  });

  it("refuses a play the tile set cannot supply (there are three 1s)", () => {
    let s = must(null, start());
    s = must(s, { type: "play", at: 1, player: "a", placements: [at(9, 8, "1"), at(9, 9, "="), at(9, 10, "1")] });
    s = must(s, { type: "pass", at: 2, player: "b" });
    const r = applyEvent(s, { type: "play", at: 3, player: "a", placements: [at(10, 8, "1"), at(11, 8, "="), at(12, 8, "1")] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("NOT_IN_RACK");
  });

  it("lets an invalid play stand in challenge mode and a challenge take it off", () => {
    let s = must(null, start());
    s = must(s, { type: "play", at: 1, player: "a", placements: [at(9, 8, "3"), at(9, 9, "="), at(9, 10, "4")] });
    expect(s.scores[0]).toBeGreaterThan(0);
    s = must(s, { type: "challenge", at: 2, challenger: "b" });
    expect(s.scores[0]).toBe(0);
    expect(s.board).toEqual([]);
    expect(s.racks.map((r) => r.length)).toEqual([9, 9]);
  });

  it("hides every rack in views and record annotations; the record round-trips", () => {
    let s = must(null, start());
    const events: GameEvent[] = [start(), { type: "play", at: 1, player: "a", placements: [at(9, 8, "3"), at(9, 9, "="), at(9, 10, "3")] }];
    s = must(s, events[1]);
    const v = viewFor(s, "a");
    expect(v.rack).toBeNull();
    expect(Object.values(v.unseen).reduce((x, y) => x + y, 0)).toBe(150 - 2);
    const text = formatGameRecord(events);
    expect(text).toContain("#virtual-racks true");
    expect(text).not.toMatch(/; rack /);
    const back = parseGameRecord(text);
    expect(back.ok && back.value).toEqual(events);
  });

  it("exchanges any tiles of the right count", () => {
    let s = must(null, start());
    s = must(s, { type: "exchange", at: 1, player: "a", tiles: ["9", "9", "9"] });
    expect(s.racks.map((r) => r.length)).toEqual([9, 9]);
    expect(s.turn).toBe(1);
  });

  it("property: the unseen pool only ever loses the tiles placed", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }).filter((x) => !/[\r\n]/.test(x)), fc.constantFrom("1", "2", "3", "7", "?"), (seed, f) => {
        const s0 = must(null, start({ seed }));
        const tile = f === "?" ? "5" : f;
        const pl: Placement[] = [{ row: 9, col: 8, tile, ...(f === "?" ? { blank: true } : {}) }, at(9, 9, "="), { row: 9, col: 10, tile, ...(f === "?" ? { blank: true } : {}) }];
        const r = applyEvent(s0, { type: "play", at: 1, player: "a", placements: pl });
        if (!r.ok) return false;
        const before = unseenPool(s0);
        for (const x of [f, f]) before.splice(before.indexOf(x), 1);
        return JSON.stringify(unseenPool(r.value)) === JSON.stringify(sorted(before));
      }),
      { numRuns: 50 },
    );
  });
});
