import { describe, expect, it } from "vitest";
import { applyEvent, type GameState, type StartEvent } from "./game";
import { viewFor } from "./view";

const st: StartEvent = { type: "start", at: 0, ruleset: "equate", players: [{ id: "a" }, { id: "b" }], seed: "v", challengeMode: true, challengeRule: "single", timeControl: { initialMs: 60_000 } };
const s0 = (applyEvent(null, st) as { ok: true; value: GameState }).value;

describe("viewFor", () => {
  it("shows only the viewer's rack, the bag as a count, and the unseen tally", () => {
    const v = viewFor(s0, "a", 5_000);
    expect(v.rack).toEqual(s0.racks[0]);
    expect(v.players.map((p) => p.rackCount)).toEqual([9, 9]);
    expect(v.bagCount).toBe(s0.bag.tiles.length);
    expect(JSON.stringify(v)).not.toContain(st.seed === "v" ? '"seed"' : "");
    expect(v).not.toHaveProperty("bag");
    const unseen = Object.values(v.unseen).reduce((a, b) => a + b, 0);
    expect(unseen).toBe(s0.bag.tiles.length + 9);
    expect(v.players[0].remainingMs).toBe(55_000);
  });
  it("a spectator sees no rack; unknown ids are spectators", () => {
    for (const who of [null, "zed"]) {
      const v = viewFor(s0, who);
      expect(v.rack).toBeNull();
      expect(v.viewer).toBeNull();
      expect(Object.values(v.unseen).reduce((a, b) => a + b, 0)).toBe(s0.bag.tiles.length + 18);
    }
  });
  it("never shows whether an open play is valid", () => {
    const s = { ...s0, racks: [["3", "4", "1", "1", "1", "1", "1", "1", "1"], s0.racks[1]] };
    const r = applyEvent(s, { type: "play", at: 1, player: "a", placements: [{ row: 9, col: 8, tile: "3" }, { row: 9, col: 9, tile: "=" }, { row: 9, col: 10, tile: "4" }] });
    if (!r.ok) throw new Error(r.error.message);
    const v = viewFor(r.value, "b");
    expect(v.pending).toEqual({ player: 0, score: 4, goesOut: false });
    expect(v.canChallenge).toBe(true);
    expect(JSON.stringify(v)).not.toMatch(/valid|ruling|NOT_EQUAL/);
    expect(v.unseen["3"]).toBe(9 - 1 - v.rack!.filter((f) => f === "3").length);
  });
});
