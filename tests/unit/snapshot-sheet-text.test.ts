/**
 * A stored snapshot carries the scoresheet as text; one written before the sheet's wording changed
 * (a mixed numeral without its space, "461/4") is ignored, so the log is replayed and every line
 * reads as the engine writes it now ("46 1/4").
 */
import { describe, expect, it } from "vitest";
import type { GameEvent } from "@/engine";
import { restoreFolded, snapshotOf } from "@/server/services/matches/snapshots";
import { step, type Folded } from "@/server/services/matches/state";

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
});
