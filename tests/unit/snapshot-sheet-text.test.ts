/**
 * A stored snapshot carries the scoresheet as text; one written before the sheet's wording changed
 * (a mixed numeral without its space, "461/4") is ignored, so the log is replayed and every line
 * reads as the engine writes it now ("46 1/4").
 */
import { describe, expect, it } from "vitest";
import { selfPlay, type GameEvent } from "@/engine";
import { restoreFolded, snapshotOf } from "@/server/services/matches/snapshots";
import { foldAll, step, type Folded } from "@/server/services/matches/state";

const start: GameEvent = { type: "start", at: 0, ruleset: "equate", players: [{ id: "a" }, { id: "b" }], seed: "s" };

describe("snapshot sheet text", () => {
  it("a snapshot of this wording restores; one without it (older) does not", () => {
    const r = step(null, 1, start);
    if (!r.ok) throw new Error(r.error.message);
    const f: Folded = r.value;
    const stored = JSON.parse(JSON.stringify(snapshotOf(f))) as Record<string, unknown>;
    expect(restoreFolded(1, stored)?.sheet).toEqual(f.sheet);
    const { sheetText: _, ...older } = stored;
    expect(restoreFolded(1, older)).toBeNull();
  });

  it("the sheet stored as rows restores line for line (plays' placements too), and the older objects form still restores", () => {
    // a game with plays in it (the bot may only exchange in a short game): the first of a few
    const games = Array.from({ length: 8 }, (_, k) => selfPlay("equate", `sheet-rows-${k}`, { maxTurns: 24, maxNodes: 2_000 }).events);
    const events = games.find((es) => es.filter((e) => e.type === "play").length >= 2)!;
    const f = foldAll(events.map((event, i) => ({ seq: i + 1, event, actorId: null })))!;
    expect(f.sheet.filter((l) => (l.placements?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(2);
    const stored = JSON.parse(JSON.stringify(snapshotOf(f))) as Record<string, unknown>;
    const back = restoreFolded(f.version, stored);
    expect(back?.sheet).toEqual(f.sheet);
    expect(back?.state).toEqual(f.state);
    expect(restoreFolded(f.version + 1, stored)).toBeNull(); // a sheet of another length is not this version's
    // as written before the sheet was packed: one object per line
    const { lines: _, ...rest } = stored;
    const objects = { ...rest, sheet: JSON.parse(JSON.stringify(f.sheet)) as unknown };
    expect(restoreFolded(f.version, objects)?.sheet).toEqual(f.sheet);
    expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(objects).length * 0.75);
    for (const bad of ["x", [1], [["play", 1]], [["play", 1, 1, 0, "t", 0, [0, 0], null, 7]]]) expect(restoreFolded(1, { ...stored, lines: bad })).toBeNull();
  });
});
