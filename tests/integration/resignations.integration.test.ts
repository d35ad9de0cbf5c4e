/**
 * One treatment of a resignation on a tournament board (docs/tournaments.md "Resignations"): a
 * PLAYED, RATED game with its real scores — the resigning player loses whatever the scores, the
 * standings count the real score difference (not the ±forfeit spread), the cross-table shows the
 * scores with "res", pairings.csv leaves the forfeit column empty, the dashboard's board says
 * "resigned", and the ledger rates it as the resigning player's loss.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { ratedGames, tournamentPairings } from "@/db/schema";
import { pairingsCsv } from "@/server/services/tournaments/views";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedRound, seedTournament, seedUser } from "../helpers/seed";

describeDb("resignations", (db) => {
  it("a board lost by resignation is a played, rated game with its real scores everywhere", async () => {
    const [owner, a, b] = await Promise.all([seedUser(db()), seedUser(db(), { name: "Ann Resigns" }), seedUser(db(), { name: "Bo Stays" })]);
    const { club } = await seedClub(db(), { owner, members: [a, b], name: "Resign Club" });
    const { t, director } = await seedTournament(db(), { clubId: club.id, director: owner, players: [a, b], settings: { name: "Resign Open", format: "swiss", rounds: 1, timeControl: { initialMs: 600_000 } } });
    await seedRound(db(), { tournamentId: t.id, director });
    const board = (await director.tournaments.byId({ tournamentId: t.id })).rounds[0]!.pairings[0]!;
    const [first, second] = board.players.map((p) => p.userId) as [string, string];
    const caller = (id: string) => callerFor(db(), [a!, b!].find((p) => p.id === id)!);
    const { matchId } = await caller(first).matches.createFromPairing({ pairingId: board.id });
    await caller(second).matches.checkIn({ matchId });
    const game = await caller(a!.id).matches.get({ matchId });
    await caller(a!.id).matches.move({ matchId, expectedSeq: game.version, clientId: "resign-1", action: { type: "resign" } });

    // The game's end wrote the board: Ann lost whatever the scores. Give it the scores a game
    // resigned midway has (the result keeps the scores at the resignation; this one had no moves).
    const [row] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, board.id));
    expect(row!.forfeitUserId).toBe(a!.id);
    await db().update(tournamentPairings).set({ scores: { [a!.id]: 200, [b!.id]: 380 } }).where(eq(tournamentPairings.id, board.id));
    // Standings: Bo 1 win +180 (the real difference), Ann 0 wins −180 — not the ±50 forfeit spread.
    const standings = await callerFor(db()).tournaments.standings({ tournamentId: t.id });
    expect(standings.rows.map((r) => [r.name, r.wins, r.spread])).toEqual([
      ["Bo Stays", 1, 180],
      ["Ann Resigns", 0, -180],
    ]);

    // The cross-table: a loss and a win with the scores, marked as a resignation.
    const cross = await callerFor(db()).tournaments.crossTable({ tournamentId: t.id });
    const cell = (name: string) => cross.rows.find((r) => r.name === name)!.cells[0]!;
    expect(cell("Ann Resigns")).toMatchObject({ kind: "loss", own: 200, against: 380, lossReason: "resign" });
    expect(cell("Bo Stays")).toMatchObject({ kind: "win", own: 380, against: 200, lossReason: "resign" });

    // pairings.csv: the scores, and no forfeit.
    const csv = (await pairingsCsv(db(), t.id)).trim().split("\r\n");
    const head = csv[0]!.split(",");
    const line = csv[1]!.split(",");
    expect(line[head.indexOf("forfeit")]).toBe("");
    expect([line[head.indexOf("first_score")], line[head.indexOf("second_score")]].sort()).toEqual(["200", "380"]);

    // The dashboard's board knows why (it says "Ann Resigns resigned", not "forfeit by").
    const view = (await director.tournaments.byId({ tournamentId: t.id })).rounds[0]!.pairings[0]!;
    expect(view).toMatchObject({ forfeitUserId: a!.id, lossReason: "resign" });

    // Rated: the ledger holds the game as Ann's loss.
    const [ledger] = await db().select().from(ratedGames).where(eq(ratedGames.sourceId, matchId));
    expect(ledger!.players.find((p) => p.userId === a!.id)).toMatchObject({ lost: true });
    expect((await callerFor(db()).ratings.player({ userId: b!.id })).ratings.find((r) => r.ruleset === "equate")!.rating).toBeGreaterThan(1500);

    // The director names Bo instead: that is a director's forfeit (±50, not rated), not a resignation.
    await director.tournaments.enterResult({ tournamentId: t.id, pairingId: board.id, scores: { [a!.id]: 200, [b!.id]: 380 }, forfeitUserId: b!.id });
    expect((await director.tournaments.byId({ tournamentId: t.id })).rounds[0]!.pairings[0]).toMatchObject({ forfeitUserId: b!.id, lossReason: "forfeit" });
    const after = await callerFor(db()).tournaments.standings({ tournamentId: t.id });
    expect(after.rows.map((r) => [r.name, r.wins, r.spread])).toEqual([
      ["Ann Resigns", 1, 50],
      ["Bo Stays", 0, -50],
    ]);
    expect(await db().select().from(ratedGames).where(eq(ratedGames.sourceId, matchId))).toHaveLength(0);
    expect((await callerFor(db()).ratings.player({ userId: b!.id })).ratings.find((r) => r.ruleset === "equate")!.rating).toBe(1500);
  });
});
