/**
 * Recorded rulings: who may record (tournament judges and directors on tournament games and on
 * the tournament itself; a casual game's players on their game), who may list, that request and
 * ruling are stored verbatim, the desk's explanation, and a match's board at move N.
 * Matches and tournaments are inserted directly (engine events for the log), so these tests do
 * not depend on the match and tournament procedures.
 */
import { describe, expect, it, beforeAll } from "vitest";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { TRPCError } from "@trpc/server";
import type { Db } from "@/db/client";
import { clubMemberships, clubs, matchEvents, matchPlayers, matches, rulings, tournamentStaff, tournaments } from "@/db/schema";
import { adjudicate, replay, type GameEvent } from "@/engine";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { RULES_VERSION } from "@/server/services/adjudication/adjudicate";
import { getMatchView } from "@/server/services/matches/views";
import { buildRequest, fromPlacements } from "@/app/judge/_components/editor-model";
import { describeDb } from "../helpers/db";
import { callerFor, seedUser } from "../helpers/seed";

const row = (r: number, c: number, s: string) => [...s].map((tile, i) => ({ row: r, col: c + i, tile }));
const NEGATIVE = { ruleset: "equate", board: [], play: row(9, 5, "4-6+7=5") };
/** With an alias ("x") and a rack, to check the request is stored as submitted. */
const VALID = { ruleset: "equate", board: [], play: [{ row: 9, col: 9, tile: "3" }, { row: 9, col: 10, tile: "x" }, ...row(9, 11, "4=12")], rack: ["3", "×", "4", "1", "2", "?"] };

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (e) {
    if (e instanceof TRPCError) return e.code;
    throw e;
  }
}

/** A match row with a start event (challenge mode), a first play from player 0's rack and a pass. */
async function seedMatch(db: Db, players: PublicUser[], tournamentId: string | null) {
  const at = Date.UTC(2026, 0, 1, 12);
  const start: GameEvent = {
    type: "start",
    at,
    ruleset: "equate",
    challengeRule: "single",
    challengeMode: true,
    players: players.map((p) => ({ id: p.id, name: p.name })),
    seed: `seed-${randomBytes(4).toString("hex")}`,
  };
  const s0 = replay([start]).state!;
  const two = s0.racks[0].filter((f) => f !== "?").slice(0, 2);
  const play: GameEvent = { type: "play", at: at + 1000, player: players[0].id, placements: [{ row: 9, col: 9, tile: two[0] }, { row: 9, col: 10, tile: two[1] }] };
  const pass: GameEvent = { type: "pass", at: at + 2000, player: players[1].id };
  const m = await insertMatch(db, players, [start, play, pass], tournamentId);
  return { match: m, firstPlay: play.type === "play" ? play.placements : [] };
}

/** A match row whose log is `events` (the first is its start event; they must replay). */
async function insertMatch(db: Db, players: PublicUser[], events: GameEvent[], tournamentId: string | null) {
  const start = events[0] as Extract<GameEvent, { type: "start" }>;
  const r = replay(events);
  expect(r.error).toBeUndefined();
  const [m] = await db
    .insert(matches)
    .values({ status: "active", ruleset: start.ruleset, challengeRule: "single", seed: start.seed, tournamentId, version: events.length, startedAt: new Date(start.at) })
    .returning();
  await db.insert(matchPlayers).values(players.map((p, i) => ({ matchId: m.id, userId: p.id, seat: i, acceptedAt: new Date(start.at) })));
  await db.insert(matchEvents).values(
    events.map((e, i) => ({ matchId: m.id, seq: i + 1, type: e.type, payload: e as unknown as Record<string, unknown>, at: new Date(e.at), actorId: "player" in e ? e.player : null })),
  );
  return m;
}

async function seedWorld(db: Db) {
  const [owner, judge, p1, p2, outsider] = await Promise.all([seedUser(db), seedUser(db), seedUser(db), seedUser(db), seedUser(db)]);
  const [club] = await db.insert(clubs).values({ handle: `judges-${randomBytes(4).toString("hex")}`, name: "Judges Club" }).returning();
  await db.insert(clubMemberships).values({ clubId: club.id, userId: owner.id, role: "owner" });
  const [t] = await db
    .insert(tournaments)
    .values({
      clubId: club.id,
      name: "Spring Open",
      startsAt: new Date(),
      ruleset: "equate",
      rulesetOptions: {},
      timeControl: { initialMs: 1_500_000 } as never,
      challengeRule: "retry",
      format: "swiss",
      rounds: 5,
      tiebreaks: [],
    })
    .returning();
  await db.insert(tournamentStaff).values({ tournamentId: t.id, userId: judge.id, role: "judge" });
  const tm = await seedMatch(db, [p1, p2], t.id);
  const cm = await seedMatch(db, [p1, p2], null);
  return { owner, judge, p1, p2, outsider, tournament: t, tMatch: tm.match, cMatch: cm.match, firstPlay: tm.firstPlay };
}

