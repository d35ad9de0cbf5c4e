/**
 * Club nights (arena) and the ladder through the real tRPC callers (docs/competitions.md, "Running a
 * club night"): joining and leaving, pairing as players free up, no immediate rematch, pods of 3
 * with 7 players, the single player's sentence, concurrent joins, report/confirm/dispute/decide, and
 * a ladder over two nights.
 */
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { randomUUID } from "node:crypto";
import { checkIn } from "@/server/services/matches/presence";
import { submitMove } from "@/server/services/matches/moves";
import { getMatchView } from "@/server/services/matches/views";
import { getPlayerRating } from "@/server/services/ratings/queries";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedUsers } from "../helpers/seed";

async function club(db: Db, players: number) {
  const people = await seedUsers(db, players + 2, (i) => (i === 0 ? "Dana Director" : i === 1 ? "Olive Outsider" : `P${i - 1}`));
  const [director, outsider, ...members] = people as [PublicUser, PublicUser, ...PublicUser[]];
  const { club } = await seedClub(db, { owner: director, members });
  const as = (u: PublicUser) => callerFor(db, u);
  return { club, director, outsider, members, as, dir: as(director) };
}

type World = Awaited<ReturnType<typeof club>>;
const view = (w: World, u: PublicUser, nightId: string) => w.as(u).arena.night({ nightId });
const tableOf = async (w: World, nightId: string) => (await w.dir.arena.night({ nightId })).games;
const playing = async (w: World, nightId: string) => (await tableOf(w, nightId)).filter((g) => g.status === "playing");
/** Players of a game report a win for the first and the opponents confirm. */
async function finish(w: World, gameId: string, winnerFirst = true) {
  const g = (await w.dir.arena.night({ nightId: (await nightOfGame(w, gameId))! })).games.find((x) => x.id === gameId)!;
  const scores = Object.fromEntries(g.players.map((p, i) => [p.id, winnerFirst ? 400 - i * 50 : 300 + i * 50]));
  const byId = new Map(w.members.map((m) => [m.id, m]));
  await w.as(byId.get(g.players[0]!.id)!).arena.report({ gameId, scores });
  for (const p of g.players.slice(1)) await w.as(byId.get(p.id)!).arena.confirm({ gameId });
}
const nights = new Map<string, string>();
const nightOfGame = async (_w: World, gameId: string) => nights.get(gameId);
async function remember(w: World, nightId: string) {
  for (const g of await tableOf(w, nightId)) nights.set(g.id, nightId);
}
const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return "OK";
  } catch (e) {
    return e instanceof TRPCError ? e.code : String(e);
  }
};

