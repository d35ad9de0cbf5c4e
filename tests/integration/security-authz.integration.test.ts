/**
 * The authorisation matrix: every mutation of the app router, found by walking the router (so a
 * new one cannot be forgotten), has an entry saying which roles may call it and how to build a
 * valid-looking input in the world (tests/helpers/fixtures.ts). Each mutation gets a fresh world
 * (the same users) and is called as every role — forbidden roles first, so an allowed call cannot
 * hide a forbidden one:
 * - a forbidden role gets UNAUTHORIZED, FORBIDDEN or NOT_FOUND: never success, never a 500;
 * - an allowed role never gets UNAUTHORIZED or FORBIDDEN (the call may still fail on the state of
 *   the world, e.g. "not your turn", which is fine: the gate let it through), never a 500.
 * A mutation added without a matrix entry fails "every mutation has a matrix entry". A mutation
 * whose gate depends on its input (which seat a resignation is for, pause or resume) also has
 * entries in CASES, one per input, checked the same way.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "@/server/routers/_app";
import { describeDb } from "../helpers/db";
import { inRollback, inSavepoint, seedWorld, WORLD_ROLES, type World, type WorldRole } from "../helpers/fixtures";
import { callerFor, TEST_PASSWORD } from "../helpers/seed";

type Role = "anonymous" | WorldRole;
const ROLES: readonly Role[] = ["anonymous", ...WORLD_ROLES];
const SIGNED_IN: readonly Role[] = WORLD_ROLES;
const DIRECTORS: readonly Role[] = ["owner", "clubDirector"];
const CLUB_MEMBERS: readonly Role[] = ["owner", "clubDirector", "member", "playerA", "playerB"];
const PLAYERS: readonly Role[] = ["playerA", "playerB"];

interface Entry {
  /** roles the gate lets through; every other role must be refused */
  allowed: readonly Role[];
  input: (w: World, as: Role) => unknown;
  /** extra refusal codes a forbidden role may get, when a public state check runs before the role check (say why) */
  alsoRefusedWith?: readonly string[];
}

const tag = () => randomBytes(4).toString("hex");
const row = (r: number, c: number, s: string) => [...s].map((tile, i) => ({ row: r, col: c + i, tile }));
const REQUEST = { ruleset: "equate", board: [], play: row(9, 9, "3+4=7") };

