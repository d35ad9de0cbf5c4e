/**
 * Entries from the event's page (docs/entries.md): the cap and the waitlist, promotion when a place
 * frees (with its notification), the race for the last place and a withdrawal racing a promotion
 * (both on PGlite and, with TEST_DATABASE_URL, real PostgreSQL), refusals with sentences, who sees
 * what, and the start step (`removeAbsent`).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { notifications, tournamentAudit, tournamentPlayers } from "@/db/schema";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedRound, seedTournament, seedUser, seedUsers } from "../helpers/seed";

async function setup(db: Db, settings: Record<string, unknown>, n = 6) {
  const director = await seedUser(db, { name: "Dora Director" });
  const players = await seedUsers(db, n, (i) => `Player ${String.fromCharCode(65 + i)}`);
  const { club } = await seedClub(db, { directors: [director], members: players });
  const { t, director: d } = await seedTournament(db, { clubId: club.id, director, settings });
  return { t, d, director, players, club };
}

const enterAs = (db: Db, u: PublicUser, tournamentId: string, details: Record<string, unknown> = {}) => callerFor(db, u).tournaments.entries.enter({ tournamentId, details });
const withdrawAs = (db: Db, u: PublicUser, tournamentId: string) => callerFor(db, u).tournaments.entries.withdraw({ tournamentId });

async function statusOf(db: Db, tournamentId: string, u: PublicUser) {
  const [row] = await db.select().from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.userId, u.id)));
  return row ?? null;
}

describeDb("entries", (db) => {
  describe("cap and waitlist", () => {
    it("fills the field up to the cap, then waitlists in order; counts leave the waitlist out", async () => {
      const { t, d, players } = await setup(db(), { entryCap: 4, entryFields: ["class"] });
      const out = [];
      for (const p of players) out.push(await enterAs(db(), p, t.id, { class: "B" }));
      expect(out.map((o) => o.status)).toEqual(["registered", "registered", "registered", "registered", "waitlisted", "waitlisted"]);
      expect(out.map((o) => o.position)).toEqual([null, null, null, null, 1, 2]);
      const o = await d.tournaments.byId({ tournamentId: t.id });
      expect(o.entryForm).toMatchObject({ inField: 4, cap: 4, waiting: 2 });
      expect(o.entries.filter((e) => e.status === "waitlisted").map((e) => [e.name, e.waitlistPosition])).toEqual([
        ["Player E", 1],
        ["Player F", 2],
      ]);
      const [summary] = (await callerFor(db()).tournaments.list({})).filter((s) => s.id === t.id);
      expect(summary!.playerCount).toBe(4);
    });

    it("a withdrawal before the start keeps the row and promotes the first waitlisted player, who is notified", async () => {
      const { t, d, players } = await setup(db(), { entryCap: 4 });
      for (const p of players) await enterAs(db(), p, t.id);
      const r = await withdrawAs(db(), players[1]!, t.id);
      expect(r.promoted).toBe("Player E");
      expect(await statusOf(db(), t.id, players[1]!)).toMatchObject({ status: "withdrawn", withdrawnAfterRound: null });
      expect((await statusOf(db(), t.id, players[4]!))!.status).toBe("registered");
      expect((await statusOf(db(), t.id, players[5]!))!.status).toBe("waitlisted");
      const notes = await db().select().from(notifications).where(eq(notifications.userId, players[4]!.id));
      expect(notes.map((n) => n.kind)).toEqual(["entry-promoted"]);
      expect((notes[0]!.payload as { text: string }).text).toContain("you are in the field now");
      const actions = (await db().select().from(tournamentAudit).where(eq(tournamentAudit.tournamentId, t.id))).map((a) => a.action);
      expect(actions).toContain("player.promoted");
      // Entering again puts the player at the back of the line.
      expect(await enterAs(db(), players[1]!, t.id)).toEqual({ status: "waitlisted", position: 2 });
      // A waitlisted player's withdrawal frees no place: nobody is promoted.
      expect((await withdrawAs(db(), players[5]!, t.id)).promoted).toBeNull();
      expect((await d.tournaments.byId({ tournamentId: t.id })).entryForm).toMatchObject({ inField: 4, waiting: 1 });
    });

    it("raising the cap lets waiting players in at once; a director's add places a waitlisted player whatever the cap", async () => {
      const { t, d, players } = await setup(db(), { entryCap: 2 });
      for (const p of players) await enterAs(db(), p, t.id);
      await d.tournaments.update({ tournamentId: t.id, entryCap: 3 });
      expect((await statusOf(db(), t.id, players[2]!))!.status).toBe("registered");
      await d.tournaments.players.add({ tournamentId: t.id, userIds: [players[5]!.id] });
      expect((await statusOf(db(), t.id, players[5]!))!.status).toBe("registered");
      const o = await d.tournaments.byId({ tournamentId: t.id });
      expect(o.entryForm).toMatchObject({ inField: 4, cap: 3, waiting: 2 });
    });
  });

  describe("races", () => {
    it("two players taking the last place at once: exactly one gets it, the other is waitlisted", async () => {
      const { t, players } = await setup(db(), { entryCap: 2 }, 3);
      await enterAs(db(), players[0]!, t.id);
      const both = await Promise.allSettled([enterAs(db(), players[1]!, t.id), enterAs(db(), players[2]!, t.id)]);
      expect(both.map((b) => b.status)).toEqual(["fulfilled", "fulfilled"]);
      const statuses = both.map((b) => (b as PromiseFulfilledResult<{ status: string }>).value.status).sort();
      expect(statuses).toEqual(["registered", "waitlisted"]);
      const rows = await db().select().from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
      expect(rows.filter((r) => r.status === "registered")).toHaveLength(2);
    });

    it("a withdrawal racing a promotion: both succeed, the field stays at the cap and nobody is lost", async () => {
      const { t, players } = await setup(db(), { entryCap: 2 }, 4);
      const [a, b, w1, w2] = players as [PublicUser, PublicUser, PublicUser, PublicUser];
      for (const p of players) await enterAs(db(), p, t.id);
      // a's withdrawal promotes w1 — while w1 withdraws from the waitlist.
      const both = await Promise.allSettled([withdrawAs(db(), a, t.id), withdrawAs(db(), w1, t.id)]);
      expect(both.map((x) => x.status)).toEqual(["fulfilled", "fulfilled"]);
      expect((await statusOf(db(), t.id, b))!.status).toBe("registered");
      expect((await statusOf(db(), t.id, w2))!.status).toBe("registered");
      expect((await statusOf(db(), t.id, a))!.status).toBe("withdrawn");
      expect((await statusOf(db(), t.id, w1))!.status).toBe("withdrawn");
      // w2 was promoted exactly once and told once.
      const notes = await db().select().from(notifications).where(eq(notifications.userId, w2.id));
      expect(notes).toHaveLength(1);
    });
  });

  describe("refusals, each with a sentence", () => {
    it("window, membership, answers and a second entry", async () => {
      const future = await setup(db(), { entryOpensAt: new Date(Date.now() + 86_400_000) }, 1);
      await expect(enterAs(db(), future.players[0]!, future.t.id)).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringMatching(/^Entries open on .* UTC\.$/) });

      const closed = await setup(db(), { entryClosesAt: new Date(Date.now() - 60_000) }, 1);
      await expect(enterAs(db(), closed.players[0]!, closed.t.id)).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringContaining("Entries closed on") });

      const { t, players, d } = await setup(db(), { entryFields: ["class", "notes"] }, 1);
      const outsider = await seedUser(db());
      await expect(enterAs(db(), outsider, t.id, { class: "A" })).rejects.toMatchObject({ code: "FORBIDDEN", message: "Only members of the club can enter; ask a director to add you." });
      await expect(enterAs(db(), players[0]!, t.id, {})).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Enter your rating class: the director asks for it." });
      await expect(enterAs(db(), players[0]!, t.id, { class: "x".repeat(41) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(enterAs(db(), players[0]!, t.id, { class: "A", rating: 2000 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
      // Only asked fields are kept (club is not asked here).
      await enterAs(db(), players[0]!, t.id, { class: "A", club: "Elsewhere", notes: "vegetarian lunch" });
      expect((await statusOf(db(), t.id, players[0]!))!.details).toEqual({ class: "A", notes: "vegetarian lunch" });
      await expect(enterAs(db(), players[0]!, t.id, { class: "A" })).rejects.toMatchObject({ code: "CONFLICT", message: "You have already entered." });

      // Open to anyone: the outsider may enter.
      await d.tournaments.update({ tournamentId: t.id, entryOpenTo: "anyone" });
      expect((await enterAs(db(), outsider, t.id, { class: "C" })).status).toBe("registered");
      await expect(d.tournaments.update({ tournamentId: t.id, entryOpensAt: new Date("2031-02-01"), entryClosesAt: new Date("2031-01-01") })).rejects.toMatchObject({
        message: "Entries must close after they open.",
      });

      // After round 1 is paired: no entering, no self-withdrawal.
      await d.tournaments.players.checkInAll({ tournamentId: t.id });
      await seedRound(db(), { tournamentId: t.id, director: d });
      await expect(withdrawAs(db(), players[0]!, t.id)).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: "Round 1 has been paired: ask a director to withdraw you." });
      const late = await seedUser(db());
      await expect(enterAs(db(), late, t.id, { class: "A" })).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: "Entries are closed: round 1 has been paired." });
    });
  });

  describe("who sees what", () => {
    it("other players see names only; the player and directors see the answers", async () => {
      const { t, d, players } = await setup(db(), { entryCap: 2, entryFields: ["class", "notes"] }, 3);
      for (const p of players) await enterAs(db(), p, t.id, { class: "B", notes: `secret of ${p.name}` });
      const seen = await callerFor(db(), players[0]!).tournaments.byId({ tournamentId: t.id });
      expect(seen.myEntry!.details).toEqual({ class: "B", notes: "secret of Player A" });
      for (const e of seen.entries.filter((x) => x.userId !== players[0]!.id)) expect([e.email, e.details]).toEqual([null, null]);
      const anon = await callerFor(db()).tournaments.byId({ tournamentId: t.id });
      expect(JSON.stringify(anon)).not.toContain("secret of");
      expect(anon.entryForm.refusal).toBe("Sign in to enter.");
      const dir = await d.tournaments.byId({ tournamentId: t.id });
      expect(dir.entries.every((e) => e.email && e.details?.class === "B")).toBe(true);
    });
  });

  describe("before round 1", () => {
    it("removeAbsent withdraws who has not checked in and promotes present waitlisted players in order; the waitlist is never paired", async () => {
      const { t, d, players } = await setup(db(), { entryCap: 3 }, 6);
      const [a, b, c, w1, w2, w3] = players as PublicUser[];
      for (const p of players) await enterAs(db(), p!, t.id);
      await callerFor(db(), a!).tournaments.checkInSelf({ tournamentId: t.id });
      // Present waitlisted players stay on the waitlist (checked in, not in the field).
      await callerFor(db(), w2!).tournaments.checkInSelf({ tournamentId: t.id });
      await d.tournaments.players.checkIn({ tournamentId: t.id, userId: w3!.id, checkedIn: true });
      expect(await statusOf(db(), t.id, w2!)).toMatchObject({ status: "waitlisted", checkedInAt: expect.any(Date) });

      const check = await d.tournaments.entries.startCheck({ tournamentId: t.id });
      expect(check.notCheckedIn.map((p) => p.name)).toEqual([b!.name, c!.name]);
      expect(check.presentWaitlisted.map((p) => p.name)).toEqual([w2!.name, w3!.name]);
      expect(check.wouldPromote).toEqual([w2!.name, w3!.name]);

      // A round paired now would leave the waitlist out.
      const report = await d.tournaments.entries.removeAbsent({ tournamentId: t.id });
      expect(report).toEqual({ removed: [b!.name, c!.name], promoted: [w2!.name, w3!.name] });
      expect((await statusOf(db(), t.id, b!))!.status).toBe("withdrawn");
      expect((await statusOf(db(), t.id, w2!))!.status).toBe("checked-in");
      expect((await statusOf(db(), t.id, w3!))!.status).toBe("checked-in");
      expect((await statusOf(db(), t.id, w1!))!.status).toBe("waitlisted");

      const { roundNumber } = await d.tournaments.rounds.pair({ tournamentId: t.id });
      const o = await d.tournaments.byId({ tournamentId: t.id });
      const paired = o.rounds.find((r) => r.number === roundNumber)!.pairings.flatMap((p) => p.players.map((x) => x.userId));
      expect(paired.sort()).toEqual([a!.id, w2!.id, w3!.id].sort());
      await expect(d.tournaments.entries.removeAbsent({ tournamentId: t.id })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    });
  });
});
