/**
 * Fuzz: 10,000+ malformed or hostile inputs in the deep tier (a fifth of them in the fast tier), from a seeded generator (mulberry32, so a failure
 * replays), spread over every procedure of the app router — queries, mutations, and the live
 * subscription (read once, then aborted). Each input starts from a valid-looking one for the world
 * (tests/helpers/fixtures.ts) and is broken somewhere: wrong types, missing or extra fields, 100 kB
 * strings, control and astral characters, NaN / ±Infinity / huge numbers, deep nesting, arrays for
 * objects, unknown tiles, SQL-ish and template-ish strings, other users' ids, random uuids and
 * prototype-pollution keys (`__proto__`, `constructor`). Callers are the outsider and anonymous,
 * with a smaller share as a club member.
 *
 * The club's owner (a director of every tournament) also fuzzes, each call in a transaction that
 * is rolled back, so hostile input reaches the directors' paths (rounds, results, staff) too.
 * The classes the edge must refuse are all present: uuid-shaped strings that are not uuids
 * (36 hyphens, 36 zeros, a bad version digit), integers past int4 and past 2^53, lone surrogates
 * (high and low, at the start, middle and end, in values and in keys) and nesting far past
 * `LIMITS.inputDepth`.
 *
 * Every 4th input is valid but for one leaf, taken from those classes, so the poison travels as far
 * as a valid input would.
 *
 * Every call must succeed or fail with a TRPCError that is not INTERNAL_SERVER_ERROR and carries no
 * stack trace; afterwards the world's important rows are as before (the member's own rows and the
 * game the member keeps score of excepted: the member may legitimately change those), and
 * Object.prototype is untouched.
 *
 * The HTTP faces get the same classes as raw requests — tRPC (single calls and batches, through
 * `server/trpc-http.ts`), `POST /api/adjudicate` and the CSV routes — and none may answer 5xx.
 *
 * The bases (one valid-looking input per procedure) live here; the generators that break them, in
 * fuzz.helpers.ts.
 */
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory, type SessionUser } from "@/server/trpc";
import { POST as adjudicateRoute } from "@/app/api/adjudicate/route";
import { GET as ledgerCsv } from "@/app/tournaments/[id]/ledger.csv/route";
import { GET as pairingsCsv } from "@/app/tournaments/[id]/pairings.csv/route";
import { GET as standingsCsv } from "@/app/tournaments/[id]/standings.csv/route";
import { trpcHttpHandler } from "@/server/trpc-http";
import { describeDb } from "../helpers/db";
import { inRollback, seedWorld, type World } from "../helpers/fixtures";
import { TEST_PASSWORD } from "../helpers/seed";
import { runSeed, sized, TIER } from "../helpers/tier";
import { DEEPEST, mutate, poison, rngFrom, show, snapshot, STRINGS, swapIds, UUID, uuidShaped, worldIds } from "./fuzz.helpers";

// The deep tier (tests/helpers/tier.ts) runs the full 11,250 + 1,200 calls on the historical seed;
// the fast tier a fifth of them on the run's seed. FUZZ_SEED replays either.
const SEED = Number(process.env.FUZZ_SEED ?? (TIER === "deep" ? 20310401 : runSeed()));
const SCALE = sized(0.2, 1);
const PLAN = (
  [
    { role: "outsider", calls: 4_300 },
    { role: "anonymous", calls: 4_400 },
    { role: "member", calls: 1_350 },
    // a director: every call rolled back, so the world stays as seeded
    { role: "owner", calls: 1_200 },
  ] as const
).map((p) => ({ ...p, calls: Math.ceil(p.calls * SCALE) }));
const TOTAL = PLAN.reduce((n, p) => n + p.calls, 0);
const HTTP_CALLS = Math.ceil(1_200 * SCALE);

const row = (r: number, c: number, s: string) => [...s].map((tile, i) => ({ row: r, col: c + i, tile }));
const TC = { initialMs: 60_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 };
const REQUEST = { ruleset: "equate", board: row(9, 9, "1+1=2"), play: row(10, 9, "3=3"), rack: ["3", "=", "3", "?"] };

