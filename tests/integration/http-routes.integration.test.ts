/**
 * The plain route handlers on a real database: the CSV downloads call the tournament views
 * service (as the procedures do) and answer errors through the one mapping (server/http.ts):
 * an unknown tournament is the service's NOT_FOUND, a 404 with its sentence.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { tournamentCsvRoute } from "@/server/http";
import { describeDb } from "../helpers/db";
import { seedWorld, type World } from "../helpers/fixtures";

describeDb("CSV routes", (db) => {
  let w: World;
  beforeAll(async () => {
    w = await seedWorld(db());
  });
  const get = (kind: "standings" | "pairings", id: string, query = "") =>
    tournamentCsvRoute(kind, async () => db())(new Request(`http://localhost/tournaments/${id}/${kind}.csv${query}`), { params: Promise.resolve({ id }) });

  it("serve the standings and the published pairings as CSV downloads", async () => {
    const standings = await get("standings", w.tournament.id);
    expect(standings.status).toBe(200);
    expect(standings.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(standings.headers.get("content-disposition")).toBe(`attachment; filename="standings-${w.tournament.id}.csv"`);
    const rows = (await standings.text()).trim().split("\r\n");
    expect(rows[0]!.startsWith("rank,player,wins,losses,spread,games,byes")).toBe(true);
    expect(rows.length).toBe(3); // the world's two players
    const pairings = await get("pairings", w.tournament.id);
    expect(pairings.status).toBe(200);
    const lines = (await pairings.text()).trim().split("\r\n");
    expect(lines[0]).toBe("round,table,first,second,first_score,second_score,forfeit,bye");
    expect(lines.length).toBe(2); // the world's one published board
    expect(lines[1]!.startsWith(`${w.roundNumber},1,`)).toBe(true);
  });

  it("pairings.csv?round=N gives that round only; an unpublished or malformed round is a 4xx with a sentence", async () => {
    const one = await get("pairings", w.tournament.id, `?round=${w.roundNumber}`);
    expect(one.status).toBe(200);
    expect(one.headers.get("content-disposition")).toBe(`attachment; filename="pairings-round-${w.roundNumber}-${w.tournament.id}.csv"`);
    const lines = (await one.text()).trim().split("\r\n");
    expect(lines.length).toBe(2);
    expect(lines[1]!.startsWith(`${w.roundNumber},1,`)).toBe(true);
    const later = await get("pairings", w.tournament.id, `?round=${w.roundNumber + 1}`);
    expect(later.status).toBe(404);
    expect(await later.text()).toBe(`Round ${w.roundNumber + 1} has not been published.\n`);
    for (const bad of ["0", "101", "1.5", "-1", "x", "1e2", "0001"]) {
      const res = await get("pairings", w.tournament.id, `?round=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.text()).toBe("round must be a round number from 1 to 100.\n");
    }
    // The standings take no round: the parameter changes nothing there.
    expect((await get("standings", w.tournament.id, "?round=x")).status).toBe(200);
  });

  it("an unknown tournament is the service's NOT_FOUND: 404 with its sentence", async () => {
    for (const kind of ["standings", "pairings"] as const) {
      const res = await get(kind, randomUUID());
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("That tournament does not exist.\n");
    }
  });
});
