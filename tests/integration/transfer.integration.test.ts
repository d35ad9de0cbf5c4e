import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db, DbHandle } from "@/db/client";
import { tournamentPairings, users } from "@/db/schema";
import { createFromPairing } from "@/server/services/matches/lifecycle";
import { submitMove } from "@/server/services/matches/moves";
import { verifyCredentials } from "@/server/services/accounts/accounts";
import { exportData, importData, parseExport, type ExportFile } from "@/server/services/ops/transfer";
import { describeDb, openTestDatabase } from "../helpers/db";
import { callerFor, seedClub, seedRound, seedTournament, seedUser } from "../helpers/seed";

/** The export's content with every uuid replaced by its order of first appearance: equal exactly when the data is, ids aside. */
function canonical(file: ExportFile): string {
  const data = parseExport(JSON.stringify(file));
  const seen = new Map<string, string>();
  return JSON.stringify({ kind: data.kind, people: data.people, tables: data.tables }).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (u) => {
    if (!seen.has(u)) seen.set(u, `#${seen.size}`);
    return seen.get(u)!;
  });
}

/** A club with a director and four members, and a published round of a Swiss (its games created). */
async function movingClub(db: Db) {
  const [owner, ...players] = await Promise.all([seedUser(db, { name: "Olga Owner" }), seedUser(db, { name: "Ada" }), seedUser(db, { name: "Ben" }), seedUser(db, { name: "Cy" }), seedUser(db, { name: "Di" })]);
  const handle = `tr-${randomUUID().slice(0, 8)}`;
  const { club } = await seedClub(db, { owner, members: players, handle, name: "Transfer Club" });
  const { t, director: dir } = await seedTournament(db, { clubId: club.id, director: owner, players, settings: { name: "Moving Cup", format: "swiss", rounds: 2, timeControl: { initialMs: 600_000 } } });
  await seedRound(db, { tournamentId: t.id, director: dir });
  // both players of each table come to the board and the game starts; one move is played
  for (const pairing of await db.select().from(tournamentPairings).where(eq(tournamentPairings.tournamentId, t.id))) {
    if (pairing.isBye) continue;
    const [first, second] = pairing.players as [string, string];
    const { matchId } = await createFromPairing(db, { pairingId: pairing.id, userId: second });
    await createFromPairing(db, { pairingId: pairing.id, userId: first });
    const moved = await submitMove(db, { matchId, userId: first, expectedSeq: 0, clientId: randomUUID(), action: { type: "pass" } }).catch(() => null);
    if (!moved) await submitMove(db, { matchId, userId: second, expectedSeq: 0, clientId: randomUUID(), action: { type: "pass" } }).catch(() => null);
  }
  return { handle, tournamentId: t.id, owner, players };
}

describeDb("club export and import", (db, driver) => {
  let target: DbHandle;
  beforeAll(async () => {
    target = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await target?.close();
  });

  it("a club exported, imported into a fresh instance and exported again is the same data with new ids", async () => {
    const { handle, owner } = await movingClub(db());
    const first = await exportData(db(), { club: handle });
    const data = parseExport(JSON.stringify(first));
    expect(data.tables.clubs).toHaveLength(1);
    expect(data.tables.clubMemberships).toHaveLength(5);
    expect(data.tables.tournamentPlayers).toHaveLength(4);
    expect(data.tables.tournamentPairings.length).toBeGreaterThanOrEqual(2);
    expect(data.tables.matches).toHaveLength(2);
    expect(data.tables.matchEvents.length).toBeGreaterThanOrEqual(2);
    expect(data.people.map((p) => p.name).sort()).toEqual(["Ada", "Ben", "Cy", "Di", "Olga Owner"]);
    expect(JSON.stringify(first)).not.toMatch(/scrypt|passwordHash|password_hash/);

    const result = await importData(target.db, data);
    expect(result).toMatchObject({ clubHandle: handle, createdPeople: 5, tournamentIds: [expect.any(String)] });
    const again = await exportData(target.db, { club: handle });
    expect(canonical(again)).toBe(canonical(first));
    // every id is new, and the people are the same by e-mail
    const firstIds = new Set(JSON.stringify(first.data).match(/[0-9a-f]{8}-[0-9a-f-]{27}/g));
    for (const id of JSON.stringify(again.data).match(/[0-9a-f]{8}-[0-9a-f-]{27}/g) ?? []) expect(firstIds.has(id)).toBe(false);
    // an imported person has no usable password until a reset
    expect((await verifyCredentials(target.db, owner.email, "correct horse 42")).ok).toBe(false);
    // the imported club works: its director reads the tournament and its standings through the API
    const [imported] = await target.db.select().from(users).where(eq(users.email, owner.email));
    const api = callerFor(target.db, { id: imported!.id, email: imported!.email, name: imported!.name });
    expect(JSON.stringify(await api.tournaments.byId({ tournamentId: result.tournamentIds[0]! }))).toContain("Moving Cup");
    const standings = JSON.stringify(await api.tournaments.standings({ tournamentId: result.tournamentIds[0]! }));
    for (const name of ["Ada", "Ben", "Cy", "Di"]) expect(standings).toContain(name);
  });

  it("a handle taken on the target is refused, whole, and another handle can be given", async () => {
    const { handle } = await movingClub(db());
    const data = parseExport(JSON.stringify(await exportData(db(), { club: handle })));
    await importData(target.db, data);
    await expect(importData(target.db, data)).rejects.toMatchObject({ code: "CONFLICT" });
    const other = `${handle}-b`;
    const second = await importData(target.db, data, { handle: other });
    expect(second.clubHandle).toBe(other);
    expect(second.createdPeople).toBe(0); // the same people, found by e-mail
  });

  it("a tournament goes into the target's club of the same handle, existing people kept", async () => {
    const { handle, tournamentId } = await movingClub(db());
    const club = parseExport(JSON.stringify(await exportData(db(), { club: handle })));
    club.tables.tournaments = [];
    for (const k of ["tournamentStaff", "tournamentPlayers", "tournamentRounds", "tournamentPairings", "tournamentAudit", "matches", "matchPlayers", "matchEvents", "matchSnapshots", "matchAdjustments"] as const) club.tables[k] = [];
    const bare = await importData(target.db, club);
    const t = await exportData(db(), { tournament: tournamentId });
    const r = await importData(target.db, parseExport(JSON.stringify(t)));
    expect(r.clubId).toBe(bare.clubId);
    expect(r.createdPeople).toBe(0);
    expect(canonical(await exportData(target.db, { tournament: r.tournamentIds[0]! }))).toBe(canonical(t));
  });

  it("a file that is not an export is refused with a sentence", () => {
    expect(() => parseExport("not json")).toThrow("The file is not JSON.");
    expect(() => parseExport(JSON.stringify({ format: "other" }))).toThrow(/Not an equalis-export file/);
  });
});
