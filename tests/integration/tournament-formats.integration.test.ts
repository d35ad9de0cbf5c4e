/**
 * Formats and pairing quality through the API (a real tRPC caller, every middleware): a Swiss in
 * pods of 3 with standings and ratings, pods of 4 mixed with 3s, a round robin in pods, a pairing
 * plan (Swiss, then King of the Hill for the last round), a one-round method override, and the
 * settings' validation.
 */
import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { ratedGames, ratingEvents, tournamentRounds } from "@/db/schema";
import type { Db } from "@/db/client";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedTournament, seedUser, seedUsers } from "../helpers/seed";
import { pairingsCsv } from "@/server/services/tournaments/views";

async function seedEvent(db: Db, n: number, settings: Record<string, unknown>) {
  const [owner, director] = await Promise.all([seedUser(db), seedUser(db)]);
  const players = await seedUsers(db, n, (i) => `Q${i + 1}`);
  const { club } = await seedClub(db, { owner, directors: [director], members: players, name: "Pod Club" });
  const { t, director: d } = await seedTournament(db, { clubId: club.id, director, players, settings: { name: "Pod Open", startsAt: new Date("2031-05-01T09:00:00Z"), ...settings } });
  return { t, d, players, director, club };
}

type Event = Awaited<ReturnType<typeof seedEvent>>;
/** Player i+1 scores 300 + 10·(i+1): the higher-numbered player always wins. */
const scoreOf = (e: Event, id: string) => 300 + 10 * (e.players.findIndex((p) => p.id === id) + 1);

async function playRound(e: Event, method?: "swiss" | "king-of-the-hill") {
  const { roundNumber } = await e.d.tournaments.rounds.pair({ tournamentId: e.t.id, ...(method ? { method } : {}) });
  await e.d.tournaments.rounds.publish({ tournamentId: e.t.id, roundNumber });
  const round = (await e.d.tournaments.byId({ tournamentId: e.t.id })).rounds.find((r) => r.number === roundNumber)!;
  for (const p of round.pairings.filter((x) => !x.isBye))
    await e.d.tournaments.enterResult({ tournamentId: e.t.id, pairingId: p.id, scores: Object.fromEntries(p.players.map((pl) => [pl.userId, scoreOf(e, pl.userId)])) });
  await e.d.tournaments.rounds.close({ tournamentId: e.t.id, roundNumber });
  return round;
}

const pairsOf = (ids: string[]) => ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b].sort().join("|")));

