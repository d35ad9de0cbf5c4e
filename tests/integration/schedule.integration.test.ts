/**
 * Self-scheduled games (docs/competitions.md "Scheduling a game", "Unplayed games", "Reporting a
 * result yourselves"), on PGlite and on PostgreSQL when TEST_DATABASE_URL is set: proposals inside
 * a round's window (and refusals outside it), accept / counter / decline / withdraw with their
 * notifications, an accept and a counter of the same proposal at once (exactly one wins, the other
 * is told who answered), the reminder sweep, opening the game at the agreed time, the director's
 * unplayed decisions (each once, "Already decided by …"), and reports confirmed, disputed and
 * superseded, with the standings following.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { gameProposals, notifications, ratedGames, resultReports, tournamentPairings, type TournamentPairing } from "@/db/schema";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { sweepNow } from "@/server/services/schedule/due";
import { openScheduledGame, sendDueReminders } from "@/server/services/schedule/views";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedRound, seedTournament, seedUser, type Caller } from "../helpers/seed";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Setup {
  d: Caller;
  director: PublicUser;
  tournamentId: string;
  board: TournamentPairing;
  a: PublicUser;
  b: PublicUser;
  ca: Caller;
  cb: Caller;
}

/** Two players, one published round with a window (from an hour ago to `byMs` from now, or as given). */
async function setup(db: Db, opts: { playFrom?: Date; playBy?: Date; window?: boolean; name?: string } = {}): Promise<Setup> {
  const [owner, director, p1, p2] = await Promise.all([seedUser(db), seedUser(db, { name: "Dee Director" }), seedUser(db, { name: "Ann Able" }), seedUser(db, { name: "Bo Baker" })]);
  const { club } = await seedClub(db, { owner: owner!, directors: [director!], members: [p1!, p2!] });
  const { t, director: d } = await seedTournament(db, { clubId: club.id, director: director!, players: [p1!, p2!], settings: { name: opts.name ?? "Season Open", format: "swiss", rounds: 2 } });
  const { roundNumber, boards } = await seedRound(db, { tournamentId: t.id, director: d });
  if (opts.window !== false)
    await d.schedule.setWindow({ tournamentId: t.id, roundNumber, playFrom: opts.playFrom ?? new Date(Date.now() - HOUR), playBy: opts.playBy ?? new Date(Date.now() + 7 * DAY) });
  const board = boards[0]!;
  const a = board.players[0] === p1!.id ? p1! : p2!;
  const b = a === p1 ? p2! : p1!;
  return { d, director: director!, tournamentId: t.id, board, a, b, ca: callerFor(db, a), cb: callerFor(db, b) };
}

const inHours = (h: number) => new Date(Math.round((Date.now() + h * HOUR) / 60_000) * 60_000);

async function kindsFor(db: Db, userId: string) {
  return (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({ kind: n.kind, text: n.payload.text }));
}

