/**
 * Notifications (docs/notifications.md): publishing a round notifies each paired player once with
 * table, opponent and first move, and nobody else; e-mail goes through a real SMTP server only to
 * those who asked for it; markRead touches only the caller's rows; the live count arrives over the
 * bus for its owner only; a rolled-back change notifies nobody.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { notifications } from "@/db/schema";
import { eq } from "drizzle-orm";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory } from "@/server/trpc";
import { mailSettled } from "@/server/services/mail/mail";
import { notify } from "@/server/services/notifications/notify";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedTournament, seedUser, TEST_PASSWORD } from "../helpers/seed";
import { startSmtp, type TestSmtp } from "../helpers/smtp";

let smtp: TestSmtp;
const savedUrl = process.env.SMTP_URL;
beforeAll(async () => {
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await mailSettled();
  process.env.SMTP_URL = savedUrl;
  await smtp.close();
});

describeDb("notifications", (db) => {
  it("publishing a round notifies each paired player once (table, opponent, first move), e-mails those who asked, and no one else", async () => {
    const [owner, director, outsider, ...players] = await Promise.all(Array.from({ length: 8 }, () => seedUser(db())));
    const { club } = await seedClub(db(), { owner: owner!, directors: [director!], members: players.map((p) => p!), name: "Notice Club" });
    // one player asks for round pairings by e-mail too
    const mailer = players[0]!;
    await callerFor(db(), mailer).notifications.prefs.set({ "round-paired": true });
    expect(await callerFor(db(), mailer).notifications.prefs.get()).toEqual({ "round-paired": true });

    const { t, director: d } = await seedTournament(db(), { clubId: club.id, director: director!, players: players.map((p) => p!), settings: { name: "Notice Open", format: "swiss", rounds: 2 } });
    const { roundNumber } = await d.tournaments.rounds.pair({ tournamentId: t.id });
    // a draft is the director's: nobody hears of it yet
    for (const p of players) expect((await callerFor(db(), p!).notifications.unreadCount()).unread).toBe(0);
    await d.tournaments.rounds.publish({ tournamentId: t.id, roundNumber });

    const round = (await d.tournaments.byId({ tournamentId: t.id })).rounds.find((r) => r.number === roundNumber)!;
    const nameOf = new Map(players.map((p) => [p!.id, p!.name]));
    for (const p of players) {
      const mine = await callerFor(db(), p!).notifications.list({ limit: 10 });
      expect(mine.items).toHaveLength(1);
      const [n] = mine.items;
      const board = round.pairings.find((b) => b.players.some((x) => x.userId === p!.id))!;
      expect(n!.kind).toBe("round-paired");
      expect(n!.href).toBe(`/tournaments/${t.id}`);
      if (board.isBye) {
        expect(n!.text).toBe(`Round 1 of Notice Open is paired: you have a bye.`);
        continue;
      }
      const seat = board.players.findIndex((x) => x.userId === p!.id);
      const opponent = board.players.find((x) => x.userId !== p!.id)!;
      expect(n!.text).toBe(`Round 1 of Notice Open is paired: table ${board.table} against ${nameOf.get(opponent.userId)} (${seat === 0 ? "you move first" : "you move second"}).`);
    }
    for (const u of [owner!, director!, outsider!]) expect((await callerFor(db(), u).notifications.list({ limit: 10 })).items).toEqual([]);

    // the stored payloads hold sentences, names and numbers: no rack, no bag, no other player's notice
    const rows = await db().select().from(notifications);
    const ours = rows.filter((r) => players.some((p) => p!.id === r.userId) && r.payload.tournamentId === t.id);
    expect(ours).toHaveLength(players.length);
    for (const r of ours) expect(Object.keys(r.payload).sort()).toEqual(expect.arrayContaining(["href", "round", "text", "tournamentId"]));
    expect(JSON.stringify(ours)).not.toMatch(/rack|bag/i);

    // e-mail: the one who asked, through the real SMTP server; nobody else
    await mailSettled();
    const mail = await smtp.next((m) => m.to.includes(mailer.email.toLowerCase()) && m.subject.includes("round"));
    expect(mail.text).toContain("Round 1 of Notice Open is paired");
    expect(mail.text).toContain(`/tournaments/${t.id}`);
    for (const p of players.slice(1)) expect(smtp.messages.some((m) => m.to.includes(p!.email.toLowerCase()))).toBe(false);
  });

  it("the other call sites: club added and approved, challenged, game started, rating changed, ruling", async () => {
    const [owner, joiner, added, rival] = await Promise.all(Array.from({ length: 4 }, () => seedUser(db())));
    const handle = `ntc-${Date.now().toString(36)}`;
    const o = callerFor(db(), owner!);
    const club = await o.clubs.create({ handle, name: "Call Site Club", visibility: "public" });
    await o.clubs.bulkAdd({ clubId: club.id, emails: added!.email });
    const request = await callerFor(db(), joiner!).clubs.requests.create({ clubId: club.id, message: "please" });
    await o.clubs.requests.decide({ clubId: club.id, requestId: request.id, decision: "approve" });
    const textsOf = async (u: typeof owner) => (await callerFor(db(), u!).notifications.list({ limit: 10 })).items.map((n) => [n.kind, n.text, n.href]);
    expect(await textsOf(added)).toEqual([["club-invitation", "You were added to the club Call Site Club.", `/clubs/${handle}`]]);
    expect(await textsOf(joiner)).toEqual([["club-approval", "Your request to join Call Site Club was approved.", `/clubs/${handle}`]]);
    expect(await textsOf(owner)).toEqual([]);

    const TC = { initialMs: 60_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 };
    const m = await o.matches.create({ ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: TC, rated: true, seats: 2, invite: [rival!.id], firstMover: "creator" });
    expect(await textsOf(rival)).toEqual([["game-invitation", `${owner!.name} challenges you to a game.`, `/play/${m.id}`]]);
    await callerFor(db(), rival!).matches.accept({ matchId: m.id });
    expect((await textsOf(rival))[0]).toEqual(["game-started", `Your game against ${owner!.name} has started.`, `/play/${m.id}`]);
    expect((await textsOf(owner))[0]).toEqual(["game-started", `Your game against ${rival!.name} has started.`, `/play/${m.id}`]);

    // the rated game ends by resignation: both ratings change
    await callerFor(db(), rival!).matches.move({ matchId: m.id, expectedSeq: (await o.matches.get({ matchId: m.id })).version, clientId: crypto.randomUUID(), action: { type: "resign" } });
    const rated = async (u: typeof owner) => (await callerFor(db(), u!).notifications.list({ limit: 10 })).items.filter((n) => n.kind === "rating-changed");
    expect(await rated(owner)).toHaveLength(1);
    expect((await rated(owner))[0]!.text).toMatch(/^Your Equate rating is now \d+ \(\+\d+\)\.$/);
    expect((await rated(rival))[0]!.text).toMatch(/^Your Equate rating is now \d+ \(-\d+\)\.$/);

    // a player records a ruling on their casual game: the other player hears of it, not the recorder
    const row = (r: number, c: number, t: string) => [...t].map((tile, i) => ({ row: r, col: c + i, tile }));
    const asked = { ruleset: "equate", board: row(9, 9, "1+1=2"), play: row(10, 9, "3=3"), rack: ["3", "=", "3", "?"] };
    await callerFor(db(), rival!).adjudication.record({ matchId: m.id, moveNumber: 1, note: "asked", requestedBy: "Rival", request: asked });
    expect((await textsOf(owner))[0]).toEqual(["ruling", "A judge recorded a ruling on your game at move 1.", `/play/${m.id}`]);
    expect((await textsOf(rival)).filter(([k]) => k === "ruling")).toEqual([]);
  });

  it("markRead marks only the caller's own rows; all; paging", async () => {
    const [a, b] = await Promise.all([seedUser(db()), seedUser(db())]);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await notify(db(), a!.id, "game-started", { text: `Game ${i}`, href: "/play" }))!);
    const bId = (await notify(db(), b!.id, "ruling", { text: "B's ruling", href: null }))!;
    const ca = callerFor(db(), a!);
    expect(await ca.notifications.unreadCount()).toEqual({ unread: 5 });

    // paging: newest first, 2 at a time, no repeats
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = await ca.notifications.list({ limit: 2, cursor });
      seen.push(...page.items.map((n) => n.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    // b's id in a's request is ignored
    expect(await ca.notifications.markRead({ ids: [ids[0]!, bId] })).toEqual({ marked: 1, unread: 4 });
    expect(await callerFor(db(), b!).notifications.unreadCount()).toEqual({ unread: 1 });
    expect((await ca.notifications.list({ limit: 10, unreadOnly: true })).items.map((n) => n.id)).not.toContain(ids[0]);
    expect(await ca.notifications.markRead({ all: true })).toEqual({ marked: 4, unread: 0 });
    expect(await callerFor(db(), b!).notifications.unreadCount()).toEqual({ unread: 1 });

    // signed out: refused
    await expect(callerFor(db(), null).notifications.unreadCount()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("a rolled-back change notifies nobody", async () => {
    const u = await seedUser(db());
    await expect(
      db().transaction(async (tx) => {
        await notify(tx, u!.id, "rating-changed", { text: "never" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await callerFor(db(), u!).notifications.unreadCount()).toEqual({ unread: 0 });
  });

  it("deleting an account deletes its notifications, and it is never notified again", async () => {
    const u = await seedUser(db());
    await notify(db(), u!.id, "ruling", { text: "to be forgotten", href: null });
    expect(await callerFor(db(), u!).accounts.deleteAccount({ password: TEST_PASSWORD })).toEqual({ ok: true });
    expect(await db().select().from(notifications).where(eq(notifications.userId, u!.id))).toEqual([]);
    expect(await notify(db(), u!.id, "ruling", { text: "too late", href: null })).toBeNull();
  });

  it("live: the count arrives on the bus after commit, for its owner only", async () => {
    const [a, b] = await Promise.all([seedUser(db()), seedUser(db())]);
    const open = (user: typeof a) => {
      const ac = new AbortController();
      const caller = createCallerFactory(appRouter)({ db: db(), user: user! }, { signal: ac.signal });
      return { ac, caller };
    };
    const la = open(a);
    const lb = open(b);
    const ia = ((await la.caller.notifications.live()) as AsyncIterable<{ unread: number }>)[Symbol.asyncIterator]();
    const ib = ((await lb.caller.notifications.live()) as AsyncIterable<{ unread: number }>)[Symbol.asyncIterator]();
    // the first message comes after the stream listens (server/live/bus.ts), so nothing later is missed
    expect((await ia.next()).value).toEqual({ unread: 0 });
    expect((await ib.next()).value).toEqual({ unread: 0 });

    await notify(db(), a!.id, "game-invitation", { text: "A is challenged", href: null });
    expect((await ia.next()).value).toEqual({ unread: 1 });
    // b's stream heard nothing of a's notice: its next message is for its own, committed after a's
    await notify(db(), b!.id, "game-invitation", { text: "B is challenged", href: null });
    expect((await ib.next()).value).toEqual({ unread: 1 });

    // marking read (say in another tab) updates the count live too
    await callerFor(db(), a!).notifications.markRead({ all: true });
    expect((await ia.next()).value).toEqual({ unread: 0 });

    la.ac.abort();
    lb.ac.abort();
    expect((await ia.next()).done).toBe(true);
    expect((await ib.next()).done).toBe(true);
    // the row a's notice made is a's
    expect((await db().select().from(notifications).where(eq(notifications.userId, b!.id))).map((r) => r.payload.text)).toEqual(["B is challenged"]);
  });
});
