import { randomUUID } from "node:crypto";
import { eq, inArray, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ratedGames, ratingEvents } from "@/db/schema";
import type { Db } from "@/db/client";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { isTournamentDirector, requireTournamentRole } from "@/server/services/tournaments/access";
import { getPairingForMatch, recordPairingResult, writeResult } from "@/server/services/tournaments/results";
import { applyRatedGame } from "@/server/services/ratings/apply";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedTournament, seedUser, seedUsers } from "../helpers/seed";

type Board = { id: string; version: number; players: { userId: string }[] };

/** A club (owner, club director, member, outsider) and `n` more members who will play. */
async function staffedClub(db: Db, n: number) {
  const [owner, clubDirector, member, outsider] = await Promise.all([seedUser(db), seedUser(db), seedUser(db), seedUser(db)]);
  const players = await seedUsers(db, n, (i) => `P${i + 1}`);
  const { club } = await seedClub(db, { owner, directors: [clubDirector], members: [member, ...players], name: "Tile Club" });
  return { club, owner, clubDirector, member, outsider, players };
}

async function spring(db: Db, n: number, settings: Record<string, unknown> = {}) {
  const s = await staffedClub(db, n);
  const { t, director } = await seedTournament(db, { clubId: s.club.id, director: s.clubDirector, players: s.players, settings: { name: "Spring Open", format: "swiss", rounds: 3, ...settings } });
  return { ...s, t, director };
}

/** Scores from "strength" = player index: the higher index always wins by 10 points per step. */
const strength = (players: PublicUser[], id: string) => players.findIndex((p) => p.id === id) + 1;

async function playRound(db: Db, s: Awaited<ReturnType<typeof spring>>) {
  const { roundNumber } = await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
  await s.director.tournaments.rounds.publish({ tournamentId: s.t.id, roundNumber });
  const o = await s.director.tournaments.byId({ tournamentId: s.t.id });
  const round = o.rounds.find((r) => r.number === roundNumber)!;
  for (const p of round.pairings.filter((x) => !x.isBye)) {
    const scores = Object.fromEntries(p.players.map((pl) => [pl.userId, 300 + 10 * strength(s.players, pl.userId)]));
    await s.director.tournaments.enterResult({ tournamentId: s.t.id, pairingId: p.id, scores });
  }
  await s.director.tournaments.rounds.close({ tournamentId: s.t.id, roundNumber });
  return round;
}

