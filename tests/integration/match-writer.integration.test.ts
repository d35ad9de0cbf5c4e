/**
 * Every kind of game is written by the one writer (server/services/matches/writer.ts, issue 24):
 * an online move, a scorekeeper's move, an imported record and a director's end each count one
 * write of their kind there (`writesByKind`), and the row ends as that write left it. The source
 * scan (tests/unit/match-writer.test.ts) proves nobody else writes; this proves these paths do
 * go through it.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { clubMemberships, matchEvents, matches, tournamentPairings } from "@/db/schema";
import { createFromPairing } from "@/server/services/matches/lifecycle";
import { importRecord } from "@/server/services/matches/import";
import { backgroundSettlesDone, submitMove } from "@/server/services/matches/moves";
import { getMatchView } from "@/server/services/matches/views";
import { createOtbMatch, scorekeeperMove } from "@/server/services/matches/scorekeeper";
import { writesByKind, type WriteKind } from "@/server/services/matches/writer";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

const T0 = Date.UTC(2031, 3, 1, 9, 0, 0);

/** Runs `fn` and returns how many writes of each kind it made (kinds with none left out). */
async function writesDuring(fn: () => Promise<unknown>): Promise<Partial<Record<WriteKind, number>>> {
  const before = writesByKind();
  await fn();
  const after = writesByKind();
  return Object.fromEntries(Object.entries(after).flatMap(([k, n]) => (n !== before[k as WriteKind] ? [[k, n - before[k as WriteKind]]] : [])));
}

describeDb("the one writer of a match", (db) => {
  it("a move, a scorekeeper's move, an import and a director's end all go through it", async () => {
    const [owner, director, p1, p2] = await Promise.all([seedUser(db()), seedUser(db()), seedUser(db(), { name: "Ada" }), seedUser(db(), { name: "Ben" })]);
    const club = await callerFor(db(), owner).clubs.create({ handle: `mw-${randomUUID().slice(0, 8)}`, name: "Writer Club" });
    await db().insert(clubMemberships).values([{ clubId: club.id, userId: director.id, role: "director" }]);
    const dir = callerFor(db(), director);
    const t = await dir.tournaments.create({ clubId: club.id, name: "Writer Cup", startsAt: new Date("2031-04-01T09:00:00Z"), ruleset: "equate", format: "swiss", rounds: 1, timeControl: { initialMs: 600_000 } });
    await dir.tournaments.players.add({ tournamentId: t.id, emails: [p1.email, p2.email].join("\n"), checkIn: true });
    const { roundNumber } = await dir.tournaments.rounds.pair({ tournamentId: t.id });
    await dir.tournaments.rounds.publish({ tournamentId: t.id, roundNumber });
    const [pairing] = await db().select().from(tournamentPairings).where(and(eq(tournamentPairings.tournamentId, t.id), eq(tournamentPairings.isBye, false)));

    // A director opens the board: the row and the start event, both the writer's.
    let matchId = "";
    expect(await writesDuring(async () => ({ matchId } = await createFromPairing(db(), { pairingId: pairing!.id, userId: director.id }, { now: T0 })))).toEqual({ create: 1, start: 1 });

    // An online move, by the first in turn order (the start event's first player).
    const [start] = await db().select({ payload: matchEvents.payload }).from(matchEvents).where(eq(matchEvents.matchId, matchId));
    const onMove = (start!.payload as { players: { id: string }[] }).players[0]!.id;
    expect(await writesDuring(() => submitMove(db(), { matchId, userId: onMove, expectedSeq: 1, clientId: randomUUID(), action: { type: "pass" } }, { now: T0 + 1_000 }))).toEqual({ move: 1 });

    // The director's result ends the running game: director-end and end, one write; the result.
    const scores = { [p1.id]: 300, [p2.id]: 250 };
    expect(await writesDuring(() => dir.tournaments.enterResult({ tournamentId: t.id, pairingId: pairing!.id, scores, forfeitUserId: null }))).toMatchObject({ "director-end": 1, result: 1 });
    const [ended] = await db().select().from(matches).where(eq(matches.id, matchId));
    expect(ended).toMatchObject({ status: "finished", result: { reason: "director", winners: [p1.id] } });

    // That game's record, imported: one write of the whole log (and its row).
    const events = await db().select({ payload: matchEvents.payload }).from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(asc(matchEvents.seq));
    let imported = "";
    expect(await writesDuring(async () => ({ matchId: imported } = await importRecord(db(), p1.id, { format: "json", text: JSON.stringify(events.map((e) => e.payload)) }, { now: T0 + 5_000 })))).toEqual({ create: 1, import: 1 });
    const [row] = await db().select().from(matches).where(eq(matches.id, imported));
    expect(row).toMatchObject({ status: "finished", version: events.length, rated: false });

    // A scorekeeper's station: created and started, then a move entered for a seat.
    let station = "";
    const otb = { ruleset: "equate" as const, rulesetOptions: {}, challengeRule: "single" as const, timeControl: null, players: [{ userId: p1.id, name: "Ada" }, { userId: null, name: "Gus" }] };
    expect(await writesDuring(async () => ({ id: station } = await createOtbMatch(db(), p1.id, otb, { now: T0 })))).toEqual({ create: 1, start: 1 });
    expect(await writesDuring(() => scorekeeperMove(db(), p1.id, { matchId: station, expectedSeq: 1, clientId: randomUUID(), seat: 0, action: { type: "pass" }, tappedAt: null }, { now: T0 + 2_000 }))).toEqual({ scorekeeper: 1 });
  });

  it("a view shows a game the clock ended without writing it; the settle job records it through the writer", async () => {
    const [a, b] = await Promise.all([seedUser(db(), { name: "Ann" }), seedUser(db(), { name: "Bo" })]);
    const otb = { ruleset: "equate" as const, rulesetOptions: {}, challengeRule: "single" as const, timeControl: { initialMs: 1_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 0, leastTimeBonusPoints: 0 }, players: [{ userId: a.id, name: "Ann" }, { userId: b.id, name: "Bo" }] };
    const { id } = await createOtbMatch(db(), a.id, otb, { now: T0 });
    const writes = await writesDuring(async () => {
      const v = await getMatchView(db(), id, null, { now: T0 + 5_000 });
      expect(v).toMatchObject({ status: "finished", version: 1, result: { reason: "timeout", winners: [b.id] } });
      await backgroundSettlesDone();
    });
    expect(writes).toEqual({ settle: 1 });
    const [row] = await db().select().from(matches).where(eq(matches.id, id));
    expect(row).toMatchObject({ status: "finished", version: 3, result: { reason: "timeout" } });
  });
});
