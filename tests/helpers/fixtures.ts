/**
 * A shared "world" for security tests: one of every role around one club, one tournament and the
 * games in it, built through the services' public functions (so it is what the app would make).
 *
 * Roles: `outsider` (signed in, no ties), `member`, `clubDirector`, `owner` (club roles), `judge`
 * (tournament staff, not a club member), `playerA`/`playerB` (club members, registered, paired in
 * round 1), `applicant` (has a pending join request; not used as a caller role).
 * Things: the club (with an active invite and the pending join request), a Swiss tournament
 * created by the club director with the judge on staff and round 1 published (and a second one
 * still open for registration, playerA registered), the online game of
 * that pairing in play (one exchange each), an open casual challenge (A invites B and leaves a
 * third seat open through a join link) and an over-the-board game kept by `member` between A and B.
 *
 * Users are the slow part (scrypt): pass `users` from an earlier world to build another world
 * around the same people (the authorisation matrix builds one world per mutation).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { arenaGames, teamMatches, tournamentPairings } from "@/db/schema";
import type { PublicUser } from "@/server/services/accounts/accounts";
import { createClub, getClubById } from "@/server/services/clubs/clubs";
import { createInvite } from "@/server/services/clubs/invites";
import { requestToJoin } from "@/server/services/clubs/join-requests";
import { bulkAddMembers, setMemberRole } from "@/server/services/clubs/members";
import { createChallenge, createFromPairing } from "@/server/services/matches/lifecycle";
import { checkIn } from "@/server/services/matches/presence";
import { allCommittedMovesSettled } from "@/server/services/matches/after-move";
import { submitMove } from "@/server/services/matches/moves";
import { createOtbMatch } from "@/server/services/matches/scorekeeper";
import { getMatchView } from "@/server/services/matches/views";
import { clearStateCache } from "@/server/services/matches/state";
import { addPlayers } from "@/server/services/tournaments/registration";
import { createLadder, joinNight, openNight } from "@/server/services/arena/nights";
import { pairNextRound, publishRound } from "@/server/services/tournaments/rounds";
import { createTeam, setTeamSettings } from "@/server/services/teams/teams";
import { pairTeamRound } from "@/server/services/teams/rounds";
import { addStaff, createTournament } from "@/server/services/tournaments/tournaments";
import type { CreateTournamentInput } from "@/server/services/tournaments/schemas";
import { seedUser } from "./seed";
import { createSeek } from "@/server/services/seeks/seeks";
import { addGameToEvent, createDuplicateEvent } from "@/server/services/duplicate/events";
import { createDuplicate, joinDuplicate, startDuplicate } from "@/server/services/duplicate/games";

export const WORLD_ROLES = ["outsider", "member", "clubDirector", "owner", "judge", "playerA", "playerB"] as const;
export type WorldRole = (typeof WORLD_ROLES)[number];
export type WorldUsers = Record<WorldRole | "applicant", PublicUser>;

export interface World {
  users: WorldUsers;
  club: { id: string; handle: string; name: string };
  invite: { id: string; code: string };
  joinRequestId: string;
  tournament: { id: string; name: string };
  /** a second tournament of the club, still open for registration (playerA registered) */
  openTournament: { id: string };
  roundNumber: number;
  pairingId: string;
  /** the online tournament game of the pairing, in play */
  match: { id: string; version: number };
  /** A's open casual challenge: B invited (not yet accepted), one seat open through `joinCode` */
  challenge: { id: string; joinCode: string };
  /** a timed over-the-board casual game between A and B, kept by `member` */
  otb: { id: string; version: number };
  /** the club director's open seek in the club's lobby (Equate blitz for two, members only) */
  seek: { id: string };
  /** an open club night (arena) where A and B play at table 1 (`gameId`, not yet reported), and a ladder */
  arena: { nightId: string; gameId: string; ladderId: string };
  /** the club director's duplicate game in the club, started (turn 1 open), A and B playing */
  duplicate: { gameId: string };
  /** the club director's duplicate event in the club, holding the duplicate game */
  duplicateEvent: { eventId: string };
  /** a one-board team round robin (docs/teams.md): team A captained by A, team B by B, round 1 a draft
   * with their match (`matchId`) awaiting line-ups */
  teams: { tournamentId: string; teamAId: string; teamBId: string; matchId: string };
}

