import { describe, expect, it } from "vitest";
import { DEFAULT_SCORING } from "../results";
import { ok, type Competitor } from "../types";
import { PAIRING_REGISTRY, pairRound } from "./round";
import type { PairingMethodEntry, RoundInput } from "./types";

/**
 * A toy method, the whole of "adding a pairing method" (docs/conventions.md): seeds 1 v 2, 3 v 4 …
 * among the active players whatever the standings; an odd field gives the last seed a bye.
 */
const SEED_ORDER: PairingMethodEntry = {
  code: "seed-order",
  description: "seed order: 1 v 2, 3 v 4 … by seed, the last seed's bye when odd",
  pair: (input) => {
    const order = [...input.active].sort((a, b) => (a.seed ?? Infinity) - (b.seed ?? Infinity) || b.rating - a.rating);
    const pairings = [];
    for (let i = 0; i + 1 < order.length; i += 2)
      pairings.push({ players: [order[i]!.id, order[i + 1]!.id], table: pairings.length + 1, reason: `seed order: seed ${order[i]!.seed} v seed ${order[i + 1]!.seed}` });
    const byes = order.length % 2 ? [{ playerId: order.at(-1)!.id, reason: "seed order: the last seed of an odd field sits out" }] : [];
    return ok({ round: input.round, pairings, byes, notes: [] });
  },
};

const field: Competitor[] = Array.from({ length: 5 }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}`, rating: 1500 + 10 * i, seed: i + 1 }));
const input = (over: Partial<RoundInput> = {}): RoundInput => ({
  round: 1,
  method: "swiss",
  field,
  active: field,
  starting: field,
  history: { games: [], byes: [] },
  scoring: DEFAULT_SCORING,
  podSize: null,
  forbiddenPairs: [],
  ...over,
});

describe("pairRound", () => {
  it("dispatches on the method's code and records it (pods use the -pods entry, recorded without it)", () => {
    const swiss = pairRound(input());
    if (!swiss.ok) throw new Error(swiss.error.message);
    expect(swiss.value).toMatchObject({ method: "swiss", round: 1 });
    expect(swiss.value.pairings).toHaveLength(2);
    expect(swiss.value.byes).toHaveLength(1);
    const pods = pairRound(input({ method: "king-of-the-hill", podSize: 3 }));
    if (!pods.ok) throw new Error(pods.error.message);
    expect(pods.value.method).toBe("king-of-the-hill");
    expect(pods.value.pairings.flatMap((p) => p.players).length + pods.value.byes.length).toBe(5);
  });

  it("a toy method added with one registry line pairs a round", () => {
    const registry = [...PAIRING_REGISTRY, SEED_ORDER];
    const r = pairRound(input({ method: "seed-order", active: field.slice(0, 4).reverse() }), registry);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.method).toBe("seed-order");
    expect(r.value.pairings.map((p) => p.players)).toEqual([["p1", "p2"], ["p3", "p4"]]);
    expect(r.value.byes).toEqual([]);
    // the built-in registry does not know it
    expect(pairRound(input({ method: "seed-order" }))).toMatchObject({ ok: false, error: { code: "UNKNOWN_METHOD" } });
  });

  it("refuses pods for a method without a pod variant, and says when nothing is left to pair", () => {
    expect(pairRound(input({ method: "single-elimination", podSize: 3 }))).toMatchObject({ ok: false, error: { code: "UNKNOWN_METHOD" } });
    expect(pairRound(input({ method: "round-robin", round: 6 }))).toMatchObject({ ok: false, error: { code: "NOTHING_TO_PAIR", message: "The round robin has 5 rounds; all are paired." } });
  });

  it("a withdrawn round robin opponent becomes a bye; a withdrawn Swiss player is not paired", () => {
    const active = field.filter((c) => c.id !== "p1");
    const four = field.slice(0, 4);
    const rr = pairRound(input({ method: "round-robin", field: four, starting: four, active: four.slice(1) }));
    if (!rr.ok) throw new Error(rr.error.message);
    expect(rr.value.pairings.flatMap((p) => p.players)).not.toContain("p1");
    expect(rr.value.byes.some((b) => /has withdrawn/.test(b.reason))).toBe(true);
    const swiss = pairRound(input({ active }));
    if (!swiss.ok) throw new Error(swiss.error.message);
    expect([...swiss.value.pairings.flatMap((p) => p.players), ...swiss.value.byes.map((b) => b.playerId)].sort()).toEqual(["p2", "p3", "p4", "p5"]);
  });
});