describeDb("tournament formats", (db) => {
  it("runs a 9-player Swiss in pods of 3 through the API: no pod-mates twice, balanced seats, standings and ratings", async () => {
    const e = await seedEvent(db(), 9, { format: "swiss", rounds: 3, playersPerGame: 3, rated: true });
    expect(e.t.playersPerGame).toBe(3);
    const rounds = [];
    for (let r = 0; r < 3; r++) rounds.push(await playRound(e));
    const met = new Set<string>();
    const seats = new Map(e.players.map((p) => [p.id, [0, 0, 0]]));
    for (const round of rounds) {
      expect(round.pairingMethod).toBe("swiss");
      expect(round.pairings.map((p) => p.players.length)).toEqual([3, 3, 3]);
      for (const p of round.pairings) {
        expect(p.reason).toMatch(/pod of 3/);
        const ids = p.players.map((x) => x.userId);
        ids.forEach((id, s) => seats.get(id)![s]++);
        for (const k of pairsOf(ids)) {
          expect(met.has(k)).toBe(false);
          met.add(k);
        }
      }
    }
    // seats spread: nobody sat in one seat all three rounds
    for (const c of seats.values()) expect(Math.max(...c)).toBeLessThanOrEqual(2);

    // standings: a pod's wins = opponents beaten / 2; Q9 beats everyone it meets, Q1 nobody
    const st = await callerFor(db()).tournaments.standings({ tournamentId: e.t.id });
    expect(st.rows).toHaveLength(9);
    expect(st.rows[0]!.userId).toBe(e.players[8]!.id);
    expect(st.rows[0]!.wins).toBe(3);
    expect(st.rows.at(-1)!.userId).toBe(e.players[0]!.id);
    expect(st.rows.at(-1)!.wins).toBe(0);
    expect(st.rows.reduce((s, r) => s + r.wins, 0)).toBe(13.5); // 9 pods × 1.5 wins each

    // ratings: one ledger row per pod, one rating event per player per pod; the winner went up
    const boardIds = rounds.flatMap((r) => r.pairings.map((p) => p.id));
    expect(await db().select().from(ratedGames).where(inArray(ratedGames.pairingId, boardIds))).toHaveLength(9);
    const events = await db().select().from(ratingEvents).where(inArray(ratingEvents.userId, e.players.map((p) => p.id)));
    expect(events).toHaveLength(27);
    const best = await callerFor(db()).ratings.player({ userId: e.players[8]!.id });
    const worst = await callerFor(db()).ratings.player({ userId: e.players[0]!.id });
    const rating = (p: typeof best) => p.ratings.find((r) => r.ruleset === "equate")!.rating;
    expect(rating(best)).toBeGreaterThan(1500);
    expect(rating(worst)).toBeLessThan(1500);
  });

  it("pods of 4 with a field of 10: one pod of 4 and two of 3, nobody sits out", async () => {
    const e = await seedEvent(db(), 10, { format: "swiss", rounds: 2, playersPerGame: 4 });
    const r1 = await playRound(e);
    expect(r1.pairings.filter((p) => !p.isBye).map((p) => p.players.length)).toEqual([4, 3, 3]);
    expect(r1.pairings.some((p) => p.isBye)).toBe(false);
    // pairings.csv has a name and a score column for every seat of a pod (a pod of 3 leaves the 4th empty)
    const lines = (await pairingsCsv(db(), e.t.id, 1)).trim().split("\r\n");
    expect(lines[0]).toBe("round,table,first,second,third,fourth,first_score,second_score,third_score,fourth_score,forfeit,bye");
    const byTable = new Map(r1.pairings.map((p) => [p.table, p]));
    for (const line of lines.slice(1)) {
      const cells = line.split(",");
      const p = byTable.get(Number(cells[1]))!;
      const seatsOf = [0, 1, 2, 3].map((i) => p.players[i]);
      expect(cells.slice(2, 6)).toEqual(seatsOf.map((pl) => pl?.name ?? ""));
      expect(cells.slice(6, 10)).toEqual(seatsOf.map((pl) => (pl ? String(scoreOf(e, pl.userId)) : "")));
    }
    expect(lines).toHaveLength(4);
    // the cross-table gives each pod cell its placing (1 + the pod-mates who scored more)
    const cross = await callerFor(db()).tournaments.crossTable({ tournamentId: e.t.id });
    for (const p of r1.pairings)
      for (const pl of p.players) {
        const cell = cross.rows.find((r) => r.userId === pl.userId)!.cells[0]!;
        expect(cell.place).toBe(1 + p.players.filter((o) => scoreOf(e, o.userId) > scoreOf(e, pl.userId)).length);
      }
    // round 2: a pod of 4 must hold two players of some round-1 pod (only 3 pods), so the engine says so
    const r2 = await playRound(e);
    expect(r2.pairings.flatMap((p) => p.players).length).toBe(10);
    expect(r2.notes.join(" ")).toMatch(/some pod-mates meet again/);
  });

  it("a withdrawn player leaves the pods: 7 players play 3 + 4, then 6 play 3 + 3 and keep their results", async () => {
    const e = await seedEvent(db(), 7, { format: "swiss", rounds: 2, playersPerGame: 3 });
    const r1 = await playRound(e);
    expect(r1.pairings.map((p) => p.players.length)).toEqual([3, 4]);
    const gone = e.players[2]!;
    await e.d.tournaments.players.withdraw({ tournamentId: e.t.id, userId: gone.id });
    const r2 = await playRound(e);
    expect(r2.pairings.map((p) => p.players.length)).toEqual([3, 3]);
    expect(r2.pairings.flatMap((p) => p.players.map((x) => x.userId))).not.toContain(gone.id);
    const st = await callerFor(db()).tournaments.standings({ tournamentId: e.t.id });
    expect(st.rows).toHaveLength(7);
    expect(st.rows.find((r) => r.userId === gone.id)).toMatchObject({ withdrawn: true });
  });

  it("a round robin in pods of 3 plans its rounds from the field and meets every pair", async () => {
    const e = await seedEvent(db(), 6, { format: "round-robin", playersPerGame: 3 });
    const first = await playRound(e);
    const o = await e.d.tournaments.byId({ tournamentId: e.t.id });
    expect(o.plannedRounds).toBeGreaterThanOrEqual(3);
    expect(o.tournament.rounds).toBe(o.plannedRounds);
    const rounds = [first];
    for (let r = 2; r <= o.plannedRounds!; r++) rounds.push(await playRound(e));
    const met = new Set(rounds.flatMap((r) => r.pairings.flatMap((p) => pairsOf(p.players.map((x) => x.userId)))));
    expect(met.size).toBe(15);
    expect((await e.d.tournaments.byId({ tournamentId: e.t.id })).tournament.status).toBe("finished");
  });

  it("a round robin pod that lost a withdrawn player plays without them", async () => {
    const e = await seedEvent(db(), 6, { format: "round-robin", playersPerGame: 3 });
    await playRound(e);
    const gone = e.players[0]!;
    await e.d.tournaments.players.withdraw({ tournamentId: e.t.id, userId: gone.id });
    const r2 = await playRound(e);
    expect(r2.pairings.flatMap((p) => p.players.map((x) => x.userId))).not.toContain(gone.id);
    const short = r2.pairings.find((p) => !p.isBye && p.players.length === 2)!;
    expect(short.reason).toMatch(/withdrew, so the pod plays without them/);
    expect(r2.pairings.filter((p) => !p.isBye).map((p) => p.players.length).sort()).toEqual([2, 3]);
  });

  it("follows the pairing plan (Swiss, then King of the Hill for the last round) and a one-round override", async () => {
    const e = await seedEvent(db(), 6, { format: "swiss", rounds: 4, pairingPlan: [{ fromRound: 4, method: "king-of-the-hill" }] });
    expect(e.t.pairingPlan).toEqual([{ fromRound: 4, method: "king-of-the-hill" }]);
    await playRound(e);
    await playRound(e);
    // round 3: the director pairs King of the Hill for this round only
    const r3 = await playRound(e, "king-of-the-hill");
    expect(r3.pairingMethod).toBe("king-of-the-hill");
    const top = (await callerFor(db()).tournaments.standings({ tournamentId: e.t.id })).rows.slice(0, 2).map((r) => r.userId);
    const r4 = await playRound(e);
    expect(r4.pairingMethod).toBe("king-of-the-hill");
    // KOTH: the top two of the standings before round 4 share table 1, whatever they played before
    expect(r4.pairings[0]!.players.map((p) => p.userId).sort()).toEqual(top.sort());
    expect(r4.pairings[0]!.reason).toMatch(/King of the Hill: #1/);
    const stored = await db().select({ n: tournamentRounds.number, m: tournamentRounds.pairingMethod }).from(tournamentRounds).where(eq(tournamentRounds.tournamentId, e.t.id));
    expect(stored.sort((a, b) => a.n - b.n).map((r) => r.m)).toEqual(["swiss", "swiss", "king-of-the-hill", "king-of-the-hill"]);
  });

  it("validates the settings: plans beyond the event, plans for fixed formats, pods in brackets, and who may pair", async () => {
    const e = await seedEvent(db(), 4, { format: "swiss", rounds: 3 });
    const base = { clubId: e.club.id, name: "Bad", startsAt: new Date("2031-05-01T09:00:00Z"), ruleset: "equate" as const };
    await expect(e.d.tournaments.create({ ...base, rounds: 3, pairingPlan: [{ fromRound: 5, method: "king-of-the-hill" }] })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/round 5, but the event has 3 rounds/) });
    await expect(e.d.tournaments.create({ ...base, format: "round-robin", pairingPlan: [{ fromRound: 2, method: "swiss" }] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(e.d.tournaments.create({ ...base, format: "single-elimination", playersPerGame: 3 })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/head to head/) });
    await expect(e.d.tournaments.create({ ...base, playersPerGame: 5 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(e.d.tournaments.create({ ...base, pairingPlan: [{ fromRound: 2, method: "random" as never }] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // the plan may change while the event runs (it shapes only later rounds)
    await playRound(e);
    const u = await e.d.tournaments.update({ tournamentId: e.t.id, pairingPlan: [{ fromRound: 3, method: "king-of-the-hill" }] });
    expect(u.pairingPlan).toEqual([{ fromRound: 3, method: "king-of-the-hill" }]);
    // a player cannot pair a round
    await expect(callerFor(db(), e.players[0]!).tournaments.rounds.pair({ tournamentId: e.t.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // gibson places round-trip
    const g = await e.d.tournaments.create({ ...base, gibson: true, gibsonPlaces: 3, prizePlaces: 4 });
    expect(g).toMatchObject({ gibsonPlaces: 3, prizePlaces: 4 });
  });
});