/** The seven role users plus an applicant, created once and reusable across worlds. */
export async function createWorldUsers(db: Db): Promise<WorldUsers> {
  const names = [...WORLD_ROLES, "applicant"] as const;
  const made = await Promise.all(names.map((r) => seedUser(db, { name: `${r} ${randomBytes(2).toString("hex")}` })));
  return Object.fromEntries(names.map((r, i) => [r, made[i]!])) as WorldUsers;
}

export async function seedWorld(db: Db, opts: { users?: WorldUsers } = {}): Promise<World> {
  const users = opts.users ?? (await createWorldUsers(db));
  const { owner, clubDirector, member, judge, playerA, playerB, applicant } = users;

  const club = await createClub(db, owner.id, {
    handle: `world-${randomBytes(5).toString("hex")}`,
    name: "World Tile Club",
    description: "",
    location: "",
    defaultRuleset: "equate",
    visibility: "public",
  });
  await bulkAddMembers(db, club.id, [clubDirector.email, member.email, playerA.email, playerB.email]);
  await setMemberRole(db, club.id, clubDirector.id, "director");
  const invite = await createInvite(db, club.id, owner.id, { expiresInDays: 7, maxUses: null });
  const request = await requestToJoin(db, (await getClubById(db, club.id))!, applicant.id, "May I join?");

  const settings: CreateTournamentInput = {
    clubId: club.id,
    name: "World Open",
    description: "",
    startsAt: new Date("2031-04-01T09:00:00Z"),
    endsAt: null,
    ruleset: "equate",
    rulesetOptions: {},
    timeControl: { initialMs: 1_500_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 },
    rated: false,
    playersPerGame: 2,
    format: "swiss",
    rounds: 3,
    byeWins: 1,
    byeSpread: 50,
    forfeitSpread: 50,
    spreadCap: null,
    lateEntryWins: 0,
    tiebreaks: ["spread"],
    gibson: false,
    gibsonSpread: 500,
    gibsonPlaces: 1,
    prizePlaces: 3,
    pairingPlan: [],
    bronzeMatch: false,
    grandFinal: "simple",
    noShowMinutes: null,
    entryOpensAt: null,
    entryClosesAt: null,
    entryCap: null,
    entryOpenTo: "members",
    entryFields: [],
  };
  const t = await createTournament(db, clubDirector.id, settings);
  const open = await createTournament(db, clubDirector.id, { ...settings, name: "World Spring Cup" });
  await addPlayers(db, { tournamentId: open.id, actorId: clubDirector.id, userIds: [playerA.id], emails: [], checkIn: false });
  await addStaff(db, t.id, clubDirector.id, judge.email, "judge");
  await addPlayers(db, { tournamentId: t.id, actorId: clubDirector.id, userIds: [playerA.id, playerB.id], emails: [], checkIn: true });
  const { roundNumber } = await pairNextRound(db, { tournamentId: t.id, actorId: clubDirector.id });
  await publishRound(db, { tournamentId: t.id, actorId: clubDirector.id, roundNumber });
  const [pairing] = await db
    .select({ id: tournamentPairings.id })
    .from(tournamentPairings)
    .where(and(eq(tournamentPairings.tournamentId, t.id), eq(tournamentPairings.roundNumber, roundNumber)));

  // The tournament game, with one exchange by each player (so the bag has been drawn from).
  const { matchId } = await createFromPairing(db, { pairingId: pairing!.id, userId: playerA.id });
  await checkIn(db, { matchId, userId: playerB.id }); // a fair start: the clocks wait for both players
  let version = 0;
  for (let i = 0; i < 2; i++) {
    const v = await getMatchView(db, matchId, playerA.id);
    const mover = v.players.find((p) => p.seat === v.game!.turn)!.userId;
    const rack = (await getMatchView(db, matchId, mover)).game!.rack!;
    const out = await submitMove(db, { matchId, userId: mover, expectedSeq: v.version, clientId: randomUUID(), action: { type: "exchange", tiles: [rack[0]!] } });
    version = out.version;
  }

  const challenge = await createChallenge(db, playerA.id, {
    ruleset: "equate",
    rulesetOptions: {},
    challengeRule: "single",
    timeControl: null,
    rated: false,
    seats: 3,
    invite: [playerB.id],
    firstMover: "random",
  });
  const otb = await createOtbMatch(db, member.id, {
    ruleset: "equate",
    rulesetOptions: {},
    challengeRule: "single",
    timeControl: { initialMs: 1_500_000, incrementMs: 0, perMoveLimitMs: null, overtimePenaltyPoints: 10, maxOvertimeMs: 600_000, leastTimeBonusPoints: 0 },
    players: [
      { userId: playerA.id, name: playerA.name },
      { userId: playerB.id, name: playerB.name },
    ],
  });

  const seek = await createSeek(db, clubDirector.id, { ruleset: "equate", preset: "blitz", rated: false, players: 2, clubId: club.id });
  const ladder = await createLadder(db, clubDirector.id, { clubId: club.id, name: "World Ladder" });
  const night = await openNight(db, clubDirector.id, { clubId: club.id, name: "World Club Night", ladderId: ladder.id });
  await joinNight(db, playerA.id, night.id);
  await joinNight(db, playerB.id, night.id);
  const [arenaGame] = await db.select({ id: arenaGames.id }).from(arenaGames).where(eq(arenaGames.nightId, night.id));
  const dup = await createDuplicate(db, clubDirector.id, { name: "World Duplicate", ruleset: "equate", clubId: club.id, turnSeconds: 1800, play: false, seed: "world" });
  await joinDuplicate(db, dup.id, playerA.id);
  await joinDuplicate(db, dup.id, playerB.id);
  await startDuplicate(db, dup.id, clubDirector.id);
  const dupEvent = await createDuplicateEvent(db, clubDirector.id, { name: "World Duplicate Series", clubId: club.id });
  await addGameToEvent(db, clubDirector.id, { eventId: dupEvent.id, gameId: dup.id });

  const teamCup = await createTournament(db, clubDirector.id, { ...settings, name: "World Team Cup", format: "round-robin" });
  await addPlayers(db, { tournamentId: teamCup.id, actorId: clubDirector.id, userIds: [playerA.id, playerB.id], emails: [], checkIn: true });
  await setTeamSettings(db, { tournamentId: teamCup.id, actorId: clubDirector.id, boards: 1, primaryScore: "match-points", bestK: null, noTeammates: false, lineupMinutes: null });
  const teamA = await createTeam(db, { tournamentId: teamCup.id, actorId: clubDirector.id, name: "Team A", captainId: playerA.id, boardOrder: "rating", members: [{ userId: playerA.id, reserve: false }] });
  const teamB = await createTeam(db, { tournamentId: teamCup.id, actorId: clubDirector.id, name: "Team B", captainId: playerB.id, boardOrder: "rating", members: [{ userId: playerB.id, reserve: false }] });
  await pairTeamRound(db, { tournamentId: teamCup.id, actorId: clubDirector.id });
  const [teamMatch] = await db.select({ id: teamMatches.id }).from(teamMatches).where(eq(teamMatches.tournamentId, teamCup.id));

  return {
    users,
    club: { id: club.id, handle: club.handle, name: club.name },
    invite: { id: invite.id, code: invite.code },
    joinRequestId: request.id,
    tournament: { id: t.id, name: t.name },
    openTournament: { id: open.id },
    roundNumber,
    pairingId: pairing!.id,
    match: { id: matchId, version },
    challenge: { id: challenge.id, joinCode: challenge.joinCode! },
    otb: { id: otb.id, version: 1 },
    seek: { id: seek.id },
    arena: { nightId: night.id, gameId: arenaGame!.id, ladderId: ladder.id },
    duplicate: { gameId: dup.id },
    duplicateEvent: { eventId: dupEvent.id },
    teams: { tournamentId: teamCup.id, teamAId: teamA.teamId, teamBId: teamB.teamId, matchId: teamMatch!.id },
  };
}

class Rollback extends Error {}

/**
 * Runs `fn` in a transaction that is always rolled back, so a test can call mutations as every
 * role against one world without building a new one each time. Services' own transactions become
 * savepoints inside it. Work announced after a move (server/services/matches/after-move.ts) finishes
 * before the rollback. The matches' per-process state cache is cleared afterwards, since it may
 * hold versions that were rolled back.
 */
export async function inRollback(db: Db, fn: (tx: Db) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await fn(tx as unknown as Db);
      // what runs after a move's answer (the bot) used this transaction: let it finish first
      await allCommittedMovesSettled();
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  } finally {
    clearStateCache();
  }
}

/**
 * One call in its own savepoint: a failing call (even one whose SQL failed) leaves the
 * surrounding rollback transaction usable for the next call.
 */
export async function inSavepoint<T>(tx: Db, fn: (sp: Db) => Promise<T>): Promise<T> {
  return tx.transaction((sp) => fn(sp as unknown as Db));
}
