import { describe, expect, it } from "vitest";
import { roundRobin } from "./roundRobin";
import type { Player } from "../types";
import type { PairedRound } from "./types";

const field = (n: number): Player[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - i }));
const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function must(r: ReturnType<typeof roundRobin>): PairedRound[] {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("roundRobin", () => {
  it("single: everyone meets everyone exactly once, one bye each for odd fields (2..41)", () => {
    for (let n = 2; n <= 41; n++) {
      const rounds = must(roundRobin(field(n)));
      expect(rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
      const met = new Map<string, number>();
      const byes = new Map<string, number>();
      for (const r of rounds) {
        const seen = r.pairings.flatMap((p) => p.players).concat(r.byes.map((b) => b.playerId));
        expect(new Set(seen).size).toBe(n);
        expect(seen).toHaveLength(n);
        for (const p of r.pairings) met.set(key(p.players[0], p.players[1]), (met.get(key(p.players[0], p.players[1])) ?? 0) + 1);
        for (const b of r.byes) byes.set(b.playerId, (byes.get(b.playerId) ?? 0) + 1);
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
      expect([...met.values()].every((c) => c === 1)).toBe(true);
      if (n % 2 === 1) expect([...byes.values()].every((c) => c === 1) && byes.size === n).toBe(true);
    }
  });

  it("single: first moves split within one of half (exactly half for odd fields), never three in a row", () => {
    for (let n = 2; n <= 41; n++) {
      const seq = new Map<string, string>();
      for (const r of must(roundRobin(field(n))))
        for (const p of r.pairings) {
          seq.set(p.players[0], (seq.get(p.players[0]) ?? "") + "F");
          seq.set(p.players[1], (seq.get(p.players[1]) ?? "") + "S");
        }
      for (const s of seq.values()) {
        const firsts = [...s].filter((c) => c === "F").length;
        expect(Math.abs(2 * firsts - s.length)).toBeLessThanOrEqual(n % 2 === 1 ? 0 : 1);
        expect(s).not.toMatch(/FFF|SSS/);
      }
    }
  });

  it("double: everyone meets twice, once moving first each", () => {
    for (const n of [2, 3, 4, 7, 10]) {
      const rounds = must(roundRobin(field(n), { kind: "double" }));
      expect(rounds).toHaveLength(2 * (n % 2 === 0 ? n - 1 : n));
      expect(rounds.map((r) => r.round)).toEqual(rounds.map((_, i) => i + 1));
      const ordered = new Set<string>();
      for (const r of rounds)
        for (const p of r.pairings) {
          const k = `${p.players[0]}>${p.players[1]}`;
          expect(ordered.has(k)).toBe(false);
          ordered.add(k);
        }
      expect(ordered.size).toBe(n * (n - 1));
      expect(rounds[rounds.length - 1].pairings[0].reason).toMatch(/first moves swapped/);
    }
  });

  it("explains each pairing and rejects duplicate ids", () => {
    const rounds = must(roundRobin(field(5)));
    expect(rounds[0].pairings[0].reason).toMatch(/round robin, round 1 of 5/);
    expect(rounds[0].byes[0].reason).toMatch(/sits out/);
    expect(roundRobin([{ id: "a", rating: 1 }, { id: "a", rating: 1 }]).ok).toBe(false);
  });
});
