/**
 * A shrunken `npm run demo` (4 players, 1 round, tiny bot budget) on a real database: the games
 * are really played to the end through the matches service, results reach the standings, ratings
 * move, the live game waits for demo01, and a second run changes nothing.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { matches } from "@/db/schema/matches";
import { runDemo } from "@/server/services/demo/seed";
import { getRatings } from "@/server/services/ratings/queries";
import { getStandings } from "@/server/services/tournaments/views";
import { callerFor } from "../helpers/seed";
import { describeDb } from "../helpers/db";

describeDb("demo", (db) => {
  it("plays a small rated Swiss with the bot and leaves a live game", async () => {
    const r = await runDemo(db(), { players: 4, rounds: 1, budgetMs: 50, liveMoves: 2 });
    expect(r.existed).toBe(false);
    expect(r.games).toBe(2);
    const played = await db().select().from(matches).where(eq(matches.tournamentId, r.tournamentId!));
    expect(played).toHaveLength(2);
    for (const m of played) {
      expect(m.status).toBe("finished");
      expect(m.version).toBeGreaterThan(4); // start, moves, end: played move by move
    }
    expect(played.some((m) => (m.scores ?? []).some((x) => x > 0))).toBe(true);
    const standings = await getStandings(db(), r.tournamentId!);
    expect(standings.rows).toHaveLength(4);
    expect(standings.rows.reduce((s, x) => s + x.wins, 0)).toBe(2);
    const ratings = await getRatings(db(), "equate", r.players.map((p) => p.id));
    expect(ratings.every((x) => x.games === 1)).toBe(true);
    expect(ratings.some((x) => x.rating !== 1500)).toBe(true);

    const live = await callerFor(db(), { id: r.players[0]!.id, email: r.players[0]!.email, name: r.players[0]!.name }).matches.get({ matchId: r.liveMatchId! });
    expect(live.status).toBe("active");
    expect(live.game!.turn).toBe(live.viewerSeat);
    expect(live.version).toBe(3); // start + two moves

    const again = await runDemo(db(), { players: 4, rounds: 1 });
    expect(again.existed).toBe(true);
    expect(again.tournamentId).toBe(r.tournamentId);
  });
});
