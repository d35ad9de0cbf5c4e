/**
 * No leaks: what the API hands out for the world's game in play never carries another player's
 * rack, the bag's contents or order, or the seed — for the opponent, a spectator (anonymous and
 * signed in), the live subscription's first view, the record, the station and the judge's board —
 * while the player's own view does carry their rack. And no query output, for any role, carries a
 * password hash, or an invite / join code to someone who does not hand it out (every query of the
 * router must be listed here, so a new one is checked too).
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { duplicateGames, duplicateSubmissions, duplicateTurns, matches, tournamentPlayers } from "@/db/schema";
import { searchTurn } from "@/server/services/duplicate/search";
import { bestPlaysAt, rulesetFor } from "@/engine";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory, type SessionUser } from "@/server/trpc";
import { foldAll, loadEvents } from "@/server/services/matches/state";
import { describeDb } from "../helpers/db";
import { seedWorld, type World, type WorldRole } from "../helpers/fixtures";
import { callerFor } from "../helpers/seed";
import { propose } from "@/server/services/schedule/proposals";
import { setRoundWindow } from "@/server/services/schedule/unplayed";
import { EventEmitter } from "node:events";
import { watchBroadcast } from "@/server/live/watch-broadcast";
import { watchBoard, watchEvent } from "@/server/services/boards/watch";

const PRIVATE_NOTE = "call me on 0612-private";

const SECRET_KEYS = new Set(["racks", "bag", "bagTiles", "passwordHash", "password_hash", "password"]);

/** Every key path in a JSON-like value, with its value. */
function* walk(v: unknown, path = "$"): Generator<[string, string, unknown]> {
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* walk(v[i], `${path}[${i}]`);
  else if (v && typeof v === "object" && !(v instanceof Date))
    for (const [k, x] of Object.entries(v)) {
      yield [`${path}.${k}`, k, x];
      yield* walk(x, `${path}.${k}`);
    }
}

const sorted = (a: readonly string[]) => [...a].sort();

