import { describe, expect, it } from "vitest";
import { applyResult, createBracket, placeLabel, readyMatches, seedOrder, standingsFromBracket, type Bracket, type EliminationOptions } from "./elimination";
import { prng } from "@/tests/helpers/simulate";
import type { Player } from "../types";

const field = (n: number): Player[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - i }));
const seedOf = (id: string) => Number(id.slice(1));

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Play every ready match until none is left; `pick` chooses the winner. */
function playOut(b: Bracket, pick: (a: string, c: string) => string): Bracket {
  for (let guard = 0; guard < 1000; guard++) {
    const ready = readyMatches(b);
    if (ready.length === 0) return b;
    const m = ready[0];
    b = must(applyResult(b, m.id, pick(m.players[0]!, m.players[1]!)));
  }
  throw new Error("did not finish");
}
const favourite = (a: string, c: string) => (seedOf(a) < seedOf(c) ? a : c);

const labels = (b: Bracket) => Object.fromEntries(standingsFromBracket(b).map((p) => [p.playerId, `${placeLabel(p)}${p.settled ? "" : "?"}`]));

describe("elimination brackets", () => {
  it("uses standard seeding order", () => {
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const b = must(createBracket(field(8)));
    expect(b.matches.filter((m) => m.round === 1).map((m) => m.players)).toEqual([
      ["p1", "p8"], ["p4", "p5"], ["p2", "p7"], ["p3", "p6"],
    ]);
  });

  it("gives byes to the top seeds", () => {
    const b = must(createBracket(field(5)));
    const r1 = b.matches.filter((m) => m.side === "winners" && m.round === 1);
    expect(r1.filter((m) => m.status === "walkover").map((m) => m.winner)).toEqual(["p1", "p2", "p3"]);
    expect(r1.find((m) => m.status === "ready")!.players).toEqual(["p4", "p5"]);
    // p2 and p3 already meet in round 2
    expect(b.matches.find((m) => m.id === "W2-2")!.status).toBe("ready");
  });

  it("rejects bad results with rulings", () => {
    const b = must(createBracket(field(4)));
    expect(applyResult(b, "nope", "p1")).toMatchObject({ ok: false, error: { code: "UNKNOWN_MATCH" } });
    expect(applyResult(b, "W1-1", "p2")).toMatchObject({ ok: false, error: { code: "NOT_IN_MATCH" } });
    expect(applyResult(b, "W2-1", "p1")).toMatchObject({ ok: false, error: { code: "MATCH_NOT_READY" } });
    expect(createBracket(field(1))).toMatchObject({ ok: false, error: { code: "TOO_FEW_PLAYERS" } });
    // immutability
    const b2 = must(applyResult(b, "W1-1", "p1"));
    expect(b.matches.find((m) => m.id === "W1-1")!.status).toBe("ready");
    expect(b2.matches.find((m) => m.id === "W2-1")!.players[0]).toBe("p1");
  });

  it("single elimination with a bronze match places 1–4", () => {
    const b = playOut(must(createBracket(field(8), { bronze: true })), favourite);
    const places = standingsFromBracket(b);
    const at = (id: string) => places.find((p) => p.playerId === id)!.place;
    expect([at("p1"), at("p2"), at("p3"), at("p4")]).toEqual([1, 2, 3, 4]);
    expect([at("p5"), at("p6"), at("p7"), at("p8")]).toEqual([5, 5, 5, 5]);
    const nob = standingsFromBracket(playOut(must(createBracket(field(8))), favourite));
    expect(nob.filter((p) => p.place === 3).map((p) => p.playerId).sort()).toEqual(["p3", "p4"]);
  });

  it("double elimination: grand final reset is played only if the losers' champion wins", () => {
    const base = must(createBracket(field(4), { format: "double", grandFinal: "double" }));
    // favourites win everything: p1 wins GF1, reset void
    const fav = playOut(base, favourite);
    expect(fav.matches.find((m) => m.id === "GF2")!.status).toBe("void");
    expect(standingsFromBracket(fav)[0]).toMatchObject({ playerId: "p1", place: 1 });
    // p2 wins the losers' bracket and then GF1 → reset played
    let b = base;
    for (;;) {
      const m = readyMatches(b)[0];
      if (!m) break;
      const w = m.id === "GF1" || m.id === "GF2" ? "p2" : favourite(m.players[0]!, m.players[1]!);
      b = must(applyResult(b, m.id, w));
    }
    const gf2 = b.matches.find((m) => m.id === "GF2")!;
    expect(gf2.status).toBe("complete");
    expect(gf2.winner).toBe("p2");
    const places = standingsFromBracket(b);
    expect(places.slice(0, 2).map((p) => [p.playerId, p.place])).toEqual([["p2", 1], ["p1", 2]]);
  });

  it("placements: 1, 2, shared 3–4 and 5–8 without a bronze match; 1–4 each with one", () => {
    expect(labels(playOut(must(createBracket(field(8))), favourite))).toEqual({ p1: "1", p2: "2", p3: "3–4", p4: "3–4", p5: "5–8", p6: "5–8", p7: "5–8", p8: "5–8" });
    expect(labels(playOut(must(createBracket(field(8), { bronze: true })), favourite))).toEqual({ p1: "1", p2: "2", p3: "3", p4: "4", p5: "5–8", p6: "5–8", p7: "5–8", p8: "5–8" });
    // 6 players: the top two seeds skip round 1, so only two players go out there (5–6).
    expect(labels(playOut(must(createBracket(field(6))), favourite))).toEqual({ p1: "1", p2: "2", p3: "3–4", p4: "3–4", p5: "5–6", p6: "5–6" });
    // double elimination, 4 players: the losers' bracket decides 3 and 4.
    expect(labels(playOut(must(createBracket(field(4), { format: "double" })), favourite))).toEqual({ p1: "1", p2: "2", p3: "3", p4: "4" });
  });
});

