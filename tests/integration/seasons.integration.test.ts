/**
 * Seasons and series through the API (a real tRPC caller, every middleware): a season of 12 in
 * divisions of 6 (one event per division, entries checked in and seeded, play-by windows on the
 * rounds), played out; a player who leaves the club mid-season keeps their games and results and
 * is left out of the next season with a sentence; the promotion rule applied to the finished
 * divisions; a division of one and non-members refused; a series' best-N-of-M table from real
 * finished events; who may do what.
 */
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@/db/client";
import { tournamentPlayers, tournamentRounds, tournaments } from "@/db/schema";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedRound, seedTournament, seedUser, seedUsers, type Caller } from "../helpers/seed";

const SETTINGS = { ruleset: "equate", format: "round-robin" } as const;
const RULE = { up: { kind: "fraction", num: 1, den: 4, round: "ceil" }, down: { kind: "fraction", num: 1, den: 4, round: "ceil" }, newPlayers: "bottom" } as const;

async function seedSeasonClub(db: Db, n: number) {
  const [owner, director] = await Promise.all([seedUser(db), seedUser(db)]);
  const players = await seedUsers(db, n, (i) => `S${String(i + 1).padStart(2, "0")}`);
  const { club } = await seedClub(db, { owner, directors: [director], members: players, name: "Season Club" });
  return { club, owner, director, players, d: callerFor(db, director) };
}

/** Play every round of a division: the player earlier in `order` always wins, by more the higher they are (so spreads differ). */
async function playOut(db: Db, d: Caller, tournamentId: string, order: string[], afterRound?: (round: number) => Promise<void>) {
  const rank = new Map(order.map((id, i) => [id, i]));
  for (;;) {
    const { roundNumber, boards } = await seedRound(db, { tournamentId, director: d });
    for (const b of boards) {
      const [x, y] = b.players as [string, string];
      const [w, l] = rank.get(x)! < rank.get(y)! ? [x, y] : [y, x];
      await d.tournaments.enterResult({ tournamentId, pairingId: b.id, scores: { [w]: 500 - 20 * rank.get(w)!, [l]: 300 } });
    }
    const { finished } = await d.tournaments.rounds.close({ tournamentId, roundNumber });
    await afterRound?.(roundNumber);
    if (finished) return;
  }
}

const seededOrder = async (db: Db, tournamentId: string) =>
  (await db.select().from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, tournamentId))).sort((a, b) => a.seed! - b.seed!).map((e) => e.userId);

