/**
 * The check-in desk and fees (docs/desk.md "Fees", "Check-in at the desk"): signed codes (good,
 * another event's, forged, revoked, replayed), the check-in window, search, fee records that are
 * never recorded twice, the ledger's totals and its CSV, and who may do what.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tournamentAudit, tournamentPlayers } from "@/db/schema";
import type { Db } from "@/db/client";
import { ledgerCsvRoute } from "@/server/http";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedTournament, seedUser, seedUsers } from "../helpers/seed";

const MIN = 60_000;

/** A club with a director, a judge on staff, 4 entered players (not checked in) and an outsider member. */
async function desk(db: Db, settings: Record<string, unknown> = {}) {
  const [clubDirector, judge, member] = await Promise.all([seedUser(db), seedUser(db), seedUser(db, { name: "Mo Member" })]);
  const players = await seedUsers(db, 4, (i) => ["Ada Lovelace", "Bo Diddley", "Cy Twombly", "Di Prima"][i]!);
  const { club } = await seedClub(db, { directors: [clubDirector], members: [judge, member, ...players] });
  const { t, director } = await seedTournament(db, {
    clubId: club.id,
    director: clubDirector,
    players,
    checkIn: false,
    settings: { name: "Desk Open", startsAt: new Date(Date.now() + 20 * MIN), ...settings },
  });
  await director.tournaments.staff.add({ tournamentId: t.id, email: judge.email, role: "judge" });
  await director.tournaments.desk.configure({ tournamentId: t.id, entryFee: 1500, currency: "EUR", checkInMinutes: 30 });
  const as = (u: { id: string } | null) => callerFor(db, u as never);
  const codeOf = async (p: { id: string }) => (await as(p).tournaments.desk.myEntry({ tournamentId: t.id })).code!;
  return { club, clubDirector, t, director, judge: as(judge), judgeUser: judge, member, players, as, codeOf, id: { tournamentId: t.id } };
}

const checkIns = (db: Db, tournamentId: string) =>
  db
    .select()
    .from(tournamentAudit)
    .where(and(eq(tournamentAudit.tournamentId, tournamentId), eq(tournamentAudit.action, "player.checked-in")));

