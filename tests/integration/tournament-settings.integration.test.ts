/**
 * The director's settings (issue 17): every challenge rule of the engine, the spread cap in
 * standings, forbidden pairs honoured by the pairers that can, seeds before round 1, the member
 * picker's search, the sentences of refusals, who may do each, and what the audit log says.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clubMemberships, matches } from "@/db/schema";
import type { Db } from "@/db/client";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedTournament, seedUser, seedUsers } from "../helpers/seed";

/** A club (owner, club director, member, outsider), `n` members who will play, and a tournament with them checked in. */
async function seedEvent(db: Db, n: number, settings: Record<string, unknown> = {}) {
  const [owner, clubDirector, member, outsider] = await Promise.all([seedUser(db), seedUser(db), seedUser(db, { name: "Zed Member" }), seedUser(db)]);
  const players = await seedUsers(db, n, (i) => `P${i + 1}`);
  const { club } = await seedClub(db, { owner, directors: [clubDirector], members: [member, ...players], name: "Settings Club" });
  const { t, director } = await seedTournament(db, {
    clubId: club.id,
    director: clubDirector,
    players,
    registerBy: "userIds",
    settings: { name: "Settings Open", format: "swiss", rounds: 3, ...settings },
  });
  return { club, owner, clubDirector, member, outsider, players, t, director, id: t.id };
}

type Event = Awaited<ReturnType<typeof seedEvent>>;

/** Pair, publish, enter `score(userId)` for everyone, close; returns the round's boards as id pairs. */
async function playRound(s: Event, score: (userId: string) => number): Promise<string[][]> {
  const { roundNumber } = await s.director.tournaments.rounds.pair({ tournamentId: s.id });
  await s.director.tournaments.rounds.publish({ tournamentId: s.id, roundNumber });
  const round = (await s.director.tournaments.byId({ tournamentId: s.id })).rounds.find((r) => r.number === roundNumber)!;
  for (const p of round.pairings.filter((x) => !x.isBye))
    await s.director.tournaments.enterResult({ tournamentId: s.id, pairingId: p.id, scores: Object.fromEntries(p.players.map((pl) => [pl.userId, score(pl.userId)])) });
  await s.director.tournaments.rounds.close({ tournamentId: s.id, roundNumber });
  return round.pairings.filter((x) => !x.isBye).map((p) => p.players.map((pl) => pl.userId));
}

const samePair = (board: string[], [a, b]: [string, string]) => board.includes(a) && board.includes(b);