describeDb("schedule", (db) => {
  describe("proposals", () => {
    it("propose, counter, accept: the agreed time is on the board and both players hear it", async () => {
      const s = await setup(db());
      const t1 = inHours(24);
      const t2 = inHours(48);
      const { proposalId } = await s.ca.schedule.propose({ pairingId: s.board.id, times: [t1, t2], note: "evenings suit me" });
      expect((await kindsFor(db(), s.b.id)).filter((n) => n.kind === "game-proposal")).toHaveLength(1);
      // the proposer cannot accept or decline their own
      await expect(s.ca.schedule.accept({ proposalId, time: t1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(s.ca.schedule.decline({ proposalId })).rejects.toMatchObject({ code: "FORBIDDEN" });
      // while A's proposal is open, B answers it rather than proposing
      await expect(s.cb.schedule.propose({ pairingId: s.board.id, times: [t1] })).rejects.toThrow(/waiting for your answer/);
      // a time that was not proposed
      await expect(s.cb.schedule.accept({ proposalId, time: inHours(30) })).rejects.toThrow(/one of the proposed times/);

      const t3 = inHours(72);
      const { proposalId: counterId } = await s.cb.schedule.counter({ proposalId, times: [t3], note: "" });
      const [first] = await db().select().from(gameProposals).where(eq(gameProposals.id, proposalId));
      expect(first!.status).toBe("countered");
      expect((await kindsFor(db(), s.a.id)).some((n) => n.kind === "game-proposal" && /answers with other times/.test(n.text))).toBe(true);

      const { scheduledAt } = await s.ca.schedule.accept({ proposalId: counterId, time: t3 });
      expect(scheduledAt.getTime()).toBe(t3.getTime());
      const [p] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, s.board.id));
      expect(p!.scheduledAt!.getTime()).toBe(t3.getTime());
      for (const u of [s.a, s.b]) expect((await kindsFor(db(), u.id)).filter((n) => n.kind === "game-scheduled")).toHaveLength(1);
      // both players' pages show it; the note only to the players
      const mineA = await s.ca.schedule.mine({ tournamentId: s.tournamentId });
      expect(mineA[0]!.scheduledAt!.getTime()).toBe(t3.getTime());
      expect(mineA[0]!.proposals.map((x) => x.status)).toEqual(["accepted", "countered"]);
      expect(mineA[0]!.proposals[1]!.note).toBe("evenings suit me");
      // answering a closed proposal again is told who answered it
      await expect(s.cb.schedule.accept({ proposalId, time: t1 })).rejects.toThrow(`already countered by ${s.b.name}`);
    });

    it("times outside the window or in the past are refused with a sentence, and nothing is stored", async () => {
      const s = await setup(db(), { playBy: new Date(Date.now() + 2 * DAY) });
      await expect(s.ca.schedule.propose({ pairingId: s.board.id, times: [inHours(24), inHours(24 * 5)] })).rejects.toThrow(/outside round 1's window/);
      await expect(s.ca.schedule.propose({ pairingId: s.board.id, times: [inHours(-2)] })).rejects.toThrow(/already passed/);
      await expect(s.ca.schedule.propose({ pairingId: s.board.id, times: [] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(s.ca.schedule.propose({ pairingId: s.board.id, times: Array.from({ length: 6 }, (_, i) => inHours(i + 1)) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
      expect(await db().select().from(gameProposals).where(eq(gameProposals.pairingId, s.board.id))).toEqual([]);
      // outsiders and directors do not schedule a board
      await expect(s.d.schedule.propose({ pairingId: s.board.id, times: [inHours(3)] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    });

    it("a round without a window has nothing to schedule", async () => {
      const s = await setup(db(), { window: false });
      await expect(s.ca.schedule.propose({ pairingId: s.board.id, times: [inHours(3)] })).rejects.toThrow(/no play-by window/);
    });

    it("decline and withdraw: each by the right player, each once", async () => {
      const s = await setup(db());
      const { proposalId } = await s.ca.schedule.propose({ pairingId: s.board.id, times: [inHours(5)] });
      await expect(s.cb.schedule.withdraw({ proposalId })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await s.cb.schedule.decline({ proposalId });
      await expect(s.ca.schedule.withdraw({ proposalId })).rejects.toThrow(`already declined by ${s.b.name}`);
      const { proposalId: again } = await s.ca.schedule.propose({ pairingId: s.board.id, times: [inHours(6)] });
      // a new proposal by the same player replaces the open one
      const { proposalId: third } = await s.ca.schedule.propose({ pairingId: s.board.id, times: [inHours(7)] });
      const rows = await db().select().from(gameProposals).where(eq(gameProposals.pairingId, s.board.id));
      expect(rows.find((r) => r.id === again)!.status).toBe("withdrawn");
      await s.ca.schedule.withdraw({ proposalId: third });
      expect((await kindsFor(db(), s.b.id)).some((n) => /withdrew/.test(n.text))).toBe(true);
    });

    it("an accept and a counter of the same proposal at once: exactly one wins, the other is told who answered", async () => {
      const s = await setup(db());
      for (let i = 0; i < 3; i++) {
        const t1 = inHours(10 + i);
        // A proposes (after a counter by B in the last round, B's proposal is open: A answers it first)
        const open = (await db().select().from(gameProposals).where(and(eq(gameProposals.pairingId, s.board.id), eq(gameProposals.status, "open"))))[0];
        if (open) await s.ca.schedule.decline({ proposalId: open.id });
        const { proposalId } = await s.ca.schedule.propose({ pairingId: s.board.id, times: [t1] });
        // B accepts on one device and counters on another, at the same moment
        const [acc, cou] = await Promise.allSettled([s.cb.schedule.accept({ proposalId, time: t1 }), s.cb.schedule.counter({ proposalId, times: [inHours(30 + i)] })]);
        const wins = [acc, cou].filter((r) => r.status === "fulfilled");
        expect(wins).toHaveLength(1);
        const lost = [acc, cou].find((r) => r.status === "rejected") as PromiseRejectedResult;
        expect(String(lost.reason.message)).toMatch(new RegExp(`^This proposal was already (accepted|countered) by ${s.b.name} at `));
        const [row] = await db().select().from(gameProposals).where(eq(gameProposals.id, proposalId));
        expect(row!.status).toBe(acc.status === "fulfilled" ? "accepted" : "countered");
        // nothing of the loser was written: one open proposal at most (the counter's), no second answer
        const openNow = await db().select().from(gameProposals).where(and(eq(gameProposals.pairingId, s.board.id), eq(gameProposals.status, "open")));
        expect(openNow.length).toBe(acc.status === "fulfilled" ? 0 : 1);
      }
    });

    it("a reminder before the agreed time, once; the game opens from shortly before that time", async () => {
      const s = await setup(db());
      const at = inHours(3);
      const { proposalId } = await s.ca.schedule.propose({ pairingId: s.board.id, times: [at] });
      await s.cb.schedule.accept({ proposalId, time: at });
      // too early: nothing due, the game does not open
      expect(await sendDueReminders(db(), { now: at.getTime() - 2 * HOUR })).toBe(0);
      await expect(s.ca.schedule.openGame({ pairingId: s.board.id })).rejects.toThrow(/Your game opens at/);
      // within the hour: both players reminded, once
      expect(await sendDueReminders(db(), { now: at.getTime() - 30 * 60_000 })).toBe(1);
      expect(await sendDueReminders(db(), { now: at.getTime() - 20 * 60_000 })).toBe(0);
      for (const u of [s.a, s.b]) expect((await kindsFor(db(), u.id)).filter((n) => n.kind === "game-reminder")).toHaveLength(1);
      // at the time: the fair start (the first player's call waits for the other)
      const { matchId } = await openScheduledGame(db(), { pairingId: s.board.id, userId: s.a.id }, { now: at.getTime() });
      const again = await openScheduledGame(db(), { pairingId: s.board.id, userId: s.b.id }, { now: at.getTime() + 60_000 });
      expect(again.matchId).toBe(matchId);
      await expect(callerFor(db(), await seedUser(db())).schedule.openGame({ pairingId: s.board.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    });
    it("the due sweep alone (no page read) sends the reminder once, and hands an unplayed board to the directors once", async () => {
      const s = await setup(db());
      const at = inHours(3);
      const { proposalId } = await s.ca.schedule.propose({ pairingId: s.board.id, times: [at] });
      await s.cb.schedule.accept({ proposalId, time: at });
      expect(await sweepNow(db(), { now: at.getTime() - 2 * HOUR })).toMatchObject({ reminders: 0 });
      expect(await sweepNow(db(), { now: at.getTime() - 30 * 60_000 })).toMatchObject({ reminders: 1 });
      expect(await sweepNow(db(), { now: at.getTime() - 10 * 60_000 })).toMatchObject({ reminders: 0 });
      for (const u of [s.a, s.b]) expect((await kindsFor(db(), u.id)).filter((n) => n.kind === "game-reminder")).toHaveLength(1);
      // past the window's end with no result: the directors hear it once per deadline, the players not
      const end = Date.now() + 7 * DAY + HOUR;
      expect((await sweepNow(db(), { now: end })).handedOver).toBeGreaterThanOrEqual(1);
      await sweepNow(db(), { now: end + HOUR });
      const told = (await kindsFor(db(), s.director.id)).filter((n) => n.kind === "game-unplayed");
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toMatch(/^Round 1, table \d+ of Season Open \((Ann Able v Bo Baker|Bo Baker v Ann Able)\) was not played by .* UTC: decide it/);
      expect((await kindsFor(db(), s.a.id)).some((n) => n.kind === "game-unplayed")).toBe(false);
    });
  });

  describe("unplayed games", () => {
    const past = () => ({ playFrom: new Date(Date.now() - 8 * DAY), playBy: new Date(Date.now() - HOUR) });

    it("a board past its deadline waits for the director: forfeit once, then 'Already decided by …'", async () => {
      const s = await setup(db(), past());
      const list = (await s.d.schedule.unplayed({ tournamentId: s.tournamentId })).boards;
      expect(list.map((x) => [x.pairingId, x.kind])).toEqual([[s.board.id, "unplayed"]]);
      // never decided silently: no result until the director decides
      const [before] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, s.board.id));
      expect(before!.scores).toBeNull();
      await expect(s.d.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "forfeit", forfeitUserId: s.b.id, reason: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await s.d.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "forfeit", forfeitUserId: s.b.id, reason: "did not answer any proposal" });
      await expect(s.d.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "double-forfeit", reason: "both absent" })).rejects.toThrow(/Already decided by Dee Director at .*a forfeit/);
      await expect(s.d.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "extend", playBy: inHours(24) })).rejects.toThrow(/Already decided by Dee Director/);
      const [after] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, s.board.id));
      expect(after!.forfeitUserId).toBe(s.b.id);
      expect(after!.playBy).toBeNull();
      const standings = await s.d.tournaments.standings({ tournamentId: s.tournamentId });
      expect(standings.rows.find((r) => r.userId === s.a.id)!.wins).toBe(1);
      expect(standings.rows.find((r) => r.userId === s.b.id)!.losses).toBe(1);
      expect((await s.d.schedule.unplayed({ tournamentId: s.tournamentId })).boards).toEqual([]);
      // players do not decide
      await expect(s.ca.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "double-forfeit", reason: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    });

    it("two directors deciding the same board at once: one decision, the other told who decided", async () => {
      const s = await setup(db(), past());
      const other = await seedUser(db(), { name: "Other Director" });
      await s.d.tournaments.staff.add({ tournamentId: s.tournamentId, email: other.email, role: "director" });
      const d2 = callerFor(db(), other);
      const results = await Promise.allSettled([
        s.d.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "forfeit", forfeitUserId: s.a.id, reason: "no show" }),
        d2.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "double-forfeit", reason: "both absent" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(String(lost.reason.message)).toMatch(/^Already decided by (Dee Director|Other Director) at /);
    });

    it("extend gives a new deadline (the board leaves the list and can be scheduled), double forfeit closes it", async () => {
      const s = await setup(db(), past());
      const newBy = inHours(48);
      await s.d.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "extend", playBy: newBy, reason: "" });
      await expect(s.d.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "extend", playBy: inHours(72), reason: "" })).rejects.toThrow(/Already decided by Dee Director at .*extended to/);
      expect((await s.d.schedule.unplayed({ tournamentId: s.tournamentId })).boards).toEqual([]);
      const mine = await s.ca.schedule.mine({});
      expect(mine[0]!.deadline!.getTime()).toBe(newBy.getTime());
      expect(mine[0]!.extended).toBe(true);
      // the extended window takes a proposal up to the new deadline
      const t1 = inHours(24);
      const { proposalId } = await s.ca.schedule.propose({ pairingId: s.board.id, times: [t1] });
      expect(proposalId).toBeTruthy();

      const s2 = await setup(db(), { ...past(), name: "Double Open" });
      await s2.d.schedule.decide({ tournamentId: s2.tournamentId, pairingId: s2.board.id, decision: "double-forfeit", reason: "neither replied" });
      await expect(s2.d.schedule.decide({ tournamentId: s2.tournamentId, pairingId: s2.board.id, decision: "forfeit", forfeitUserId: s2.a.id, reason: "x" })).rejects.toThrow(/Already decided by Dee Director at .*double forfeit/);
      expect((await s2.d.schedule.unplayed({ tournamentId: s2.tournamentId })).boards).toEqual([]);
      await expect(s2.ca.schedule.report({ pairingId: s2.board.id, scores: { [s2.a.id]: 300, [s2.b.id]: 200 } })).rejects.toThrow(/double forfeit/);
      const standings = await s2.d.tournaments.standings({ tournamentId: s2.tournamentId });
      for (const r of standings.rows) expect(r.wins).toBe(0);
    });
    it("a double forfeit is the board's result: a loss for both, spread unchanged, shown as such, not rated; a later result replaces it", async () => {
      const s = await setup(db(), { ...past(), name: "Double Result Open" });
      await s.d.schedule.decide({ tournamentId: s.tournamentId, pairingId: s.board.id, decision: "double-forfeit", reason: "neither replied" });
      const [row] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, s.board.id));
      expect(row).toMatchObject({ doubleForfeit: true, scores: null, forfeitUserId: null, resultSource: "director" });
      const standings = await s.d.tournaments.standings({ tournamentId: s.tournamentId });
      for (const r of standings.rows) expect(r).toMatchObject({ wins: 0, losses: 1, spread: 0, games: 1 });
      const overview = await s.ca.tournaments.byId({ tournamentId: s.tournamentId });
      expect(overview.rounds[0]!.pairings[0]).toMatchObject({ doubleForfeit: true, hasResult: true });
      const cross = await s.ca.tournaments.crossTable({ tournamentId: s.tournamentId });
      expect(cross.rows.map((r) => r.cells[0]!.kind)).toEqual(["double-forfeit", "double-forfeit"]);
      // never rated: no ledger entry for the board
      expect(await db().select().from(ratedGames).where(eq(ratedGames.pairingId, s.board.id))).toEqual([]);
      // not in anyone's games to schedule, and the round can close with it
      expect(await s.ca.schedule.mine({ tournamentId: s.tournamentId })).toEqual([]);
      await s.d.tournaments.rounds.close({ tournamentId: s.tournamentId, roundNumber: 1 });
      // a director's result entered afterwards replaces it (and is rated as any result)
      await s.d.tournaments.enterResult({ tournamentId: s.tournamentId, pairingId: s.board.id, scores: { [s.a.id]: 300, [s.b.id]: 250 } });
      const [after] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, s.board.id));
      expect(after!.doubleForfeit).toBe(false);
      const again = await s.d.tournaments.standings({ tournamentId: s.tournamentId });
      expect(again.rows.find((r) => r.userId === s.a.id)).toMatchObject({ wins: 1, losses: 0, spread: 50 });
      expect(await db().select().from(ratedGames).where(eq(ratedGames.pairingId, s.board.id))).toHaveLength(1);
    });
  });

  describe("results the players report", () => {
    it("report, then the opponent confirms: the board's result, standings follow, the reporter hears it", async () => {
      const s = await setup(db(), { window: false });
      const scores = { [s.a.id]: 412, [s.b.id]: 380 };
      const { reportId } = await s.ca.schedule.report({ pairingId: s.board.id, scores, note: "close game" });
      expect((await kindsFor(db(), s.b.id)).some((n) => n.kind === "result-report" && /412/.test(n.text))).toBe(true);
      await expect(s.ca.schedule.confirm({ reportId })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(callerFor(db(), s.director).schedule.confirm({ reportId })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await s.cb.schedule.confirm({ reportId });
      const [p] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.id, s.board.id));
      expect(p!.scores).toEqual(scores);
      expect(p!.resultSource).toBe("director");
      expect(p!.resultBy).toBe(s.b.id);
      await expect(s.cb.schedule.confirm({ reportId })).rejects.toThrow(/already confirmed/);
      const standings = await s.d.tournaments.standings({ tournamentId: s.tournamentId });
      expect(standings.rows.find((r) => r.userId === s.a.id)!.wins).toBe(1);
      const audit = await s.d.tournaments.audit({ tournamentId: s.tournamentId });
      expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(["report.confirmed", "result.recorded"]));
    });

    it("a second report supersedes the first; a dispute goes to the director, who enters the result", async () => {
      const s = await setup(db(), { window: false });
      const { reportId: r1 } = await s.ca.schedule.report({ pairingId: s.board.id, scores: { [s.a.id]: 400, [s.b.id]: 390 } });
      const { reportId: r2 } = await s.cb.schedule.report({ pairingId: s.board.id, scores: { [s.a.id]: 390, [s.b.id]: 400 } });
      // the superseded report cannot be answered any more (nor can B answer their own)
      await expect(s.cb.schedule.confirm({ reportId: r1 })).rejects.toThrow(/already replaced by a newer report/);
      await expect(s.cb.schedule.dispute({ reportId: r2, note: "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      const rows = await db().select().from(resultReports).where(eq(resultReports.pairingId, s.board.id));
      expect(rows.find((r) => r.id === r1)!.status).toBe("superseded");
      await s.ca.schedule.dispute({ reportId: r2, note: "I won by ten" });
      const list = (await s.d.schedule.unplayed({ tournamentId: s.tournamentId })).boards;
      expect(list.map((x) => x.kind)).toEqual(["disputed"]);
      expect(list[0]!.report!.note).toContain("I won by ten");
      // the director decides with the normal result entry; the board leaves the list
      await s.d.tournaments.enterResult({ tournamentId: s.tournamentId, pairingId: s.board.id, scores: { [s.a.id]: 400, [s.b.id]: 390 } });
      expect((await s.d.schedule.unplayed({ tournamentId: s.tournamentId })).boards).toEqual([]);
      await expect(s.cb.schedule.report({ pairingId: s.board.id, scores: { [s.a.id]: 1, [s.b.id]: 2 } })).rejects.toThrow(/already has a result/);
    });

    it("scores must name exactly the board's players", async () => {
      const s = await setup(db(), { window: false });
      const stranger = await seedUser(db());
      await expect(s.ca.schedule.report({ pairingId: s.board.id, scores: { [s.a.id]: 1, [stranger.id]: 2 } })).rejects.toThrow(/each player of this board/);
      await expect(callerFor(db(), stranger).schedule.report({ pairingId: s.board.id, scores: { [s.a.id]: 1, [s.b.id]: 2 } })).rejects.toMatchObject({ code: "FORBIDDEN" });
    });
  });

  it("the window: directors only, both ends or neither, end after start, not on a closed round", async () => {
    const s = await setup(db(), { window: false });
    await expect(s.ca.schedule.setWindow({ tournamentId: s.tournamentId, roundNumber: 1, playFrom: inHours(1), playBy: inHours(5) })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(s.d.schedule.setWindow({ tournamentId: s.tournamentId, roundNumber: 1, playFrom: inHours(5), playBy: inHours(1) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(s.d.schedule.setWindow({ tournamentId: s.tournamentId, roundNumber: 1, playFrom: null, playBy: inHours(1) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(s.d.schedule.setWindow({ tournamentId: s.tournamentId, roundNumber: 9, playFrom: inHours(1), playBy: inHours(5) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await s.d.schedule.setWindow({ tournamentId: s.tournamentId, roundNumber: 1, playFrom: inHours(1), playBy: inHours(5) });
    expect((await s.d.tournaments.audit({ tournamentId: s.tournamentId })).some((e) => e.action === "round.window-set")).toBe(true);
  });
});
