/**
 * TSH files in and out of an event (docs/records.md "TSH files"): a `.t` file imported into an
 * event gives TSH's standings; the export reads back to the same pairings and scores; a bad file
 * is refused with its lines and stores nothing; the downloads are for directors only.
 */
import { readFileSync } from "node:fs";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { tournamentPlayers, tournamentRounds } from "@/db/schema";
import { parseTsh, type TshFile } from "@/server/domain";
import { tshRoute } from "@/server/tsh-http";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedTournament, seedUser } from "../helpers/seed";

const fixture = (name: string) => readFileSync(`tests/fixtures/tsh/${name}`, "utf8");
const parsed = (text: string): TshFile => {
  const r = parseTsh(text);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join("\n"));
  return r.file;
};

/** TSH's own reading of a file: wins (a bye: its sign) and spread per line, over the scored rounds. */
function tshStandings(f: TshFile) {
  return f.players.map((p) => {
    let wins = 0;
    let spread = 0;
    for (const [r, s] of p.scores.entries()) {
      const opp = p.opponents[r]!;
      const d = opp === 0 ? s : s - f.players[opp - 1]!.scores[r]!;
      spread += d;
      wins += d > 0 ? 1 : d < 0 ? 0 : 0.5;
    }
    return { wins, spread };
  });
}

const NAMES = ["Ann Lee", "Bo Okafor", "Carla Silva", "Dan Novak", "Eve Haddad", "Finn Tanaka"];

describeDb("TSH import and export", (db) => {
  async function setup(settings: Record<string, unknown> = {}) {
    const players = [];
    for (const name of NAMES) players.push(await seedUser(db(), { name }));
    const { club, owner } = await seedClub(db(), { members: players });
    const { t, director } = await seedTournament(db(), { clubId: club.id, director: owner, settings: { format: "swiss", rounds: 4, ...settings } });
    return { t, director, owner, players };
  }
  const download = (kind: "tsh" | "ratings", id: string, user: { id: string } | null) =>
    tshRoute(kind, async () => db() as Db, async () => user)(new Request(`http://localhost/tournaments/${id}/x`), { params: Promise.resolve({ id }) });

  let world: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    world = await setup();
  });

  it("imports a .t file: entries with the file's ratings, closed rounds, the last round published, TSH's standings", async () => {
    const { t, director } = world;
    const text = fixture("club-swiss.t");
    const report = await director.tournaments.tsh.importFile({ tournamentId: t.id, text });
    expect(report).toMatchObject({ players: 6, closedRounds: 3, publishedRound: 4, finished: false, withdrawn: [] });
    expect(report.matched[0]).toBe("Lee, Ann → Ann Lee");
    const rounds = await db().select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, t.id));
    expect(rounds.map((r) => [r.number, r.status]).sort()).toEqual([[1, "closed"], [2, "closed"], [3, "closed"], [4, "published"]]);
    const entries = await db().select().from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
    expect(entries.map((e) => e.rating).sort((a, b) => b! - a!)).toEqual([1712, 1650, 1588, 1501, 1420, 0]);

    const file = parsed(text);
    const expected = tshStandings(file);
    const standings = await callerFor(db()).tournaments.standings({ tournamentId: t.id });
    for (const [i, p] of file.players.entries()) {
      const row = standings.rows.find((r) => r.name === NAMES[i])!;
      expect({ name: p.name, wins: row.wins, spread: row.spread }).toEqual({ name: p.name, ...expected[i]! });
    }
  });

  it("exports the same pairings, scores, ratings and first moves (names as the accounts have them)", async () => {
    const { t, owner } = world;
    const res = await download("tsh", t.id, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${t.id}.t"`);
    const out = parsed(await res.text());
    const input = parsed(fixture("club-swiss.t"));
    expect(out.players.map((p) => p.name)).toEqual(NAMES);
    const core = (f: TshFile) => f.players.map((p) => ({ rating: p.rating, opponents: p.opponents, scores: p.scores, p12: p.fields.find(([k]) => k === "p12")?.[1] }));
    expect(core(out)).toEqual(core(input));

    const sub = await download("ratings", t.id, owner);
    expect(sub.status).toBe(200);
    const lines = (await sub.text()).trim().split("\r\n");
    expect(lines[0]).toBe("number,player,rating before,games,wins,losses,ties,spread,byes");
    expect(lines[1]).toBe("1,Ann Lee,1712,3,2,1,0,85,0"); // 412-399, 388-391, 455-380
  });

  it("the downloads are for directors: 401 signed out, 403 for a player", async () => {
    const { t, players } = world;
    expect((await download("tsh", t.id, null)).status).toBe(401);
    const player = await download("ratings", t.id, players[0]!);
    expect(player.status).toBe(403);
    expect(await player.text()).toMatch(/directors/);
  });

  it("a second import is refused: the event has started", async () => {
    const { t, director } = world;
    await expect(director.tournaments.tsh.importFile({ tournamentId: t.id, text: fixture("club-swiss.t") })).rejects.toThrow(/before round 1 is paired/);
  });

  it("keeps TSH's bye spreads (+50, −50) in the standings", async () => {
    const { t, director, owner } = await setup({ rounds: 3 });
    const text = fixture("byes.t");
    const report = await director.tournaments.tsh.importFile({ tournamentId: t.id, text });
    expect(report).toMatchObject({ closedRounds: 3, publishedRound: null, finished: true });
    const standings = await callerFor(db()).tournaments.standings({ tournamentId: t.id });
    const expected = tshStandings(parsed(text));
    for (const [i, name] of NAMES.slice(0, 3).entries()) {
      const row = standings.rows.find((r) => r.name === name)!;
      expect({ wins: row.wins, spread: row.spread }).toEqual(expected[i]);
    }
    const again = parsed(await (await download("tsh", t.id, owner)).text());
    expect(again.players.map((p) => p.scores)).toEqual(parsed(text).players.map((p) => p.scores));
  });

  it("refuses a bad file with every problem's line, and stores nothing", async () => {
    const { t, director } = await setup();
    const bad = director.tournaments.tsh.importFile({ tournamentId: t.id, text: fixture("bad.t") });
    await expect(bad).rejects.toThrow(/^Line 2: "x3" is not a player number.*\nLine 4: /s);
    await expect(bad).rejects.toBeInstanceOf(TRPCError);
    await expect(bad).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const unknown = "Lee, Ann 1712 2 ; 400\nStranger, Sam 1500 1 ; 300\n";
    await expect(director.tournaments.tsh.importFile({ tournamentId: t.id, text: unknown })).rejects.toThrow(/^Line 2: "Stranger, Sam" is not a member of this club/);
    const entries = await db().select().from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
    expect(entries).toEqual([]);
    const huge = "Lee, Ann 1500 ;\n".repeat(70_000);
    await expect(director.tournaments.tsh.importFile({ tournamentId: t.id, text: huge })).rejects.toThrow(/1,000,000 characters/);
  });

  it("only directors import", async () => {
    const { t, players } = await setup();
    await expect(callerFor(db(), players[0]!).tournaments.tsh.importFile({ tournamentId: t.id, text: fixture("byes.t") })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