/** One entry per mutation path. Add new mutations here. */
const MATRIX: Record<string, Entry> = {
  // accounts
  "accounts.signUp": { allowed: ROLES, input: () => ({ email: `new-${tag()}@example.test`, name: "New Person", password: TEST_PASSWORD }) },
  "accounts.updateProfile": { allowed: SIGNED_IN, input: (w, as) => ({ name: as === "anonymous" ? "Nobody" : w.users[as].name }) },
  "accounts.changePassword": { allowed: SIGNED_IN, input: () => ({ currentPassword: TEST_PASSWORD, newPassword: "another-pass-9" }) },
  "accounts.requestEmailChange": { allowed: SIGNED_IN, input: () => ({ newEmail: `moved-${tag()}@example.test`, currentPassword: TEST_PASSWORD }) },
  "accounts.deleteAccount": { allowed: SIGNED_IN, input: () => ({ password: TEST_PASSWORD }) },
  // the link is the key (a used or unknown one is refused as BAD_REQUEST, for anyone)
  "accounts.confirmEmailChange": { allowed: ROLES, input: () => ({ token: "A".repeat(43) }) },
  "accounts.requestPasswordReset": { allowed: ROLES, input: (w, as) => ({ email: as === "anonymous" ? "nobody@example.test" : w.users[as].email }) },
  "accounts.resetPassword": { allowed: ROLES, input: () => ({ token: "A".repeat(43), password: "another-pass-9" }) },
  // API tokens: a signed-in session only (a token is refused too: tests/integration/api-tokens.integration.test.ts)
  "apiTokens.create": { allowed: SIGNED_IN, input: () => ({ name: `script ${tag()}`, scope: "read" }) },
  "apiTokens.revoke": { allowed: SIGNED_IN, input: () => ({ tokenId: randomUUID() }) },
  // notifications: each person's own (an id of someone else's is ignored, not refused)
  "notifications.markRead": { allowed: SIGNED_IN, input: () => ({ all: true }) },
  "notifications.prefs.set": { allowed: SIGNED_IN, input: () => ({ "round-paired": true }) },

  // clubs
  "clubs.create": { allowed: SIGNED_IN, input: () => ({ handle: `c-${tag()}`, name: "Another Club" }) },
  "clubs.update": { allowed: ["owner"], input: (w) => ({ clubId: w.club.id, name: w.club.name }) },
  "clubs.setRole": { allowed: ["owner"], input: (w) => ({ clubId: w.club.id, userId: w.users.member.id, role: "member" }) },
  "clubs.removeMember": { allowed: DIRECTORS, input: (w) => ({ clubId: w.club.id, userId: w.users.member.id }) },
  "clubs.leave": { allowed: CLUB_MEMBERS, input: (w) => ({ clubId: w.club.id }) },
  "clubs.bulkAdd": { allowed: DIRECTORS, input: (w) => ({ clubId: w.club.id, emails: `nobody-${tag()}@example.test` }) },
  "clubs.invites.create": { allowed: DIRECTORS, input: (w) => ({ clubId: w.club.id, expiresInDays: 7 }) },
  "clubs.invites.revoke": { allowed: DIRECTORS, input: (w) => ({ clubId: w.club.id, inviteId: w.invite.id }) },
  // the code is the secret: whoever holds it may join
  "clubs.invites.accept": { allowed: SIGNED_IN, input: (w) => ({ code: w.invite.code }) },
  "clubs.requests.create": { allowed: SIGNED_IN, input: (w) => ({ clubId: w.club.id, message: "hello" }) },
  "clubs.requests.cancel": { allowed: SIGNED_IN, input: (w) => ({ clubId: w.club.id }) },
  "clubs.requests.decide": { allowed: DIRECTORS, input: (w) => ({ clubId: w.club.id, requestId: w.joinRequestId, decision: "decline" }) },

  // club nights (arena) and ladders: directors open, close, attach and decide; members join and
  // leave; the players of a game report, confirm and dispute it (A and B play at the world's table 1)
  "arena.open": { allowed: DIRECTORS, input: (w) => ({ clubId: w.club.id, name: "Another night" }) },
  "arena.close": { allowed: DIRECTORS, input: (w) => ({ nightId: w.arena.nightId }) },
  "arena.smallGroups": { allowed: DIRECTORS, input: (w) => ({ nightId: w.arena.nightId, allow: true }) },
  "arena.attach": { allowed: DIRECTORS, input: (w) => ({ nightId: w.arena.nightId, ladderId: null }) },
  "arena.createLadder": { allowed: DIRECTORS, input: (w) => ({ clubId: w.club.id, name: "Another ladder" }) },
  "arena.join": { allowed: CLUB_MEMBERS, input: (w) => ({ nightId: w.arena.nightId }) },
  "arena.leave": { allowed: CLUB_MEMBERS, input: (w) => ({ nightId: w.arena.nightId }) },
  "arena.report": { allowed: PLAYERS, input: (w) => ({ gameId: w.arena.gameId, scores: { [w.users.playerA.id]: 300, [w.users.playerB.id]: 250 } }) },
  "arena.confirm": { allowed: PLAYERS, input: (w) => ({ gameId: w.arena.gameId }) },
  "arena.dispute": { allowed: PLAYERS, input: (w) => ({ gameId: w.arena.gameId, note: "not so" }) },
  "arena.decide": { allowed: DIRECTORS, input: (w) => ({ gameId: w.arena.gameId, scores: { [w.users.playerA.id]: 300, [w.users.playerB.id]: 250 } }) },

  // team events (docs/teams.md): directors run them; a captain sets only their own team's line-up
  // (team A's captain is A: B, captain of the other team, is refused)
  "teams.settings": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.teams.tournamentId, boards: 1, primaryScore: "game-points", bestK: null, noTeammates: false, lineupMinutes: null }) },
  "teams.create": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.teams.tournamentId, name: "Team C", captainId: w.users.playerA.id, boardOrder: "rating", members: [{ userId: w.users.playerA.id, reserve: false }] }) },
  "teams.saveAsClubTeam": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.teams.tournamentId, teamId: w.teams.teamAId }) },
  "teams.enterClubTeam": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.teams.tournamentId, clubTeamId: w.teams.teamAId }) },
  "teams.withdraw": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.teams.tournamentId, teamId: w.teams.teamBId }) },
  "teams.pairRound": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.teams.tournamentId }) },
  "teams.setBoards": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.teams.tournamentId, roundNumber: 1 }) },
  "teams.publishRound": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.teams.tournamentId, roundNumber: 1 }) },
  "teams.doubleForfeit": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.teams.tournamentId, teamMatchId: w.teams.matchId, board: 1 }) },
  "teams.submitLineup": { allowed: [...DIRECTORS, "playerA"], input: (w) => ({ teamMatchId: w.teams.matchId, teamId: w.teams.teamAId, players: [w.users.playerA.id] }) },

  // tournaments (club owners and directors direct every event of the club; the judge does not)
  "tournaments.create": { allowed: DIRECTORS, input: (w) => ({ clubId: w.club.id, name: "Another Open", startsAt: new Date("2031-05-01T09:00:00Z"), ruleset: "equate" }) },
  "tournaments.update": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, name: w.tournament.name }) },
  "tournaments.staff.add": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, email: w.users.member.email, role: "judge" }) },
  "tournaments.staff.remove": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, userId: w.users.judge.id }) },
  // self-service entry, on the world's event that is still open for registration (playerA is entered)
  "tournaments.register": { allowed: CLUB_MEMBERS, input: (w) => ({ tournamentId: w.openTournament.id }) },
  "tournaments.unregister": { allowed: CLUB_MEMBERS, input: (w) => ({ tournamentId: w.openTournament.id }) },
  "tournaments.checkInSelf": { allowed: CLUB_MEMBERS, input: (w) => ({ tournamentId: w.openTournament.id }) },
  // the entry form (docs/entries.md): the open event is for club members; withdrawing needs an entry of one's own
  "tournaments.entries.enter": { allowed: CLUB_MEMBERS, input: (w) => ({ tournamentId: w.openTournament.id, details: {} }) },
  "tournaments.entries.withdraw": { allowed: CLUB_MEMBERS, input: (w) => ({ tournamentId: w.openTournament.id }) },
  "tournaments.entries.removeAbsent": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.openTournament.id }) },
  // the check-in desk is the event's staff (directors and its judge); a player renews their own code (the open event: playerA is entered, others get NOT_FOUND)
  "tournaments.desk.renewCode": { allowed: SIGNED_IN, input: (w) => ({ tournamentId: w.openTournament.id }) },
  "tournaments.desk.scan": { allowed: [...DIRECTORS, "judge"], input: (w) => ({ tournamentId: w.tournament.id, code: "EQ1.not-a-code" }) },
  "tournaments.desk.checkIn": { allowed: [...DIRECTORS, "judge"], input: (w) => ({ tournamentId: w.tournament.id, userId: w.users.playerA.id }) },
  "tournaments.desk.setFee": {
    allowed: [...DIRECTORS, "judge"],
    input: (w) => ({ tournamentId: w.tournament.id, userId: w.users.playerA.id, status: "paid", amount: 1000, method: "cash", note: "", expectedUpdatedAt: null }),
  },
  "tournaments.desk.configure": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, entryFee: 1000, currency: "EUR", checkInMinutes: 30 }) },
  "tournaments.players.add": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, userIds: [w.users.member.id] }) },
  "tournaments.players.checkIn": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, userId: w.users.playerA.id, checkedIn: true }) },
  "tournaments.players.checkInAll": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id }) },
  "tournaments.players.withdraw": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, userId: w.users.playerB.id }) },
  "tournaments.players.seed": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, userId: w.users.playerA.id, seed: 1 }) },
  "tournaments.forbiddenPairs.add": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, a: w.users.playerA.id, b: w.users.playerB.id }) },
  // no pair is stored in the world: an allowed director is let through and told NOT_FOUND
  "tournaments.forbiddenPairs.remove": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, a: w.users.playerA.id, b: w.users.playerB.id }) },
  "tournaments.tsh.importFile": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.openTournament.id, text: "Lee, Ann 1500 2 ; 400\nOkafor, Bo 1500 1 ; 380\n" }) },
  "tournaments.rounds.pair": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id }) },
  "tournaments.rounds.deleteDraft": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber }) },
  "tournaments.rounds.fromDevice": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber + 1, boards: [{ table: 1, players: [w.users.playerA.id, w.users.playerB.id] }], byes: [] }) },
  "tournaments.rounds.swap": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber, a: w.users.playerA.id, b: w.users.playerB.id }) },
  "tournaments.rounds.flip": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, pairingId: w.pairingId }) },
  "tournaments.rounds.publish": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber }) },
  "tournaments.rounds.start": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber, minutes: 30, startGames: false }) },
  "tournaments.rounds.close": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber }) },
  "tournaments.enterResult": {
    allowed: DIRECTORS,
    input: (w) => ({ tournamentId: w.tournament.id, pairingId: w.pairingId, scores: { [w.users.playerA.id]: 300, [w.users.playerB.id]: 250 } }),
  },
  // prizes (docs/prizes.md): the table, its settings and the prize hold are the directors'
  "tournaments.prizes.save": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, kind: "place", place: 1, amount: 1000 }) },
  "tournaments.prizes.remove": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, prizeId: randomUUID() }) },
  "tournaments.prizes.settings": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, split: "hort", onePrizePerPlayer: false }) },
  "tournaments.prizes.markFinal": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, final: true }) },

  // seasons and series (the club's owners and directors; the service checks the competition's club).
  "competitions.createSeason": {
    allowed: DIRECTORS,
    input: (w) => ({ clubId: w.club.id, name: "Spring League", starts: "2031-03-02", roundDays: 7, settings: { ruleset: "equate", format: "round-robin" }, divisionSize: 4, promotion: { up: { kind: "count", n: 1 }, down: { kind: "count", n: 1 } }, players: [w.users.playerA.id, w.users.playerB.id] }),
  },
  "competitions.createSeries": { allowed: DIRECTORS, input: (w) => ({ clubId: w.club.id, name: "Winter Series", starts: "2031-01-01", points: { kind: "field" }, best: 3 }) },
  // the world has no season or series: the competition's club decides, so everyone is told NOT_FOUND
  // (the gates themselves: tests/integration/seasons.integration.test.ts, a member and an outsider refused)
  "competitions.nextSeason": { allowed: DIRECTORS, input: () => ({ competitionId: randomUUID(), name: "Next League", starts: "2031-09-07" }) },
  "competitions.addEvent": { allowed: DIRECTORS, input: (w) => ({ competitionId: randomUUID(), tournamentId: w.tournament.id }) },
  "competitions.removeEvent": { allowed: DIRECTORS, input: (w) => ({ competitionId: randomUUID(), tournamentId: w.tournament.id }) },

  // self-scheduled games (services/schedule): a board's players schedule and report; its directors set windows and decide
  // the world's round has no window: the players are let through and told PRECONDITION_FAILED
  "schedule.propose": { allowed: PLAYERS, input: (w) => ({ pairingId: w.pairingId, times: [new Date(Date.now() + 86_400_000)], note: "" }) },
  // no proposal or report in the world: everyone is told NOT_FOUND (the players' gate on a real one: tests/integration/schedule.integration.test.ts)
  "schedule.accept": { allowed: PLAYERS, input: () => ({ proposalId: randomUUID(), time: new Date(Date.now() + 86_400_000) }) },
  "schedule.counter": { allowed: PLAYERS, input: () => ({ proposalId: randomUUID(), times: [new Date(Date.now() + 86_400_000)], note: "" }) },
  "schedule.decline": { allowed: PLAYERS, input: () => ({ proposalId: randomUUID() }) },
  "schedule.withdraw": { allowed: PLAYERS, input: () => ({ proposalId: randomUUID() }) },
  "schedule.confirm": { allowed: PLAYERS, input: () => ({ reportId: randomUUID() }) },
  "schedule.dispute": { allowed: PLAYERS, input: () => ({ reportId: randomUUID(), note: "" }) },
  "schedule.openGame": { allowed: PLAYERS, input: (w) => ({ pairingId: w.pairingId }) },
  // the world's board has its online game in play: the players are let through and told PRECONDITION_FAILED
  "schedule.report": { allowed: PLAYERS, input: (w) => ({ pairingId: w.pairingId, scores: { [w.users.playerA.id]: 300, [w.users.playerB.id]: 250 }, note: "" }) },
  "schedule.setWindow": {
    allowed: DIRECTORS,
    input: (w) => ({ tournamentId: w.tournament.id, roundNumber: w.roundNumber, playFrom: new Date(Date.now() - 3_600_000), playBy: new Date(Date.now() + 7 * 86_400_000) }),
  },
  "schedule.decide": { allowed: DIRECTORS, input: (w) => ({ tournamentId: w.tournament.id, pairingId: w.pairingId, decision: "extend", playBy: new Date(Date.now() + 86_400_000), reason: "" }) },

  // adjudication: the engine is public; recording a ruling on a tournament game is for its judges and directors
  "adjudication.adjudicate": { allowed: ROLES, input: () => REQUEST },
  "adjudication.explain": { allowed: ROLES, input: () => REQUEST },
  "adjudication.record": { allowed: ["judge", ...DIRECTORS], input: (w) => ({ matchId: w.match.id, moveNumber: 1, note: "checked", request: REQUEST }) },

  // matches
  "matches.create": { allowed: SIGNED_IN, input: () => ({ ruleset: "equate", challengeRule: "single", timeControl: null, invite: [] }) },
  "matches.accept": { allowed: PLAYERS, input: (w) => ({ matchId: w.challenge.id }) },
  "matches.cancel": { allowed: PLAYERS, input: (w) => ({ matchId: w.challenge.id }) },
  // the join code is the secret: whoever holds it may take the open seat
  "matches.join": { allowed: SIGNED_IN, input: (w) => ({ code: w.challenge.joinCode }) },
  // a record that does not parse: refused as BAD_REQUEST for the signed-in, never stored
  // only finished games are analysed: the world's game in play is refused (PRECONDITION) after the gate
  "analysis.request": { allowed: SIGNED_IN, input: (w) => ({ matchId: w.match.id }) },
  // the engine is public (a one-tile rack keeps the search tiny)
  "analysis.bestHere": { allowed: ROLES, input: () => ({ request: { ruleset: "equate", board: row(9, 9, "1+1=2"), rack: ["3"] }, top: 2 }) },
  "matches.importRecord": { allowed: SIGNED_IN, input: () => ({ text: "not a record", format: "text" }) },
  "matches.move": { allowed: PLAYERS, input: (w) => ({ matchId: w.match.id, expectedSeq: w.match.version, clientId: randomUUID(), action: { type: "pass" } }) },
  "matches.claimTimeout": { allowed: PLAYERS, input: (w) => ({ matchId: w.match.id }) },
  // coming to a game is for its players; starting a waiting board's clocks for its tournament's directors
  "matches.checkIn": { allowed: PLAYERS, input: (w) => ({ matchId: w.match.id }) },
  "matches.startNow": { allowed: DIRECTORS, input: (w) => ({ matchId: w.match.id }) },
  "matches.createFromPairing": { allowed: [...PLAYERS, ...DIRECTORS], input: (w) => ({ pairingId: w.pairingId }) },
  "matches.adjustResult": {
    allowed: DIRECTORS,
    input: (w) => ({ matchId: w.match.id, scores: { [w.users.playerA.id]: 300, [w.users.playerB.id]: 250 }, reason: "scoresheet typo" }),
  },
  // the bot opponent (the world's game has no bot: whether a game has one is public, and is checked first)
  "matches.bot.challenge": { allowed: SIGNED_IN, input: () => ({ ruleset: "equate" }) },
  "matches.bot.nudge": { allowed: PLAYERS, input: (w) => ({ matchId: w.match.id }), alsoRefusedWith: ["PRECONDITION_FAILED"] },
  "matches.scorekeeper.create": {
    allowed: SIGNED_IN,
    input: () => ({ ruleset: "equate", challengeRule: "single", timeControl: null, players: [{ name: "Guest One" }, { name: "Guest Two" }] }),
  },
  "matches.scorekeeper.createFromPairing": { allowed: [...PLAYERS, ...DIRECTORS], input: (w) => ({ pairingId: w.pairingId }) },
  // the OTB game is kept by `member`; its players may keep score too
  "matches.scorekeeper.move": {
    allowed: ["member", ...PLAYERS],
    input: (w) => ({ matchId: w.otb.id, expectedSeq: w.otb.version, clientId: randomUUID(), seat: 0, action: { type: "pass" } }),
  },
  // stopping the clocks is the scorekeeper's (or a tournament director's): not the players'
  "matches.scorekeeper.clock": {
    allowed: ["member"],
    input: (w) => ({ matchId: w.otb.id, expectedSeq: w.otb.version, clientId: randomUUID(), action: "pause" }),
  },

  // the Play now lobby: the world's seek is the club director's, in the club (members only; the
  // director's own is refused as CONFLICT, after the gate)
  "seeks.create": { allowed: SIGNED_IN, input: () => ({ ruleset: "equate", preset: "blitz" }) },
  "seeks.accept": { allowed: CLUB_MEMBERS, input: (w) => ({ seekId: w.seek.id }) },
  "seeks.cancel": { allowed: ["clubDirector"], input: (w) => ({ seekId: w.seek.id }) },

  // duplicate games: the world's is the club director's, in the club, started; A and B play it
  "duplicate.create": { allowed: SIGNED_IN, input: () => ({ name: "Another duplicate", ruleset: "equate" }) },
  "duplicate.join": { allowed: CLUB_MEMBERS, input: (w) => ({ gameId: w.duplicate.gameId }) },
  "duplicate.start": { allowed: DIRECTORS, input: (w) => ({ gameId: w.duplicate.gameId }) },
  "duplicate.submit": { allowed: PLAYERS, input: (w) => ({ gameId: w.duplicate.gameId, turn: 1, placements: row(9, 9, "3+4=7") }) },
  "duplicate.slip": { allowed: DIRECTORS, input: (w) => ({ gameId: w.duplicate.gameId, turn: 1, text: "1 10J 3+4=7" }) },
  // turn 2 is not open: the gate is checked first, and the world's turn 1 stays open for the rest
  "duplicate.closeNow": { allowed: DIRECTORS, input: (w) => ({ gameId: w.duplicate.gameId, turn: 2 }) },
  // duplicate events: the world's is the club director's, in the club, holding the world's game
  "duplicate.eventCreate": { allowed: SIGNED_IN, input: () => ({ name: "Another series" }) },
  "duplicate.eventAdd": { allowed: DIRECTORS, input: (w) => ({ eventId: w.duplicateEvent.eventId, gameId: w.duplicate.gameId }) },
};

