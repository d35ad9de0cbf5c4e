/**
 * Team events through the real tRPC callers (docs/teams.md): a 4-team, 3-board round robin from
 * teams to final standings in both scoring orders (line-ups, one captain late and played in roster
 * order, first move alternating by board, a double forfeit, a team withdrawn mid-event), the hard
 * edges' sentences, and an individual Swiss that keeps teammates apart with its best-K team table.
 */
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@/db/client";
import { teamMatches, tournamentPairings } from "@/db/schema";
import { standingsCsv, pairingsCsv } from "@/server/services/tournaments/views";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { describeDb } from "../helpers/db";
import { callerFor, seedClub, seedTournament, seedUsers, type Caller } from "../helpers/seed";

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TRPCError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
}

async function world(db: Db, players: number, settings: Record<string, unknown>) {
  const people = await seedUsers(db, players + 1, (i) => (i === 0 ? "Dana Director" : `P${String(i).padStart(2, "0")}`));
  const [director, ...members] = people as [PublicUser, ...PublicUser[]];
  const { club } = await seedClub(db, { owner: director, members });
  const { t, director: dir } = await seedTournament(db, { clubId: club.id, director, players: members, registerBy: "userIds", settings });
  const as = (u: PublicUser) => callerFor(db, u);
  return { t, dir, members, as };
}

/** Enter a result on a board: the player listed `winner` (0 or 1 in turn order) scores more; -1 a tie. */
async function enter(dir: Caller, tournamentId: string, pairingId: string, players: string[], winner: 0 | 1 | -1) {
  const scores = Object.fromEntries(players.map((id, i) => [id, winner === -1 ? 300 : i === winner ? 400 : 250]));
  await dir.tournaments.enterResult({ tournamentId, pairingId, scores, forfeitUserId: null });
}