describe("elimination brackets: placements while played", () => {
  it("placements while the bracket is played: the places still open, not everyone 1st", () => {
    let b = must(createBracket(field(8)));
    b = must(applyResult(b, "W1-1", "p1")); // p1 beats p8; three quarter-finals to go
    expect(labels(b)).toEqual({ p1: "1–4?", p8: "5–8", p2: "1–8?", p3: "1–8?", p4: "1–8?", p5: "1–8?", p6: "1–8?", p7: "1–8?" });
    for (const [m, w] of [["W1-2", "p4"], ["W1-3", "p2"], ["W1-4", "p3"]] as const) b = must(applyResult(b, m, w));
    expect(labels(b)).toEqual({ p1: "1–4?", p2: "1–4?", p3: "1–4?", p4: "1–4?", p5: "5–8", p6: "5–8", p7: "5–8", p8: "5–8" });
    b = must(applyResult(b, "W2-1", "p1"));
    expect(labels(b)).toMatchObject({ p1: "1–2?", p4: "3–4", p2: "1–4?", p3: "1–4?" });
    const bronze = must(applyResult(must(applyResult(must(createBracket(field(8), { bronze: true })), "W1-1", "p1")), "W1-2", "p4"));
    // semi-final next; losing it still leaves the third-place match: 1–4 either way
    expect(labels(bronze)).toMatchObject({ p1: "1–4?", p4: "1–4?", p8: "5–8", p5: "5–8" });
  });

  const configs: EliminationOptions[] = [
    { format: "single" },
    { format: "single", bronze: true },
    { format: "double", grandFinal: "none" },
    { format: "double", grandFinal: "simple" },
    { format: "double", grandFinal: "double" },
  ];
  for (const opts of configs) {
    it(`${JSON.stringify(opts)}: every provisional range holds the place the player finishes in`, () => {
      for (let n = 2; n <= 20; n++) {
        const rand = prng(n * 13 + 5);
        let b = must(createBracket(field(n), opts));
        const seen: ReturnType<typeof standingsFromBracket>[] = [standingsFromBracket(b)];
        for (let m = readyMatches(b)[0]; m; m = readyMatches(b)[0]) {
          b = must(applyResult(b, m.id, rand() < 0.5 ? m.players[0]! : m.players[1]!));
          seen.push(standingsFromBracket(b));
        }
        const final = new Map(seen.at(-1)!.map((p) => [p.playerId, p]));
        for (const step of seen)
          for (const p of step) {
            const f = final.get(p.playerId)!;
            expect(p.place, `${n}: ${p.playerId}`).toBeLessThanOrEqual(f.place);
            expect(p.placeTo, `${n}: ${p.playerId}`).toBeGreaterThanOrEqual(f.placeTo);
            if (p.settled) expect([p.place, p.placeTo]).toEqual([f.place, f.placeTo]);
          }
      }
    });

    it(`${JSON.stringify(opts)}: 2..33 players, favourites and random winners`, () => {
      for (let n = 2; n <= 33; n++) {
        for (const mode of ["favourite", "random"] as const) {
          const rand = prng(n * 31 + 7);
          const pick = mode === "favourite" ? favourite : (a: string, c: string) => (rand() < 0.5 ? a : c);
          const b = playOut(must(createBracket(field(n), opts)), pick);
          expect(b.matches.every((m) => ["complete", "walkover", "void"].includes(m.status))).toBe(true);
          const played = b.matches.filter((m) => m.status === "complete");
          const losses = new Map<string, number>();
          for (const m of played) losses.set(m.loser!, (losses.get(m.loser!) ?? 0) + 1);
          const places = standingsFromBracket(b);
          expect(places).toHaveLength(n);
          // Final places: each range [place, placeTo] is held by exactly as many players as it spans.
          const groups = new Map<string, number>();
          for (const p of places) groups.set(`${p.place}-${p.placeTo}`, (groups.get(`${p.place}-${p.placeTo}`) ?? 0) + 1);
          for (const [k, c] of groups) {
            const [from, to] = k.split("-").map(Number);
            expect(c, `${n} players, ${k}`).toBe(to! - from! + 1);
          }
          expect(Math.max(...places.map((p) => p.placeTo))).toBe(n);
          expect(places.every((p) => p.settled)).toBe(true);
          expect(places.filter((p) => p.place === 1)).toHaveLength(1);
          const champ = places[0].playerId;
          if (mode === "favourite") expect(champ).toBe("p1");
          if (opts.format === "single") {
            const bronzePlayed = opts.bronze && n >= 4 ? 1 : 0;
            expect(played.length).toBe(n - 1 + bronzePlayed);
            if (!bronzePlayed) expect(losses.get(champ)).toBeUndefined();
            expect(places.filter((p) => p.place === 2)).toHaveLength(1);
          } else {
            const reset = b.matches.some((m) => m.id === "GF2" && m.status === "complete") ? 1 : 0;
            const expected = opts.grandFinal === "none" ? 2 * n - 3 : 2 * n - 2 + reset;
            expect(played.length).toBe(expected);
            // everyone but the top two is out after exactly two losses
            for (const p of places.slice(2)) expect(losses.get(p.playerId)).toBe(2);
            expect(places[1].place).toBe(2);
          }
        }
      }
    });
  }
});
