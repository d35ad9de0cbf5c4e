/**
 * Round 2 paired on the director's device offline (docs/offline.md): the browser's code
 * (app/_offline/device-round.ts) pairs from the dashboard's data exactly as the server would, the
 * server stores it only on the state it was made for (`rounds.fromDevice`), and what moved on the
 * server meanwhile is listed before publishing.
 */
import { expect, it } from "vitest";
import type { Db } from "@/db/client";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedTournament, seedUser, seedUsers } from "../helpers/seed";
import { differences, pairOnDevice } from "@/app/_offline/device-round";
import type { QueuedWrite } from "@/app/_offline/queue";
import type { TournamentData } from "@/app/tournaments/[id]/manage/use-dashboard";

async function seedEvent(db: Db) {
  const [owner, director] = await Promise.all([seedUser(db), seedUser(db)]);
  const players = await seedUsers(db, 6, (i) => `D${i + 1}`);
  const { club } = await seedClub(db, { owner, directors: [director], members: players, name: "Device Club" });
  const { t, director: d } = await seedTournament(db, { clubId: club.id, director, players, settings: { name: "Device Open", format: "swiss", rounds: 3 } });
  await d.tournaments.rounds.pair({ tournamentId: t.id });
  await d.tournaments.rounds.publish({ tournamentId: t.id, roundNumber: 1 });
  return { t, d, players, player: callerFor(db, players[0]!) };
}

/** Round 1's boards with a result each (the higher-numbered player wins), as queued writes on a device. */
function queuedResults(data: TournamentData, players: { id: string }[]): QueuedWrite[] {
  return data.rounds[0]!.pairings
    .filter((p) => !p.isBye)
    .map((p, i) => ({
      clientId: `c${i}`,
      seq: i + 1,
      kind: "result",
      target: `pairing:${p.id}`,
      scope: `tournament:${data.tournament.id}`,
      label: "",
      input: { tournamentId: data.tournament.id, pairingId: p.id, scores: Object.fromEntries(p.players.map((pl) => [pl.userId, 300 + 10 * players.findIndex((x) => x.id === pl.userId)])), forfeitUserId: null },
      baseVersion: p.version,
      createdAt: 0,
      state: "pending" as const,
    }));
}

const boardsOf = (data: TournamentData, n: number) => data.rounds.find((r) => r.number === n)!.pairings.map((p) => ({ table: p.table, isBye: p.isBye, players: p.players.map((x) => x.userId) }));