describeDb("arena club nights", (db) => {
  describe("joining, leaving and pairing as players free up", () => {
    it("a single player waits with a sentence; the second one is paired with them at once", async () => {
      const w = await club(db(), 3);
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Tuesday night" });
      const [a, b, c] = w.members as [PublicUser, PublicUser, PublicUser];
      expect(await w.as(a).arena.join({ nightId: id })).toEqual({ paired: false });
      const alone = await view(w, a, id);
      expect(alone.me?.status).toBe("waiting");
      expect(alone.me?.waitingReason).toBe("P1 is the only free player; P1 plays as soon as someone else is free.");
      expect(await w.as(b).arena.join({ nightId: id })).toEqual({ paired: true });
      const games = await playing(w, id);
      expect(games).toHaveLength(1);
      expect(games[0]!.tableNo).toBe(1);
      expect(games[0]!.players.map((p) => p.name).sort()).toEqual(["P1", "P2"]);
      // c joins, waits alone, then leaves; joining twice is refused with a sentence
      await w.as(c).arena.join({ nightId: id });
      await expect(w.as(c).arena.join({ nightId: id })).rejects.toThrow("You are already waiting to be paired.");
      await w.as(c).arena.leave({ nightId: id });
      expect((await view(w, c, id)).me?.status).toBe("left");
      // a player at a table cannot leave before the result
      await expect(w.as(a).arena.leave({ nightId: id })).rejects.toThrow(/Finish your game first/);
      // an outsider cannot join, look or report
      expect(await code(w.as(w.outsider).arena.join({ nightId: id }))).toBe("FORBIDDEN");
      expect(await code(w.as(w.outsider).arena.night({ nightId: id }))).toBe("FORBIDDEN");
    });

    it("no immediate rematch: two players who just met wait for a third rather than meet again", async () => {
      const w = await club(db(), 3);
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Rematch night" });
      const [a, b, c] = w.members as [PublicUser, PublicUser, PublicUser];
      await w.as(a).arena.join({ nightId: id });
      await w.as(b).arena.join({ nightId: id });
      await w.as(c).arena.join({ nightId: id }); // in the room, waiting
      await remember(w, id);
      const [g] = await playing(w, id);
      await finish(w, g!.id);
      // a and b are free with c: one of them plays c, the other waits (not a and b again)
      const next = await playing(w, id);
      expect(next).toHaveLength(1);
      const ids = next[0]!.players.map((p) => p.id);
      expect(ids).toContain(c.id);
      expect(ids.includes(a.id) && ids.includes(b.id)).toBe(false);
      const v = await view(w, a, id);
      expect(v.waiting).toHaveLength(1);
      const waiter = v.waiting[0]!;
      expect([a.id, b.id]).toContain(waiter.id);
      expect(waiter.reason).toBe(`${waiter.name} is the only free player; ${waiter.name} plays as soon as someone else is free.`);
    });

    it("seven players in pods of 3: pods form as players come, and re-form as tables free up", async () => {
      const w = await club(db(), 8);
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Pods night", groupSize: 3 });
      const seven = w.members.slice(0, 7);
      await w.as(seven[0]!).arena.join({ nightId: id });
      await w.as(seven[1]!).arena.join({ nightId: id });
      expect((await view(w, seven[0]!, id)).me?.waitingReason).toBe("P1 waits for a pod of 3: fewer than 3 players are free.");
      for (const p of seven.slice(2, 4)) await w.as(p).arena.join({ nightId: id });
      // three came: a pod at table 1; the fourth waits for a pod, not a pair, while table 1 plays
      expect((await playing(w, id)).map((g) => g.players.length)).toEqual([3]);
      expect((await view(w, seven[3]!, id)).me?.waitingReason).toBe("P4 is the only free player; P4 plays as soon as someone else is free.");
      await w.as(seven[4]!).arena.join({ nightId: id });
      expect((await view(w, seven[3]!, id)).me?.waitingReason).toBe("P4 waits for a pod of 3: fewer than 3 players are free.");
      for (const p of seven.slice(5)) await w.as(p).arena.join({ nightId: id });
      let games = await playing(w, id);
      expect(games.map((g) => [g.tableNo, g.players.length])).toEqual([
        [2, 3],
        [1, 3],
      ]);
      expect((await view(w, seven[6]!, id)).me?.status).toBe("waiting");
      await remember(w, id);
      // table 1 finishes: its three and the waiting seventh are free; nobody meets their last opponents again
      const t1 = games.find((g) => g.tableNo === 1)!;
      await finish(w, t1.id);
      games = await playing(w, id);
      const last = new Set(t1.players.map((p) => p.id));
      for (const g of games) expect(g.players.filter((p) => last.has(p.id)).length).toBeLessThanOrEqual(1);
      // table 2 finishes too: everyone free is grouped again, in pods of 2 to 4, never twice seated
      await remember(w, id);
      await finish(w, games.find((g) => g.tableNo === 2)!.id);
      const after = await view(w, w.director, id);
      const seated = after.games.filter((g) => g.status === "playing").flatMap((g) => g.players.map((p) => p.id));
      expect(new Set(seated).size).toBe(seated.length);
      expect(seated.length + after.waiting.length).toBe(7);
      // a free player leaves; an eighth drops in
      if (after.waiting[0]) await w.as(w.members.find((m) => m.id === after.waiting[0]!.id)!).arena.leave({ nightId: id });
      await w.as(w.members[7]!).arena.join({ nightId: id });
      const end = await view(w, w.director, id);
      expect(end.standings.length).toBeGreaterThanOrEqual(7);
      expect(end.why.length).toBe(end.standings.length - 1);
      expect(end.standings[0]!.points).toBeGreaterThan(0);
    });

    it("end of the evening on a pods night: the director lets two free players play as a pair", async () => {
      const w = await club(db(), 2);
      const [a, b] = w.members as [PublicUser, PublicUser];
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Late pods", groupSize: 3 });
      for (const p of [a, b]) await w.as(p).arena.join({ nightId: id });
      expect(await playing(w, id)).toEqual([]);
      expect(await code(w.as(a).arena.smallGroups({ nightId: id, allow: true }))).toBe("FORBIDDEN");
      await w.dir.arena.smallGroups({ nightId: id, allow: true });
      const v = await view(w, a, id);
      expect(v.night.smallGroups).toBe(true);
      expect((await playing(w, id)).map((g) => g.players.length)).toEqual([2]);
      // a night of pairs has nothing to switch
      const pairs = await w.dir.arena.open({ clubId: w.club.id, name: "Pairs night" });
      await expect(w.dir.arena.smallGroups({ nightId: pairs.id, allow: true })).rejects.toThrow("This is a night of pairs");
    });

    it("a group size the ruleset has no room for, or a bad scoring, is refused with a sentence", async () => {
      const w = await club(db(), 1);
      await expect(w.dir.arena.open({ clubId: w.club.id, name: "Big pods", groupSize: 5 })).rejects.toThrow("A game has at most 4 players.");
      await expect(w.dir.arena.open({ clubId: w.club.id, name: "Odd points", scoring: { win: 1, draw: 2, loss: 0, streak: null } })).rejects.toThrow("A win must score at least a draw, and a draw at least a loss.");
      expect(await code(w.as(w.members[0]!).arena.open({ clubId: w.club.id, name: "Not mine" }))).toBe("FORBIDDEN");
    });

    it("concurrent joins never seat a player twice", async () => {
      const w = await club(db(), 9);
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Rush night" });
      const results = await Promise.allSettled(w.members.map((m) => w.as(m).arena.join({ nightId: id })));
      expect(results.every((r) => r.status === "fulfilled")).toBe(true);
      const v = await w.dir.arena.night({ nightId: id });
      const seated = v.games.flatMap((g) => g.players.map((p) => p.id));
      expect(new Set(seated).size).toBe(seated.length);
      expect(seated.length).toBe(8);
      expect(v.waiting).toHaveLength(1);
      expect(new Set(v.games.map((g) => g.tableNo)).size).toBe(4);
    });
  });

  describe("results: report, confirm, dispute, decide; standings and the ladder", () => {
    it("the opponent confirms; a dispute goes to the director, who decides", async () => {
      const w = await club(db(), 2);
      const [a, b] = w.members as [PublicUser, PublicUser];
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Results night", scoring: { win: 2, draw: 1, loss: 0, streak: { after: 1, multiplier: 2 } } });
      await w.as(a).arena.join({ nightId: id });
      await w.as(b).arena.join({ nightId: id });
      let [g] = await playing(w, id);
      // wrong players in the scores, the reporter confirming, an outsider reporting: refused
      await expect(w.as(a).arena.report({ gameId: g!.id, scores: { [a.id]: 300, [w.outsider.id]: 200 } })).rejects.toThrow("Give one score for each player of this game, and for nobody else.");
      expect(await code(w.as(w.outsider).arena.report({ gameId: g!.id, scores: { [a.id]: 300, [b.id]: 200 } }))).toBe("FORBIDDEN");
      await expect(w.as(b).arena.confirm({ gameId: g!.id })).rejects.toThrow("Nobody has reported this game's result yet.");
      await w.as(a).arena.report({ gameId: g!.id, scores: { [a.id]: 300, [b.id]: 200 } });
      await expect(w.as(a).arena.confirm({ gameId: g!.id })).rejects.toThrow("You reported this result: your opponent confirms it.");
      expect(await w.as(b).arena.confirm({ gameId: g!.id })).toEqual({ settled: true });
      // both free again, and with nobody else in the room they meet again (the only way to play)
      [g] = await playing(w, id);
      expect(g).toBeDefined();
      await w.as(b).arena.report({ gameId: g!.id, scores: { [a.id]: 250, [b.id]: 260 } });
      await w.as(a).arena.dispute({ gameId: g!.id, note: "I had 350" });
      await expect(w.as(b).arena.confirm({ gameId: g!.id })).rejects.toThrow("This result is not waiting for a confirmation.");
      expect(await code(w.as(a).arena.decide({ gameId: g!.id, scores: { [a.id]: 350, [b.id]: 260 } }))).toBe("FORBIDDEN");
      await w.dir.arena.decide({ gameId: g!.id, scores: { [a.id]: 350, [b.id]: 260 } });
      const v = await view(w, a, id);
      expect(v.games.find((x) => x.id === g!.id)!.status).toBe("decided");
      // a won twice: 2, then 2 × 2 on the streak (after 1 win)
      expect(v.standings[0]).toMatchObject({ playerId: a.id, points: 6, wins: 2, games: 2, onStreak: true });
      expect(v.why[0]).toBe("P1 is above P2 because P1 has 6 points and P2 has 0.");
      await w.dir.arena.close({ nightId: id });
      await expect(w.as(a).arena.join({ nightId: id })).rejects.toThrow(/closed/);
    });

    it("online: each table is a real game; its result counts when it ends, and its players are paired again", async () => {
      const w = await club(db(), 3);
      const [a, b, c] = w.members as [PublicUser, PublicUser, PublicUser];
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Online night", mode: "online" });
      await w.as(a).arena.join({ nightId: id });
      await w.as(b).arena.join({ nightId: id });
      const [g] = await playing(w, id);
      expect(g!.matchId).not.toBeNull();
      await expect(w.as(a).arena.report({ gameId: g!.id, scores: { [a.id]: 1, [b.id]: 0 } })).rejects.toThrow("This game is played online: its result counts when the game ends.");
      await checkIn(db(), { matchId: g!.matchId!, userId: a.id });
      await checkIn(db(), { matchId: g!.matchId!, userId: b.id });
      await w.as(c).arena.join({ nightId: id }); // waits alone while the game runs
      const m = await getMatchView(db(), g!.matchId!, a.id);
      await submitMove(db(), { matchId: g!.matchId!, userId: a.id, expectedSeq: m.version, clientId: randomUUID(), action: { type: "resign" } });
      const v = await view(w, c, id);
      expect(v.games.find((x) => x.id === g!.id)!.status).toBe("confirmed");
      expect(v.standings[0]).toMatchObject({ playerId: b.id, wins: 1 });
      // b and the waiting c are paired at once, a waits (no immediate rematch with b)
      const next = v.games.filter((x) => x.status === "playing");
      expect(next).toHaveLength(1);
      expect(next[0]!.players.map((p) => p.id).sort()).toEqual([b.id, c.id].sort());
    });

    it("a ladder sums two nights", async () => {
      const w = await club(db(), 2);
      const [a, b] = w.members as [PublicUser, PublicUser];
      const { id: ladderId } = await w.dir.arena.createLadder({ clubId: w.club.id, name: "Winter ladder", rule: { kind: "sum" } });
      const one = await w.dir.arena.open({ clubId: w.club.id, name: "Night one", ladderId });
      const two = await w.dir.arena.open({ clubId: w.club.id, name: "Night two" });
      await w.dir.arena.attach({ nightId: two.id, ladderId });
      for (const [nightId, winner] of [
        [one.id, a],
        [two.id, b],
        [two.id, b],
      ] as const) {
        if (!(await view(w, a, nightId)).me) for (const p of [a, b]) await w.as(p).arena.join({ nightId });
        const [g] = await playing(w, nightId);
        const loser = winner === a ? b : a;
        await w.as(winner).arena.report({ gameId: g!.id, scores: { [winner.id]: 300, [loser.id]: 100 } });
        await w.as(loser).arena.confirm({ gameId: g!.id });
      }
      const l = await w.as(a).arena.ladder({ ladderId });
      expect(l.ladder.rule).toBe("Every night's points count.");
      expect(l.nights.map((n) => n.name)).toEqual(["Night one", "Night two"]);
      expect(l.rows.map((r) => [r.name, r.value, r.rank])).toEqual([
        ["P2", "4", 1],
        ["P1", "2", 2],
      ]);
      const clubView = await w.as(a).arena.club({ clubId: w.club.id });
      expect(clubView.ladders.map((x) => x.name)).toEqual(["Winter ladder"]);
      expect(clubView.nights).toHaveLength(2);
      expect(await code(w.as(w.outsider).arena.ladder({ ladderId }))).toBe("FORBIDDEN");
    });
  });

  describe("ratings: a club night's games are rated unless the night is unrated", () => {
    const ratingOf = async (u: PublicUser) => (await getPlayerRating(db(), u.id, "equate")).games;
    async function playOne(w: World, nightId: string, winner: PublicUser, loser: PublicUser) {
      for (const p of [winner, loser]) await w.as(p).arena.join({ nightId });
      const [g] = await playing(w, nightId);
      await w.as(winner).arena.report({ gameId: g!.id, scores: { [winner.id]: 300, [loser.id]: 100 } });
      await w.as(loser).arena.confirm({ gameId: g!.id });
    }

    it("a confirmed game of a rated night changes both players' ratings, once", async () => {
      const w = await club(db(), 2);
      const [a, b] = w.members as [PublicUser, PublicUser];
      const before = await Promise.all([a, b].map((u) => getPlayerRating(db(), u.id, "equate")));
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Rated night" });
      expect((await view(w, a, id)).night.rated).toBe(true);
      await playOne(w, id, a, b);
      const after = await Promise.all([a, b].map((u) => getPlayerRating(db(), u.id, "equate")));
      expect(after.map((r) => r.games)).toEqual([before[0]!.games + 1, before[1]!.games + 1]);
      expect(after[0]!.rating).toBeGreaterThan(before[0]!.rating);
      expect(after[1]!.rating).toBeLessThan(before[1]!.rating);
      // the director decides the rematch: rated too, as its own game
      const [g] = await playing(w, id);
      await w.dir.arena.decide({ gameId: g!.id, scores: { [a.id]: 200, [b.id]: 250 } });
      expect(await ratingOf(a)).toBe(before[0]!.games + 2);
    });

    it("an unrated night, or a night feeding an unrated ladder, leaves ratings unchanged", async () => {
      const w = await club(db(), 2);
      const [a, b] = w.members as [PublicUser, PublicUser];
      const before = await Promise.all([a, b].map(ratingOf));
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Friendly night", rated: false });
      expect((await view(w, a, id)).night.rated).toBe(false);
      await playOne(w, id, a, b);
      const { id: ladderId } = await w.dir.arena.createLadder({ clubId: w.club.id, name: "Friendly ladder", rated: false });
      expect((await w.as(a).arena.ladder({ ladderId })).ladder.rated).toBe(false);
      const two = await w.dir.arena.open({ clubId: w.club.id, name: "Ladder night", ladderId });
      expect((await view(w, a, two.id)).night.rated).toBe(false);
      await playOne(w, two.id, b, a);
      expect(await Promise.all([a, b].map(ratingOf))).toEqual(before);
    });

    it("an online game of a rated night is a rated match", async () => {
      const w = await club(db(), 2);
      const [a, b] = w.members as [PublicUser, PublicUser];
      const { id } = await w.dir.arena.open({ clubId: w.club.id, name: "Online rated", mode: "online" });
      for (const p of [a, b]) await w.as(p).arena.join({ nightId: id });
      const [g] = await playing(w, id);
      const m = await getMatchView(db(), g!.matchId!, a.id);
      expect(m.rated).toBe(true);
    });
  });
});
