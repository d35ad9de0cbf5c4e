import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computeArenaStandings, explainArenaOrder, LICHESS_ARENA_SCORING, parseArenaScoring, PLAIN_ARENA_SCORING, type ArenaGame } from "./arena-standings";

const players = [
  { id: "ann", name: "Ann" },
  { id: "bob", name: "Bob" },
  { id: "cid", name: "Cid" },
  { id: "dee", name: "Dee" },
];
const win = (w: string, l: string): ArenaGame => ({ players: [w, l], ranks: [1, 2] });
const draw = (a: string, b: string): ArenaGame => ({ players: [a, b], ranks: [1, 1] });

describe("computeArenaStandings", () => {
  it("streak bonus: after two wins in a row points double until a non-win", () => {
    const games = [win("ann", "bob"), win("ann", "cid"), win("ann", "dee"), draw("ann", "bob"), win("ann", "cid")];
    const r = computeArenaStandings(players, games, LICHESS_ARENA_SCORING);
    if (!r.ok) throw new Error(r.error.message);
    const ann = r.value.rows[0];
    expect(ann.sheet.map((e) => `${e.points}${e.onStreak ? "*" : ""}`)).toEqual(["2", "2", "4*", "2*", "2"]);
    expect(ann.points).toBe(12);
    expect(ann.onStreak).toBe(false);
    const plain = computeArenaStandings(players, games, PLAIN_ARENA_SCORING);
    expect(plain.ok && plain.value.rows[0].points).toBe(9);
  });

  it("orders by points, then wins, then fewer games, and says why", () => {
    // Bob: win + loss = 2 from 2; Cid: two draws = 2 from 2; Dee: one win = 2 from 1
    const r = computeArenaStandings(players, [win("bob", "ann"), draw("cid", "ann"), win("ann", "bob"), draw("cid", "ann"), win("dee", "ann")], PLAIN_ARENA_SCORING);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rows.map((x) => `${x.rank} ${x.name} ${x.points}/${x.wins}/${x.games}`)).toEqual(["1 Ann 4/1/5", "2 Dee 2/1/1", "3 Bob 2/1/2", "4 Cid 2/0/2"]);
    expect(explainArenaOrder(r.value, "bob", "ann")).toBe("Ann is above Bob because Ann has 4 points and Bob has 2.");
    expect(explainArenaOrder(r.value, "cid", "bob")).toBe("Bob is above Cid because both have 2 points and Bob has more wins (1 to 0).");
    expect(explainArenaOrder(r.value, "bob", "dee")).toBe("Dee is above Bob because both have 2 points and 1 win, from fewer games (1 to 2).");
  });

  it("a pod: the sole top rank wins, a shared top draws, the rest lose", () => {
    const r = computeArenaStandings(players, [{ players: ["ann", "bob", "cid"], ranks: [2, 1, 3] }, { players: ["ann", "bob", "dee"], ranks: [1, 1, 2] }], PLAIN_ARENA_SCORING);
    if (!r.ok) throw new Error(r.error.message);
    const by = new Map(r.value.rows.map((x) => [x.playerId, x.sheet.map((e) => e.outcome).join(",")]));
    expect(Object.fromEntries(by)).toEqual({ bob: "win,draw", ann: "loss,draw", cid: "loss", dee: "loss" });
  });

  it("refuses a game of one, an unknown player, and a bad rule", () => {
    expect(computeArenaStandings(players, [{ players: ["ann"], ranks: [1] }], PLAIN_ARENA_SCORING)).toMatchObject({ ok: false, error: { code: "BAD_GAME" } });
    expect(computeArenaStandings(players, [win("ann", "zed")], PLAIN_ARENA_SCORING)).toMatchObject({ ok: false, error: { code: "UNKNOWN_PLAYER" } });
    expect(parseArenaScoring({ win: 1, draw: 2, loss: 0 })).toMatchObject({ ok: false, error: { code: "BAD_RULE" } });
    expect(parseArenaScoring({ win: 2, draw: 1, loss: 0, streak: { after: 2, multiplier: 2 } })).toEqual({ ok: true, value: LICHESS_ARENA_SCORING });
    expect(parseArenaScoring({ win: 2, draw: 1, loss: 0 })).toEqual({ ok: true, value: PLAIN_ARENA_SCORING });
  });

  it("property: points = Σ sheet, games = wins + draws + losses, ranks never fall behind points", () => {
    const ids = players.map((p) => p.id);
    const game = fc.shuffledSubarray(ids, { minLength: 2, maxLength: 4 }).chain((ps) => fc.array(fc.integer({ min: 1, max: ps.length }), { minLength: ps.length, maxLength: ps.length }).map((ranks) => ({ players: ps, ranks })));
    fc.assert(
      fc.property(fc.array(game, { maxLength: 30 }), fc.boolean(), (games, streak) => {
        const r = computeArenaStandings(players, games, streak ? LICHESS_ARENA_SCORING : PLAIN_ARENA_SCORING);
        if (!r.ok) throw new Error(r.error.message);
        for (const row of r.value.rows) {
          expect(row.points).toBe(row.sheet.reduce((s, e) => s + e.points, 0));
          expect(row.games).toBe(row.wins + row.draws + row.losses);
          if (!streak) expect(row.sheet.some((e) => e.onStreak)).toBe(false);
        }
        const rows = r.value.rows;
        for (let i = 1; i < rows.length; i++) expect(rows[i].points).toBeLessThanOrEqual(rows[i - 1].points);
      }),
    );
  });
});