type World = Awaited<ReturnType<typeof seedWorld>>;

describeDb("adjudication", (db) => {
  let w: World;
  beforeAll(async () => {
    w = await seedWorld(db());
  });

  describe("recording permissions", () => {
    const cases: { name: string; who: keyof World | null; target: "tMatch" | "cMatch" | "tournament"; expect: string }[] = [
      { name: "anonymous on a tournament game", who: null, target: "tMatch", expect: "UNAUTHORIZED" },
      { name: "an outsider on a tournament game", who: "outsider", target: "tMatch", expect: "FORBIDDEN" },
      { name: "a player on their tournament game", who: "p1", target: "tMatch", expect: "FORBIDDEN" },
      { name: "a judge on a tournament game", who: "judge", target: "tMatch", expect: "OK" },
      { name: "the club owner (director) on a tournament game", who: "owner", target: "tMatch", expect: "OK" },
      { name: "a judge on the tournament itself", who: "judge", target: "tournament", expect: "OK" },
      { name: "a player on the tournament itself", who: "p2", target: "tournament", expect: "FORBIDDEN" },
      { name: "a player on their casual game", who: "p1", target: "cMatch", expect: "OK" },
      { name: "the other player on their casual game", who: "p2", target: "cMatch", expect: "OK" },
      { name: "the tournament judge on a casual game", who: "judge", target: "cMatch", expect: "FORBIDDEN" },
      { name: "an outsider on a casual game", who: "outsider", target: "cMatch", expect: "FORBIDDEN" },
    ];
    for (const c of cases) {
      it(`${c.name}: ${c.expect}`, async () => {
        const user = c.who ? (w[c.who] as PublicUser) : null;
        const target = c.target === "tournament" ? { tournamentId: w.tournament.id } : { matchId: w[c.target].id, moveNumber: 0 };
        expect(await codeOf(callerFor(db(), user).adjudication.record({ ...target, request: NEGATIVE }))).toBe(c.expect);
      });
    }
  });

  it("stores the request and the engine's ruling verbatim, with the tournament copied from the match", async () => {
    const rec = await callerFor(db(), w.judge).adjudication.record({ matchId: w.tMatch.id, moveNumber: 0, requestedByUserId: w.p2.id, note: "p2 challenged", request: VALID });
    expect(rec.tournamentId).toBe(w.tournament.id);
    expect(rec.requestedBy).toBe(w.p2.name);
    expect(rec.ruledBy).toEqual({ id: w.judge.id, name: w.judge.name });
    expect(rec.ruling.valid).toBe(true);
    const [stored] = await db().select().from(rulings).where(eq(rulings.id, rec.id));
    expect(stored.request).toStrictEqual(VALID); // "x" alias kept as submitted
    expect(stored.ruling).toStrictEqual(adjudicate(VALID));
    expect(stored.ruleset).toBe("equate");
    expect(stored.rulesetVersion).toBe(RULES_VERSION);
    expect(stored.rulesetOptions).toMatchObject({ allTilesBonus: 40, challenge: "retry" });
    expect(stored.note).toBe("p2 challenged");
    expect(stored.moveNumber).toBe(0);
  });

  it("never trusts a client's ruling: extra fields are ignored, the engine rules", async () => {
    const rec = await callerFor(db(), w.judge).adjudication.record({ matchId: w.tMatch.id, request: NEGATIVE, ruling: { valid: true } } as never);
    expect(rec.ruling.valid).toBe(false);
    expect(rec.ruling.violations.map((v) => v.code)).toContain("NEGATIVE");
  });

  it("refuses malformed requests, a wrong game, a stranger as the asker, and no attachment", async () => {
    const j = callerFor(db(), w.judge);
    await expect(j.adjudication.record({ matchId: w.tMatch.id, request: { ruleset: "equate", board: [] } })).rejects.toThrow('"play" is required');
    expect(await codeOf(j.adjudication.record({ matchId: w.tMatch.id, request: { ...NEGATIVE, ruleset: "smath" } }))).toBe("BAD_REQUEST");
    expect(await codeOf(j.adjudication.record({ tournamentId: w.tournament.id, request: { ruleset: "number-scrabble", board: [], play: row(7, 7, "1+1=2") } }))).toBe("BAD_REQUEST");
    expect(await codeOf(j.adjudication.record({ matchId: w.tMatch.id, requestedByUserId: w.outsider.id, request: NEGATIVE }))).toBe("BAD_REQUEST");
    expect(await codeOf(j.adjudication.record({ request: NEGATIVE }))).toBe("BAD_REQUEST");
    expect(await codeOf(j.adjudication.record({ matchId: w.cMatch.id, tournamentId: w.tournament.id, request: NEGATIVE }))).toBe("BAD_REQUEST");
    expect(await codeOf(j.adjudication.record({ matchId: "00000000-0000-4000-8000-000000000000", request: NEGATIVE }))).toBe("NOT_FOUND");
  });

  it("lists a match's rulings for anyone, oldest first, only that match's", async () => {
    const list = await callerFor(db()).adjudication.listForMatch({ matchId: w.tMatch.id });
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((r) => r.matchId === w.tMatch.id)).toBe(true);
    for (let i = 1; i < list.length; i++) expect(list[i].createdAt.getTime()).toBeGreaterThanOrEqual(list[i - 1].createdAt.getTime());
    const casual = await callerFor(db()).adjudication.listForMatch({ matchId: w.cMatch.id });
    expect(casual.every((r) => r.matchId === w.cMatch.id && r.tournamentId === null)).toBe(true);
    expect(casual.map((r) => r.ruledBy?.id).sort()).toEqual([w.p1.id, w.p2.id].sort());
  });

  it("lists a tournament's rulings for its judges and directors only", async () => {
    const asJudge = await callerFor(db(), w.judge).adjudication.listForTournament({ tournamentId: w.tournament.id });
    expect(asJudge.tournament.name).toBe("Spring Open");
    expect(asJudge.rulings.some((r) => r.matchId === null)).toBe(true); // on the tournament itself
    expect(asJudge.rulings.some((r) => r.matchId === w.tMatch.id)).toBe(true);
    expect(asJudge.rulings.every((r) => r.tournamentId === w.tournament.id)).toBe(true);
    const asOwner = await callerFor(db(), w.owner).adjudication.listForTournament({ tournamentId: w.tournament.id });
    expect(asOwner.rulings.length).toBe(asJudge.rulings.length);
    expect(await codeOf(callerFor(db(), w.p1).adjudication.listForTournament({ tournamentId: w.tournament.id }))).toBe("FORBIDDEN");
    expect(await codeOf(callerFor(db(), w.outsider).adjudication.listForTournament({ tournamentId: w.tournament.id }))).toBe("FORBIDDEN");
    expect(await codeOf(callerFor(db()).adjudication.listForTournament({ tournamentId: w.tournament.id }))).toBe("UNAUTHORIZED");
  });

  it("offers the desk's tournament picker to staff only", async () => {
    expect((await callerFor(db(), w.judge).adjudication.myTournaments()).map((t) => t.id)).toContain(w.tournament.id);
    expect((await callerFor(db(), w.owner).adjudication.myTournaments()).map((t) => t.id)).toContain(w.tournament.id);
    expect(await callerFor(db(), w.outsider).adjudication.myTournaments()).toEqual([]);
  });

  describe("match position at move N", () => {
    it("move 0 is the empty board and the next play is the first play", async () => {
      const p = await callerFor(db()).adjudication.matchPosition({ matchId: w.tMatch.id, moveNumber: 0 });
      expect(p.board).toEqual([]);
      expect(p.nextPlay).toEqual(w.firstPlay);
      expect(p.ruleset).toBe("equate");
      expect(p.tournamentId).toBe(w.tournament.id);
      expect(p.mover?.id).toBe(w.p1.id);
      expect(p.players.map((x) => x.id)).toEqual([w.p1.id, w.p2.id]);
    });
    it("move 1 shows the first play on the board; the next turn was a pass", async () => {
      const p = await callerFor(db()).adjudication.matchPosition({ matchId: w.tMatch.id, moveNumber: 1 });
      expect(p.board).toEqual(w.firstPlay);
      expect(p.nextPlay).toBeNull();
      expect(p.mover?.id).toBe(w.p2.id);
    });
    it("'SMATH: the position carries each bracket tile's line, so the desk's request rules the down line's extension valid", async () => {
      // (2+3)=5 down, crossed across by the longer 1+2×3=7 through the 3) tile, then the down line is extended
      const at = Date.UTC(2026, 0, 2, 12);
      const [a, b] = [w.p1, w.p2];
      const col = (r: number, c: number, s: string[]) => s.map((tile, i) => ({ row: r + i, col: c, tile }));
      const events: GameEvent[] = [
        { type: "start", at, ruleset: "smath", players: [a, b].map((p) => ({ id: p.id, name: p.name })), seed: "owners", virtualRacks: true },
        { type: "play", at: at + 1, player: a.id, placements: col(3, 7, ["(2", "+", "3)", "=", "5"]) },
        { type: "play", at: at + 2, player: b.id, placements: ["1", "+", "2", "×", null, "=", "7"].flatMap((tile, i) => (tile ? [{ row: 5, col: 3 + i, tile }] : [])) },
        { type: "play", at: at + 3, player: a.id, placements: col(8, 7, ["=", "10", "÷", "2"]) },
      ];
      const m = await insertMatch(db(), [a, b], events, null);
      const p = await callerFor(db()).adjudication.matchPosition({ matchId: m.id, moveNumber: 2 });
      expect(p.board.filter((t) => /[()]/.test(t.tile))).toEqual([
        { row: 3, col: 7, tile: "(2", brackets: "down" },
        { row: 5, col: 7, tile: "3)", brackets: "down" },
      ]);
      // what the desk sends after "Load match position"
      const request = buildRequest(p.ruleset, fromPlacements(p.board), fromPlacements(p.nextPlay ?? []), "", p.options);
      const { ruling } = await callerFor(db()).adjudication.explain(request);
      expect(ruling.valid, JSON.stringify(ruling.violations)).toBe(true);
      expect(ruling.lines[0].text).toBe("(2+3)=5=10÷2");
      expect(ruling.notes).toBeUndefined();
      // the same position pasted without owners: the engine guesses the longer (across) line and says so
      const bare = { ...request, board: request.board.map(({ brackets: _, ...t }) => t) };
      const guessed = await callerFor(db()).adjudication.explain(bare);
      expect(guessed.ruling.violations.map((v) => v.code)).toEqual(["SYNTAX"]);
      expect(guessed.ruling.notes?.map((n) => [n.code, n.cells])).toEqual([["BRACKETS_GUESSED", [[5, 7]]]]);
    });
    it("by the scoresheet's line: the board before that line, and that line's play as the disputed play", async () => {
      const sheet = (await getMatchView(db(), w.tMatch.id, null)).game!.sheet;
      const playRow = sheet.find((r) => r.type === "play")!;
      const passRow = sheet.find((r) => r.type === "pass")!;
      // the scoresheet numbers every event: the game's start is 1, so the first play is 2 (move 0 by turns)
      expect([playRow.seq, passRow.seq]).toEqual([2, 3]);
      const p = await callerFor(db()).adjudication.matchPosition({ matchId: w.tMatch.id, line: playRow.seq });
      expect(p).toMatchObject({ line: 2, board: [], nextPlay: playRow.placements, mover: { id: w.p1.id } });
      const q = await callerFor(db()).adjudication.matchPosition({ matchId: w.tMatch.id, line: passRow.seq });
      expect(q).toMatchObject({ line: 3, board: w.firstPlay, nextPlay: null, mover: { id: w.p2.id } });
      await expect(callerFor(db()).adjudication.matchPosition({ matchId: w.tMatch.id, line: 4 })).rejects.toThrow("scoresheet has only 3 moves");
      // no line: the latest play (the pass after it is not a play)
      expect(await callerFor(db()).adjudication.matchPosition({ matchId: w.tMatch.id })).toMatchObject({ line: 2, board: [], nextPlay: playRow.placements });
      expect(await codeOf(callerFor(db()).adjudication.matchPosition({ matchId: w.tMatch.id, line: 2, moveNumber: 0 }))).toBe("BAD_REQUEST");
    });
    it("a move the game has not reached is NOT_FOUND", async () => {
      await expect(callerFor(db()).adjudication.matchPosition({ matchId: w.tMatch.id, moveNumber: 7 })).rejects.toThrow("only reached move 2");
    });
  });

  describe("explanation", () => {
    it("quotes the rule broken next to the engine's working", async () => {
      const { ruling, explanation } = await callerFor(db()).adjudication.explain(NEGATIVE);
      expect(ruling.valid).toBe(false);
      const v = explanation.violations.find((x) => x.code === "NEGATIVE")!;
      expect(v.message).toMatch(/4 − 6 = −2/);
      expect(v.rule).toMatch(/No negative value anywhere/);
    });
    it("breaks a valid score down tile by tile and agrees with the engine", async () => {
      const { ruling, explanation } = await callerFor(db()).adjudication.explain(VALID);
      expect(ruling.valid).toBe(true);
      expect(explanation.lines.length).toBeGreaterThan(0);
      expect(explanation.lines.every((l) => l.agrees)).toBe(true);
      const total = explanation.lines.reduce((s, l) => s + l.total, 0) + explanation.bonuses.reduce((s, b) => s + b.points, 0);
      expect(total).toBe(ruling.score);
      // the start square is a 2E
      expect(explanation.lines[0].multiplier).toBeGreaterThanOrEqual(2);
    });
  });
});

describe("rules text", () => {
  it("has a sentence for every violation code in every ruleset", async () => {
    const { VIOLATION_CODES, RULESET_IDS } = await import("@/engine");
    const { ruleText } = await import("@/server/services/adjudication/rules-text");
    for (const rs of RULESET_IDS) for (const code of VIOLATION_CODES) expect(ruleText(rs, code)).not.toBe("This play breaks a rule of the game.");
  });
});