describeDb("check-in desk", (db) => {
  describe("codes", () => {
    it("a good code checks the player in and shows name, fee and notes; a replay says when, and changes nothing", async () => {
      const s = await desk(db());
      const [ada] = s.players;
      await db()
        .update(tournamentPlayers)
        .set({ details: { notes: "needs a chair with arms" } })
        .where(eq(tournamentPlayers.userId, ada!.id));
      const code = await s.codeOf(ada!);
      expect(code).toMatch(/^EQ1\.[A-Za-z0-9_-]{70}$/);
      const first = await s.judge.tournaments.desk.scan({ ...s.id, code: `  ${code}\n` });
      expect(first.outcome).toBe("checked-in");
      expect(first.card).toMatchObject({ name: "Ada Lovelace", status: "checked-in", feeStatus: "owed", notes: "needs a chair with arms" });
      const again = await s.judge.tournaments.desk.scan({ ...s.id, code });
      expect(again.outcome).toBe("already");
      expect(again.sentence).toMatch(/^Ada Lovelace is already checked in at \d\d:\d\d UTC\.$/);
      expect(again.card.checkedInAt!.getTime()).toBe(first.card.checkedInAt!.getTime());
      expect(await checkIns(db(), s.t.id)).toHaveLength(1);
      expect((await s.as(ada!).tournaments.desk.myEntry(s.id)).status).toBe("checked-in");
    });

    it("refuses another event's code, a forged one, a revoked one and a withdrawn entry's, each with its sentence", async () => {
      const s = await desk(db());
      const [ada, bo, cy] = s.players;
      const { t: t2 } = await seedTournament(db(), { clubId: s.club.id, director: s.clubDirector, players: [ada!], checkIn: false, settings: { name: "Other Open" } });
      const otherCode = (await s.as(ada!).tournaments.desk.myEntry({ tournamentId: t2.id })).code!;
      await expect(s.judge.tournaments.desk.scan({ ...s.id, code: otherCode })).rejects.toThrow("This code is for another event (Other Open), not this one.");

      const good = await s.codeOf(bo!);
      const forged = good.slice(0, -3) + (good.endsWith("AAA") ? "BBB" : "AAA");
      await expect(s.judge.tournaments.desk.scan({ ...s.id, code: forged })).rejects.toThrow(/not genuine: its signature does not match/);
      await expect(s.judge.tournaments.desk.scan({ ...s.id, code: "hello there" })).rejects.toThrow(/not an Equalis check-in code/);
      // a code for someone else in this event, signed with the right key but another user id, cannot be made: only the MAC says so
      await expect(s.judge.tournaments.desk.scan({ ...s.id, code: "EQ1." + "A".repeat(70) })).rejects.toThrow(/not genuine/);

      await s.as(bo!).tournaments.desk.renewCode(s.id);
      await expect(s.judge.tournaments.desk.scan({ ...s.id, code: good })).rejects.toThrow("This code was revoked: Bo Diddley has a newer code on their entry page.");
      expect((await s.judge.tournaments.desk.scan({ ...s.id, code: await s.codeOf(bo!) })).outcome).toBe("checked-in");

      const cyCode = await s.codeOf(cy!);
      await db()
        .update(tournamentPlayers)
        .set({ status: "withdrawn" })
        .where(and(eq(tournamentPlayers.tournamentId, s.t.id), eq(tournamentPlayers.userId, cy!.id)));
      await expect(s.judge.tournaments.desk.scan({ ...s.id, code: cyCode })).rejects.toThrow("This code was revoked: Cy Twombly has withdrawn from this event.");
      expect((await s.as(cy!).tournaments.desk.myEntry(s.id)).code).toBeNull();
      // nothing of the refused scans was written
      expect(await checkIns(db(), s.t.id)).toHaveLength(1);
    });

    it("a waitlisted entry is marked present and stays on the waitlist", async () => {
      const s = await desk(db());
      const di = s.players[3]!;
      await db()
        .update(tournamentPlayers)
        .set({ status: "waitlisted" })
        .where(and(eq(tournamentPlayers.tournamentId, s.t.id), eq(tournamentPlayers.userId, di.id)));
      const r = await s.judge.tournaments.desk.scan({ ...s.id, code: await s.codeOf(di) });
      expect(r.card.status).toBe("waitlisted");
      expect(r.card.checkedInAt).not.toBeNull();
      expect(r.sentence).toMatch(/on the waitlist, not in the field/);
    });
  });

  describe("the check-in window", () => {
    it("judges and players wait for the window; directors check in any time before round 1", async () => {
      const s = await desk(db(), { startsAt: new Date(Date.now() + 3 * 60 * MIN) });
      const [ada, bo] = s.players;
      await expect(s.judge.tournaments.desk.scan({ ...s.id, code: await s.codeOf(ada!) })).rejects.toThrow(/^Check-in opens 30 minutes before the start, at \d\d:\d\d UTC\.$/);
      await expect(s.as(ada!).tournaments.checkInSelf(s.id)).rejects.toThrow(/Check-in opens 30 minutes/);
      expect((await s.director.tournaments.desk.scan({ ...s.id, code: await s.codeOf(ada!) })).outcome).toBe("checked-in");
      // the window opens: a judge and the player themselves may now
      await s.director.tournaments.desk.configure({ tournamentId: s.t.id, entryFee: 1500, currency: "EUR", checkInMinutes: 240 });
      await s.as(bo!).tournaments.checkInSelf(s.id);
      expect((await s.judge.tournaments.desk.checkIn({ ...s.id, userId: bo!.id })).outcome).toBe("already");
      // without a window only a director checks in at the desk
      await s.director.tournaments.desk.configure({ tournamentId: s.t.id, entryFee: 1500, currency: "EUR", checkInMinutes: null });
      await expect(s.judge.tournaments.desk.checkIn({ ...s.id, userId: s.players[2]!.id })).rejects.toThrow("This event has no check-in window: a director checks players in.");
    });

    it("round 1 paired closes check-in", async () => {
      const s = await desk(db());
      const [ada, bo, cy] = s.players;
      for (const p of [ada!, bo!]) await s.director.tournaments.desk.checkIn({ ...s.id, userId: p.id });
      await s.director.tournaments.rounds.pair(s.id);
      await expect(s.director.tournaments.desk.scan({ ...s.id, code: await s.codeOf(cy!) })).rejects.toThrow(/Check-in is closed: round 1 is paired/);
    });
  });

  describe("search", () => {
    it("finds entries by part of a name, with fee status, and checks one in", async () => {
      const s = await desk(db());
      const found = await s.judge.tournaments.desk.search({ ...s.id, query: "twom" });
      expect(found.map((c) => c.name)).toEqual(["Cy Twombly"]);
      expect(found[0]!.feeStatus).toBe("owed");
      expect((await s.judge.tournaments.desk.search({ ...s.id, query: "" })).map((c) => c.name)).toEqual(["Ada Lovelace", "Bo Diddley", "Cy Twombly", "Di Prima"]);
      expect(await s.judge.tournaments.desk.search({ ...s.id, query: "%" })).toEqual([]);
      const r = await s.judge.tournaments.desk.checkIn({ ...s.id, userId: found[0]!.userId });
      expect(r.sentence).toBe("Cy Twombly is checked in.");
      await expect(s.judge.tournaments.desk.checkIn({ ...s.id, userId: s.member.id })).rejects.toThrow("That player has no entry in this event.");
    });
  });

  describe("fees", () => {
    it("records paid and waived, never twice, refuses a stale change, and the ledger adds up", async () => {
      const s = await desk(db());
      const [ada, bo, cy] = s.players;
      const paid = await s.judge.tournaments.desk.setFee({ ...s.id, userId: ada!.id, status: "paid", amount: 1500, method: "cash", note: "", expectedUpdatedAt: null });
      expect(paid).toMatchObject({ feeStatus: "paid", feeAmount: 1500, feeMethod: "cash" });
      // a double tap (same values, same stale view): nothing recorded a second time
      await s.judge.tournaments.desk.setFee({ ...s.id, userId: ada!.id, status: "paid", amount: 1500, method: "cash", note: "", expectedUpdatedAt: null });
      const feeAudits = () => db().select().from(tournamentAudit).where(and(eq(tournamentAudit.tournamentId, s.t.id), eq(tournamentAudit.action, "fee.recorded")));
      expect(await feeAudits()).toHaveLength(1);
      expect((await s.director.tournaments.audit(s.id)).find((a) => a.action === "fee.recorded")?.detail).toBe("Ada Lovelace: fee paid 15.00 EUR by cash");
      // another desk, from the view before the payment, tries a different record
      await expect(
        s.director.tournaments.desk.setFee({ ...s.id, userId: ada!.id, status: "paid", amount: 1000, method: "card", note: "", expectedUpdatedAt: null }),
      ).rejects.toThrow("Someone else changed this fee meanwhile (it is now paid, 15.00 EUR by cash). Look at it again before changing it.");
      await expect(s.judge.tournaments.desk.setFee({ ...s.id, userId: bo!.id, status: "paid", amount: 1500, method: null, note: "", expectedUpdatedAt: null })).rejects.toThrow(
        "Say how it was paid: cash, transfer or card.",
      );
      await s.judge.tournaments.desk.setFee({ ...s.id, userId: bo!.id, status: "paid", amount: 1200, method: "transfer", note: "student rate", expectedUpdatedAt: null });
      await s.judge.tournaments.desk.setFee({ ...s.id, userId: cy!.id, status: "waived", amount: 0, method: null, note: "volunteer", expectedUpdatedAt: null });
      // a correction from the current view is fine
      await s.judge.tournaments.desk.setFee({ ...s.id, userId: ada!.id, status: "paid", amount: 1500, method: "card", note: "", expectedUpdatedAt: paid.feeUpdatedAt });

      const l = await s.judge.tournaments.desk.ledger(s.id);
      expect(l.byStatus).toEqual([
        { status: "owed", count: 1, amount: 1500 },
        { status: "paid", count: 2, amount: 2700 },
        { status: "waived", count: 1, amount: 0 },
      ]);
      expect(l.byMethod).toEqual([
        { method: "cash", count: 0, amount: 0 },
        { method: "transfer", count: 1, amount: 1200 },
        { method: "card", count: 1, amount: 1500 },
      ]);
      expect(l.received).toBe(2700);

      const route = ledgerCsvRoute(async () => db(), async (req) => {
        const who = req.headers.get("x-test-user");
        return who ? { id: who } : null;
      });
      const get = (userId: string | null) =>
        route(new Request("http://localhost/x", { headers: userId ? { "x-test-user": userId } : {} }), { params: Promise.resolve({ id: s.t.id }) });
      const ok = await get(s.judgeUser.id);
      expect(ok.status).toBe(200);
      const text = await ok.text();
      expect(text).toContain("Bo Diddley,registered,paid,12.00,EUR,transfer,student rate,");
      expect(text).toContain("total paid,2,,27.00,EUR");
      expect(text).toContain("total paid by card,1,,15.00,EUR");
      expect((await get(ada!.id)).status).toBe(403);
      expect((await get(null)).status).toBe(401);
    });
  });

  describe("who may", () => {
    it("players see only their own entry; the desk is for staff; a non-entrant has no entry page", async () => {
      const s = await desk(db());
      const [ada, bo] = s.players;
      const mine = await s.as(ada!).tournaments.desk.myEntry(s.id);
      expect(mine).toMatchObject({ status: "registered", feeStatus: "owed", entryFee: 1500, currency: "EUR" });
      expect(JSON.stringify(mine)).not.toContain(bo!.id);
      await expect(s.as(s.member).tournaments.desk.myEntry(s.id)).rejects.toThrow("You have no entry in this event.");
      await expect(s.as(ada!).tournaments.desk.scan({ ...s.id, code: await s.codeOf(bo!) })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(s.as(ada!).tournaments.desk.search({ ...s.id, query: "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(s.as(ada!).tournaments.desk.ledger(s.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(s.judge.tournaments.desk.configure({ ...s.id, entryFee: 0, currency: "EUR", checkInMinutes: null })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(s.as(null).tournaments.desk.myEntry(s.id)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      // the public page of the event carries no fee status or code of anyone
      const pub = JSON.stringify(await s.as(bo!).tournaments.byId(s.id));
      expect(pub).not.toMatch(/feeStatus|feeNote|EQ1\./);
    });
  });
});