describeDb("tournaments", (db) => {
  describe("lifecycle", () => {
    it("runs a 6-player Swiss from registration to final standings, with an audit trail", async () => {
      const s = await spring(db(), 6);
      const rounds = [];
      for (let r = 0; r < 3; r++) rounds.push(await playRound(db(), s));
      // expected standings from the scores entered
      const tally = new Map<string, { wins: number; spread: number }>(s.players.map((p) => [p.id, { wins: 0, spread: 0 }]));
      const met = new Set<string>();
      for (const round of rounds)
        for (const p of round.pairings) {
          expect(p.isBye).toBe(false);
          const [a, b] = p.players.map((x) => x.userId) as [string, string];
          met.add([a, b].sort().join("|"));
          const d = 10 * (strength(s.players, a) - strength(s.players, b));
          tally.get(a)!.spread += d;
          tally.get(b)!.spread -= d;
          tally.get(d > 0 ? a : b)!.wins += 1;
        }
      expect(met.size).toBe(9); // no repeats in 3 rounds of 6
      const st = await callerFor(db()).tournaments.standings({ tournamentId: s.t.id });
      expect(st.rows).toHaveLength(6);
      for (const row of st.rows) expect({ wins: row.wins, spread: row.spread }).toEqual(tally.get(row.userId));
      expect(st.rows[0]!.userId).toBe(s.players[5]!.id); // P6 wins every game
      expect(st.rows[0]!.wins).toBe(3);
      expect(st.rows[0]!.whyAboveNext).toMatch(/is above/);
      const o = await callerFor(db()).tournaments.byId({ tournamentId: s.t.id });
      expect(o.tournament.status).toBe("finished");
      expect(o.rounds.every((r) => r.pairings.every((p) => p.reason.length > 0))).toBe(true);
      const audit = await s.director.tournaments.audit({ tournamentId: s.t.id });
      const actions = audit.map((a) => a.action);
      for (const a of ["tournament.created", "player.registered", "round.paired", "round.published", "result.recorded", "round.closed", "tournament.finished"]) expect(actions).toContain(a);
      const cross = await callerFor(db()).tournaments.crossTable({ tournamentId: s.t.id });
      expect(cross.rows[0]!.cells.map((c) => c.kind)).toEqual(["win", "win", "win"]);
    });

    it("refuses to skip steps: pair twice, close with missing results, results on a draft", async () => {
      const s = await spring(db(), 4);
      await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
      await expect(s.director.tournaments.rounds.pair({ tournamentId: s.t.id })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
      const o = await s.director.tournaments.byId({ tournamentId: s.t.id });
      const p = o.rounds[0]!.pairings[0]!;
      const scores = Object.fromEntries(p.players.map((x) => [x.userId, 100]));
      await expect(s.director.tournaments.enterResult({ tournamentId: s.t.id, pairingId: p.id, scores })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
      await s.director.tournaments.rounds.publish({ tournamentId: s.t.id, roundNumber: 1 });
      await expect(s.director.tournaments.rounds.close({ tournamentId: s.t.id, roundNumber: 1 })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
      // drafts are hidden from the public
      const pub = await callerFor(db()).tournaments.byId({ tournamentId: s.t.id });
      expect(pub.rounds).toHaveLength(1);
      expect(pub.entries.every((e) => e.email === null)).toBe(true);
    });

    it("a manual swap in a draft changes the boards and is logged", async () => {
      const s = await spring(db(), 4);
      await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
      const before = (await s.director.tournaments.byId({ tournamentId: s.t.id })).rounds[0]!.pairings;
      const a = before[0]!.players[0]!.userId;
      const b = before[1]!.players[0]!.userId;
      await s.director.tournaments.rounds.swap({ tournamentId: s.t.id, roundNumber: 1, a, b });
      const after = (await s.director.tournaments.byId({ tournamentId: s.t.id })).rounds[0]!.pairings;
      expect(after[0]!.players[0]!.userId).toBe(b);
      expect(after[1]!.players[0]!.userId).toBe(a);
      expect(after[0]!.manual).toBe(true);
      expect(after[0]!.reason).toMatch(/set by the director/);
      const audit = await s.director.tournaments.audit({ tournamentId: s.t.id });
      expect(audit.some((x) => x.action === "pairing.swapped")).toBe(true);
    });
  });

  describe("settings", () => {
    const custom = {
      description: "Two days of Equate.",
      format: "king-of-the-hill" as const,
      rounds: 4,
      rated: false,
      tiebreaks: ["buchholz", "spread"],
      byeSpread: 30,
      timeControl: { initialMs: 1_200_000, incrementMs: 5_000, perMoveLimitMs: null, overtimePenaltyPoints: 5, maxOvertimeMs: 300_000, leastTimeBonusPoints: 0 },
    };

    it("an update changes only what it is sent (a rename keeps every other setting)", async () => {
      const s = await spring(db(), 2, custom);
      const before = await s.director.tournaments.byId({ tournamentId: s.t.id });
      expect(before.tournament).toMatchObject(custom);
      const renamed = await s.director.tournaments.update({ tournamentId: s.t.id, name: "Spring Open II" });
      expect(renamed).toEqual({ ...before.tournament, name: "Spring Open II" });
      // a clock change sends only the field that changes; the rest of the clock stays
      const faster = await s.director.tournaments.update({ tournamentId: s.t.id, timeControl: { initialMs: 900_000 } });
      expect(faster.timeControl).toEqual({ ...custom.timeControl, initialMs: 900_000 });
      expect(faster).toMatchObject({ format: "king-of-the-hill", rounds: 4, rated: false, tiebreaks: ["buchholz", "spread"] });
    });

    it("while the event runs a rename, description or tiebreak change is allowed; pairing settings are not", async () => {
      const s = await spring(db(), 4, custom);
      await playRound(db(), s);
      await s.director.tournaments.update({ tournamentId: s.t.id, name: "Spring Open (day 2)" });
      await s.director.tournaments.update({ tournamentId: s.t.id, description: "Moved to the big hall." });
      await s.director.tournaments.update({ tournamentId: s.t.id, tiebreaks: ["spread", "buchholz"] });
      // sending a locked setting with its current value is not a change
      await s.director.tournaments.update({ tournamentId: s.t.id, name: "Spring Open (day 2)", format: "king-of-the-hill", rounds: 4 });
      await expect(s.director.tournaments.update({ tournamentId: s.t.id, rounds: 6 })).rejects.toMatchObject({ code: "PRECONDITION_FAILED", message: expect.stringContaining("rounds") });
      await expect(s.director.tournaments.update({ tournamentId: s.t.id, timeControl: { incrementMs: 0 } })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
      const o = await s.director.tournaments.byId({ tournamentId: s.t.id });
      expect(o.tournament).toMatchObject({ ...custom, name: "Spring Open (day 2)", description: "Moved to the big hall.", tiebreaks: ["spread", "buchholz"], status: "running" });
      const audit = await s.director.tournaments.audit({ tournamentId: s.t.id });
      expect(audit.filter((a) => a.action === "tournament.updated").map((a) => a.details.fields)).toEqual([["tiebreaks"], ["description"], ["name"]]);
    });
  });

  describe("late entries and withdrawals", () => {
    it("a late entry joins the next round with missed rounds counted; a withdrawal leaves later rounds, results stay", async () => {
      const s = await spring(db(), 5, { rounds: 3, lateEntryWins: 0.5 });
      const r1 = await playRound(db(), s);
      expect(r1.pairings.filter((p) => p.isBye)).toHaveLength(1);
      const late = await seedUser(db(), { name: "Latecomer" });
      const rep = await s.director.tournaments.players.add({ tournamentId: s.t.id, emails: late.email });
      expect(rep.lateEntries).toEqual(["Latecomer"]);
      const quitter = s.players[0]!;
      await s.director.tournaments.players.withdraw({ tournamentId: s.t.id, userId: quitter.id });
      const r2 = await playRound(db(), s);
      const inR2 = r2.pairings.flatMap((p) => p.players.map((x) => x.userId));
      expect(inR2).toContain(late.id);
      expect(inR2).not.toContain(quitter.id);
      expect(inR2).toHaveLength(5); // 4 remaining + latecomer: two boards and a bye
      const st = await callerFor(db()).tournaments.standings({ tournamentId: s.t.id });
      const lateRow = st.rows.find((r) => r.userId === late.id)!;
      expect(lateRow.absences).toBe(1);
      const quitRow = st.rows.find((r) => r.userId === quitter.id)!;
      expect(quitRow.withdrawn).toBe(true);
      expect(quitRow.games + quitRow.byes).toBe(1);
      const cross = await callerFor(db()).tournaments.crossTable({ tournamentId: s.t.id });
      expect(cross.rows.find((r) => r.userId === late.id)!.cells[0]!.kind).toBe("absent");
    });

    it("a withdrawal after the draft forces a re-pair before publishing", async () => {
      const s = await spring(db(), 4);
      await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
      // during the event the player is withdrawn (their entry stays)
      await s.director.tournaments.players.withdraw({ tournamentId: s.t.id, userId: s.players[1]!.id });
      await expect(s.director.tournaments.rounds.publish({ tournamentId: s.t.id, roundNumber: 1 })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
      await s.director.tournaments.rounds.deleteDraft({ tournamentId: s.t.id, roundNumber: 1 });
      const o = await s.director.tournaments.byId({ tournamentId: s.t.id });
      expect(o.tournament.status).toBe("registration");
    });

    it("round robins refuse late entries", async () => {
      const s = await spring(db(), 4, { format: "round-robin" });
      await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
      const late = await seedUser(db());
      await expect(s.director.tournaments.players.add({ tournamentId: s.t.id, emails: late.email })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    });
  });

  describe("results", () => {
    it("correcting a result recomputes the standings and keeps the old value in the audit", async () => {
      const s = await spring(db(), 4, { rounds: 1 });
      const r1 = await playRound(db(), s);
      const board = r1.pairings[0]!;
      const [a, b] = board.players.map((p) => p.userId) as [string, string];
      const before = await callerFor(db()).tournaments.standings({ tournamentId: s.t.id });
      const winnerBefore = strength(s.players, a) > strength(s.players, b) ? a : b;
      expect(before.rows.find((r) => r.userId === winnerBefore)!.wins).toBe(1);
      const loserBefore = winnerBefore === a ? b : a;
      await s.director.tournaments.enterResult({ tournamentId: s.t.id, pairingId: board.id, scores: { [winnerBefore]: 350, [loserBefore]: 400 } });
      const after = await callerFor(db()).tournaments.standings({ tournamentId: s.t.id });
      expect(after.rows.find((r) => r.userId === loserBefore)!).toMatchObject({ wins: 1, spread: 50 });
      expect(after.rows.find((r) => r.userId === winnerBefore)!).toMatchObject({ wins: 0, spread: -50 });
      const audit = await s.director.tournaments.audit({ tournamentId: s.t.id });
      const c = audit.find((x) => x.action === "result.corrected")!;
      expect(c.details.before).toBeTruthy();
    });

    it("recordPairingResult (matches domain) writes the result, a forfeit counts ±forfeitSpread, and getPairingForMatch describes the game", async () => {
      const s = await spring(db(), 2, { rounds: 1, timeControl: { initialMs: 600_000 } });
      await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
      await s.director.tournaments.rounds.publish({ tournamentId: s.t.id, roundNumber: 1 });
      const board = (await s.director.tournaments.byId({ tournamentId: s.t.id })).rounds[0]!.pairings[0]!;
      const info = await getPairingForMatch(db(), board.id);
      expect(info).toMatchObject({ tournamentId: s.t.id, clubId: s.club.id, ruleset: "equate", roundNumber: 1, table: 1, rated: true, challengeRule: "retry" });
      expect(info.players).toEqual(board.players.map((p) => p.userId));
      expect(info.timeControl).toEqual({ initialMs: 600_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 });
      const [first, second] = info.players as [string, string];
      await db().transaction((tx) => recordPairingResult(tx, { pairingId: board.id, scores: { [first]: 10, [second]: 200 }, source: "match", actorId: null, forfeit: true }));
      const st = await callerFor(db()).tournaments.standings({ tournamentId: s.t.id });
      expect(st.rows[0]).toMatchObject({ userId: second, wins: 1, spread: 50 });
      const o = await s.director.tournaments.byId({ tournamentId: s.t.id });
      expect(o.rounds[0]!.pairings[0]!.resultSource).toBe("match");
      await expect(recordPairingResult(db(), { pairingId: board.id, scores: { [first]: 1 }, source: "match", actorId: null })).rejects.toMatchObject({ code: "INVALID" });
    });

    it("a director's result ends the running online game: a later resignation changes nothing, and the board is rated once", async () => {
      const s = await spring(db(), 4, { rounds: 2, timeControl: { initialMs: 600_000 } });
      await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
      await s.director.tournaments.rounds.publish({ tournamentId: s.t.id, roundNumber: 1 });
      const [board, other] = (await s.director.tournaments.byId({ tournamentId: s.t.id })).rounds[0]!.pairings as Board[] as [Board, Board];
      const [a, b] = board.players.map((p) => p.userId) as [string, string];
      const player = (id: string) => callerFor(db(), s.players.find((p) => p.id === id)!);
      const { matchId } = await player(a).matches.createFromPairing({ pairingId: board.id });
      expect((await player(a).matches.get({ matchId })).status).toBe("open"); // a fair start: b has not come yet
      await player(b).matches.checkIn({ matchId });
      expect((await player(a).matches.get({ matchId })).status).toBe("active");

      // Written past enterDirectorResult, a director's result cannot land beside a running game.
      await expect(writeResult(db(), { pairingId: board.id, scores: { [a]: 1, [b]: 2 }, source: "director", actorId: s.clubDirector.id, forfeitUserId: null })).rejects.toMatchObject({ code: "CONFLICT" });
      // The director enters a result while the game runs (a wins), closes the round, pairs round 2.
      await s.director.tournaments.enterResult({ tournamentId: s.t.id, pairingId: board.id, scores: { [a]: 400, [b]: 300 }, expectedVersion: board.version });
      await s.director.tournaments.enterResult({ tournamentId: s.t.id, pairingId: other.id, scores: Object.fromEntries(other.players.map((p, i) => [p.userId, 350 - i * 20])) });
      const ended = await callerFor(db()).matches.get({ matchId });
      expect(ended.status).toBe("finished");
      expect(ended.game?.end).toMatchObject({ reason: "director" });
      expect(ended.game?.clock?.running ?? null).toBeNull();
      expect(ended.result).toMatchObject({ reason: "director", winners: [a], scores: { [a]: 400, [b]: 300 } });
      expect(ended.game?.sheet.map((l) => l.type).slice(-2)).toEqual(["director-end", "end"]);
      await s.director.tournaments.rounds.close({ tournamentId: s.t.id, roundNumber: 1 });
      await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
      const standings = await callerFor(db()).tournaments.standings({ tournamentId: s.t.id });

      // The director's winner resigns the game that no longer runs: refused, nothing moves.
      await expect(player(a).matches.move({ matchId, expectedSeq: ended.version, clientId: "late-resign", action: { type: "resign" } })).rejects.toMatchObject({ code: "CONFLICT" });
      const after = (await s.director.tournaments.byId({ tournamentId: s.t.id })).rounds[0]!.pairings.find((p) => p.id === board.id)!;
      expect(after).toMatchObject({ resultSource: "director", forfeitUserId: null });
      expect(after.players.map((p) => p.score)).toEqual([400, 300]);
      expect(await callerFor(db()).tournaments.standings({ tournamentId: s.t.id })).toEqual(standings);

      // Rated exactly once, with the director's result; a correction amends that one entry.
      const ledger = () => db().select().from(ratedGames).where(or(eq(ratedGames.pairingId, board.id), eq(ratedGames.sourceId, board.id), eq(ratedGames.sourceId, matchId)));
      expect(await ledger()).toMatchObject([{ source: "match", sourceId: matchId, pairingId: board.id, players: [{ userId: a, score: 400 }, { userId: b, score: 300 }] }]);
      const events = await db().select().from(ratingEvents).where(inArray(ratingEvents.userId, [a, b]));
      expect(events).toHaveLength(2);
      expect(events.find((e) => e.userId === a)!.result).toBe(1);
      await s.director.tournaments.enterResult({ tournamentId: s.t.id, pairingId: board.id, scores: { [a]: 380, [b]: 390 } });
      expect(await ledger()).toMatchObject([{ players: [{ userId: a, score: 380 }, { userId: b, score: 390 }] }]);
      expect(await db().select().from(ratingEvents).where(inArray(ratingEvents.userId, [a, b]))).toHaveLength(2);
      // A game's own end never overwrites a board that has a result from the director.
      await expect(recordPairingResult(db(), { pairingId: board.id, scores: { [a]: 1, [b]: 2 }, source: "match", actorId: null, matchId })).rejects.toMatchObject({ code: "PRECONDITION" });
    });

    it("the ledger takes one row per board even when a second source tries (database guard)", async () => {
      const s = await spring(db(), 2, { rounds: 1 });
      await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
      await s.director.tournaments.rounds.publish({ tournamentId: s.t.id, roundNumber: 1 });
      const board = (await s.director.tournaments.byId({ tournamentId: s.t.id })).rounds[0]!.pairings[0]!;
      await s.director.tournaments.enterResult({ tournamentId: s.t.id, pairingId: board.id, scores: Object.fromEntries(board.players.map((p, i) => [p.userId, 300 + i])) });
      const players = board.players.map((p, i) => ({ userId: p.userId, score: 500 - i }));
      const again = await applyRatedGame(db(), { ruleset: "equate", source: "match", sourceId: randomUUID(), pairingId: board.id, playedAt: new Date(), players });
      expect(again).toMatchObject({ status: "duplicate", amended: false });
      expect(await db().select().from(ratedGames).where(eq(ratedGames.pairingId, board.id))).toMatchObject([{ source: "pairing", sourceId: board.id }]);
    });

    it("a director's scores are required, whole, 0 to 9,999, and every refusal is a sentence", async () => {
      const s = await spring(db(), 2, { rounds: 1 });
      await s.director.tournaments.rounds.pair({ tournamentId: s.t.id });
      await s.director.tournaments.rounds.publish({ tournamentId: s.t.id, roundNumber: 1 });
      const board = (await s.director.tournaments.byId({ tournamentId: s.t.id })).rounds[0]!.pairings[0]!;
      const [a, b] = board.players.map((p) => p.userId) as [string, string];
      const refusal = async (scores: Record<string, unknown>) => {
        const err = await s.director.tournaments.enterResult({ tournamentId: s.t.id, pairingId: board.id, scores: scores as Record<string, number> }).then(
          () => null,
          (e: { code: string; cause?: { issues?: { message: string }[] } }) => e,
        );
        expect(err?.code).toBe("BAD_REQUEST");
        return err!.cause!.issues!.map((i) => i.message);
      };
      expect(await refusal({ [a]: -5, [b]: 300 })).toEqual(["A score cannot be negative."]);
      expect(await refusal({ [a]: 99_999, [b]: 300 })).toEqual(["A score is at most 9,999."]);
      expect(await refusal({ [a]: 12.5, [b]: 300 })).toEqual(["Scores are whole numbers."]);
      expect(await refusal({ [a]: null, [b]: 300 })).toEqual(["Enter a score."]);
      expect(await refusal({ "not-a-player": 1, [b]: 300 })).toEqual(["Enter a score for each player of this board."]);
      await expect(s.director.tournaments.enterResult({ tournamentId: s.t.id, pairingId: board.id, scores: { [a]: 9_999, [b]: 0 } })).resolves.toEqual({ ok: true });
    });

    it("ruleset options are validated by the engine", async () => {
      const s = await staffedClub(db(), 0);
      await expect(
        callerFor(db(), s.owner).tournaments.create({ clubId: s.club.id, name: "Bad Opts", startsAt: new Date(), ruleset: "smath", rulesetOptions: { evaluation: "standard" } }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    });
  });

  describe("formats", () => {
    it("round robin: 4 players meet everyone in 3 rounds and the event finishes", async () => {
      const s = await spring(db(), 4, { format: "round-robin", rounds: 1 });
      const seen = new Set<string>();
      for (let r = 0; r < 3; r++) for (const p of (await playRound(db(), s)).pairings) seen.add(p.players.map((x) => x.userId).sort().join("|"));
      expect(seen.size).toBe(6);
      const o = await callerFor(db()).tournaments.byId({ tournamentId: s.t.id });
      expect(o.tournament).toMatchObject({ status: "finished", rounds: 3 });
    });

    it("single elimination with a bronze match: bracket, final and placings", async () => {
      const s = await spring(db(), 4, { format: "single-elimination", bronzeMatch: true });
      const r1 = await playRound(db(), s);
      expect(r1.pairings).toHaveLength(2);
      // After the semi-finals the finalists play for 1–2 and the semi-final losers for 3–4.
      const mid = await callerFor(db()).tournaments.standings({ tournamentId: s.t.id });
      expect(mid.placings!.map((p) => [p.place, p.placeTo, p.settled])).toEqual([[1, 2, false], [1, 2, false], [3, 4, false], [3, 4, false]]);
      const r2 = await playRound(db(), s);
      expect(r2.pairings).toHaveLength(2); // final and third-place match
      const bracket = await callerFor(db()).tournaments.bracket({ tournamentId: s.t.id });
      expect(bracket!.matches.find((m) => m.side === "winners" && m.label === "Final")!.winner).toBe(s.players[3]!.id);
      const st = await callerFor(db()).tournaments.standings({ tournamentId: s.t.id });
      expect(st.placings![0]).toMatchObject({ userId: s.players[3]!.id, place: 1 });
      expect(st.placings!.map((p) => [p.place, p.placeTo, p.settled])).toEqual([[1, 1, true], [2, 2, true], [3, 3, true], [4, 4, true]]);
      const o = await callerFor(db()).tournaments.byId({ tournamentId: s.t.id });
      expect(o.tournament.status).toBe("finished");
    });
  });

  describe("authorisation", () => {
    it("only club owners and directors create tournaments", async () => {
      const s = await staffedClub(db(), 0);
      const input = { clubId: s.club.id, name: "Members Cup", startsAt: new Date(), ruleset: "equate" as const };
      await expect(callerFor(db(), s.member).tournaments.create(input)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(callerFor(db(), s.outsider).tournaments.create(input)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(callerFor(db()).tournaments.create(input)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(callerFor(db(), s.owner).tournaments.create(input)).resolves.toBeDefined();
    });

    it("every director mutation refuses outsiders, members, players and judges; directors and club owners pass", async () => {
      const s = await spring(db(), 4);
      const judge = await seedUser(db());
      await s.director.tournaments.staff.add({ tournamentId: s.t.id, email: judge.email, role: "judge" });
      const id = s.t.id;
      await s.director.tournaments.rounds.pair({ tournamentId: id });
      await s.director.tournaments.rounds.publish({ tournamentId: id, roundNumber: 1 });
      const board = (await s.director.tournaments.byId({ tournamentId: id })).rounds[0]!.pairings[0]!;
      const scores = Object.fromEntries(board.players.map((p) => [p.userId, 300]));
      const mutations: [string, (u: PublicUser) => Promise<unknown>][] = [
        ["update", (u) => callerFor(db(), u).tournaments.update({ tournamentId: id, name: "Renamed Open" })],
        ["players.add", (u) => callerFor(db(), u).tournaments.players.add({ tournamentId: id, emails: s.member.email })],
        ["players.withdraw", (u) => callerFor(db(), u).tournaments.players.withdraw({ tournamentId: id, userId: s.players[0]!.id })],
        ["rounds.pair", (u) => callerFor(db(), u).tournaments.rounds.pair({ tournamentId: id })],
        ["rounds.close", (u) => callerFor(db(), u).tournaments.rounds.close({ tournamentId: id, roundNumber: 1 })],
        ["enterResult", (u) => callerFor(db(), u).tournaments.enterResult({ tournamentId: id, pairingId: board.id, scores })],
        ["audit", (u) => callerFor(db(), u).tournaments.audit({ tournamentId: id })],
        ["staff.add", (u) => callerFor(db(), u).tournaments.staff.add({ tournamentId: id, email: s.member.email, role: "judge" })],
      ];
      for (const [name, run] of mutations)
        for (const who of [s.outsider, s.member, s.players[0]!, judge]) await expect(run(who), `${name} as ${who.name}`).rejects.toMatchObject({ code: "FORBIDDEN" });
      // the club owner is an implicit director
      await expect(callerFor(db(), s.owner).tournaments.enterResult({ tournamentId: id, pairingId: board.id, scores })).resolves.toEqual({ ok: true });
      expect(await isTournamentDirector(db(), id, s.owner.id)).toBe(true);
      expect(await isTournamentDirector(db(), id, judge.id)).toBe(false);
      await expect(requireTournamentRole(db(), id, judge.id, ["director", "judge"])).resolves.toMatchObject({ role: "judge" });
      await expect(requireTournamentRole(db(), id, s.member.id, ["judge"])).rejects.toMatchObject({ code: "FORBIDDEN" });
    });

    it("a director of one tournament cannot enter results on another's boards", async () => {
      const a = await spring(db(), 2);
      const b = await spring(db(), 2);
      await b.director.tournaments.rounds.pair({ tournamentId: b.t.id });
      await b.director.tournaments.rounds.publish({ tournamentId: b.t.id, roundNumber: 1 });
      const board = (await b.director.tournaments.byId({ tournamentId: b.t.id })).rounds[0]!.pairings[0]!;
      const scores = Object.fromEntries(board.players.map((p) => [p.userId, 1]));
      await expect(a.director.tournaments.enterResult({ tournamentId: a.t.id, pairingId: board.id, scores })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });

    it("players register themselves only as club members while registration is open", async () => {
      const s = await staffedClub(db(), 0);
      const t = await callerFor(db(), s.owner).tournaments.create({ clubId: s.club.id, name: "Open Night", startsAt: new Date(), ruleset: "equate" });
      await expect(callerFor(db(), s.outsider).tournaments.register({ tournamentId: t.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await callerFor(db(), s.member).tournaments.register({ tournamentId: t.id });
      await callerFor(db(), s.member).tournaments.checkInSelf({ tournamentId: t.id });
      const o = await callerFor(db(), s.member).tournaments.byId({ tournamentId: t.id });
      expect(o.myEntry).toMatchObject({ status: "checked-in" });
    });
  });
});