/** Further cases of a mutation whose gate depends on the input (`path` is the mutation called). */
const CASES: Record<string, Entry & { path: string }> = {
  // a seat is resigned by its own player or the scorekeeper, never by the opponent (playerA sits in seat 0, playerB in seat 1)
  "matches.scorekeeper.move resigning seat 0": {
    path: "matches.scorekeeper.move",
    allowed: ["member", "playerA"],
    input: (w) => ({ matchId: w.otb.id, expectedSeq: w.otb.version, clientId: randomUUID(), seat: 0, action: { type: "resign" } }),
  },
  "matches.scorekeeper.move resigning seat 1": {
    path: "matches.scorekeeper.move",
    allowed: ["member", "playerB"],
    input: (w) => ({ matchId: w.otb.id, expectedSeq: w.otb.version, clientId: randomUUID(), seat: 1, action: { type: "resign" } }),
  },
  // a club seek is offered to the club by its members only
  "seeks.create in the club": {
    path: "seeks.create",
    allowed: CLUB_MEMBERS,
    input: (w) => ({ ruleset: "equate", preset: "rapid", clubId: w.club.id }),
  },
  // a club's duplicate game is created by its directors only
  "duplicate.create in the club": {
    path: "duplicate.create",
    allowed: DIRECTORS,
    input: (w) => ({ name: "Club duplicate", ruleset: "equate", clubId: w.club.id }),
  },
  // a club's duplicate event is created by its directors, and a game set up in it by the event's directors
  "duplicate.eventCreate in the club": {
    path: "duplicate.eventCreate",
    allowed: DIRECTORS,
    input: (w) => ({ name: "Club series", clubId: w.club.id }),
  },
  "duplicate.create in the club's event": {
    path: "duplicate.create",
    allowed: DIRECTORS,
    input: (w) => ({ name: "Series round", ruleset: "equate", clubId: w.club.id, eventId: w.duplicateEvent.eventId }),
  },
  "matches.scorekeeper.clock resuming": {
    path: "matches.scorekeeper.clock",
    allowed: ["member"],
    input: (w) => ({ matchId: w.otb.id, expectedSeq: w.otb.version, clientId: randomUUID(), action: "resume" }),
  },
};