describeDb("seasons and series", (db) => {
  it("a season of 12 in divisions of 6: promotion and relegation to the next season, a player who left the club", { timeout: 120_000 }, async () => {
    const { club, players, d } = await seedSeasonClub(db(), 12);
    const byId = new Map(players.map((p) => [p.id, p]));
    const made = await d.competitions.createSeason({
      clubId: club.id,
      name: "Spring League",
      starts: "2031-03-02",
      roundDays: 7,
      settings: SETTINGS,
      divisionSize: 6,
      promotion: RULE,
      players: players.map((p) => p.id),
      order: "given",
    });
    const divs = await db().select().from(tournaments).where(eq(tournaments.competitionId, made.id));
    expect(divs.map((t) => t.division).sort()).toEqual([1, 2]);
    const [div1, div2] = [divs.find((t) => t.division === 1)!, divs.find((t) => t.division === 2)!];
    expect(div1.format).toBe("round-robin");
    const order1 = await seededOrder(db(), div1.id);
    const order2 = await seededOrder(db(), div2.id);
    expect(order1).toEqual(players.slice(0, 6).map((p) => p.id));
    expect(order2).toEqual(players.slice(6).map((p) => p.id));

    // Division 2's winner (S07) leaves the club after round 1 and keeps playing out the season.
    const leaver = players[6]!;
    await playOut(db(), d, div1.id, order1);
    await playOut(db(), d, div2.id, order2, async (round) => {
      if (round === 1) await callerFor(db(), leaver).clubs.leave({ clubId: club.id });
    });
    const rounds = await db().select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, div2.id));
    expect(rounds).toHaveLength(5);
    const r1 = rounds.find((r) => r.number === 1)!;
    expect([r1.playFrom?.toISOString(), r1.playBy?.toISOString()]).toEqual(["2031-03-02T00:00:00.000Z", "2031-03-09T00:00:00.000Z"]);
    expect(rounds.find((r) => r.number === 5)!.playBy?.toISOString()).toBe("2031-04-06T00:00:00.000Z");

    const anon = callerFor(db(), null);
    const view = await anon.competitions.season({ competitionId: made.id });
    expect(view.status).toBe("finished");
    const v2 = view.divisions[1]!;
    // The leaver lost nothing: still first with every result, marked as having left.
    expect(v2.rows[0]).toMatchObject({ userId: leaver.id, wins: 5, leftClub: true, zone: null });
    expect(v2.rows.filter((r) => r.zone === "up").map((r) => r.name)).toEqual(["S08", "S09"]);
    expect(view.divisions[0]!.rows.filter((r) => r.zone === "down").map((r) => r.zoneText)).toEqual(["↓ relegation", "↓ relegation"]);
    expect(view.divisions[0]!.rows[0]!.whyAboveNext).toMatch(/S01/);
    // public page: names only, never an e-mail address
    for (const p of players) expect(JSON.stringify(view)).not.toContain(p.email);

    const next = await d.competitions.nextSeason({ competitionId: made.id, name: "Autumn League", starts: "2031-09-07" });
    const nv = await anon.competitions.season({ competitionId: next.id });
    const names = (k: number) => nv.divisions[k]!.rows.map((r) => byId.get(r.userId)!.name).sort();
    expect(names(0)).toEqual(["S01", "S02", "S03", "S04", "S08", "S09"]);
    expect(names(1)).toEqual(["S05", "S06", "S10", "S11", "S12"]);
    expect(nv.left).toEqual([{ name: "S07", why: "left the club: not placed (finished 1st of 6 in Division 2)" }]);
    expect(nv.divisions[0]!.rows.find((r) => r.name === "S08")!.seededWhy).toBe("up from Division 2, placed 2nd of 6");
    expect(nv.previousId).toBe(made.id);
    expect((await anon.competitions.season({ competitionId: made.id })).nextId).toBe(next.id);
    // Seeding inside the new top division: those who stayed first (in finishing order), then those who came up.
    const top = (await db().select().from(tournaments).where(and(eq(tournaments.competitionId, next.id), eq(tournaments.division, 1))))[0]!;
    expect((await seededOrder(db(), top.id)).map((id) => byId.get(id)!.name)).toEqual(["S01", "S02", "S03", "S04", "S08", "S09"]);
    await expect(d.competitions.nextSeason({ competitionId: made.id, name: "Again", starts: "2031-09-07" })).rejects.toMatchObject({ code: "CONFLICT" });
    const list = await anon.competitions.list({ clubId: club.id });
    expect(list.map((c) => c.name)).toEqual(["Autumn League", "Spring League"]);
  });

  it("refuses a division of one, non-members, too few rounds and a next season before the divisions finish", async () => {
    const { club, players, d, owner } = await seedSeasonClub(db(), 6);
    const base = { clubId: club.id, name: "Tiny League", starts: "2031-03-02", roundDays: 7, settings: SETTINGS, divisionSize: 4, promotion: RULE };
    await expect(d.competitions.createSeason({ ...base, players: [players[0]!.id] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "S01 is the only player: a division of one has nobody to play. Add at least one more player.",
    });
    const stranger = await seedUser(db(), { name: "Stranger" });
    await expect(d.competitions.createSeason({ ...base, players: [players[0]!.id, stranger.id] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Stranger is not a member of this club: only members play in its seasons.",
    });
    await expect(d.competitions.createSeason({ ...base, players: players.map((p) => p.id), divisionSize: 6, rounds: 3 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "A round robin of 6 players (Division 1) needs 5 rounds; the season has 3. Add rounds or make the divisions smaller.",
    });
    await expect(d.competitions.createSeason({ ...base, starts: "2031-02-31", players: players.map((p) => p.id) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await db().select().from(tournaments).where(eq(tournaments.clubId, club.id))).toHaveLength(0);
    // an unrated season with a Swiss top division; the second division keeps the season's round robin (3 rounds for 3 players)
    const s = await callerFor(db(), owner).competitions.createSeason({
      ...base,
      players: players.map((p) => p.id),
      divisionSize: 3,
      rated: false,
      rounds: 3,
      divisionSettings: [{ format: "swiss" }],
    });
    const made = await db().select().from(tournaments).where(eq(tournaments.competitionId, s.id));
    expect(made.map((t) => [t.division, t.format, t.rated, t.rounds]).sort()).toEqual([
      [1, "swiss", false, 3],
      [2, "round-robin", false, 3],
    ]);
    await expect(d.competitions.nextSeason({ competitionId: s.id, name: "Next", starts: "2031-09-07" })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "Division 1, Division 2 are not finished yet: the next season starts from final standings, so finish every division first.",
    });
    // a member or an outsider may not create or continue a season
    await expect(callerFor(db(), players[0]!).competitions.createSeason({ ...base, players: players.map((p) => p.id) })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(db(), stranger).competitions.nextSeason({ competitionId: s.id, name: "Next", starts: "2031-09-07" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(db(), null).competitions.createSeason({ ...base, players: players.map((p) => p.id) })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("the season's desk lists proposals waiting for an answer and games nobody has scheduled, for the club's directors only", async () => {
    const { club, players, d } = await seedSeasonClub(db(), 4);
    const today = new Date().toISOString().slice(0, 10);
    const made = await d.competitions.createSeason({ clubId: club.id, name: "Desk League", starts: today, roundDays: 7, settings: SETTINGS, divisionSize: 4, promotion: RULE, players: players.map((p) => p.id), order: "given" });
    const [div] = await db().select().from(tournaments).where(eq(tournaments.competitionId, made.id));
    const { boards } = await seedRound(db(), { tournamentId: div!.id, director: d });
    expect(boards).toHaveLength(2);
    const [b1, b2] = boards as [(typeof boards)[number], (typeof boards)[number]];
    const proposer = players.find((p) => p.id === b1.players[0])!;
    const when = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await callerFor(db(), proposer).schedule.propose({ pairingId: b1.id, times: [when], note: "evenings" });
    const [desk] = await d.competitions.seasonDesk({ competitionId: made.id });
    expect(desk!.name).toBe("Division 1");
    expect(desk!.pending.map((x) => [x.table, x.proposedBy, x.times, x.note])).toEqual([[b1.tableNumber, proposer.name, [when], "evenings"]]);
    expect(desk!.silent.map((x) => x.table)).toEqual([b2.tableNumber]);
    // once accepted it leaves both lists
    const other = players.find((p) => p.id === b1.players[1])!;
    await callerFor(db(), other).schedule.accept({ proposalId: (await callerFor(db(), other).schedule.mine({ tournamentId: div!.id }))[0]!.proposals[0]!.id, time: when });
    const [after] = await d.competitions.seasonDesk({ competitionId: made.id });
    expect([after!.pending.length, after!.silent.length]).toEqual([0, 1]);
    // notes are private to the players and the directors: a member is refused
    await expect(callerFor(db(), players[0]!).competitions.seasonDesk({ competitionId: made.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("a series counts each player's best 1 of 2 finished events; a running event counts for nobody yet", { timeout: 60_000 }, async () => {
    const { club, players, director, d } = await seedSeasonClub(db(), 4);
    const [a, b, c, e] = players as [typeof players[number], typeof players[number], typeof players[number], typeof players[number]];
    const event = async (name: string, field: typeof players, order: string[], finish = true) => {
      const { t } = await seedTournament(db(), { clubId: club.id, director, players: field, settings: { name, format: "swiss", rounds: 1 } });
      if (finish) await playOut(db(), d, t.id, order);
      return t;
    };
    const e1 = await event("Cup One", [a, b, c, e], [a.id, b.id, c.id, e.id]);
    const e2 = await event("Cup Two", [a, b, c, e], [c.id, a.id, b.id, e.id]);
    const running = await event("Cup Three", [a, b], [a.id, b.id], false);
    const series = await d.competitions.createSeries({ clubId: club.id, name: "Winter Series", starts: "2031-01-01", points: { kind: "table", points: [10, 6, 4, 3] }, best: 1, eventIds: [e1.id, e2.id] });
    await d.competitions.addEvent({ competitionId: series.id, tournamentId: running.id });
    await expect(d.competitions.addEvent({ competitionId: series.id, tournamentId: running.id })).rejects.toMatchObject({ code: "CONFLICT" });
    const view = await callerFor(db(), null).competitions.series({ competitionId: series.id });
    expect(view.events.map((x) => [x.name, x.counts])).toEqual([
      ["Cup One", true],
      ["Cup Two", true],
      ["Cup Three", false],
    ]);
    const row = (id: string) => view.rows.find((r) => r.userId === id)!;
    expect(view.rows.length).toBe(4);
    for (const p of [a, b, c, e]) expect(row(p.id).cells).toHaveLength(2);
    // every finished event's places come from its standings; the best one counts, the other is dropped
    const counted = view.rows.map((r) => ({ name: r.name, total: r.total, statuses: r.cells.map((x) => x.status).sort() }));
    for (const r of counted) expect(r.statuses).toEqual(["counted", "dropped"]);
    // A won Cup One, C won Cup Two (each by the biggest spread): 10 points each, counted
    expect(row(a.id).cells[0]).toEqual({ eventId: e1.id, place: 1, points: "10", status: "counted" });
    expect(row(c.id).cells[1]).toEqual({ eventId: e2.id, place: 1, points: "10", status: "counted" });
    expect(view.rows.slice(0, 2).map((r) => [r.name, r.total]).sort()).toEqual([
      ["S01", "10"],
      ["S03", "10"],
    ]);
    // each lost to the other in the other cup (4th, 3 points): level on countback too, so they share first place
    expect(view.rows.slice(0, 2).map((r) => r.rank)).toEqual([1, 1]);
    expect(view.rows[0]!.whyAboveNext).toBe("S01 and S03 share place 1: both have 10 points and the same results (10, 3).");
    // the member may not change the series; the director may take an event out
    await expect(callerFor(db(), a).competitions.removeEvent({ competitionId: series.id, tournamentId: running.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await d.competitions.removeEvent({ competitionId: series.id, tournamentId: running.id });
    expect((await callerFor(db(), null).competitions.series({ competitionId: series.id })).events).toHaveLength(2);
  });
});
