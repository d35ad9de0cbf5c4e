/**
 * The "Play now" lobby (docs/matches.md "Play now: open seeks"): offering a game, the lists, accepting
 * (exactly one accepter of a seek for two, even at once), pods filling seat by seat, withdrawing,
 * expiry, club seeks kept to members, and the game a taken seek becomes.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { matchPlayers, matches, seeks } from "@/db/schema";
import { presetTimeControl } from "@/server/domain";
import { createSeek } from "@/server/services/seeks/seeks";
import { listSeeks, mySeeks } from "@/server/services/seeks/reads";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedUser } from "../helpers/seed";

describeDb("seeks", (db) => {
  it("a seek for two: listed, accepted by one player, becomes a game with the preset's clock that starts when both have come", async () => {
    const [a, b] = await Promise.all([seedUser(db(), { name: "Ada" }), seedUser(db(), { name: "Ben" })]);
    const { id } = await callerFor(db(), a).seeks.create({ ruleset: "equate", preset: "blitz" });
    const listed = await callerFor(db(), b).seeks.list({});
    const s = listed.find((x) => x.id === id)!;
    expect(s).toMatchObject({ creator: { id: a.id, name: "Ada" }, club: null, preset: "blitz", players: 2, rated: false, mine: false, takers: [] });
    expect(s.timeControl).toEqual({ initialMs: 5 * 60_000, incrementMs: 3_000 });
    // anyone may look at the site-wide list
    expect((await callerFor(db()).seeks.list({})).some((x) => x.id === id)).toBe(true);
    expect((await callerFor(db(), a).seeks.mine()).open?.id).toBe(id);

    const out = await callerFor(db(), b).seeks.accept({ seekId: id });
    expect(out.matchId).toBeTruthy();
    const [m] = await db().select().from(matches).where(eq(matches.id, out.matchId!));
    expect(m).toMatchObject({ status: "open", ruleset: "equate", seats: 2, rated: false, createdBy: a.id });
    expect(m!.timeControl).toEqual(presetTimeControl("equate", "blitz"));
    const seated = await db().select().from(matchPlayers).where(eq(matchPlayers.matchId, m!.id));
    expect(seated.map((p) => [p.userId, p.acceptedAt !== null, p.joinedAt !== null]).sort()).toEqual([[a.id, true, false], [b.id, true, true]].sort());
    // the seek is gone from the lists; the creator's lobby learns the game
    expect((await callerFor(db(), b).seeks.list({})).some((x) => x.id === id)).toBe(false);
    expect(await callerFor(db(), a).seeks.mine()).toEqual({ open: null, started: { seekId: id, matchId: m!.id } });
    // and the bell tells the creator, in case the lobby is closed
    const bell = await callerFor(db(), a).notifications.list({ limit: 10 });
    expect(bell.items.map((n) => [n.text, n.href])).toContainEqual(["Ben challenges you to a game.", `/play/${m!.id}`]);
    // the creator comes to the board: the game starts
    await callerFor(db(), a).matches.checkIn({ matchId: m!.id });
    expect((await callerFor(db(), a).matches.get({ matchId: m!.id })).status).toBe("active");
  });

  it("two players accepting the same seek at once: exactly one gets it", async () => {
    const [a, b, c] = await Promise.all([seedUser(db()), seedUser(db()), seedUser(db())]);
    const { id } = await callerFor(db(), a).seeks.create({ ruleset: "smath", preset: "rapid" });
    const outs = await Promise.allSettled([callerFor(db(), b).seeks.accept({ seekId: id }), callerFor(db(), c).seeks.accept({ seekId: id })]);
    const won = outs.filter((o) => o.status === "fulfilled");
    const lost = outs.filter((o) => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT", message: "Another player has just taken this seek." });
    const games = await db().select().from(matches).where(eq(matches.createdBy, a.id));
    expect(games).toHaveLength(1);
    expect((await db().select().from(matchPlayers).where(eq(matchPlayers.matchId, games[0]!.id))).length).toBe(2);
  });

  it("refuses your own seek, a second open seek, and a withdrawn or expired one, each with a sentence", async () => {
    const [a, b] = await Promise.all([seedUser(db()), seedUser(db())]);
    const ca = callerFor(db(), a);
    const { id } = await ca.seeks.create({ ruleset: "equate", preset: "classic", rated: true });
    await expect(ca.seeks.accept({ seekId: id })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/your own seek/) });
    await expect(ca.seeks.create({ ruleset: "equate", preset: "blitz" })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/already have an open seek/) });
    await expect(callerFor(db(), b).seeks.cancel({ seekId: id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await ca.seeks.cancel({ seekId: id })).toEqual({ status: "cancelled" });
    await expect(callerFor(db(), b).seeks.accept({ seekId: id })).rejects.toMatchObject({ code: "CONFLICT", message: "This seek was withdrawn." });
    await expect(callerFor(db()).seeks.create({ ruleset: "equate", preset: "blitz" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    // expiry is read from expires_at: 30 minutes later the seek is not listed, not accepted, and no longer blocks a new one
    // made 31 minutes ago, so the real-time accept below finds it expired
    const t0 = Date.now() - 31 * 60_000 - 1_000;
    const old = await createSeek(db(), a.id, { ruleset: "equate", preset: "rapid", rated: false, players: 2, clubId: null }, { now: t0 });
    expect((await listSeeks(db(), b.id, {}, { now: t0 + 29 * 60_000 })).some((s) => s.id === old.id)).toBe(true);
    expect((await listSeeks(db(), b.id, {}, { now: t0 + 31 * 60_000 })).some((s) => s.id === old.id)).toBe(false);
    expect((await mySeeks(db(), a.id, { now: t0 + 31 * 60_000 })).open).toBeNull();
    await expect(callerFor(db(), b).seeks.accept({ seekId: old.id })).rejects.toMatchObject({ code: "CONFLICT", message: "This seek has expired." });
    const again = await createSeek(db(), a.id, { ruleset: "equate", preset: "rapid", rated: false, players: 2, clubId: null }, { now: t0 + 31 * 60_000 });
    const [gone] = await db().select().from(seeks).where(eq(seeks.id, old.id));
    expect(gone!.status).toBe("expired");
    expect(again.id).not.toBe(old.id);
  });

  it("a rated seek makes a rated game without the validity preview", async () => {
    const [a, b] = await Promise.all([seedUser(db()), seedUser(db())]);
    const { id } = await callerFor(db(), a).seeks.create({ ruleset: "number-scrabble", preset: "classic", rated: true });
    const { matchId } = await callerFor(db(), b).seeks.accept({ seekId: id });
    const [m] = await db().select().from(matches).where(eq(matches.id, matchId!));
    expect(m).toMatchObject({ rated: true, preview: "off", ruleset: "number-scrabble" });
  });

  it("a club's seek is for its members: hidden from outsiders, refused to them, listed on the club's list", async () => {
    const [owner, member, outsider] = await Promise.all([seedUser(db()), seedUser(db(), { name: "Mia" }), seedUser(db())]);
    const { club } = await seedClub(db(), { owner, members: [member], name: "Seek Club" });
    await expect(callerFor(db(), outsider).seeks.create({ ruleset: "equate", preset: "blitz", clubId: club.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const { id } = await callerFor(db(), owner).seeks.create({ ruleset: "equate", preset: "blitz", clubId: club.id });
    for (const viewer of [null, outsider]) expect((await callerFor(db(), viewer).seeks.list({})).some((s) => s.id === id)).toBe(false);
    await expect(callerFor(db(), outsider).seeks.list({ clubId: club.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(db()).seeks.list({ clubId: club.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(db(), outsider).seeks.accept({ seekId: id })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/members/) });
    const forMember = await callerFor(db(), member).seeks.list({ clubId: club.id });
    expect(forMember.map((s) => s.id)).toEqual([id]);
    expect(forMember[0]!.club).toMatchObject({ id: club.id, name: "Seek Club" });
    expect((await callerFor(db(), member).seeks.list({})).some((s) => s.id === id)).toBe(true);
    expect((await callerFor(db(), member).seeks.accept({ seekId: id })).matchId).toBeTruthy();
  });

  it("a pod of four fills seat by seat; a seated player may leave; the game is made when the last seat is taken", async () => {
    const [a, b, c, d, e] = await Promise.all([seedUser(db()), seedUser(db(), { name: "Bea" }), seedUser(db()), seedUser(db()), seedUser(db())]);
    const { id } = await callerFor(db(), a).seeks.create({ ruleset: "equate", preset: "rapid", players: 4 });
    expect(await callerFor(db(), b).seeks.accept({ seekId: id })).toEqual({ seekId: id, matchId: null });
    // accepting twice is harmless
    expect(await callerFor(db(), b).seeks.accept({ seekId: id })).toEqual({ seekId: id, matchId: null });
    expect(await callerFor(db(), c).seeks.accept({ seekId: id })).toEqual({ seekId: id, matchId: null });
    const seen = (await callerFor(db(), e).seeks.list({})).find((s) => s.id === id)!;
    expect(seen.takers.map((t) => t.id)).toEqual([b.id, c.id]);
    expect((await callerFor(db(), b).seeks.mine()).open).toMatchObject({ id, seated: true, mine: false });
    expect(await callerFor(db(), c).seeks.cancel({ seekId: id })).toEqual({ status: "left" });
    expect(await callerFor(db(), d).seeks.accept({ seekId: id })).toEqual({ seekId: id, matchId: null });
    const { matchId } = await callerFor(db(), e).seeks.accept({ seekId: id });
    expect(matchId).toBeTruthy();
    const seated = await db().select().from(matchPlayers).where(eq(matchPlayers.matchId, matchId!));
    expect(seated.map((p) => p.userId).sort()).toEqual([a.id, b.id, d.id, e.id].sort());
    expect((await callerFor(db(), b).seeks.mine()).started).toEqual({ seekId: id, matchId });
    await expect(callerFor(db(), c).seeks.accept({ seekId: id })).rejects.toMatchObject({ code: "CONFLICT" });
    // every player comes to the board: the game starts
    for (const u of [a, b, d]) await callerFor(db(), u).matches.checkIn({ matchId: matchId! });
    expect((await callerFor(db(), a).matches.get({ matchId: matchId! })).status).toBe("active");
  });

  it("accepting another's seek withdraws your own open seek and your seat in another pod", async () => {
    const [a, b, c] = await Promise.all([seedUser(db()), seedUser(db()), seedUser(db())]);
    const mineId = (await callerFor(db(), a).seeks.create({ ruleset: "equate", preset: "blitz" })).id;
    const pod = (await callerFor(db(), c).seeks.create({ ruleset: "equate", preset: "blitz", players: 3 })).id;
    await callerFor(db(), a).seeks.accept({ seekId: pod });
    const other = (await callerFor(db(), b).seeks.create({ ruleset: "equate", preset: "blitz" })).id;
    // a has an open seek and a seat in c's pod; a accepts b's seek
    expect((await callerFor(db(), a).seeks.accept({ seekId: other })).matchId).toBeTruthy();
    const [own] = await db().select().from(seeks).where(eq(seeks.id, mineId));
    expect(own!.status).toBe("cancelled");
    expect((await callerFor(db(), c).seeks.list({})).find((s) => s.id === pod)!.takers).toEqual([]);
  });

  it("refuses a game that does not fit the settings, and unknown seeks", async () => {
    const a = await seedUser(db());
    await expect(callerFor(db(), a).seeks.create({ ruleset: "equate", preset: "blitz", players: 5 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(callerFor(db(), a).seeks.accept({ seekId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(db(), a).seeks.cancel({ seekId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(db(), a).seeks.create({ ruleset: "equate", preset: "blitz", clubId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