/** Every mutation path of the app router. */
function mutationPaths(): string[] {
  const procs = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures;
  return Object.entries(procs)
    .filter(([, p]) => p._def.type === "mutation")
    .map(([path]) => path)
    .sort();
}

/** Calls `path` on a caller; "OK", the TRPCError code, or "THROWN <message>" for anything else. */
async function outcome(caller: unknown, path: string, input: unknown): Promise<{ code: string; message: string }> {
  const fn = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (i: unknown) => Promise<unknown>;
  try {
    await fn(input);
    return { code: "OK", message: "" };
  } catch (e) {
    if (e instanceof TRPCError) return { code: e.code, message: e.message };
    return { code: "THROWN", message: String(e) };
  }
}

const REFUSED = ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"];

describe("authorisation matrix", () => {
  it("every mutation has a matrix entry, and every entry a mutation", () => {
    const paths = mutationPaths();
    const missing = paths.filter((p) => !(p in MATRIX));
    const stale = Object.keys(MATRIX).filter((p) => !paths.includes(p));
    expect(missing, `add it to the matrix in tests/integration/security-authz.integration.test.ts: ${missing.join(", ")}`).toEqual([]);
    expect(stale, `remove it from the matrix (no such mutation): ${stale.join(", ")}`).toEqual([]);
    expect(Object.values(CASES).filter((c) => !paths.includes(c.path)).map((c) => c.path)).toEqual([]);
  });
});