/** A valid-looking input per procedure path (add new procedures here). `n` makes unique names. */
const BASES: Record<string, (w: World, n: number) => unknown> = {
  "accounts.me": () => undefined,
  "accounts.calendarLink": () => undefined,
  "accounts.signUp": (_w, n) => ({ email: `fuzz-${n}-${randomUUID().slice(0, 8)}@example.test`, name: "Fuzz Person", password: TEST_PASSWORD }),
  "accounts.updateProfile": () => ({ name: "Fuzzy Name" }),
  // wrong passwords and unknown links: the fuzz must not change a password or delete the member
  "accounts.changePassword": () => ({ currentPassword: "not-the-password-1", newPassword: "another-pass-9" }),
  "accounts.requestEmailChange": (_w, n) => ({ newEmail: `fuzz-moved-${n}@example.test`, currentPassword: "not-the-password-1" }),
  "accounts.confirmEmailChange": () => ({ token: "A".repeat(43) }),
  "accounts.requestPasswordReset": (w) => ({ email: w.users.member.email }),
  "accounts.resetPassword": () => ({ token: "A".repeat(43), password: "another-pass-9" }),
  "accounts.exportData": () => undefined,
  "accounts.deleteAccount": () => ({ password: "not-the-password-1" }),
  "accounts.outbox": () => undefined,
  "apiTokens.list": () => undefined,
  "apiTokens.create": (_w, n) => ({ name: `fuzz script ${n}`, scope: n % 2 ? "read" : "read-write" }),
  "apiTokens.revoke": () => ({ tokenId: randomUUID() }),
  "clubs.list": () => ({ query: "world", limit: 10 }),
  "clubs.mine": () => undefined,
  "clubs.byHandle": (w) => ({ handle: w.club.handle }),
  "clubs.create": (_w, n) => ({ handle: `fz-${n}-${randomUUID().slice(0, 6)}`, name: "Fuzz Club", description: "", location: "", defaultRuleset: "equate", visibility: "public" }),
  "clubs.update": (w) => ({ clubId: w.club.id, name: "Taken Over", description: "x", location: "y", defaultRuleset: "smath", visibility: "invite-only" }),
  "clubs.setRole": (w) => ({ clubId: w.club.id, userId: w.users.outsider.id, role: "owner" }),
  "clubs.removeMember": (w) => ({ clubId: w.club.id, userId: w.users.owner.id }),
  "clubs.leave": (w) => ({ clubId: w.club.id }),
  "clubs.bulkAdd": (w) => ({ clubId: w.club.id, emails: `${w.users.outsider.email}, ${w.users.judge.email}` }),
  "clubs.invites.list": (w) => ({ clubId: w.club.id }),
  "clubs.invites.create": (w) => ({ clubId: w.club.id, expiresInDays: 7, maxUses: 10 }),
  "clubs.invites.revoke": (w) => ({ clubId: w.club.id, inviteId: w.invite.id }),
  // the invite code and the join code are secrets the fuzzers do not hold
  "clubs.invites.preview": () => ({ code: "not-the-code" }),
  "clubs.invites.accept": () => ({ code: "not-the-code" }),
  "clubs.requests.list": (w) => ({ clubId: w.club.id }),
  "clubs.requests.create": (w) => ({ clubId: w.club.id, message: "let me in" }),
  "clubs.requests.cancel": (w) => ({ clubId: w.club.id }),
  "clubs.requests.decide": (w) => ({ clubId: w.club.id, requestId: w.joinRequestId, decision: "approve" }),
  "tournaments.list": (w) => ({ clubId: w.club.id, status: "running", limit: 10 }),
  "tournaments.byId": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.standings": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.explain": (w) => ({ tournamentId: w.tournament.id, a: w.users.playerA.id, b: w.users.playerB.id }),
  "tournaments.crossTable": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.bracket": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.roundClock": (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber }),
  "tournaments.live": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.audit": (w) => ({ tournamentId: w.tournament.id }),
  "competitions.list": (w) => ({ clubId: w.club.id }),
  "competitions.season": () => ({ competitionId: randomUUID() }),
  "competitions.seasonDesk": () => ({ competitionId: randomUUID() }),
  "competitions.series": () => ({ competitionId: randomUUID() }),
  "competitions.createSeason": (w, n) => ({
    clubId: w.club.id,
    name: `Fuzz League ${n}`,
    starts: "2031-03-02",
    roundDays: 7,
    settings: { ruleset: "equate", format: "round-robin", timeControl: TC },
    divisionSize: 4,
    promotion: { up: { kind: "fraction", num: 1, den: 4, round: "ceil" }, down: { kind: "count", n: 1 }, newPlayers: "bottom" },
    players: [w.users.playerA.id, w.users.playerB.id],
    order: "given",
  }),
  "competitions.nextSeason": () => ({ competitionId: randomUUID(), name: "Fuzz Next", starts: "2031-09-07", newPlayers: [] }),
  "competitions.createSeries": (w, n) => ({ clubId: w.club.id, name: `Fuzz Series ${n}`, starts: "2031-01-01", points: { kind: "table", points: [10, 6, 4] }, best: 2, eventIds: [w.tournament.id] }),
  "competitions.addEvent": (w) => ({ competitionId: randomUUID(), tournamentId: w.tournament.id }),
  "competitions.removeEvent": (w) => ({ competitionId: randomUUID(), tournamentId: w.tournament.id }),
  "tournaments.create": (w) => ({ clubId: w.club.id, name: "Fuzz Open", startsAt: "2031-05-01T09:00:00Z", ruleset: "equate", timeControl: TC, tiebreaks: ["spread"] }),
  "tournaments.update": (w) => ({ tournamentId: w.tournament.id, name: "Renamed", rounds: 7, rulesetOptions: { challenge: "double" } }),
  "tournaments.staff.add": (w) => ({ tournamentId: w.tournament.id, email: w.users.outsider.email, role: "director" }),
  "tournaments.staff.remove": (w) => ({ tournamentId: w.tournament.id, userId: w.users.clubDirector.id }),
  "tournaments.register": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.unregister": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.checkInSelf": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.tsh.importFile": (w) => ({ tournamentId: w.openTournament.id, text: "Lee, Ann 1500 2 ; 400 ; p12 1\nOkafor, Bo 1500 1 ; 380 ; p12 2\n" }),
  "tournaments.entries.enter": (w) => ({ tournamentId: w.openTournament.id, details: { class: "B", club: "Fuzz Club", age: "junior", notes: "fuzz notes" } }),
  "tournaments.entries.withdraw": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.entries.startCheck": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.entries.removeAbsent": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.players.add": (w) => ({ tournamentId: w.tournament.id, userIds: [w.users.outsider.id], emails: w.users.member.email, checkIn: true }),
  "tournaments.players.checkIn": (w) => ({ tournamentId: w.tournament.id, userId: w.users.playerA.id, checkedIn: false }),
  "tournaments.players.checkInAll": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.players.withdraw": (w) => ({ tournamentId: w.tournament.id, userId: w.users.playerA.id }),
  "tournaments.players.seed": (w) => ({ tournamentId: w.openTournament.id, userId: w.users.playerA.id, seed: 1 }),
  "tournaments.players.search": (w) => ({ tournamentId: w.openTournament.id, query: "a", limit: 5 }),
  "tournaments.desk.myEntry": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.desk.renewCode": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.desk.settings": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.desk.configure": (w) => ({ tournamentId: w.openTournament.id, entryFee: 1500, currency: "EUR", checkInMinutes: 30 }),
  "tournaments.desk.scan": (w) => ({ tournamentId: w.openTournament.id, code: "EQ1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }),
  "tournaments.desk.search": (w) => ({ tournamentId: w.openTournament.id, query: "a", limit: 5 }),
  "tournaments.desk.checkIn": (w) => ({ tournamentId: w.openTournament.id, userId: w.users.playerA.id }),
  "tournaments.desk.setFee": (w) => ({ tournamentId: w.openTournament.id, userId: w.users.playerA.id, status: "paid", amount: 1500, method: "cash", note: "at the door", expectedUpdatedAt: null }),
  "tournaments.desk.ledger": (w) => ({ tournamentId: w.openTournament.id }),
  "tournaments.forbiddenPairs.list": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.forbiddenPairs.forPairing": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.forbiddenPairs.add": (w) => ({ tournamentId: w.tournament.id, a: w.users.playerA.id, b: w.users.playerB.id }),
  "tournaments.forbiddenPairs.remove": (w) => ({ tournamentId: w.tournament.id, a: w.users.playerA.id, b: w.users.playerB.id }),
  "tournaments.rounds.pair": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.rounds.deleteDraft": (w) => ({ tournamentId: w.tournament.id, roundNumber: 1 }),
  "tournaments.rounds.fromDevice": (w) => ({ tournamentId: w.tournament.id, roundNumber: 2, boards: [{ table: 1, players: [w.users.playerA.id, w.users.playerB.id] }], byes: [] }),
  "tournaments.rounds.swap": (w) => ({ tournamentId: w.tournament.id, roundNumber: 1, a: w.users.playerA.id, b: w.users.playerB.id }),
  "tournaments.rounds.flip": (w) => ({ tournamentId: w.tournament.id, pairingId: w.pairingId }),
  "tournaments.rounds.publish": (w) => ({ tournamentId: w.tournament.id, roundNumber: 1 }),
  "tournaments.rounds.close": (w) => ({ tournamentId: w.tournament.id, roundNumber: 1 }),
  "tournaments.rounds.start": (w) => ({ tournamentId: w.tournament.id, roundNumber: 1, minutes: 25, startGames: true }),
  "tournaments.prizes.table": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.prizes.payout": (w) => ({ tournamentId: w.tournament.id }),
  "tournaments.prizes.save": (w, n) => ({ tournamentId: w.tournament.id, kind: "class", place: 1 + (n % 5), classValue: null, ratingMin: 1200, ratingMax: 1599, category: null, amount: 2500, item: "book token" }),
  "tournaments.prizes.remove": (w) => ({ tournamentId: w.tournament.id, prizeId: w.pairingId }),
  "tournaments.prizes.settings": (w) => ({ tournamentId: w.tournament.id, split: "hort", onePrizePerPlayer: false }),
  "tournaments.prizes.markFinal": (w) => ({ tournamentId: w.tournament.id, final: true }),
  "tournaments.enterResult": (w) => ({ tournamentId: w.tournament.id, pairingId: w.pairingId, scores: { [w.users.playerA.id]: 500, [w.users.playerB.id]: 0 }, expectedVersion: 0 }),
  "ratings.leaderboard": () => ({ ruleset: "equate", minGames: 0, established: false, limit: 10, offset: 0 }),
  "ratings.club": (w) => ({ ruleset: "equate", clubId: w.club.id, limit: 10 }),
  "ratings.player": (w) => ({ userId: w.users.playerA.id }),
  "ratings.expected": (w) => ({ ruleset: "equate", userIds: [w.users.playerA.id, w.users.playerB.id] }),
  "adjudication.adjudicate": () => REQUEST,
  "adjudication.explain": () => REQUEST,
  "adjudication.matchPosition": (w) => ({ matchId: w.match.id, moveNumber: 1 }),
  "adjudication.record": (w) => ({ matchId: w.match.id, moveNumber: 1, note: "ruled", requestedBy: "x", request: REQUEST }),
  "adjudication.listForMatch": (w) => ({ matchId: w.match.id }),
  "adjudication.listForTournament": (w) => ({ tournamentId: w.tournament.id }),
  "adjudication.myTournaments": () => undefined,
  "matches.get": (w) => ({ matchId: w.match.id }),
  "matches.live": (w) => ({ matchId: w.match.id }),
  "matches.move": (w) => ({ matchId: w.match.id, expectedSeq: w.match.version, clientId: randomUUID(), action: { type: "play", placements: row(9, 9, "3+4=7") } }),
  "matches.claimTimeout": (w) => ({ matchId: w.match.id }),
  "matches.checkIn": (w) => ({ matchId: w.match.id }),
  "matches.startNow": (w) => ({ matchId: w.match.id }),
  "matches.liveNow": (w) => ({ clubId: w.club.id, limit: 5 }),
  "matches.mine": () => undefined,
  "matches.findPlayers": () => ({ query: "player" }),
  "matches.create": (w) => ({ ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: TC, rated: false, seats: 2, invite: [w.users.playerA.id], firstMover: "creator" }),
  "matches.accept": (w) => ({ matchId: w.challenge.id }),
  "matches.cancel": (w) => ({ matchId: w.challenge.id }),
  "matches.preview": () => ({ code: "not-the-code" }),
  "matches.join": () => ({ code: "not-the-code" }),
  "matches.createFromPairing": (w) => ({ pairingId: w.pairingId }),
  "matches.forPairings": (w) => ({ pairingIds: [w.pairingId, randomUUID()] }),
  "matches.record": (w) => ({ matchId: w.match.id, format: "json" }),
  "matches.adjustResult": (w) => ({ matchId: w.match.id, scores: { [w.users.playerA.id]: 1, [w.users.playerB.id]: 0 }, reason: "because" }),
  "matches.importRecord": () => ({ text: "#equalis-game 1\n#ruleset equate\n#seed s\n#player a\n#player b\n#start 0\n>a: pass @1\n", format: "auto" }),
  "matches.bot.challenge": () => ({ ruleset: "equate", timeControl: null }),
  "matches.bot.nudge": (w) => ({ matchId: w.match.id }),
  "matches.scorekeeper.create": (w) => ({ ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, players: [{ userId: w.users.playerA.id, name: "A" }, { name: "Guest" }] }),
  "matches.scorekeeper.createFromPairing": (w) => ({ pairingId: w.pairingId }),
  "matches.scorekeeper.get": (w) => ({ matchId: w.otb.id }),
  "matches.scorekeeper.move": (w) => ({ matchId: w.otb.id, expectedSeq: w.otb.version, clientId: randomUUID(), seat: 0, action: { type: "exchange", count: 3 }, tappedAt: null }),
  "matches.scorekeeper.clock": (w) => ({ matchId: w.otb.id, expectedSeq: w.otb.version, clientId: randomUUID(), action: "pause" }),
  "matches.scorekeeper.mine": () => undefined,
  "arena.club": (w) => ({ clubId: w.club.id }),
  "arena.night": (w) => ({ nightId: w.arena.nightId }),
  "arena.ladder": (w) => ({ ladderId: w.arena.ladderId }),
  "arena.open": (w, n) => ({ clubId: w.club.id, name: `Fuzz night ${n}`, ruleset: "equate", groupSize: 2 + (n % 3), scoring: { win: 2, draw: 1, loss: 0, streak: { after: 2, multiplier: 2 } }, mode: "over-the-board", timeControl: null, ladderId: w.arena.ladderId }),
  "arena.close": (w) => ({ nightId: w.arena.nightId }),
  "arena.smallGroups": (w, n) => ({ nightId: w.arena.nightId, allow: n % 2 === 0 }),
  "arena.attach": (w) => ({ nightId: w.arena.nightId, ladderId: w.arena.ladderId }),
  "arena.createLadder": (w, n) => ({ clubId: w.club.id, name: `Fuzz ladder ${n}`, rule: { kind: "best", nights: 3 } }),
  "arena.join": (w) => ({ nightId: w.arena.nightId }),
  "arena.leave": (w) => ({ nightId: w.arena.nightId }),
  "arena.report": (w) => ({ gameId: w.arena.gameId, scores: { [w.users.playerA.id]: 300, [w.users.playerB.id]: 250 } }),
  "arena.confirm": (w) => ({ gameId: w.arena.gameId }),
  "arena.dispute": (w) => ({ gameId: w.arena.gameId, note: "not so" }),
  "arena.decide": (w) => ({ gameId: w.arena.gameId, scores: { [w.users.playerA.id]: 300, [w.users.playerB.id]: 250 } }),
  "teams.event": (w) => ({ tournamentId: w.teams.tournamentId }),
  "teams.match": (w) => ({ teamMatchId: w.teams.matchId }),
  "teams.table": (w) => ({ tournamentId: w.tournament.id }),
  "teams.roundSheets": (w) => ({ tournamentId: w.teams.tournamentId, roundNumber: 1 }),
  "teams.settings": (w, n) => ({ tournamentId: w.teams.tournamentId, boards: 1 + (n % 3), primaryScore: n % 2 ? "game-points" : "match-points", bestK: null, noTeammates: false, lineupMinutes: n % 2 ? null : 30 }),
  "teams.create": (w, n) => ({ tournamentId: w.teams.tournamentId, name: `Fuzz team ${n}`, captainId: w.users.playerA.id, boardOrder: "captain", members: [{ userId: w.users.playerA.id, reserve: false }] }),
  "teams.saveAsClubTeam": (w) => ({ tournamentId: w.teams.tournamentId, teamId: w.teams.teamAId }),
  "teams.enterClubTeam": (w) => ({ tournamentId: w.teams.tournamentId, clubTeamId: w.teams.teamBId }),
  "teams.withdraw": (w) => ({ tournamentId: w.teams.tournamentId, teamId: w.teams.teamBId }),
  "teams.pairRound": (w) => ({ tournamentId: w.teams.tournamentId }),
  "teams.setBoards": (w) => ({ tournamentId: w.teams.tournamentId, roundNumber: 1 }),
  "teams.publishRound": (w) => ({ tournamentId: w.teams.tournamentId, roundNumber: 1 }),
  "teams.doubleForfeit": (w) => ({ tournamentId: w.teams.tournamentId, teamMatchId: w.teams.matchId, board: 1 }),
  "teams.submitLineup": (w) => ({ teamMatchId: w.teams.matchId, teamId: w.teams.teamAId, players: [w.users.playerA.id] }),
  "notifications.list": () => ({ limit: 20, cursor: null, unreadOnly: false }),
  "notifications.unreadCount": () => undefined,
  // another person's id: never marked (only the caller's own rows)
  "notifications.markRead": (w) => ({ ids: [w.users.playerA.id] }),
  "notifications.live": () => undefined,
  "notifications.prefs.get": () => undefined,
  // the Play now lobby: the world's seek is the club director's, for the club's members
  "seeks.list": (w) => ({ clubId: w.club.id }),
  "seeks.mine": () => undefined,
  "seeks.create": (w, n) => ({ ruleset: "equate", preset: (["blitz", "rapid", "classic"] as const)[n % 3], rated: n % 2 === 0, players: 2 + (n % 3), clubId: n % 2 ? w.club.id : null }),
  "seeks.accept": (w) => ({ seekId: w.seek.id }),
  "seeks.cancel": (w) => ({ seekId: w.seek.id }),
  "notifications.prefs.set": () => ({ "round-paired": true }),
  // duplicate games: the world's is the club director's, started, A and B playing
  "duplicate.list": () => undefined,
  "duplicate.get": (w) => ({ gameId: w.duplicate.gameId }),
  "duplicate.table": (w, n) => ({ gameId: w.duplicate.gameId, offset: n % 7, limit: 1 + (n % 100) }),
  "duplicate.turnPlays": (w, n) => ({ gameId: w.duplicate.gameId, turn: 1 + (n % 3), offset: n % 5, limit: 1 + (n % 100) }),
  "duplicate.players": (w, n) => ({ gameId: w.duplicate.gameId, offset: n % 3, limit: 1 + (n % 100) }),
  "duplicate.live": (w) => ({ gameId: w.duplicate.gameId }),
  "duplicate.create": (w, n) => ({ name: `Fuzz duplicate ${n}`, ruleset: "equate", turnSeconds: 60 + n, maxTurns: 1 + (n % 5), playableRedraws: n % 11, clubId: n % 2 ? w.club.id : null, play: n % 3 !== 0 }),
  "duplicate.join": (w) => ({ gameId: w.duplicate.gameId }),
  "duplicate.start": (w) => ({ gameId: w.duplicate.gameId }),
  "duplicate.submit": (w) => ({ gameId: w.duplicate.gameId, turn: 1, placements: row(9, 9, "3+4=7") }),
  "duplicate.slip": (w) => ({ gameId: w.duplicate.gameId, turn: 1, text: "2 10J 3+4=7" }),
  // turn 2, not open: a director's fuzzed call must not close the world's turn 1
  "duplicate.closeNow": (w) => ({ gameId: w.duplicate.gameId, turn: 2 }),
  "duplicate.eventList": () => undefined,
  "duplicate.eventGet": (w) => ({ eventId: w.duplicateEvent.eventId }),
  "duplicate.eventCreate": (w, n) => ({ name: `Fuzz series ${n}`, standing: n % 2 ? "percent" : "total", clubId: n % 2 ? w.club.id : null }),
  "duplicate.eventAdd": (w) => ({ eventId: w.duplicateEvent.eventId, gameId: w.duplicate.gameId }),
  "schedule.mine": (w) => ({ tournamentId: w.tournament.id }),
  "schedule.propose": (w) => ({ pairingId: w.pairingId, times: [new Date(Date.now() + 86_400_000).toISOString()], note: "evenings" }),
  "schedule.accept": () => ({ proposalId: randomUUID(), time: new Date(Date.now() + 86_400_000).toISOString() }),
  "schedule.counter": () => ({ proposalId: randomUUID(), times: [new Date(Date.now() + 86_400_000).toISOString()], note: "" }),
  "schedule.decline": () => ({ proposalId: randomUUID() }),
  "schedule.withdraw": () => ({ proposalId: randomUUID() }),
  "schedule.openGame": (w) => ({ pairingId: w.pairingId }),
  "schedule.report": (w) => ({ pairingId: w.pairingId, scores: { [w.users.playerA.id]: 300, [w.users.playerB.id]: 250 }, note: "" }),
  "schedule.confirm": () => ({ reportId: randomUUID() }),
  "schedule.dispute": () => ({ reportId: randomUUID(), note: "wrong" }),
  "schedule.setWindow": (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber, playFrom: new Date(Date.now() - 3_600_000).toISOString(), playBy: new Date(Date.now() + 7 * 86_400_000).toISOString() }),
  "schedule.unplayed": (w) => ({ tournamentId: w.tournament.id }),
  "schedule.decide": (w) => ({ tournamentId: w.tournament.id, pairingId: w.pairingId, decision: "forfeit", forfeitUserId: w.users.playerB.id, playBy: null, reason: "no show" }),
  "analysis.request": (w) => ({ matchId: w.match.id }),
  "analysis.get": (w) => ({ matchId: w.match.id }),
  // a one-tile rack: the search is tiny, so ~130 fuzzed calls stay cheap (a full rack is up to 1.3 s each)
  "analysis.bestHere": () => ({ request: { ...REQUEST, rack: ["3"] }, top: 2 }),
};