describeDb("team events", (db) => {
  it("runs a 4-team, 3-board round robin: line-ups (one late → roster), boards alternating first move, standings in both orders, double forfeit, withdrawal", async () => {
    const w = await world(db(), 13, { format: "round-robin" });
    const { t, dir, members: m } = w;
    const tid = t.id;
    await dir.teams.settings({ tournamentId: tid, boards: 3, primaryScore: "match-points", bestK: null, noTeammates: false, lineupMinutes: 30 });
    const names = ["Aces", "Bees", "Cats", "Dogs"];
    const rosters = [0, 1, 2, 3].map((k) => m.slice(k * 3, k * 3 + 3));
    const ids: string[] = [];
    for (const [k, r] of rosters.entries()) {
      const res = await dir.teams.create({ tournamentId: tid, name: names[k]!, captainId: r[0]!.id, boardOrder: "captain", members: r.map((u) => ({ userId: u.id, reserve: false })) });
      ids.push(res.teamId);
    }
    // a player on two teams of one event
    const two = await refusal(dir.teams.create({ tournamentId: tid, name: "Eels", captainId: m[12]!.id, boardOrder: "rating", members: [{ userId: m[12]!.id, reserve: false }, { userId: m[0]!.id, reserve: false }] }));
    expect(two.message).toBe("P01 already plays for Aces in this event; a player plays for one team of an event.");
    // an individual round cannot be paired in a team event
    expect((await refusal(dir.tournaments.rounds.pair({ tournamentId: tid }))).message).toMatch(/team event: pair and publish its rounds on its Teams page/);

    const { roundNumber } = await dir.teams.pairRound({ tournamentId: tid });
    expect(roundNumber).toBe(1);
    let ev = await dir.teams.event({ tournamentId: tid });
    const r1 = ev.rounds[0]!.matches;
    expect(r1).toHaveLength(2);
    // captains set line-ups; Dogs' captain is late
    const cap = (teamIdx: number) => w.as(rosters[teamIdx]![0]!);
    const matchOf = (teamId: string) => r1.find((x) => x.home.id === teamId || x.away?.id === teamId)!;
    for (const k of [0, 1, 2]) {
      const reversed = [...rosters[k]!].reverse().map((u) => u.id);
      await cap(k).teams.submitLineup({ teamMatchId: matchOf(ids[k]!).id, teamId: ids[k]!, players: reversed });
    }
    // hard edges: another team's captain, a player off the roster, after the deadline
    const other = await refusal(cap(1).teams.submitLineup({ teamMatchId: matchOf(ids[0]!).id, teamId: ids[0]!, players: [rosters[1]![0]!.id] }));
    expect(other).toEqual({ code: "FORBIDDEN", message: "Only Aces's captain (or a director) can set its line-up." });
    const offRoster = await refusal(cap(3).teams.submitLineup({ teamMatchId: matchOf(ids[3]!).id, teamId: ids[3]!, players: [m[12]!.id] }));
    expect(offRoster.message).toBe("That line-up names a player who is not on Dogs's roster; choose players from the roster.");
    // an opponent's line-up stays hidden until the boards are set
    const peek = await cap(3).teams.match({ teamMatchId: matchOf(ids[3]!).id });
    const dogsHome = peek.home.id === ids[3];
    expect((dogsHome ? peek.lineups.away : peek.lineups.home)!.players).toBeNull();
    // the deadline passes (after the other captains' line-ups came in)
    await new Promise((r) => setTimeout(r, 30));
    await db().update(teamMatches).set({ lineupDeadline: new Date(Date.now() - 10) }).where(eq(teamMatches.id, matchOf(ids[3]!).id));
    const late = await refusal(cap(3).teams.submitLineup({ teamMatchId: matchOf(ids[3]!).id, teamId: ids[3]!, players: [rosters[3]![2]!.id] }));
    expect(late.message).toMatch(/^The line-up deadline passed at \d\d:\d\d UTC; Dogs plays in its roster order this round\.$/);

    const { notes } = await dir.teams.setBoards({ tournamentId: tid, roundNumber: 1 });
    expect(notes).toContain("Dogs: no line-up by the deadline, so the roster plays in the captain's fixed order.");
    const dm = await dir.teams.match({ teamMatchId: matchOf(ids[3]!).id });
    const dogsSide = dm.home.id === ids[3] ? "home" : "away";
    expect(dm.boards.map((b) => b[dogsSide]!.id)).toEqual(rosters[3]!.map((u) => u.id));
    expect(dm.boards.map((b) => b.firstMover)).toEqual(["home", "away", "home"]);
    const am = await dir.teams.match({ teamMatchId: matchOf(ids[0]!).id });
    const acesSide = am.home.id === ids[0] ? "home" : "away";
    expect(am.boards.map((b) => b[acesSide]!.id)).toEqual([...rosters[0]!].reverse().map((u) => u.id));
    await dir.teams.publishRound({ tournamentId: tid, roundNumber: 1 });

    // results: every home side wins boards 1 and 2, loses board 3 (home 2–1)
    const playRound = async (round: number, pick: (board: number) => "home" | "away" | "tie") => {
      ev = await dir.teams.event({ tournamentId: tid });
      for (const mt of ev.rounds.find((r) => r.number === round)!.matches) {
        if (!mt.away) continue;
        const view = await dir.teams.match({ teamMatchId: mt.id });
        for (const b of view.boards) {
          if (!b.home || !b.away || view.doubleForfeits.includes(b.board)) continue;
          const [p] = await db().select().from(tournamentPairings).where(eq(tournamentPairings.roundNumber, round)).then((ps) => ps.filter((x) => x.tournamentId === tid && x.players.includes(b.home!.id)));
          const o = pick(b.board);
          const winnerId = o === "home" ? b.home.id : b.away.id;
          await enter(dir, tid, p!.id, p!.players, o === "tie" ? -1 : p!.players[0] === winnerId ? 0 : 1);
        }
      }
      await dir.tournaments.rounds.close({ tournamentId: tid, roundNumber: round });
    };
    await playRound(1, (b) => (b < 3 ? "home" : "away"));
    ev = await dir.teams.event({ tournamentId: tid });
    const homes1 = r1.map((x) => x.home.id);
    for (const row of ev.standings) expect(row).toMatchObject(homes1.includes(row.teamId) ? { mp: 2, gp: 2 } : { mp: 0, gp: 1 });
    expect(ev.rounds[0]!.matches.every((x) => x.score?.decided && x.score.home === 2 && x.score.away === 1)).toBe(true);

    // round 2: a double forfeit on board 3 of the first match; ties elsewhere on board 3
    await dir.teams.pairRound({ tournamentId: tid });
    await dir.teams.setBoards({ tournamentId: tid, roundNumber: 2 });
    ev = await dir.teams.event({ tournamentId: tid });
    const r2 = ev.rounds[1]!.matches;
    await dir.teams.doubleForfeit({ tournamentId: tid, teamMatchId: r2[0]!.id, board: 3 });
    expect((await refusal(dir.teams.doubleForfeit({ tournamentId: tid, teamMatchId: r2[0]!.id, board: 3 }))).message).toBe("Board 3 is already recorded as forfeited by both teams.");
    // the round's match sheets (print): a draft round is the directors' only
    const early = await refusal(cap(1).teams.roundSheets({ tournamentId: tid, roundNumber: 2 }));
    expect(early).toEqual({ code: "NOT_FOUND", message: "Round 2 has no published matches." });
    expect((await dir.teams.roundSheets({ tournamentId: tid, roundNumber: 2 })).matches).toHaveLength(2);
    await dir.teams.publishRound({ tournamentId: tid, roundNumber: 2 });
    await playRound(2, (b) => (b === 1 ? "home" : b === 2 ? "away" : "tie"));
    const df = await dir.teams.match({ teamMatchId: r2[0]!.id });
    expect(df.boards[2]!.outcome).toBe("double-forfeit");
    expect(df.boards[2]!.home).not.toBeNull(); // the players stay on the record
    expect(df.score).toMatchObject({ home: 1, away: 1, homeMp: 1, awayMp: 1 });
    expect((await dir.teams.match({ teamMatchId: r2[1]!.id })).score).toMatchObject({ home: 1.5, away: 1.5 });
    // every match of the round on one sheet, in table order, each as its own match page has it
    const sheets = await cap(2).teams.roundSheets({ tournamentId: tid, roundNumber: 2 });
    expect(sheets.round).toBe(2);
    expect(sheets.matches.map((x) => x.table)).toEqual([...r2].map((x) => x.table).sort((a, b) => a - b));
    for (const sm of sheets.matches) {
      const one = await cap(2).teams.match({ teamMatchId: sm.id });
      expect(sm.boards).toEqual(one.boards);
      expect(sm.score).toEqual(one.score);
    }
    expect(sheets.matches.find((x) => x.id === r2[0]!.id)!.boards[2]!.outcome).toBe("double-forfeit");

    // a team withdrawn mid-event keeps its results and is not paired again
    const gone = r2[0]!.away!.id;
    expect((await dir.teams.withdraw({ tournamentId: tid, teamId: gone })).afterRound).toBe(2);
    expect((await refusal(dir.teams.withdraw({ tournamentId: tid, teamId: gone }))).message).toMatch(/has already withdrawn \(after round 2\)/);
    await dir.teams.pairRound({ tournamentId: tid });
    ev = await dir.teams.event({ tournamentId: tid });
    const r3 = ev.rounds[2]!.matches;
    expect(r3.some((x) => x.home.id === gone || x.away?.id === gone)).toBe(false);
    const goneRow = ev.standings.find((r) => r.teamId === gone)!;
    expect(goneRow).toMatchObject({ played: 2, withdrawn: true });

    // both orders: the rows agree with a count by hand, and each row says why it is above the next
    for (const rows of [ev.standings, ev.standingsOtherOrder!.rows]) expect(rows.map((r) => r.whyAboveNext).slice(0, -1).every((s) => !!s && s.length > 20)).toBe(true);
    const byMp = [...ev.standings].sort((a, b) => b.mp - a.mp || b.gp - a.gp);
    expect(ev.standings.map((r) => r.mp)).toEqual(byMp.map((r) => r.mp));
    const byGp = ev.standingsOtherOrder!.rows;
    expect(ev.standingsOtherOrder!.primary).toBe("game-points");
    expect(byGp.map((r) => r.gp)).toEqual([...byGp].map((r) => r.gp).sort((a, b) => b - a));

    // CSVs carry the teams
    const csv = await standingsCsv(db(), tid);
    expect(csv.split("\r\n")[0]).toMatch(/^rank,player,team,wins/);
    expect(csv).toContain("Aces");
    const pcsv = await pairingsCsv(db(), tid, 1);
    expect(pcsv.split("\r\n")[0]).toMatch(/first_team,second_team$/);
  });

  it("keeps an event's team as a club team and enters it into the club's next event as a copy", async () => {
    const w = await world(db(), 3, { format: "swiss", rounds: 2 });
    const { t, dir, members: m } = w;
    await dir.teams.settings({ tournamentId: t.id, boards: 2, primaryScore: "match-points", bestK: null, noTeammates: false, lineupMinutes: null });
    const { teamId } = await dir.teams.create({ tournamentId: t.id, name: "Rooks", captainId: m[1]!.id, boardOrder: "captain", members: [m[1]!, m[0]!, m[2]!].map((u, i) => ({ userId: u.id, reserve: i === 2 })) });
    const { clubTeamId } = await dir.teams.saveAsClubTeam({ tournamentId: t.id, teamId });
    const ev = await dir.teams.event({ tournamentId: t.id });
    expect(ev.clubTeams).toEqual([{ id: clubTeamId, name: "Rooks", roster: [m[1]!.name, m[0]!.name, m[2]!.name] }]);
    // not shown to a player
    expect((await w.as(m[0]!).teams.event({ tournamentId: t.id })).clubTeams).toEqual([]);
    const next = await dir.tournaments.create({ clubId: t.clubId, name: "Next Cup", startsAt: new Date("2031-05-01T09:00:00Z"), ruleset: "equate", format: "swiss", rounds: 2 });
    await dir.teams.settings({ tournamentId: next.id, boards: 2, primaryScore: "match-points", bestK: null, noTeammates: false, lineupMinutes: null });
    // its players must be entered first
    expect((await refusal(dir.teams.enterClubTeam({ tournamentId: next.id, clubTeamId }))).message).toMatch(/is not entered in this event: add them to the entry list first\.$/);
    await dir.tournaments.players.add({ tournamentId: next.id, userIds: m.map((u) => u.id), checkIn: true });
    await dir.teams.enterClubTeam({ tournamentId: next.id, clubTeamId });
    const copy = (await dir.teams.event({ tournamentId: next.id })).teams[0]!;
    expect(copy).toMatchObject({ name: "Rooks", captain: { id: m[1]!.id }, boardOrder: "captain" });
    expect(copy.roster.map((p) => [p.userId, p.reserve])).toEqual([[m[1]!.id, false], [m[0]!.id, false], [m[2]!.id, true]]);
  });

  it("refuses pods and other formats as team events, and a roster naming someone not entered", async () => {
    const w = await world(db(), 4, { format: "single-elimination" });
    const bad = await refusal(w.dir.teams.settings({ tournamentId: w.t.id, boards: 2, primaryScore: "game-points", bestK: null, noTeammates: false, lineupMinutes: null }));
    expect(bad.message).toBe("A team event is a round robin or a Swiss; change the event's format first.");
    const pods = await world(db(), 6, { format: "swiss", rounds: 3, playersPerGame: 3 });
    const p = await refusal(pods.dir.teams.settings({ tournamentId: pods.t.id, boards: 2, primaryScore: "game-points", bestK: null, noTeammates: false, lineupMinutes: null }));
    expect(p.message).toMatch(/^Pods stay out of team events/);
    const sw = await world(db(), 4, { format: "swiss", rounds: 3 });
    await sw.dir.teams.settings({ tournamentId: sw.t.id, boards: 2, primaryScore: "game-points", bestK: null, noTeammates: false, lineupMinutes: null });
    const [outsider] = await seedUsers(db(), 1, () => "Not Entered");
    const r = await refusal(sw.dir.teams.create({ tournamentId: sw.t.id, name: "Solo", captainId: sw.members[0]!.id, boardOrder: "rating", members: [{ userId: sw.members[0]!.id, reserve: false }, { userId: outsider!.id, reserve: false }] }));
    expect(r.message).toBe("Not Entered is not entered in this event: add them to the entry list first.");
  });

  it("an individual Swiss with 'no teammates' never pairs teammates, and the team table counts each team's best K results", async () => {
    const w = await world(db(), 12, { format: "swiss", rounds: 4 });
    const { t, dir, members: m } = w;
    await dir.teams.settings({ tournamentId: t.id, boards: null, primaryScore: "match-points", bestK: 2, noTeammates: true, lineupMinutes: null });
    const teamsOf = [m.slice(0, 4), m.slice(4, 8), m.slice(8, 12)];
    for (const [k, r] of teamsOf.entries()) await dir.teams.create({ tournamentId: t.id, name: `Team ${k + 1}`, captainId: r[0]!.id, boardOrder: "rating", members: r.map((u) => ({ userId: u.id, reserve: false })) });
    const teamOf = new Map(teamsOf.flatMap((r, k) => r.map((u) => [u.id, k])));
    for (let round = 1; round <= 4; round++) {
      const { roundNumber } = await dir.tournaments.rounds.pair({ tournamentId: t.id });
      await dir.tournaments.rounds.publish({ tournamentId: t.id, roundNumber });
      const ps = (await db().select().from(tournamentPairings).where(eq(tournamentPairings.tournamentId, t.id))).filter((p) => p.roundNumber === roundNumber && !p.isBye);
      for (const p of ps) {
        expect(teamOf.get(p.players[0]!)).not.toBe(teamOf.get(p.players[1]!));
        await enter(dir, t.id, p.id, p.players, ((round + p.tableNumber) % 2) as 0 | 1);
      }
      await dir.tournaments.rounds.close({ tournamentId: t.id, roundNumber });
    }
    const table = (await dir.teams.table({ tournamentId: t.id }))!;
    const st = await dir.tournaments.standings({ tournamentId: t.id });
    const wins = new Map(st.rows.map((r) => [r.userId, r]));
    for (const row of table.rows) {
      const k = Number(row.name.slice(5)) - 1;
      const best = teamsOf[k]!.map((u) => wins.get(u.id)!).sort((a, b) => b.wins - a.wins || b.spread - a.spread).slice(0, 2);
      expect(row.counted.map((p) => p.playerId)).toEqual(best.map((b) => b.userId));
      expect(row.score).toBe(best[0]!.wins + best[1]!.wins);
      expect(row.others).toHaveLength(2);
    }
    expect(table.rows.map((r) => r.score)).toEqual([...table.rows.map((r) => r.score)].sort((a, b) => b - a));
  });
});