describeDb("no leaks", (db) => {
  let w: World;
  let secrets: { racks: string[][]; bag: string[]; seed: string; seatOf: Record<string, number> };

  beforeAll(async () => {
    w = await seedWorld(db());
    const f = foldAll(await loadEvents(db(), w.match.id))!;
    const [m] = await db().select({ seed: matches.seed }).from(matches).where(eq(matches.id, w.match.id));
    expect(m!.seed).toBe(f.state.seed);
    const seatOf = Object.fromEntries(f.state.players.map((p, i) => [p.id, i]));
    secrets = { racks: f.state.racks.map((r) => [...r]), bag: [...f.state.bag.tiles], seed: m!.seed, seatOf };
  });

  /** Asserts `out` carries none of the game's secrets except `ownRack` (the viewer's own). */
  function assertNoGameSecrets(what: string, out: unknown, ownSeat: number | null) {
    const json = JSON.stringify(out);
    for (const [path, key, value] of walk(out)) {
      expect(SECRET_KEYS.has(key), `${what}: secret-looking key at ${path}`).toBe(false);
      // a record in play keeps the key with a placeholder; the real seed is never there (checked below too)
      if (key === "seed") expect(value, `${what}: the seed at ${path}`).toMatch(/hidden/);
      if (key === "rack" && value !== null) {
        expect(ownSeat, `${what}: a rack at ${path} for a viewer without a seat`).not.toBeNull();
        expect(sorted(value as string[]), `${what}: the rack at ${path} is not the viewer's own`).toEqual(sorted(secrets.racks[ownSeat!]!));
      }
    }
    expect(json.includes(secrets.seed), `${what}: carries the seed`).toBe(false);
    // the bag's draw order (a run of its first tiles) and any other player's rack, in any key
    expect(json.includes(JSON.stringify(secrets.bag.slice(0, 8)).slice(1, -1)), `${what}: carries the bag's order`).toBe(false);
    secrets.racks.forEach((rack, seat) => {
      if (seat !== ownSeat) expect(json.includes(JSON.stringify(rack).slice(1, -1)), `${what}: carries seat ${seat}'s rack`).toBe(false);
    });
  }

  const as = (role: WorldRole | "anonymous"): SessionUser | null => (role === "anonymous" ? null : w.users[role]);

  it("the player's own view has their rack; the opponent and spectators see counts only", async () => {
    const seatA = secrets.seatOf[w.users.playerA.id]!;
    const seatB = secrets.seatOf[w.users.playerB.id]!;
    const own = await callerFor(db(), as("playerA")).matches.get({ matchId: w.match.id });
    expect(own.viewerSeat).toBe(seatA);
    expect(sorted(own.game!.rack!)).toEqual(sorted(secrets.racks[seatA]!));
    expect(own.players.map((p) => p.rackCount)).toEqual(secrets.racks.map((r) => r.length));
    expect(own.game!.bagCount).toBe(secrets.bag.length);

    const opponent = await callerFor(db(), as("playerB")).matches.get({ matchId: w.match.id });
    assertNoGameSecrets("opponent's view", opponent, seatB);
    expect(sorted(opponent.game!.rack!)).toEqual(sorted(secrets.racks[seatB]!));

    for (const role of ["anonymous", "outsider", "judge", "clubDirector"] as const) {
      const view = await callerFor(db(), as(role)).matches.get({ matchId: w.match.id });
      expect(view.game!.rack).toBeNull();
      assertNoGameSecrets(`${role}'s view`, view, null);
    }
  });

  it("the live subscription's first view keeps the same secrets", async () => {
    for (const [role, seat] of [
      ["anonymous", null],
      ["playerB", secrets.seatOf[w.users.playerB.id]!],
    ] as const) {
      const ac = new AbortController();
      const caller = createCallerFactory(appRouter)({ db: db(), user: as(role) }, { signal: ac.signal });
      const stream = (await caller.matches.live({ matchId: w.match.id })) as AsyncIterable<unknown>;
      let first: unknown;
      for await (const v of stream) {
        first = v;
        break;
      }
      ac.abort();
      expect(first).toBeTruthy();
      assertNoGameSecrets(`live view (${role})`, first, seat);
    }
  });

  it("the public event page's stream (snapshot and board frames) keeps them too, and names no user id or e-mail", async () => {
    const bc = watchBroadcast(db(), w.tournament.id);
    await bc.ready;
    const sink = Object.assign(new EventEmitter(), { chunks: [] as Buffer[], writableLength: 0, write: (c: Buffer) => (sink.chunks.push(c), true) });
    const leave = bc.join(sink);
    const snapshot = JSON.parse(/^event: snapshot\ndata: (.*)\n\n$/s.exec(sink.chunks[0]!.toString())![1]!) as { boards: { matchId: string }[] };
    leave();
    expect(snapshot.boards.map((b) => b.matchId)).toContain(w.match.id);
    assertNoGameSecrets("event page snapshot", snapshot, null);
    const board = await watchBoard(db(), w.match.id, 1);
    assertNoGameSecrets("event page board", board, null);
    const json = JSON.stringify([snapshot, board, await watchEvent(db(), w.tournament.id)]);
    for (const u of Object.values(w.users)) {
      expect(json, "a user id on the event page").not.toContain(u.id);
      expect(json, "an e-mail on the event page").not.toContain(u.email);
    }
    for (const key of ["rack", "unseen", "bagCount"]) expect(json).not.toContain(`"${key}"`);
  });

  it("the station's event log (for the offline station) reaches only those who keep score, with the seed hidden", async () => {
    const [m] = await db().select({ seed: matches.seed }).from(matches).where(eq(matches.id, w.otb.id));
    for (const role of ["member", "playerA"] as const) {
      const st = await callerFor(db(), as(role)).matches.scorekeeper.get({ matchId: w.otb.id });
      expect(st.events?.length, `${role}: the log`).toBeGreaterThan(0);
      for (const [path, key, value] of walk(st)) {
        expect(SECRET_KEYS.has(key), `${role}: secret-looking key at ${path}`).toBe(false);
        if (key === "seed") expect(value, `${role}: the seed at ${path}`).toBe("hidden");
      }
      expect(JSON.stringify(st).includes(m!.seed), `${role}: carries the seed`).toBe(false);
    }
    expect((await callerFor(db(), as("outsider")).matches.scorekeeper.get({ matchId: w.otb.id })).events).toBeNull();
    expect((await callerFor(db()).matches.scorekeeper.get({ matchId: w.otb.id })).events).toBeNull();
  });

  it("the record, the station view, the judge's board and the match lists keep them too", async () => {
    const seatB = secrets.seatOf[w.users.playerB.id]!;
    const b = callerFor(db(), as("playerB"));
    for (const format of ["text", "json"] as const) {
      const rec = await b.matches.record({ matchId: w.match.id, format });
      assertNoGameSecrets(`record (${format}) for the opponent`, rec, seatB);
      if (format === "json") assertNoGameSecrets("record JSON body", JSON.parse(rec.text), seatB);
    }
    await expect(callerFor(db()).matches.record({ matchId: w.match.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    assertNoGameSecrets("station view", await callerFor(db()).matches.scorekeeper.get({ matchId: w.match.id }), null);
    for (let n = 0; n <= 2; n++) assertNoGameSecrets(`board at move ${n}`, await callerFor(db()).adjudication.matchPosition({ matchId: w.match.id, moveNumber: n }), null);
    assertNoGameSecrets("B's match list", await b.matches.mine(), seatB);
    assertNoGameSecrets("rulings", await callerFor(db()).adjudication.listForMatch({ matchId: w.match.id }), null);
  });

  it("an open challenge's join code is for its players only", async () => {
    for (const role of ["anonymous", "outsider", "member"] as const) {
      const view = await callerFor(db(), as(role)).matches.get({ matchId: w.challenge.id });
      expect(view.joinCode, role).toBeNull();
    }
    expect((await callerFor(db(), as("playerA")).matches.get({ matchId: w.challenge.id })).joinCode).toBe(w.challenge.joinCode);
  });

  it("an entry's answers and e-mail reach only the tournament's directors and the player (docs/entries.md)", async () => {
    const note = `private-note-${w.openTournament.id.slice(0, 8)}`;
    await db()
      .update(tournamentPlayers)
      .set({ details: { class: "B", notes: note } })
      .where(and(eq(tournamentPlayers.tournamentId, w.openTournament.id), eq(tournamentPlayers.userId, w.users.playerA.id)));
    for (const role of ["anonymous", "outsider", "member", "judge", "playerB"] as const) {
      const caller = callerFor(db(), as(role));
      for (const tournamentId of [w.openTournament.id, w.tournament.id]) {
        const json = JSON.stringify(await caller.tournaments.byId({ tournamentId }));
        expect(json, `${role}: the notes`).not.toContain(note);
        expect(json, `${role}: the class`).not.toContain('"class"');
        expect(json, `${role}: an e-mail`).not.toContain(w.users.playerA.email);
      }
      await expect(caller.tournaments.entries.startCheck({ tournamentId: w.openTournament.id })).rejects.toBeInstanceOf(TRPCError);
    }
    const own = await callerFor(db(), as("playerA")).tournaments.byId({ tournamentId: w.openTournament.id });
    expect(own.myEntry!.details).toEqual({ class: "B", notes: note });
    const director = await callerFor(db(), as("clubDirector")).tournaments.byId({ tournamentId: w.openTournament.id });
    expect(director.entries.find((e) => e.userId === w.users.playerA.id)).toMatchObject({ email: w.users.playerA.email, details: { notes: note } });
  });

  it("a club's open seek is listed to its members only, and the lobby carries no e-mail", async () => {
    const emails = Object.values(w.users).map((u) => u.email);
    for (const role of ["anonymous", "outsider", "judge", "member", "playerA", "owner", "clubDirector"] as const) {
      const caller = callerFor(db(), as(role));
      const listed = await caller.seeks.list({});
      const member = !["anonymous", "outsider", "judge"].includes(role);
      expect(listed.some((s) => s.id === w.seek.id), `${role} sees the club's seek`).toBe(member);
      if (member) expect((await caller.seeks.list({ clubId: w.club.id })).map((s) => s.id)).toContain(w.seek.id);
      else await expect(caller.seeks.list({ clubId: w.club.id }), role).rejects.toMatchObject({ code: "FORBIDDEN" });
      const json = JSON.stringify([listed, role === "anonymous" ? null : await caller.seeks.mine()]);
      for (const e of emails) expect(json, `${role}: an e-mail in the lobby`).not.toContain(e);
    }
  });

  it("a duplicate game: a player's play for the open turn reaches no one else before the close; the bag and seed reach no one", async () => {
    const [g] = await db().select().from(duplicateGames).where(eq(duplicateGames.id, w.duplicate.gameId));
    const [t] = await db().select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, g!.id), eq(duplicateTurns.number, g!.turn)));
    const plays = bestPlaysAt(rulesetFor(g!.ruleset, g!.rulesetOptions), g!.board, t!.rack, { top: 1, deadlineMs: 1500, firstPlay: true }).plays;
    expect(plays.length).toBe(1);
    const secret = JSON.stringify(plays[0]!.placements);
    await callerFor(db(), as("playerA")).duplicate.submit({ gameId: g!.id, turn: t!.number, placements: plays[0]!.placements });
    // the ruling is stored with the submission, and the next rack is drawn ahead with the search:
    // neither may show before the close (the next rack never before its turn opens)
    await searchTurn(db(), g!, t!, 800);
    const [ahead] = await db().select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, g!.id), eq(duplicateTurns.number, t!.number)));
    const nextRack = ahead!.search?.next?.rack;
    expect(nextRack, "the search job drew the next rack ahead").toBeTruthy();
    const [ruled] = await db().select().from(duplicateSubmissions).where(and(eq(duplicateSubmissions.gameId, g!.id), eq(duplicateSubmissions.turn, t!.number)));
    expect(ruled!.text, "ruled on arrival").toBeTruthy();
    for (const role of ["outsider", "member", "owner", "clubDirector", "judge", "playerA", "playerB"] as const) {
      const caller = callerFor(db(), as(role));
      const got = await caller.duplicate.get({ gameId: g!.id }).catch((e: unknown) => ({ message: (e as Error).message }));
      // the event holding the game shows standings over closed turns only
      const event = await caller.duplicate.eventGet({ eventId: w.duplicateEvent.eventId }).catch((e: unknown) => ({ message: (e as Error).message }));
      // the view's pages: the table and the players name who submitted, not what; the open turn's plays are no one's to page
      const failed = (e: unknown) => ({ message: (e as Error).message });
      const pages = await Promise.all([
        caller.duplicate.table({ gameId: g!.id, offset: 0, limit: 100 }).catch(failed),
        caller.duplicate.players({ gameId: g!.id, offset: 0, limit: 100 }).catch(failed),
      ]);
      await expect(caller.duplicate.turnPlays({ gameId: g!.id, turn: t!.number, offset: 0, limit: 100 }), `${role} pages the open turn's plays`).rejects.toThrow();
      const json = JSON.stringify([got, await caller.duplicate.list(), event, await caller.duplicate.eventList(), pages]);
      for (const [path, key] of walk(pages)) expect(["bag", "seed", "search", "next", "kept", "placements"], `${role}: pages ${path}`).not.toContain(key);
      if (role === "playerA") expect(json).toContain(secret);
      else expect(json, `${role} sees A's play`).not.toContain(secret);
      for (const [path, key] of walk(got)) expect(["bag", "seed", "search", "next", "kept"], `${role}: ${path}`).not.toContain(key);
      expect(json, `${role} sees the next rack`).not.toContain(JSON.stringify(nextRack));
      expect(json, `${role} sees the ruling of A's play`).not.toContain(JSON.stringify(ruled!.text));
      for (const [path, key] of walk(event)) expect(["bag", "seed", "search", "rack"], `${role}: event ${path}`).not.toContain(key);
      // outsiders and the judge are not in the club: the game is not theirs to see
      if (role === "outsider" || role === "judge") {
        expect(got).toMatchObject({ message: expect.stringContaining("member") });
        for (const p of pages) expect(p, `${role} pages the game`).toMatchObject({ message: expect.stringContaining("member") });
      } else expect(pages[1]).toMatchObject({ players: expect.arrayContaining([expect.objectContaining({ userId: w.users.playerA.id, submitted: true })]) });
      if (role === "outsider" || role === "judge") expect(got).toMatchObject({ message: expect.stringContaining("member") });
      else expect((got as { turn: { rack: string[] } }).turn.rack).toEqual(t!.rack);
    }
  });

  it("a duplicate game's live notices: the version only, and only to those who may see the game", async () => {
    for (const role of ["outsider", "judge", "member", "clubDirector", "playerA"] as const) {
      const ac = new AbortController();
      const caller = createCallerFactory(appRouter)({ db: db(), user: as(role) }, { signal: ac.signal });
      const stream = (await caller.duplicate.live({ gameId: w.duplicate.gameId })) as AsyncIterable<unknown>;
      const first = stream[Symbol.asyncIterator]().next();
      try {
        if (role === "outsider" || role === "judge") await expect(first).rejects.toMatchObject({ code: "FORBIDDEN" });
        else expect((await first).value).toEqual({ version: expect.any(Number) });
      } finally {
        ac.abort();
      }
    }
  });

  describe("password hashes", () => {
    /** Every query of the router, called with the world's ids (add new queries here). */
    const QUERIES: Record<string, (w: World) => unknown> = {
      "accounts.me": () => undefined,
      "accounts.calendarLink": () => undefined,
      "accounts.exportData": () => undefined,
      "accounts.outbox": () => undefined,
      "clubs.list": () => ({ query: "" }),
      "clubs.mine": () => undefined,
      "clubs.byHandle": (w) => ({ handle: w.club.handle }),
      "clubs.invites.list": (w) => ({ clubId: w.club.id }),
      "clubs.invites.preview": (w) => ({ code: w.invite.code }),
      "clubs.requests.list": (w) => ({ clubId: w.club.id }),
      "tournaments.list": (w) => ({ clubId: w.club.id }),
      "tournaments.byId": (w) => ({ tournamentId: w.tournament.id }),
      "tournaments.standings": (w) => ({ tournamentId: w.tournament.id }),
      "tournaments.explain": (w) => ({ tournamentId: w.tournament.id, a: w.users.playerA.id, b: w.users.playerB.id }),
      "tournaments.crossTable": (w) => ({ tournamentId: w.tournament.id }),
      "tournaments.bracket": (w) => ({ tournamentId: w.tournament.id }),
      "tournaments.roundClock": (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber }),
      "tournaments.audit": (w) => ({ tournamentId: w.tournament.id }),
      "tournaments.players.search": (w) => ({ tournamentId: w.openTournament.id, query: "" }),
      "tournaments.forbiddenPairs.list": (w) => ({ tournamentId: w.tournament.id }),
      "tournaments.forbiddenPairs.forPairing": (w) => ({ tournamentId: w.tournament.id }),
      "tournaments.prizes.table": (w) => ({ tournamentId: w.tournament.id }),
      "tournaments.prizes.payout": (w) => ({ tournamentId: w.tournament.id }),
      "tournaments.entries.startCheck": (w) => ({ tournamentId: w.openTournament.id }),
      "tournaments.desk.myEntry": (w) => ({ tournamentId: w.openTournament.id }),
      "tournaments.desk.search": (w) => ({ tournamentId: w.openTournament.id, query: "" }),
      "tournaments.desk.ledger": (w) => ({ tournamentId: w.openTournament.id }),
      "tournaments.desk.settings": (w) => ({ tournamentId: w.openTournament.id }),
      "competitions.list": (w) => ({ clubId: w.club.id }),
      // no season or series in the world: NOT_FOUND's message is checked too (the season test checks a real one for e-mails)
      "competitions.season": (w) => ({ competitionId: w.tournament.id }),
      "competitions.series": (w) => ({ competitionId: w.tournament.id }),
      "competitions.seasonDesk": (w) => ({ competitionId: w.tournament.id }),
      "ratings.leaderboard": () => ({ ruleset: "equate" }),
      "ratings.club": (w) => ({ ruleset: "equate", clubId: w.club.id }),
      "ratings.player": (w) => ({ userId: w.users.playerA.id }),
      "ratings.expected": (w) => ({ ruleset: "equate", userIds: [w.users.playerA.id, w.users.playerB.id] }),
      "adjudication.matchPosition": (w) => ({ matchId: w.match.id, moveNumber: 1 }),
      "adjudication.listForMatch": (w) => ({ matchId: w.match.id }),
      "adjudication.listForTournament": (w) => ({ tournamentId: w.tournament.id }),
      "adjudication.myTournaments": () => undefined,
      "matches.scorekeeper.get": (w) => ({ matchId: w.otb.id }),
      "matches.scorekeeper.mine": () => undefined,
      "matches.get": (w) => ({ matchId: w.match.id }),
      "matches.mine": () => undefined,
      "matches.findPlayers": (w) => ({ query: w.users.playerA.email }),
      "matches.preview": (w) => ({ code: w.challenge.joinCode }),
      "matches.forPairings": (w) => ({ pairingIds: [w.pairingId] }),
      "matches.liveNow": () => ({ limit: 30 }),
      "matches.record": (w) => ({ matchId: w.match.id, format: "json" }),
      "notifications.list": () => ({ limit: 50 }),
      "notifications.unreadCount": () => undefined,
      "notifications.prefs.get": () => undefined,
      "apiTokens.list": () => undefined,
      "analysis.get": (w) => ({ matchId: w.match.id }),
      "seeks.list": () => ({}),
      "seeks.mine": () => undefined,
      "schedule.mine": (w) => ({ tournamentId: w.tournament.id }),
      "schedule.unplayed": (w) => ({ tournamentId: w.tournament.id }),
      "arena.club": (w) => ({ clubId: w.club.id }),
      "arena.night": (w) => ({ nightId: w.arena.nightId }),
      "arena.ladder": (w) => ({ ladderId: w.arena.ladderId }),
      "duplicate.list": () => undefined,
      "duplicate.get": (w) => ({ gameId: w.duplicate.gameId }),
      "duplicate.table": (w) => ({ gameId: w.duplicate.gameId }),
      "duplicate.players": (w) => ({ gameId: w.duplicate.gameId }),
      "duplicate.turnPlays": (w) => ({ gameId: w.duplicate.gameId, turn: 1 }),
      "duplicate.eventList": () => undefined,
      "duplicate.eventGet": (w) => ({ eventId: w.duplicateEvent.eventId }),
      "teams.event": (w) => ({ tournamentId: w.teams.tournamentId }),
      "teams.match": (w) => ({ teamMatchId: w.teams.matchId }),
      "teams.table": (w) => ({ tournamentId: w.tournament.id }),
      "teams.roundSheets": (w) => ({ tournamentId: w.teams.tournamentId, roundNumber: 1 }),
    };

    it("every query is listed", () => {
      const procs = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures;
      const queries = Object.entries(procs)
        .filter(([, p]) => p._def.type === "query")
        .map(([k]) => k);
      expect(
        queries.filter((q) => !(q in QUERIES)),
        "add it to QUERIES in tests/integration/security-leaks.integration.test.ts",
      ).toEqual([]);
    });

    it("club nights, ladders and team events show names, never an e-mail, for any role", async () => {
      const roles = ["outsider", "member", "owner", "clubDirector", "playerA", "playerB"] as const;
      const emails = Object.values(w.users).map((u) => u.email);
      for (const role of roles)
        for (const path of ["arena.club", "arena.night", "arena.ladder", "teams.event", "teams.match", "teams.table", "teams.roundSheets"]) {
          const fn = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], callerFor(db(), as(role))) as (i: unknown) => Promise<unknown>;
          const out = await fn(QUERIES[path]!(w)).catch((e: unknown) => ({ message: (e as Error).message }));
          for (const e of emails) expect(JSON.stringify(out), `${path} as ${role}`).not.toContain(e);
        }
    });

    it("no query output, for any role, carries a password hash (nor a proposal's note to anyone but the board's players and directors)", async () => {
      // private desk data on playerA's entry in the open event (docs/desk.md "Fees")
      await db()
        .update(tournamentPlayers)
        .set({ feeStatus: "paid", feeAmount: 1000, feeMethod: "cash", feeNote: "paid in buttons", details: { notes: "allergic to tiles" } })
        .where(and(eq(tournamentPlayers.tournamentId, w.openTournament.id), eq(tournamentPlayers.userId, w.users.playerA.id)));
      // the world's round gets a window and A proposes a time with a private note
      await setRoundWindow(db(), { tournamentId: w.tournament.id, actorId: w.users.clubDirector.id, roundNumber: w.roundNumber, playFrom: new Date(Date.now() - 3_600_000), playBy: new Date(Date.now() + 7 * 86_400_000) });
      await propose(db(), { pairingId: w.pairingId, userId: w.users.playerA.id, times: [new Date(Date.now() + 86_400_000)], note: PRIVATE_NOTE });
      const noteSeenBy = new Set<string>();
      const roles = ["anonymous", "outsider", "member", "owner", "clubDirector", "judge", "playerA"] as const;
      let answered = 0;
      for (const role of roles) {
        const caller = callerFor(db(), as(role));
        for (const [path, input] of Object.entries(QUERIES)) {
          const fn = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (i: unknown) => Promise<unknown>;
          let out: unknown;
          try {
            out = await fn(input(w));
            answered++;
          } catch (e) {
            expect(e, `${path} as ${role}`).toBeInstanceOf(TRPCError);
            expect((e as TRPCError).code, `${path} as ${role}`).not.toBe("INTERNAL_SERVER_ERROR");
            out = { message: (e as TRPCError).message };
          }
          const json = JSON.stringify(out);
          expect(json, `${path} as ${role}`).not.toContain("scrypt$");
          // the codes that let someone in are for those who hand them out
          if (role !== "owner" && role !== "clubDirector") expect(json, `${path} as ${role}: the invite code`).not.toContain(w.invite.code);
          if (role !== "playerA") expect(json, `${path} as ${role}: the join code`).not.toContain(w.challenge.joinCode);
          // playerA's check-in code is on their own entry page only; fee records and entry notes reach the desk (the open event's directors) only
          if (role !== "playerA") expect(json, `${path} as ${role}: a check-in code`).not.toContain("EQ1.");
          if (role !== "owner" && role !== "clubDirector") expect(json, `${path} as ${role}: a fee note`).not.toContain("paid in buttons");
          if (role !== "owner" && role !== "clubDirector" && role !== "playerA") expect(json, `${path} as ${role}: playerA's entry note`).not.toContain("allergic to tiles");
          if (role !== "owner" && role !== "clubDirector" && path !== "tournaments.desk.myEntry") expect(json, `${path} as ${role}: a fee status`).not.toMatch(/"fee(Status|Note|Method)"/);
          // a club's seek is listed to its members only (the judge is staff of an event, not a member)
          if (["anonymous", "outsider", "judge"].includes(role)) expect(json, `${path} as ${role}: the club's seek`).not.toContain(w.seek.id);
          for (const [p, key] of walk(out)) expect(["passwordHash", "password_hash"], `${path} as ${role} at ${p}`).not.toContain(key);
          // a proposal's note is for the board's players and the directors
          if (!["playerA", "owner", "clubDirector"].includes(role)) expect(json, `${path} as ${role}: a proposal's note`).not.toContain(PRIVATE_NOTE);
          if (json.includes(PRIVATE_NOTE)) noteSeenBy.add(role);
        }
      }
      expect(answered).toBeGreaterThan(100);
      // the players see it on their page (and the directors would once the board is unplayed)
      expect([...noteSeenBy]).toEqual(["playerA"]);
      // and sign-up's own answer
      const made = await callerFor(db()).accounts.signUp({ email: "leak-check@example.test", name: "Leak Check", password: "correct horse 42" });
      expect(JSON.stringify(made)).not.toMatch(/scrypt\$|password/i);
      // and the data download, which reads the users row
      expect(JSON.stringify(await callerFor(db(), as("playerA")).accounts.exportData())).not.toMatch(/scrypt\$|password/i);
    });
  });
});