describeDb("tournament settings", (db) => {
  describe("challenge rules", () => {
    it("accepts every rule of the engine, including 10-point, and every game of the event starts with it", async () => {
      for (const rule of ["void", "retry", "single", "double", "5-point", "10-point"] as const) {
        const s = await seedEvent(db(), 0, { challengeRule: rule });
        expect(s.t.challengeRule).toBe(rule);
        // the ruleset option holds the nearest of its own three
        expect(s.t.rulesetOptions.challenge).toBe(["retry", "double"].includes(rule) ? rule : "single");
      }
      const s = await seedEvent(db(), 2, { challengeRule: "10-point" });
      await s.director.tournaments.rounds.pair({ tournamentId: s.id });
      await s.director.tournaments.rounds.publish({ tournamentId: s.id, roundNumber: 1 });
      const board = (await s.director.tournaments.byId({ tournamentId: s.id })).rounds[0]!.pairings[0]!;
      const { matchId } = await callerFor(db(), s.players[0]!).matches.createFromPairing({ pairingId: board.id });
      const [m] = await db().select({ rule: matches.challengeRule }).from(matches).where(eq(matches.id, matchId));
      expect(m!.rule).toBe("10-point");
    });

    it("keeps a 10-point rule when other game options change, and changes it when one is named", async () => {
      const s = await seedEvent(db(), 0, { challengeRule: "10-point" });
      const u1 = await s.director.tournaments.update({ tournamentId: s.id, rulesetOptions: { allTilesBonus: 40 } });
      expect(u1.challengeRule).toBe("10-point");
      expect(u1.rulesetOptions.allTilesBonus).toBe(40);
      const u2 = await s.director.tournaments.update({ tournamentId: s.id, challengeRule: "double" });
      expect([u2.challengeRule, u2.rulesetOptions.challenge]).toEqual(["double", "double"]);
      const u3 = await s.director.tournaments.update({ tournamentId: s.id, challengeRule: "5-point" });
      expect([u3.challengeRule, u3.rulesetOptions.challenge]).toEqual(["5-point", "single"]);
      await expect(s.director.tournaments.update({ tournamentId: s.id, challengeRule: "15-point" as never })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/Choose a challenge rule: void, retry, single, double, 5-point, 10-point/) });
    });
  });

  describe("spread cap", () => {
    it("caps each game's spread in the standings, and stays off by default", async () => {
      const s = await seedEvent(db(), 2, { spreadCap: 100 });
      expect(s.t.spreadCap).toBe(100);
      const [p1, p2] = s.players as [PublicUser, PublicUser];
      await playRound(s, (id) => (id === p1.id ? 500 : 100));
      const st = await callerFor(db()).tournaments.standings({ tournamentId: s.id });
      expect(Object.fromEntries(st.rows.map((r) => [r.userId, r.spread]))).toEqual({ [p1.id]: 100, [p2.id]: -100 });

      const off = await seedEvent(db(), 2);
      expect(off.t.spreadCap).toBeNull();
      await playRound(off, (id) => (id === off.players[0]!.id ? 500 : 100));
      const raw = await callerFor(db()).tournaments.standings({ tournamentId: off.id });
      expect(raw.rows.map((r) => r.spread).sort((a, b) => a - b)).toEqual([-400, 400]);
    });

    it("refuses a cap below 1 and, once round 1 is paired, any change — with sentences", async () => {
      const s = await seedEvent(db(), 2);
      await expect(s.director.tournaments.update({ tournamentId: s.id, spreadCap: 0 })).rejects.toMatchObject({ message: expect.stringMatching(/A spread cap is at least 1 point/) });
      const u = await s.director.tournaments.update({ tournamentId: s.id, spreadCap: 250 });
      expect(u.spreadCap).toBe(250);
      await s.director.tournaments.rounds.pair({ tournamentId: s.id });
      await expect(s.director.tournaments.update({ tournamentId: s.id, spreadCap: null })).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/Once round 1 is paired .* \(not spread cap\)\./) });
      await expect(s.director.tournaments.update({ tournamentId: s.id, timeControl: { perMoveLimitMs: 60_000 } })).rejects.toMatchObject({ message: expect.stringMatching(/\(not clock\)/) });
      // the same value sent back is no change
      await expect(s.director.tournaments.update({ tournamentId: s.id, spreadCap: 250, name: "Renamed Open" })).resolves.toMatchObject({ name: "Renamed Open", spreadCap: 250 });
    });
  });

  describe("per-move limit", () => {
    it("is part of the clock: set before round 1, logged old → new", async () => {
      const s = await seedEvent(db(), 0);
      const u = await s.director.tournaments.update({ tournamentId: s.id, timeControl: { perMoveLimitMs: 90_000 } });
      expect(u.timeControl.perMoveLimitMs).toBe(90_000);
      expect(u.timeControl.initialMs).toBe(s.t.timeControl.initialMs);
      const log = await s.director.tournaments.audit({ tournamentId: s.id });
      expect(log[0]).toMatchObject({ action: "tournament.updated", detail: "per-move limit none → 1:30" });
    });
  });

  describe("forbidden pairs", () => {
    it("a Swiss never pairs a forbidden pair while another pairing exists, over every round", async () => {
      const s = await seedEvent(db(), 6);
      const ids = s.players.map((p) => p.id);
      // Seeds 1 v 4, 2 v 5, 3 v 6 would come first: forbid two of those boards.
      const forbidden: [string, string][] = [
        [ids[0]!, ids[3]!],
        [ids[1]!, ids[4]!],
      ];
      for (const [a, b] of forbidden) await s.director.tournaments.forbiddenPairs.add({ tournamentId: s.id, a, b });
      const strength = (id: string) => 300 + 10 * ids.indexOf(id);
      for (let r = 0; r < 3; r++) {
        const boards = await playRound(s, strength);
        for (const board of boards) for (const pair of forbidden) expect(samePair(board, pair), `round ${r + 1}`).toBe(false);
      }
      const listed = await s.director.tournaments.forbiddenPairs.list({ tournamentId: s.id });
      expect(listed.map((p) => [p.a.name, p.b.name].sort().join(" & ")).sort()).toEqual(["P1 & P4", "P2 & P5"]);
    });

    it("King of the Hill skips a forbidden neighbour; when no other pairing exists the pair meets and the draft says so", async () => {
      const s = await seedEvent(db(), 4, { format: "king-of-the-hill" });
      const ids = s.players.map((p) => p.id);
      await playRound(s, (id) => 300 + 10 * ids.indexOf(id)); // P4 > P3 > P2 > P1 in the standings
      await s.director.tournaments.forbiddenPairs.add({ tournamentId: s.id, a: ids[3]!, b: ids[2]! });
      const boards = await playRound(s, (id) => 300 + 10 * ids.indexOf(id));
      for (const board of boards) expect(samePair(board, [ids[3]!, ids[2]!])).toBe(false);

      const two = await seedEvent(db(), 2);
      await two.director.tournaments.forbiddenPairs.add({ tournamentId: two.id, a: two.players[0]!.id, b: two.players[1]!.id });
      await two.director.tournaments.rounds.pair({ tournamentId: two.id });
      const draft = (await two.director.tournaments.byId({ tournamentId: two.id })).rounds[0]!;
      expect(draft.pairings).toHaveLength(1);
      expect(draft.notes.join(" ")).toMatch(/forbidden pair/);
    });

    it("a round robin cannot keep a pair apart: the draft names them", async () => {
      const s = await seedEvent(db(), 4, { format: "round-robin" });
      const [a, b] = s.players as [PublicUser, PublicUser];
      await s.director.tournaments.forbiddenPairs.add({ tournamentId: s.id, a: a.id, b: b.id });
      const notes: string[] = [];
      for (let r = 0; r < 3; r++) {
        const { roundNumber } = await s.director.tournaments.rounds.pair({ tournamentId: s.id });
        notes.push(...(await s.director.tournaments.byId({ tournamentId: s.id })).rounds.find((x) => x.number === roundNumber)!.notes);
        await s.director.tournaments.rounds.publish({ tournamentId: s.id, roundNumber });
        const round = (await s.director.tournaments.byId({ tournamentId: s.id })).rounds.find((x) => x.number === roundNumber)!;
        for (const p of round.pairings.filter((x) => !x.isBye)) await s.director.tournaments.enterResult({ tournamentId: s.id, pairingId: p.id, scores: Object.fromEntries(p.players.map((pl, i) => [pl.userId, 300 + i])) });
        await s.director.tournaments.rounds.close({ tournamentId: s.id, roundNumber });
      }
      expect(notes.filter((n) => /forbidden pair/.test(n))).toEqual([expect.stringMatching(/^P[12] and P[12] are a forbidden pair, but in a round robin everyone meets everyone: they meet at table \d\.$/)]);
    });

    it("refuses what cannot be a pair, with sentences, and logs adds and removals with names", async () => {
      const s = await seedEvent(db(), 3);
      const [a, b, c] = s.players as [PublicUser, PublicUser, PublicUser];
      const add = (x: string, y: string) => s.director.tournaments.forbiddenPairs.add({ tournamentId: s.id, a: x, b: y });
      await expect(add(a.id, a.id)).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/Choose two different players\./) });
      await expect(add(a.id, s.outsider.id)).rejects.toMatchObject({ code: "NOT_FOUND", message: "Both players must be entered in this tournament." });
      const pair = await add(b.id, a.id);
      expect([pair.a.name, pair.b.name].sort()).toEqual(["P1", "P2"]);
      await expect(add(a.id, b.id)).rejects.toMatchObject({ code: "CONFLICT", message: "P1 and P2 are already kept apart." });
      await expect(s.director.tournaments.forbiddenPairs.remove({ tournamentId: s.id, a: a.id, b: c.id })).rejects.toMatchObject({ code: "NOT_FOUND", message: "Those two players are not a forbidden pair." });
      await s.director.tournaments.forbiddenPairs.remove({ tournamentId: s.id, a: b.id, b: a.id });
      expect(await s.director.tournaments.forbiddenPairs.list({ tournamentId: s.id })).toEqual([]);
      const log = await s.director.tournaments.audit({ tournamentId: s.id });
      expect(log.slice(0, 2).map((e) => [e.summary, e.detail])).toEqual([
        ["let two players meet again", expect.stringMatching(/^P[12] and P[12]$/)],
        ["kept two players apart", expect.stringMatching(/^P[12] and P[12]$/)],
      ]);
    });
  });

  describe("seeds", () => {
    it("are set before round 1 (logged old → new) and refused after, with a sentence", async () => {
      const s = await seedEvent(db(), 2);
      const [a] = s.players as [PublicUser];
      await s.director.tournaments.players.seed({ tournamentId: s.id, userId: a.id, seed: 2 });
      await s.director.tournaments.players.seed({ tournamentId: s.id, userId: a.id, seed: 1 });
      expect((await s.director.tournaments.audit({ tournamentId: s.id }))[0]!.detail).toBe("P1, seed 2 → 1");
      await expect(s.director.tournaments.players.seed({ tournamentId: s.id, userId: a.id, seed: 0 })).rejects.toMatchObject({ message: expect.stringMatching(/Seeds start at 1\./) });
      await s.director.tournaments.rounds.pair({ tournamentId: s.id });
      await expect(s.director.tournaments.players.seed({ tournamentId: s.id, userId: a.id, seed: 2 })).rejects.toMatchObject({
        code: "PRECONDITION_FAILED",
        message: "Registration is closed: seeds can be set only before round 1 is paired.",
      });
    });
  });

  describe("settings changes in the audit log", () => {
    it("names each field with its old and new value", async () => {
      const s = await seedEvent(db(), 0);
      await s.director.tournaments.update({ tournamentId: s.id, rounds: 5, spreadCap: 300, challengeRule: "10-point" });
      const [entry] = await s.director.tournaments.audit({ tournamentId: s.id });
      expect(entry!.summary).toBe("changed the settings");
      expect(entry!.detail!.split("; ").sort()).toEqual(["challenge rule retry → 10-point", "rounds 3 → 5", "spread cap none → 300"]);
    });
  });

  describe("the member picker", () => {
    it("finds club members not yet entered, by name or e-mail, at most `limit`", async () => {
      const s = await seedEvent(db(), 3);
      await s.director.tournaments.players.add({ tournamentId: s.id, userIds: [], emails: s.outsider.email });
      const extra = await seedUser(db(), { name: "Zara Extra" });
      await db().insert(clubMemberships).values({ clubId: s.club.id, userId: extra.id, role: "member" });
      const search = (query: string, limit?: number) => s.director.tournaments.players.search({ tournamentId: s.id, query, ...(limit ? { limit } : {}) });
      expect((await search("Za")).map((m) => m.name)).toEqual(["Zara Extra"]);
      expect((await search(s.member.email.toUpperCase())).map((m) => m.userId)).toEqual([s.member.id]);
      const all = await search("");
      // the players (entered) and the outsider (not a member) never show; the staff and members do
      expect(all.map((m) => m.userId).sort()).toEqual([s.owner.id, s.clubDirector.id, s.member.id, extra.id].sort());
      expect(await search("", 2)).toHaveLength(2);
      expect(await search("%")).toEqual([]); // a wildcard is a character, not "everything"
      await expect(search("x".repeat(121))).rejects.toMatchObject({ code: "BAD_REQUEST" });
    });
  });

  describe("who may", () => {
    it("only directors (and club owners) change pairs, search members and read pairs", async () => {
      const s = await seedEvent(db(), 2);
      const judge = await seedUser(db());
      await s.director.tournaments.staff.add({ tournamentId: s.id, email: judge.email, role: "judge" });
      const [a, b] = s.players as [PublicUser, PublicUser];
      for (const who of [s.outsider, s.member, a, judge]) {
        const c = callerFor(db(), who);
        await expect(c.tournaments.forbiddenPairs.add({ tournamentId: s.id, a: a.id, b: b.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
        await expect(c.tournaments.forbiddenPairs.list({ tournamentId: s.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
        await expect(c.tournaments.players.search({ tournamentId: s.id, query: "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
        await expect(c.tournaments.update({ tournamentId: s.id, spreadCap: 50 })).rejects.toMatchObject({ code: "FORBIDDEN" });
      }
      await expect(callerFor(db()).tournaments.players.search({ tournamentId: s.id, query: "" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(callerFor(db(), s.owner).tournaments.forbiddenPairs.add({ tournamentId: s.id, a: a.id, b: b.id })).resolves.toMatchObject({ a: { userId: expect.any(String) } });
      expect(await s.director.tournaments.forbiddenPairs.list({ tournamentId: s.id })).toHaveLength(1);
    });
  });
});
