import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { clubInvites, clubMemberships } from "@/db/schema";
import type { Db } from "@/db/client";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { getMembership, requireClubRole } from "@/server/services/clubs/membership";
import { acceptInvite } from "@/server/services/clubs/invites";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedUser } from "../helpers/seed";

let seq = 0;
const handle = () => `club-${Date.now().toString(36)}-${seq++}`;

/** A club with an owner, a director and a plain member; returns the people and the club. */
async function sumClub(db: Db, opts: { visibility?: "public" | "invite-only" } = {}) {
  const [owner, director, member, outsider] = await Promise.all([seedUser(db), seedUser(db), seedUser(db), seedUser(db)]);
  const { club } = await seedClub(db, { owner, directors: [director], members: [member], handle: handle(), name: "Sum Club", visibility: opts.visibility ?? "public" });
  return { club, owner, director, member, outsider };
}

type Seeded = Awaited<ReturnType<typeof sumClub>>;
type Actor = "outsider" | "member" | "director" | "owner";
const ACTORS: Actor[] = ["outsider", "member", "director", "owner"];

/**
 * The authorisation matrix: every club mutation, who may perform it, and how to call it. Each
 * case runs on a fresh club so one actor's success does not change another's starting state.
 */
const MATRIX: { name: string; allowed: Actor[]; run: (db: Db, s: Seeded, as: PublicUser) => Promise<unknown> }[] = [
  { name: "update", allowed: ["owner"], run: (db, s, as) => callerFor(db, as).clubs.update({ clubId: s.club.id, name: "Renamed Club" }) },
  { name: "setRole", allowed: ["owner"], run: (db, s, as) => callerFor(db, as).clubs.setRole({ clubId: s.club.id, userId: s.member.id, role: "director" }) },
  { name: "removeMember", allowed: ["owner", "director"], run: async (db, s, as) => {
    const extra = await seedUser(db);
    await db.insert(clubMemberships).values({ clubId: s.club.id, userId: extra.id });
    return callerFor(db, as).clubs.removeMember({ clubId: s.club.id, userId: extra.id });
  } },
  { name: "bulkAdd", allowed: ["owner", "director"], run: (db, s, as) => callerFor(db, as).clubs.bulkAdd({ clubId: s.club.id, emails: s.outsider.email }) },
  { name: "invites.create", allowed: ["owner", "director"], run: (db, s, as) => callerFor(db, as).clubs.invites.create({ clubId: s.club.id }) },
  { name: "invites.list", allowed: ["owner", "director"], run: (db, s, as) => callerFor(db, as).clubs.invites.list({ clubId: s.club.id }) },
  { name: "invites.revoke", allowed: ["owner", "director"], run: async (db, s, as) => {
    const inv = await callerFor(db, s.owner).clubs.invites.create({ clubId: s.club.id });
    return callerFor(db, as).clubs.invites.revoke({ clubId: s.club.id, inviteId: inv.id });
  } },
  { name: "requests.list", allowed: ["owner", "director"], run: (db, s, as) => callerFor(db, as).clubs.requests.list({ clubId: s.club.id }) },
  { name: "requests.decide", allowed: ["owner", "director"], run: async (db, s, as) => {
    const asker = await seedUser(db);
    const req = await callerFor(db, asker).clubs.requests.create({ clubId: s.club.id });
    return callerFor(db, as).clubs.requests.decide({ clubId: s.club.id, requestId: req.id, decision: "approve" });
  } },
  { name: "leave", allowed: ["member", "director"], run: (db, s, as) => callerFor(db, as).clubs.leave({ clubId: s.club.id }) },
];