describeDb("authorisation matrix", (db) => {
  let w: World;
  beforeAll(async () => {
    w = await seedWorld(db());
  });

  const runs = [...mutationPaths().filter((p) => p in MATRIX).map((p) => ({ name: p, path: p, entry: MATRIX[p]! })), ...Object.entries(CASES).map(([name, c]) => ({ name, path: c.path, entry: c as Entry }))];
  for (const { name, path, entry } of runs) {
    it(`${name}: allowed ${entry.allowed.length === ROLES.length ? "everyone" : entry.allowed.join(", ")}`, async () => {
      const forbidden = ROLES.filter((r) => !entry.allowed.includes(r));
      const problems: string[] = [];
      // Each mutation sees the world as seeded: its calls are rolled back afterwards.
      await inRollback(db(), async (tx) => {
        for (const role of [...forbidden, ...entry.allowed]) {
          const user = role === "anonymous" ? null : w.users[role];
          const out = await inSavepoint(tx, (sp) => outcome(callerFor(sp, user), path, entry.input(w, role)));
          const allowed = entry.allowed.includes(role);
          if (process.env.AUTHZ_DEBUG) console.log(`${path} ${role} ${out.code} ${out.message.slice(0, 80)}`);
          const ok = allowed
            ? !["UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR", "THROWN"].includes(out.code)
            : [...REFUSED, ...(entry.alsoRefusedWith ?? [])].includes(out.code);
          if (!ok) problems.push(`${role} (${allowed ? "allowed" : "forbidden"}) got ${out.code}${out.message ? `: ${out.message.slice(0, 160)}` : ""}`);
        }
      });
      expect(problems).toEqual([]);
    });
  }
});