function procedures(): { path: string; type: string }[] {
  const procs = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures;
  return Object.entries(procs)
    .map(([path, p]) => ({ path, type: p._def.type }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

const STACK = /\n\s+at\s/;

/** The app's database handle (db/client.ts keeps it on globalThis), so route handlers that call
 * `getDb()` — the CSV routes — run on this test's database. */
const appDb = globalThis as unknown as { __equalisDb?: Promise<{ db: Db; driver: string; close: () => Promise<void> }> };

describeDb("fuzz", (db, driver) => {
  let w: World;
  beforeAll(async () => {
    w = await seedWorld(db());
    appDb.__equalisDb = Promise.resolve({ db: db(), driver, close: async () => {} });
  });
  afterAll(() => {
    delete appDb.__equalisDb;
  });

  it("what the fuzz found stays fixed: ids, int4, lone surrogates and nesting are refused at the edge, never a 500", async () => {
    const owner = createCallerFactory(appRouter)({ db: db(), user: w.users.owner });
    const member = createCallerFactory(appRouter)({ db: db(), user: w.users.member });
    const refused = { code: "BAD_REQUEST" };
    const { playerA, playerB } = w.users;
    // int4: a round number past 2^31 − 1 reached PostgreSQL (SQLSTATE 22003)
    await expect(owner.tournaments.rounds.swap({ tournamentId: w.tournament.id, roundNumber: 2 ** 31, a: playerA.id, b: playerB.id })).rejects.toMatchObject(refused);
    await expect(member.matches.scorekeeper.clock({ matchId: w.otb.id, expectedSeq: 2 ** 31, clientId: randomUUID(), action: "pause" })).rejects.toMatchObject(refused);
    // lone surrogates: PostgreSQL refuses them in JSON (a guest's name lives in the game's log)…
    const guest = { ruleset: "equate", rulesetOptions: {}, challengeRule: "single", timeControl: null, players: [{ userId: null, name: "ab\ud800cd" }, { userId: null, name: "Guest" }] };
    await expect(member.matches.scorekeeper.create(guest as never)).rejects.toMatchObject({ ...refused, message: expect.stringMatching(/lone surrogate/) });
    await expect(owner.adjudication.record({ matchId: w.match.id, request: { ...REQUEST, note: "ab\udc00cd" } })).rejects.toMatchObject(refused);
    await expect(owner.adjudication.record({ matchId: w.match.id, request: { ...REQUEST, ["\ud800"]: 1 } })).rejects.toMatchObject(refused);
    // …and a text column silently stored U+FFFD instead
    await expect(owner.adjudication.record({ matchId: w.match.id, note: "ab\ud800cd", request: REQUEST })).rejects.toMatchObject(refused);
    await expect(member.accounts.updateProfile({ name: "\udfffName" })).rejects.toMatchObject(refused);
    // nesting: JSON.stringify / PostgreSQL's JSON parser overflowed (a 500)
    await expect(owner.adjudication.record({ matchId: w.match.id, request: { ...REQUEST, extra: DEEPEST } })).rejects.toMatchObject({ ...refused, message: expect.stringMatching(/nested too deeply/) });
    // ids: the CSV routes let 36 hyphens or zeros through to PostgreSQL (SQLSTATE 22P02)
    for (const id of ["-".repeat(36), "0".repeat(36)]) {
      for (const route of [standingsCsv, pairingsCsv, ledgerCsv]) expect((await route(new Request("http://localhost/x"), { params: Promise.resolve({ id }) })).status).toBe(404);
    }
    expect((await standingsCsv(new Request("http://localhost/x"), { params: Promise.resolve({ id: w.tournament.id }) })).status).toBe(200);
    // the fee ledger is private: signed out is a 401, never a file
    expect((await ledgerCsv(new Request("http://localhost/x"), { params: Promise.resolve({ id: w.tournament.id }) })).status).toBe(401);
  });

  it("what the fuzz found stays fixed: NUL characters, a missing game's live view", async () => {
    const outsider = createCallerFactory(appRouter)({ db: db(), user: w.users.outsider });
    // PostgreSQL cannot store U+0000: it was a 500 from every text field that reached a query
    await expect(outsider.accounts.updateProfile({ name: "Nul\u0000Name" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(outsider.clubs.byHandle({ handle: "\u0000" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // a subscription's errors skipped the error mapping (a DomainError reached the transport)
    const ac = new AbortController();
    const live = createCallerFactory(appRouter)({ db: db(), user: null }, { signal: ac.signal });
    const stream = (await live.matches.live({ matchId: randomUUID() })) as AsyncIterable<unknown>;
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toMatchObject({ name: "TRPCError", code: "NOT_FOUND" });
    ac.abort();
  });

  it("every procedure has a fuzz base", () => {
    const missing = procedures()
      .map((p) => p.path)
      .filter((p) => !(p in BASES));
    expect(missing, "add a valid-looking input for it to BASES in tests/integration/fuzz.integration.test.ts").toEqual([]);
  });

  it(`${TOTAL} hostile inputs: no 500s, no stack traces, no changes to the world`, { timeout: 600_000 }, async () => {
    const procs = procedures().filter((p) => p.path in BASES);
    const ids = worldIds(w);
    const uuids = ids.filter((x) => UUID.test(x));
    const rng = rngFrom(SEED);
    const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const problems: string[] = [];
    const codes: Record<string, number> = {};
    let calls = 0;
    const timeByPath: Record<string, number> = {};
    let n = 0;

    const before = await snapshot(db(), w);
    let beforeMember: Awaited<ReturnType<typeof snapshot>> | null = null;
    for (const { role, calls: count } of PLAN) {
      if (role === "member") beforeMember = await snapshot(db(), w, { userId: w.users.member.id, matchId: w.otb.id });
      const user: SessionUser | null = role === "anonymous" ? null : w.users[role];
      // live subscriptions listen on the app's connection, which a rolled-back transaction is not
      const pool = role === "owner" ? procs.filter((p) => p.type !== "subscription") : procs;
      for (let i = 0; i < count; i++) {
        const { path, type } = pool[rng.int(pool.length)]!;
        const base = BASES[path]!(w, n++);
        // mostly broken inputs; every 8th keeps the shape and swaps in other ids (authorisation
        // probes); every 4th keeps the shape with one leaf from an edge class
        const input = i % 8 === 0 ? swapIds(base, rng, uuids) : i % 4 === 2 ? poison(base, rng) : mutate(base, rng, ids);
        const call = async (callDb: Db) => {
          const ac = new AbortController();
          const caller = createCallerFactory(appRouter)({ db: callDb, user }, { signal: ac.signal });
          const fn = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (i: unknown) => Promise<unknown>;
          try {
            const out = await fn(input);
            if (type === "subscription") {
              const it = (out as AsyncIterable<unknown>)[Symbol.asyncIterator]();
              await it.next();
              ac.abort();
              await it.return?.();
            }
          } finally {
            ac.abort();
          }
        };
        calls++;
        const t0 = performance.now();
        try {
          if (role === "owner") {
            let failure: unknown = null;
            await inRollback(db(), (tx) => call(tx).catch((e: unknown) => void (failure = e)));
            if (failure) throw failure;
          } else await call(db());
          codes.OK = (codes.OK ?? 0) + 1;
        } catch (e) {
          const what = `${role} ${path} ${show(input)}`;
          if (!(e instanceof TRPCError)) {
            problems.push(`${what} → not a TRPCError: ${String(e).slice(0, 200)}`);
            continue;
          }
          codes[e.code] = (codes[e.code] ?? 0) + 1;
          if (e.code === "INTERNAL_SERVER_ERROR") problems.push(`${what} → 500: ${String(e.cause ?? e.message).slice(0, 300)}`);
          if (STACK.test(e.message)) problems.push(`${what} → stack trace in the message`);
        } finally {
          timeByPath[path] = (timeByPath[path] ?? 0) + performance.now() - t0;
        }
      }
    }

    expect(problems.slice(0, 20)).toEqual([]);
    expect(calls).toBe(TOTAL);
    // the fuzz reached past validation into the services, not just zod
    expect(Object.keys(codes)).toEqual(expect.arrayContaining(["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "OK"]));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);

    // Nothing the outsider or anonymous could do changed the world; the member changed at most
    // their own membership and entries, and the game they keep score of.
    const after = await snapshot(db(), w, { userId: w.users.member.id, matchId: w.otb.id });
    expect(after).toEqual(beforeMember);
    const { memberships: m0, entries: e0, matches: g0, ...rest0 } = before;
    const strip = <T extends { u?: string; userId?: string; id?: string }>(xs: T[]) => xs.filter((x) => (x.u ?? x.userId) !== w.users.member.id && x.id !== w.otb.id);
    expect({ ...rest0, memberships: strip(m0), entries: strip(e0), matches: strip(g0) }).toEqual(after);
    if (process.env.FUZZ_DEBUG) console.log(calls, codes, Object.entries(timeByPath).sort((a, b) => b[1] - a[1]).slice(0, 15).map(([p, ms]) => `${p} ${Math.round(ms)}ms`));
  });
  it(`${HTTP_CALLS} hostile HTTP requests to tRPC (single and batched), /api/adjudicate and the CSV routes: no 5xx`, { timeout: 600_000 }, async () => {
    const rng = rngFrom(SEED + 1);
    const procs = procedures().filter((p) => p.path in BASES && p.type !== "subscription");
    const ids = worldIds(w);
    const handlers = [trpcHttpHandler(async () => ({ db: db(), user: null })), trpcHttpHandler(async () => ({ db: db(), user: w.users.outsider }))];
    const problems: string[] = [];
    const statuses: Record<string, number> = {};
    const address = () => `fuzz-${rng.int(1e9)}`; // a fresh address each time: the engine's rate limit is tested in edge.integration.test.ts
    const nestedText = () => {
      const depth = rng.pick([40, 1_000, 200_000]);
      return `${"[".repeat(depth)}1${"]".repeat(depth)}`;
    };
    /** A body as text: usually the JSON of a broken input (lone surrogates come out as \\ud800 escapes). */
    const bodyOf = (value: unknown): BodyInit => {
      const r = rng.next();
      if (r < 0.75) {
        try {
          return JSON.stringify(value) ?? "null";
        } catch {
          return nestedText();
        }
      }
      if (r < 0.85) return nestedText();
      if (r < 0.9) return "x".repeat(300_000);
      if (r < 0.95) return new Uint8Array([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]); // an encoded surrogate: not UTF-8
      return rng.pick(["", "{", "null", '{"json":', "[]", '{"0":{"json":1}}']);
    };

    for (let i = 0; i < HTTP_CALLS; i++) {
      const kind = rng.int(10);
      let what = "";
      let res: Response;
      if (kind < 4) {
        // one procedure, as the web client calls it
        const { path, type } = procs[rng.int(procs.length)]!;
        const input = mutate(BASES[path]!(w, i), rng, ids);
        const handler = rng.pick(handlers);
        const headers = { "content-type": "application/json", "x-forwarded-for": address() };
        if (type === "query") {
          let q = "";
          try {
            q = encodeURIComponent(JSON.stringify({ json: input }) ?? "");
          } catch {
            q = encodeURIComponent(nestedText().slice(0, 4_000));
          }
          what = `GET ${path} ${q.slice(0, 150)}`;
          res = await handler(new Request(`http://localhost/api/trpc/${path}?input=${q}`, { headers }));
        } else {
          const body = rng.next() < 0.8 ? bodyOf({ json: input }) : bodyOf(input);
          what = `POST ${path} ${String(body).slice(0, 150)}`;
          res = await handler(new Request(`http://localhost/api/trpc/${path}`, { method: "POST", headers, body }));
        }
      } else if (kind < 6) {
        // a batch, sometimes past the limit, of any procedures (queries and mutations mixed up)
        const n = 1 + rng.int(rng.next() < 0.8 ? 12 : 60);
        const picked = Array.from({ length: n }, () => procs[rng.int(procs.length)]!);
        const inputs = Object.fromEntries(picked.map((p, j) => [j, { json: mutate(BASES[p.path]!(w, i), rng, ids) }]));
        const body = bodyOf(inputs);
        what = `batch of ${n}: ${picked.map((p) => p.path).join(",").slice(0, 100)}`;
        res = await rng.pick(handlers)(
          new Request(`http://localhost/api/trpc/${picked.map((p) => p.path).join(",")}?batch=1`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": address() },
            body,
          }),
        );
      } else if (kind < 8) {
        // the plain adjudication route: one request, or NDJSON (sometimes more lines than allowed)
        const lines = rng.next() < 0.5 ? 1 : 1 + rng.int(rng.next() < 0.8 ? 20 : 150);
        const body =
          lines === 1
            ? bodyOf(mutate(REQUEST, rng, ids))
            : Array.from({ length: lines }, () => {
                const b = bodyOf(rng.next() < 0.7 ? REQUEST : mutate(REQUEST, rng, ids));
                return typeof b === "string" ? b.slice(0, 2_000) : "{}";
              }).join("\n");
        what = `POST /api/adjudicate (${lines} lines) ${String(body).slice(0, 150)}`;
        res = await adjudicateRoute(new Request("http://localhost/api/adjudicate", { method: "POST", body, headers: { "x-forwarded-for": address() } }));
      } else {
        // the CSV routes, with ids of every shape
        const r = rng.next();
        const id = r < 0.3 ? uuidShaped(rng) : r < 0.5 ? randomUUID() : r < 0.7 ? rng.pick(ids) : r < 0.85 ? rng.pick(STRINGS).slice(0, 200) : w.tournament.id;
        what = `GET csv ${JSON.stringify(id).slice(0, 100)}`;
        res = await rng.pick([standingsCsv, pairingsCsv, ledgerCsv])(new Request("http://localhost/x"), { params: Promise.resolve({ id }) });
      }
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const text = await res.text();
      if (res.status >= 500) problems.push(`${what} → ${res.status}: ${text.slice(0, 300)}`);
      if (STACK.test(text)) problems.push(`${what} → stack trace in the answer`);
    }

    expect(problems.slice(0, 20)).toEqual([]);
    // the classes were reached: successes, refusals of input, oversized bodies and batches, unknown ids
    expect(Object.keys(statuses)).toEqual(expect.arrayContaining(["200", "400", "404", "413"]));
    if (process.env.FUZZ_DEBUG) console.log(statuses);
  });
});