describeDb("clubs", (db) => {
  describe("authorisation matrix", () => {
    for (const row of MATRIX) {
      for (const actor of ACTORS) {
        const allowed = row.allowed.includes(actor);
        it(`${row.name} as ${actor} is ${allowed ? "allowed" : "refused"}`, async () => {
          const s = await sumClub(db());
          const p = row.run(db(), s, s[actor]);
          if (allowed) await expect(p).resolves.toBeDefined();
          else await expect(p).rejects.toMatchObject({ code: actor === "owner" && row.name === "leave" ? "PRECONDITION_FAILED" : "FORBIDDEN" });
        });
      }
    }

    it("every mutation needs a signed-in user", async () => {
      const s = await sumClub(db());
      const anon = callerFor(db());
      await expect(anon.clubs.create({ handle: handle(), name: "Anon Club" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(anon.clubs.update({ clubId: s.club.id, name: "Nope" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(anon.clubs.requests.create({ clubId: s.club.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(anon.clubs.invites.accept({ code: "whatever" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    });

    it("an unknown club is NOT_FOUND, not FORBIDDEN", async () => {
      const u = await seedUser(db());
      await expect(callerFor(db(), u).clubs.update({ clubId: "00000000-0000-4000-8000-000000000000", name: "Ghost Club" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });

  describe("service helpers for other domains", () => {
    it("getMembership and requireClubRole", async () => {
      const s = await sumClub(db());
      expect(await getMembership(db(), s.club.id, s.director.id)).toMatchObject({ role: "director" });
      expect(await getMembership(db(), s.club.id, s.outsider.id)).toBeNull();
      await expect(requireClubRole(db(), s.club.id, s.director.id, ["owner", "director"])).resolves.toMatchObject({ role: "director" });
      await expect(requireClubRole(db(), s.club.id, s.member.id, ["owner", "director"])).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: "Only an owner or a director of this club can do that; you are a member.",
      });
      await expect(requireClubRole(db(), s.club.id, s.outsider.id, ["owner"])).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("not a member") });
      await expect(requireClubRole(db(), "00000000-0000-4000-8000-000000000000", s.owner.id, ["owner"])).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });

  describe("creating and editing", () => {
    it("the creator becomes owner; the club appears in the directory and in my clubs", async () => {
      const u = await seedUser(db());
      const h = handle();
      const club = await callerFor(db(), u).clubs.create({ handle: `  ${h.toUpperCase()} `, name: "Quadratic Club", location: "Lyon", defaultRuleset: "smath" });
      expect(club).toMatchObject({ handle: h, defaultRuleset: "smath", visibility: "public" });
      const page = await callerFor(db(), u).clubs.byHandle({ handle: h });
      expect(page.members).toEqual([expect.objectContaining({ userId: u.id, role: "owner" })]);
      expect(page.membership).toMatchObject({ role: "owner" });
      const found = await callerFor(db()).clubs.list({ query: "quadratic" });
      expect(found.map((c) => c.handle)).toContain(h);
      expect(found.find((c) => c.handle === h)!.memberCount).toBe(1);
      expect(await callerFor(db()).clubs.list({ query: "lyon" })).toEqual(expect.arrayContaining([expect.objectContaining({ handle: h })]));
      expect(await callerFor(db()).clubs.list({ query: "%" })).toEqual([]);
      expect(await callerFor(db(), u).clubs.mine()).toEqual([expect.objectContaining({ handle: h, role: "owner" })]);
    });

    it("a taken handle is a CONFLICT on the handle field; bad input has human messages", async () => {
      const u = await seedUser(db());
      const h = handle();
      await callerFor(db(), u).clubs.create({ handle: h, name: "First Club" });
      const err = await callerFor(db(), u).clubs.create({ handle: h, name: "Second Club" }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("is taken") });
      expect((err as { cause: { field: string } }).cause.field).toBe("handle");
      const bad = await callerFor(db(), u).clubs.create({ handle: "No Spaces!", name: "X", defaultRuleset: "chess" as never }).catch((e: unknown) => e);
      expect(bad).toMatchObject({ code: "BAD_REQUEST" });
      const text = JSON.stringify(bad);
      expect(text).toMatch(/lowercase letters, digits and hyphens/);
      expect(text).toMatch(/at least 3 characters/);
      expect(text).toMatch(/Choose Equate/);
      await expect(callerFor(db(), u).clubs.create({ handle: "new", name: "Reserved" })).rejects.toThrow(/reserved/);
    });

    it("owners edit details; the club page is NOT_FOUND for an unknown handle", async () => {
      const s = await sumClub(db());
      const c = await callerFor(db(), s.owner).clubs.update({ clubId: s.club.id, name: "Renamed", description: "We play Tuesdays", visibility: "invite-only" });
      expect(c).toMatchObject({ name: "Renamed", description: "We play Tuesdays", visibility: "invite-only", handle: s.club.handle });
      await expect(callerFor(db()).clubs.byHandle({ handle: "no-such-club-here" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });

    it("an update is a patch: fields the owner did not send keep their values", async () => {
      const s = await sumClub(db());
      const owner = callerFor(db(), s.owner);
      await owner.clubs.update({ clubId: s.club.id, name: "Sum Club", description: "Tuesdays", location: "Leeds", defaultRuleset: "smath", visibility: "invite-only" });
      const c = await owner.clubs.update({ clubId: s.club.id, name: "Only The Name" });
      expect(c).toMatchObject({ name: "Only The Name", description: "Tuesdays", location: "Leeds", defaultRuleset: "smath", visibility: "invite-only" });
      const d = await owner.clubs.update({ clubId: s.club.id, location: "" });
      expect(d).toMatchObject({ name: "Only The Name", description: "Tuesdays", location: "", defaultRuleset: "smath", visibility: "invite-only" });
      const page = await owner.clubs.byHandle({ handle: s.club.handle });
      expect(page.club).toMatchObject({ name: "Only The Name", description: "Tuesdays", defaultRuleset: "smath", visibility: "invite-only" });
    });
  });

  describe("roles, removing and leaving", () => {
    it("owners promote and demote; the last owner cannot be demoted, removed, or leave", async () => {
      const s = await sumClub(db());
      const owner = callerFor(db(), s.owner);
      await expect(owner.clubs.setRole({ clubId: s.club.id, userId: s.owner.id, role: "member" })).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringContaining("at least one owner") });
      await expect(owner.clubs.leave({ clubId: s.club.id })).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringContaining("last owner") });
      await expect(owner.clubs.removeMember({ clubId: s.club.id, userId: s.owner.id })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
      await owner.clubs.setRole({ clubId: s.club.id, userId: s.member.id, role: "owner" });
      // Two owners now: the first may step down, and the second may leave later.
      await owner.clubs.setRole({ clubId: s.club.id, userId: s.owner.id, role: "member" });
      expect(await getMembership(db(), s.club.id, s.owner.id)).toMatchObject({ role: "member" });
      await expect(owner.clubs.setRole({ clubId: s.club.id, userId: s.member.id, role: "member" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(callerFor(db(), s.member).clubs.setRole({ clubId: s.club.id, userId: s.outsider.id, role: "member" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });

    it("directors cannot remove owners; owners can remove directors; removed people lose access", async () => {
      const s = await sumClub(db());
      await expect(callerFor(db(), s.director).clubs.removeMember({ clubId: s.club.id, userId: s.owner.id })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("Directors cannot remove an owner") });
      await callerFor(db(), s.owner).clubs.removeMember({ clubId: s.club.id, userId: s.director.id });
      expect(await getMembership(db(), s.club.id, s.director.id)).toBeNull();
      await expect(callerFor(db(), s.director).clubs.invites.create({ clubId: s.club.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(callerFor(db(), s.owner).clubs.removeMember({ clubId: s.club.id, userId: s.outsider.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });

    it("two owners demoting each other at once leave one owner", async () => {
      const s = await sumClub(db());
      await callerFor(db(), s.owner).clubs.setRole({ clubId: s.club.id, userId: s.director.id, role: "owner" });
      const results = await Promise.allSettled([
        callerFor(db(), s.owner).clubs.setRole({ clubId: s.club.id, userId: s.director.id, role: "member" }),
        callerFor(db(), s.director).clubs.setRole({ clubId: s.club.id, userId: s.owner.id, role: "member" }),
      ]);
      const owners = await db().select().from(clubMemberships).where(and(eq(clubMemberships.clubId, s.club.id), eq(clubMemberships.role, "owner")));
      expect(owners).toHaveLength(1);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    });

    it("bulk add reports added, already members, unknown and invalid", async () => {
      const s = await sumClub(db());
      const fresh = await seedUser(db());
      const report = await callerFor(db(), s.director).clubs.bulkAdd({
        clubId: s.club.id,
        emails: `${fresh.email.toUpperCase()}\n${s.member.email}, nobody-${seq++}@example.test; not-an-email\n${fresh.email}`,
      });
      expect(report.added).toEqual([fresh.email]);
      expect(report.alreadyMembers).toEqual([s.member.email]);
      expect(report.unknown).toHaveLength(1);
      expect(report.invalid).toEqual(["not-an-email"]);
      expect(await getMembership(db(), s.club.id, fresh.id)).toMatchObject({ role: "member" });
      await expect(callerFor(db(), s.owner).clubs.bulkAdd({ clubId: s.club.id, emails: "  \n " })).rejects.toThrow(/at least one e-mail/);
    });
  });

  describe("invites", () => {
    it("an invite link joins directly; revoked, expired and used-up links explain themselves", async () => {
      const s = await sumClub(db(), { visibility: "invite-only" });
      const inv = await callerFor(db(), s.director).clubs.invites.create({ clubId: s.club.id, expiresInDays: 3, maxUses: 1 });
      expect(inv.code).toMatch(/^[a-z0-9]{12}$/);
      expect(inv.status).toBe("active");
      const preview = await callerFor(db()).clubs.invites.preview({ code: inv.code });
      expect(preview).toMatchObject({ status: "active", club: { handle: s.club.handle } });
      const joined = await callerFor(db(), s.outsider).clubs.invites.accept({ code: inv.code });
      expect(joined).toMatchObject({ joined: true, club: { id: s.club.id } });
      expect(await callerFor(db(), s.outsider).clubs.invites.accept({ code: inv.code })).toMatchObject({ joined: false });
      const late = await seedUser(db());
      await expect(callerFor(db(), late).clubs.invites.accept({ code: inv.code })).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringContaining("used as many times") });

      const inv2 = await callerFor(db(), s.owner).clubs.invites.create({ clubId: s.club.id });
      await callerFor(db(), s.owner).clubs.invites.revoke({ clubId: s.club.id, inviteId: inv2.id });
      await expect(callerFor(db(), late).clubs.invites.accept({ code: inv2.code })).rejects.toThrow(/revoked/);
      expect((await callerFor(db(), s.owner).clubs.invites.list({ clubId: s.club.id })).map((i) => i.status).sort()).toEqual(["revoked", "used-up"]);

      const inv3 = await callerFor(db(), s.owner).clubs.invites.create({ clubId: s.club.id, expiresInDays: 1 });
      await expect(acceptInvite(db(), inv3.code, late.id, new Date(Date.now() + 2 * 86_400_000))).rejects.toThrow(/expired/);
      await db().update(clubInvites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(clubInvites.id, inv3.id));
      expect((await callerFor(db()).clubs.invites.preview({ code: inv3.code })).status).toBe("expired");

      await expect(callerFor(db(), late).clubs.invites.accept({ code: "nosuchcode12" })).rejects.toMatchObject({ code: "NOT_FOUND" });
      const other = await sumClub(db());
      await expect(callerFor(db(), other.owner).clubs.invites.revoke({ clubId: other.club.id, inviteId: inv.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(callerFor(db(), s.owner).clubs.invites.create({ clubId: s.club.id, expiresInDays: 0 })).rejects.toThrow(/at least 1 day/);
    });
  });

  describe("join requests", () => {
    it("a public club takes requests that a director approves or declines", async () => {
      const s = await sumClub(db());
      const [a, b] = await Promise.all([seedUser(db()), seedUser(db())]);
      const ra = await callerFor(db(), a).clubs.requests.create({ clubId: s.club.id, message: "I play on Fridays" });
      await expect(callerFor(db(), a).clubs.requests.create({ clubId: s.club.id })).rejects.toMatchObject({ code: "CONFLICT" });
      expect((await callerFor(db(), a).clubs.byHandle({ handle: s.club.handle })).pendingRequest).toBe(true);
      const rb = await callerFor(db(), b).clubs.requests.create({ clubId: s.club.id });
      const pending = await callerFor(db(), s.director).clubs.requests.list({ clubId: s.club.id });
      expect(pending.map((p) => p.userId)).toEqual([a.id, b.id]);
      expect(pending[0]).toMatchObject({ message: "I play on Fridays", email: a.email });
      await callerFor(db(), s.director).clubs.requests.decide({ clubId: s.club.id, requestId: ra.id, decision: "approve" });
      await callerFor(db(), s.owner).clubs.requests.decide({ clubId: s.club.id, requestId: rb.id, decision: "decline" });
      expect(await getMembership(db(), s.club.id, a.id)).toMatchObject({ role: "member" });
      expect(await getMembership(db(), s.club.id, b.id)).toBeNull();
      await expect(callerFor(db(), s.owner).clubs.requests.decide({ clubId: s.club.id, requestId: ra.id, decision: "decline" })).rejects.toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("no longer pending") });
      await expect(callerFor(db(), a).clubs.requests.create({ clubId: s.club.id })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("already a member") });
      // Declined people may ask again, and withdraw.
      await callerFor(db(), b).clubs.requests.create({ clubId: s.club.id });
      await callerFor(db(), b).clubs.requests.cancel({ clubId: s.club.id });
      await expect(callerFor(db(), b).clubs.requests.cancel({ clubId: s.club.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });

    it("an invite-only club refuses requests", async () => {
      const s = await sumClub(db(), { visibility: "invite-only" });
      await expect(callerFor(db(), s.outsider).clubs.requests.create({ clubId: s.club.id })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("invite-only") });
    });
  });
});
