import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { arenaGroupSizes, pairArena, type ArenaWaiting } from "./arena";

const names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];
const free = (scores: number[], last: Record<string, string[]> = {}): ArenaWaiting[] =>
  scores.map((score, i) => ({ id: names[i].toLowerCase(), name: names[i], score, lastOpponents: last[names[i].toLowerCase()], freeSince: i }));
const paired = (r: ReturnType<typeof pairArena>) => (r.ok ? r.value.groups.map((g) => g.players.join("-")) : r.error.message);

describe("arenaGroupSizes", () => {
  it.each([
    [7, 2, [2, 2, 2], 1],
    [7, 3, [3, 4], 0],
    [8, 3, [3, 3, 2], 0],
    [4, 3, [4], 0],
    [5, 3, [3, 2], 0],
    [6, 4, [3, 3], 0],
    [5, 4, [3, 2], 0],
    [9, 4, [3, 3, 3], 0],
    [10, 4, [4, 3, 3], 0],
    [2, 4, [2], 0],
    [1, 3, [], 1],
  ])("%i free at size %i → %j, %i waiting", (m, k, sizes, waiting) => {
    expect(arenaGroupSizes(m, k as 2 | 3 | 4)).toEqual({ sizes, waiting });
  });
});

describe("pairArena", () => {
  it("pairs by arena points: closest scores meet", () => {
    expect(paired(pairArena(free([10, 2, 8, 4, 6, 0])))).toEqual(["ann-cid", "eve-dee", "bob-fay"]);
    const r = pairArena(free([10, 8]));
    expect(r.ok && r.value.groups[0].reason).toBe("Ann (10) and Bob (8): the closest arena points among the free players.");
  });

  it("a single free player waits with a sentence", () => {
    const r = pairArena(free([4]));
    expect(r.ok && r.value).toEqual({ groups: [], waiting: [{ playerId: "ann", reason: "Ann is the only free player; Ann plays as soon as someone else is free." }], notes: [] });
    expect(pairArena([])).toEqual({ ok: true, value: { groups: [], waiting: [], notes: [] } });
  });

  it("odd count: the player who came free last waits", () => {
    const r = pairArena(free([6, 4, 2]));
    expect(paired(r)).toEqual(["ann-bob"]);
    expect(r.ok && r.value.waiting).toEqual([{ playerId: "cid", reason: "Cid waits for the next free player: an odd number are free and Cid came free last." }]);
  });

  it("never the immediate rematch: the next player down instead", () => {
    const r = pairArena(free([9, 8, 7, 6], { ann: ["bob"], bob: ["ann"] }));
    expect(paired(r)).toEqual(["ann-cid", "bob-dee"]);
    expect(r.ok && r.value.groups[0].reason).toBe("Ann (9) and Cid (7): the closest arena points among the free players (Bob just played Ann).");
  });

  it("three free, two of them just played: the third plays and one of the pair waits, with the reason", () => {
    const r = pairArena(free([9, 8, 1], { ann: ["bob"], bob: ["ann"] }), { inRoom: 10 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.groups.map((g) => g.players)).toEqual([["bob", "cid"]]);
    expect(r.value.waiting).toEqual([{ playerId: "ann", reason: "Ann waits for the next free player: an odd number are free, and pairing Ann would mean meeting Bob again at once." }]);
  });

  it("the only two free just played each other: they wait while others play, meet again in an empty room", () => {
    const last = { ann: ["bob"], bob: ["ann"] };
    const busy = pairArena(free([3, 2], last), { inRoom: 6 });
    expect(busy.ok && busy.value.groups).toEqual([]);
    expect(busy.ok && busy.value.waiting.map((w) => w.reason)).toEqual([
      "Ann just played Bob; Ann waits for the next free player rather than meet again at once.",
      "Bob just played Ann; Bob waits for the next free player rather than meet again at once.",
    ]);
    const empty = pairArena(free([3, 2], last), { inRoom: 2 });
    expect(empty.ok && empty.value.groups).toEqual([{ players: ["ann", "bob"], reason: "Ann (3) and Bob (2): a rematch, because nobody else is in the room." }]);
    expect(empty.ok && empty.value.notes).toEqual(["Ann, Bob meet again at once: nobody else is free or playing."]);
  });

  it("pods: 7 free in pods of 3 → a pod of 3 then a pod of 4, nobody with a last opponent", () => {
    const r = pairArena(free([7, 6, 5, 4, 3, 2, 1], { ann: ["bob", "cid"], bob: ["ann", "cid"], cid: ["ann", "bob"] }), { groupSize: 3, inRoom: 7 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.groups.map((g) => g.players.length)).toEqual([3, 4]);
    expect(r.value.groups[0].players).toEqual(["ann", "dee", "eve"]);
    expect(r.value.waiting).toEqual([]);
  });

  it("refuses a player twice, a group size of 5 and a missing score", () => {
    expect(pairArena([...free([1, 2]), { id: "ann", score: 0 }])).toMatchObject({ ok: false, error: { code: "DUPLICATE_PLAYER" } });
    expect(pairArena(free([1, 2]), { groupSize: 5 as 4 })).toMatchObject({ ok: false, error: { code: "BAD_RULE", field: "groupSize" } });
    expect(pairArena([{ id: "x", score: NaN }, { id: "y", score: 0 }])).toMatchObject({ ok: false, error: { code: "BAD_RULE" } });
  });

  /** A room of n with last games drawn as random groups (some players fresh). */
  const room = (maxN: number, lastSize: number) =>
    fc.integer({ min: 0, max: maxN }).chain((n) =>
      fc.tuple(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: n, maxLength: n }), fc.array(fc.integer({ min: 0, max: n }), { minLength: n, maxLength: n }), fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: n, maxLength: n })).map(([scores, game, since]) => {
        // players with the same game number (below n/lastSize) played each other last
        const ids = scores.map((_, i) => `p${i}`);
        const gameOf = (i: number) => (game[i] < Math.ceil(n / lastSize) ? game[i] : -1 - i);
        const groupOf = new Map<number, string[]>();
        ids.forEach((id, i) => groupOf.set(gameOf(i), [...(groupOf.get(gameOf(i)) ?? []), id]));
        return ids.map((id, i) => ({ id, score: scores[i], freeSince: since[i], lastOpponents: groupOf.get(gameOf(i))!.filter((x) => x !== id) }));
      }),
    );

  /** A small room where anyone may have anyone among their last opponents (denser than real nights: exercises the search). */
  const denseRoom = (maxN: number) =>
    fc.integer({ min: 0, max: maxN }).chain((n) =>
      fc.tuple(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: n, maxLength: n }), fc.array(fc.array(fc.integer({ min: 0, max: 9 }).map((x) => x < 3), { minLength: n, maxLength: n }), { minLength: n, maxLength: n })).map(([scores, m]) =>
        scores.map((score, i) => ({ id: `p${i}`, score, freeSince: i, lastOpponents: scores.map((_, j) => `p${j}`).filter((_, j) => j !== i && m[i][j]) })),
      ),
    );

  /** Can these players all be paired (one left over when odd) with no one meeting a last opponent? */
  function cleanPairingExists(ps: ArenaWaiting[]): boolean {
    const clash = (a: ArenaWaiting, b: ArenaWaiting) => (a.lastOpponents ?? []).includes(b.id) || (b.lastOpponents ?? []).includes(a.id);
    const go = (rest: ArenaWaiting[], spare: number): boolean => {
      if (rest.length === 0) return true;
      const [a, ...tail] = rest;
      if (spare > 0 && go(tail, spare - 1)) return true;
      return tail.some((b, j) => !clash(a, b) && go([...tail.slice(0, j), ...tail.slice(j + 1)], spare));
    };
    return go(ps, ps.length % 2);
  }

  it("property (pairs): each player once, no immediate rematch while others play, nobody waits needlessly", () => {
    fc.assert(
      fc.property(fc.oneof(room(9, 2), denseRoom(9)), fc.boolean(), (ps, busyRoom) => {
        const r = pairArena(ps, { inRoom: busyRoom ? ps.length + 3 : ps.length });
        if (!r.ok) throw new Error(r.error.message);
        const seen = [...r.value.groups.flatMap((g) => g.players), ...r.value.waiting.map((w) => w.playerId)];
        expect(seen.sort()).toEqual(ps.map((p) => p.id).sort());
        for (const g of r.value.groups) expect(g.players.length).toBe(2);
        const byId = new Map(ps.map((p) => [p.id, p]));
        const rematch = (g: { players: string[] }) => (byId.get(g.players[0])!.lastOpponents ?? []).includes(g.players[1]);
        if (busyRoom) expect(r.value.groups.filter(rematch)).toEqual([]);
        else expect(r.value.waiting.length).toBe(ps.length % 2);
        if (cleanPairingExists(ps)) {
          expect(r.value.groups.filter(rematch)).toEqual([]);
          expect(r.value.waiting.length).toBe(ps.length % 2);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("property (pods): each player once, sizes 2–4, no group with a last opponent while others play", () => {
    fc.assert(
      fc.property(room(40, 3), fc.constantFrom(3 as const, 4 as const), (ps, k) => {
        const r = pairArena(ps, { groupSize: k, inRoom: ps.length + 1 });
        if (!r.ok) throw new Error(r.error.message);
        const seen = [...r.value.groups.flatMap((g) => g.players), ...r.value.waiting.map((w) => w.playerId)];
        expect(seen.sort()).toEqual(ps.map((p) => p.id).sort());
        const byId = new Map(ps.map((p) => [p.id, p]));
        for (const g of r.value.groups) {
          expect(g.players.length).toBeGreaterThanOrEqual(2);
          expect(g.players.length).toBeLessThanOrEqual(4);
          for (const a of g.players) for (const b of g.players) expect(byId.get(a)!.lastOpponents ?? []).not.toContain(b);
        }
      }),
    );
  });

  it("property (pods, small rooms): when some grouping avoids every last opponent, nobody waits and nobody meets one", () => {
    const perms = <T,>(xs: T[]): T[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((r) => [x, ...r])));
    fc.assert(
      fc.property(fc.oneof(room(7, 3), denseRoom(7)), fc.constantFrom(3 as const, 4 as const), (ps, k) => {
        const { sizes } = arenaGroupSizes(ps.length, k);
        const clash = (a: ArenaWaiting, b: ArenaWaiting) => (a.lastOpponents ?? []).includes(b.id) || (b.lastOpponents ?? []).includes(a.id);
        const clean = (order: ArenaWaiting[]) => {
          let at = 0;
          return sizes.every((size) => {
            const g = order.slice(at, (at += size));
            return g.every((a, i) => g.every((b, j) => j <= i || !clash(a, b)));
          });
        };
        const exists = ps.length >= 2 && perms(ps).some(clean);
        const r = pairArena(ps, { groupSize: k, inRoom: ps.length + 1 });
        if (!r.ok) throw new Error(r.error.message);
        if (exists) expect(r.value.waiting).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("property: with no last games to avoid, groups are runs of the order by points and nobody waits needlessly", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 2, maxLength: 60 }), fc.constantFrom(2 as const, 3 as const, 4 as const), (scores, k) => {
        const ps = scores.map((score, i) => ({ id: `p${i}`, score, freeSince: i }));
        const r = pairArena(ps, { groupSize: k, inRoom: ps.length + 5 });
        if (!r.ok) throw new Error(r.error.message);
        expect(r.value.waiting.length).toBe(k === 2 ? ps.length % 2 : 0);
        // every group's points lie between its neighbours' (score groups kept): min of a group ≥ max of the next
        const pts = (g: { players: string[] }) => g.players.map((id) => ps[Number(id.slice(1))].score);
        for (let i = 1; i < r.value.groups.length; i++) expect(Math.min(...pts(r.value.groups[i - 1]))).toBeGreaterThanOrEqual(Math.max(...pts(r.value.groups[i])));
      }),
    );
  });

  it("1,000 free players with last opponents: every one placed once, no rematch", () => {
    const ps = Array.from({ length: 1000 }, (_, i) => ({ id: `p${i}`, score: (i * 7919) % 23, lastOpponents: [`p${i ^ 1}`], freeSince: i }));
    const r = pairArena(ps, { inRoom: 1200 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.groups.length).toBe(500);
    expect(r.value.groups.every((g) => g.players[0] !== `p${Number(g.players[1].slice(1)) ^ 1}`)).toBe(true);
  });
});