describeDb("round 2 paired on the director's device", (db) => {
  it("pairs as the server would, is stored only once round 1 is closed and for the whole field, and lists what moved", async () => {
    const { t, d, players, player } = await seedEvent(db());
    const before = (await d.tournaments.byId({ tournamentId: t.id })) as TournamentData;
    expect(before.entries.every((e) => e.rating !== null)).toBe(true);
    // nobody else sees the ratings the device pairs with
    expect((await player.tournaments.byId({ tournamentId: t.id })).entries.every((e) => e.rating === null)).toBe(true);

    // offline: results only on the device; a missing one is named
    const queued = queuedResults(before, players);
    expect(pairOnDevice(before, queued.slice(1), [])).toMatchObject({ ok: false, message: expect.stringMatching(/Enter every result of round 1 first \(tables \d\)/) });
    const made = pairOnDevice(before, queued, []);
    if (!made.ok) throw new Error(made.message);
    expect(made.round.roundNumber).toBe(2);
    const seated = [...made.round.boards.flatMap((b) => b.players), ...made.round.byes].map((p) => p.userId).sort();
    expect(seated).toEqual(players.map((p) => p.id).sort());

    // back online: the results reach the server
    for (const w of queued) await d.tournaments.enterResult(w.input as Parameters<typeof d.tournaments.enterResult>[0]);
    const synced = (await d.tournaments.byId({ tournamentId: t.id })) as TournamentData;
    expect(differences(made.round, synced)).toEqual([]);
    const input = { tournamentId: t.id, roundNumber: 2, boards: made.round.boards.map((b) => ({ table: b.table, players: b.players.map((p) => p.userId) })), byes: made.round.byes.map((p) => p.userId) };
    await expect(d.tournaments.rounds.fromDevice(input)).rejects.toThrow(/Close round 1 before storing round 2/);
    await d.tournaments.rounds.close({ tournamentId: t.id, roundNumber: 1 });
    await expect(d.tournaments.rounds.fromDevice({ ...input, boards: input.boards.slice(1) })).rejects.toThrow(/not in this pairing: pair the round again/);
    await expect(d.tournaments.rounds.fromDevice({ ...input, roundNumber: 3 })).rejects.toThrow(/Round 1 is the latest on the server/);
    await expect(player.tournaments.rounds.fromDevice(input)).rejects.toThrow();
    await d.tournaments.rounds.fromDevice(input);
    const stored = (await d.tournaments.byId({ tournamentId: t.id })) as TournamentData;
    expect(boardsOf(stored, 2).filter((b) => !b.isBye)).toEqual(input.boards.map((b) => ({ ...b, isBye: false })));
    // the same round as the server pairs it from the same state
    await d.tournaments.rounds.deleteDraft({ tournamentId: t.id, roundNumber: 2 });
    await d.tournaments.rounds.pair({ tournamentId: t.id });
    expect(boardsOf((await d.tournaments.byId({ tournamentId: t.id })) as TournamentData, 2)).toEqual(boardsOf(stored, 2));

    // what moved on the server meanwhile is listed: a round paired there, a changed result, a withdrawal
    const r1 = stored.rounds[0]!.pairings.find((p) => !p.isBye)!;
    await d.tournaments.enterResult({ tournamentId: t.id, pairingId: r1.id, scores: Object.fromEntries(r1.players.map((pl) => [pl.userId, 500])), expectedVersion: r1.version });
    await d.tournaments.players.withdraw({ tournamentId: t.id, userId: players[5]!.id });
    const moved = differences(made.round, (await d.tournaments.byId({ tournamentId: t.id })) as TournamentData);
    expect(moved).toEqual(
      expect.arrayContaining([
        "Round 2 was already paired on the server.",
        expect.stringMatching(new RegExp(`^On this device: Round 1, table ${r1.table}: .*On the server: .*500.*500`)),
        "D6 is no longer in the round (withdrawn or not checked in).",
      ]),
    );
  });

  it("keeps the director's forbidden pairs apart, as the server does", async () => {
    const { t, d, players } = await seedEvent(db());
    const before = (await d.tournaments.byId({ tournamentId: t.id })) as TournamentData;
    const queued = queuedResults(before, players);
    const free = pairOnDevice(before, queued, []);
    if (!free.ok) throw new Error(free.message);
    // forbid the first board the device paired without the list
    const [a, b] = free.round.boards[0]!.players.map((p) => p.userId) as [string, string];
    await d.tournaments.forbiddenPairs.add({ tournamentId: t.id, a, b });
    const forbidden = await d.tournaments.forbiddenPairs.forPairing({ tournamentId: t.id });
    expect(forbidden.map((p) => [...p].sort())).toContainEqual([a, b].sort());
    const made = pairOnDevice(before, queued, forbidden);
    if (!made.ok) throw new Error(made.message);
    expect(made.round.boards.some((x) => x.players.some((p) => p.userId === a) && x.players.some((p) => p.userId === b))).toBe(false);
    // and the server, from the same results, pairs the same round
    for (const w of queued) await d.tournaments.enterResult(w.input as Parameters<typeof d.tournaments.enterResult>[0]);
    await d.tournaments.rounds.close({ tournamentId: t.id, roundNumber: 1 });
    await d.tournaments.rounds.pair({ tournamentId: t.id });
    const server = boardsOf((await d.tournaments.byId({ tournamentId: t.id })) as TournamentData, 2).filter((x) => !x.isBye);
    expect(server).toEqual(made.round.boards.map((x) => ({ table: x.table, isBye: false, players: x.players.map((p) => p.userId) })));
  });
});
