/** "Live now" (matches.liveNow): games in play, site-wide and per club, tournament and player,
 * with players, ratings, scores, clocks, round and table — and never a rack. */
import { expect, it } from "vitest";
import { createChallenge, createFromPairing } from "@/server/services/matches/lifecycle";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedMatch, seedRound, seedTournament, seedUser } from "../helpers/seed";

describeDb("live now", (db) => {
  it("lists games in play with both players, scores and running clocks; filters by club, tournament and player; no rack", async () => {
    const [owner, p1, p2, c1, c2] = await Promise.all([seedUser(db()), seedUser(db(), { name: "Ada" }), seedUser(db(), { name: "Ben" }), seedUser(db(), { name: "Cy" }), seedUser(db(), { name: "Di" })]);
    const { club } = await seedClub(db(), { owner, members: [p1, p2], name: "Live Club" });
    const { t, director: dir } = await seedTournament(db(), { clubId: club.id, director: owner, players: [p1, p2], settings: { name: "Live Cup", format: "swiss", rounds: 1, timeControl: { initialMs: 600_000 } } });
    const { boards: [board] } = await seedRound(db(), { tournamentId: t.id, director: dir });
    const { matchId: boardGame } = await createFromPairing(db(), { pairingId: board!.id, userId: owner.id }); // the director starts it
    const casual = { id: (await seedMatch(db(), { players: [c1, c2] })).matchId };
    // a game still waiting for its players is not live
    await createChallenge(db(), c1.id, { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, rated: false, seats: 2, invite: [p1.id], firstMover: "creator" });

    const anon = callerFor(db());
    const all = await anon.matches.liveNow({ limit: 100 });
    const ids = all.games.map((g) => g.id);
    expect(ids).toContain(boardGame);
    expect(ids).toContain(casual.id);
    expect(JSON.stringify(all)).not.toMatch(/"rack"|"bag"|"seed"/);

    const inTournament = await anon.matches.liveNow({ tournamentId: t.id });
    expect(inTournament.games.map((g) => g.id)).toEqual([boardGame]);
    const g = inTournament.games[0]!;
    expect(g).toMatchObject({ tournamentName: "Live Cup", board: { round: 1, table: board!.tableNumber }, turn: 0, running: 0 });
    expect(g.players.map((p) => p.userId)).toEqual(board!.players);
    expect(g.players.every((p) => p.score === 0 && p.remainingMs !== null && p.remainingMs <= 600_000)).toBe(true);
    // New players: the initial rating, provisional ("1500?"), as on the player page — not "unrated".
    expect(g.players.map((p) => [p.rating, p.provisional])).toEqual([[1500, true], [1500, true]]);

    expect((await anon.matches.liveNow({ clubId: club.id })).games.map((x) => x.id)).toEqual([boardGame]);
    const mine = await anon.matches.liveNow({ userId: c2.id });
    expect(mine.games.map((x) => x.id)).toEqual([casual.id]);
    expect(mine.games[0]!.players.map((p) => p.remainingMs)).toEqual([null, null]);
    await expect(anon.matches.liveNow({ limit: 1000 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
