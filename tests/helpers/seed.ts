/**
 * Seed helpers for integration tests: each returns what it made. Users through sign-up, clubs,
 * tournaments and rounds through a real tRPC caller (every middleware and validation a request
 * meets), games through the match services. Club memberships are inserted directly: which
 * procedure admits a member is not what the tests seeding them are about.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { clubMemberships, matches, tournamentPairings } from "@/db/schema";
import { signUp, type PublicUser } from "@/server/services/accounts/accounts";
import { acceptChallenge, createChallenge } from "@/server/services/matches/lifecycle";
import type { CreateChallengeInput, MatchTimeControlInput } from "@/server/services/matches/schemas";
import { createCallerFactory, type SessionUser } from "@/server/trpc";
import { appRouter } from "@/server/routers/_app";
import type { RulesetId } from "@/engine";

export const TEST_PASSWORD = "correct horse 42";

const tag = () => randomBytes(4).toString("hex");

export async function seedUser(db: Db, overrides: Partial<{ email: string; name: string }> = {}): Promise<PublicUser> {
  const t = tag();
  return signUp(db, { email: overrides.email ?? `user-${t}@example.test`, name: overrides.name ?? `Player ${t}`, password: TEST_PASSWORD });
}

/** `n` users one after another (so they sign up in order), named by `name(i)` if given. */
export async function seedUsers(db: Db, n: number, name?: (i: number) => string): Promise<PublicUser[]> {
  const made: PublicUser[] = [];
  for (let i = 0; i < n; i++) made.push(await seedUser(db, name ? { name: name(i) } : {}));
  return made;
}

const createCaller = createCallerFactory(appRouter);

/** A tRPC caller acting as `user` (or anonymous), going through every middleware a request does. */
export function callerFor(db: Db, user: SessionUser | null = null) {
  return createCaller({ db, user });
}

export type Caller = ReturnType<typeof callerFor>;

export interface SeedClubOptions {
  /** creates the club; a new user when absent */
  owner?: PublicUser;
  /** added with the club role "director", then `members` as plain members */
  directors?: PublicUser[];
  members?: PublicUser[];
  handle?: string;
  name?: string;
  visibility?: "public" | "invite-only";
}

/** A club created by its owner through `clubs.create`, with directors and members added. */
export async function seedClub(db: Db, opts: SeedClubOptions = {}) {
  const owner = opts.owner ?? (await seedUser(db));
  const club = await callerFor(db, owner).clubs.create({
    handle: opts.handle ?? `club-${tag()}`,
    name: opts.name ?? "Test Club",
    ...(opts.visibility ? { visibility: opts.visibility } : {}),
  });
  const rows = [
    ...(opts.directors ?? []).map((u) => ({ clubId: club.id, userId: u.id, role: "director" as const })),
    ...(opts.members ?? []).map((u) => ({ clubId: club.id, userId: u.id, role: "member" as const })),
  ];
  if (rows.length) await db.insert(clubMemberships).values(rows);
  return { club, owner };
}

export interface SeedTournamentOptions {
  clubId: string;
  /** creates the tournament and registers the players (a club director or the owner) */
  director: PublicUser;
  players?: PublicUser[];
  /** how the players are registered: by e-mail (the director's paste box) or by user id (the member picker) */
  registerBy?: "emails" | "userIds";
  checkIn?: boolean;
  /** anything else of `tournaments.create`'s input (format, rounds, timeControl, …) */
  settings?: Record<string, unknown>;
}

/** A tournament created through `tournaments.create`, with `players` registered (checked in by default). */
export async function seedTournament(db: Db, opts: SeedTournamentOptions) {
  const director = callerFor(db, opts.director);
  const t = await director.tournaments.create({
    clubId: opts.clubId,
    name: "Test Open",
    startsAt: new Date("2031-04-01T09:00:00Z"),
    ruleset: "equate",
    ...opts.settings,
  });
  const players = opts.players ?? [];
  const checkIn = opts.checkIn ?? true;
  if (players.length) {
    await director.tournaments.players.add(
      opts.registerBy === "userIds"
        ? { tournamentId: t.id, userIds: players.map((p) => p.id), checkIn }
        : { tournamentId: t.id, emails: players.map((p) => p.email).join("\n"), checkIn },
    );
  }
  return { t, director };
}

/** Pairs the next round through `tournaments.rounds.pair` and (by default) publishes it; returns its boards (byes aside, by table). */
export async function seedRound(db: Db, opts: { tournamentId: string; director: Caller; publish?: boolean }) {
  const { roundNumber } = await opts.director.tournaments.rounds.pair({ tournamentId: opts.tournamentId });
  if (opts.publish ?? true) await opts.director.tournaments.rounds.publish({ tournamentId: opts.tournamentId, roundNumber });
  const boards = await db
    .select()
    .from(tournamentPairings)
    .where(and(eq(tournamentPairings.tournamentId, opts.tournamentId), eq(tournamentPairings.roundNumber, roundNumber), eq(tournamentPairings.isBye, false)))
    .orderBy(asc(tournamentPairings.tableNumber));
  return { roundNumber, boards };
}

export interface SeedMatchOptions {
  /** the creator (seat order as `firstMover` decides) and the invited player; new users when absent */
  players?: [PublicUser, PublicUser];
  /** names for the two new users when `players` is absent */
  names?: [string, string];
  ruleset?: RulesetId;
  challengeRule?: CreateChallengeInput["challengeRule"];
  timeControl?: MatchTimeControlInput | null;
  rated?: boolean;
  /** the bag's seed, set before the game starts */
  seed?: string;
  /** when the invited player accepts (the game's start) */
  now?: number;
}

/** A 2-player casual game, started: A challenges B (A moves first) and B accepts, through the match services. */
export async function seedMatch(db: Db, opts: SeedMatchOptions = {}) {
  const [a, b] =
    opts.players ?? (await Promise.all([seedUser(db, opts.names ? { name: opts.names[0] } : {}), seedUser(db, opts.names ? { name: opts.names[1] } : {})]));
  const m = await createChallenge(db, a.id, {
    ruleset: opts.ruleset ?? "equate",
    rulesetOptions: {},
    challengeRule: opts.challengeRule ?? "single",
    timeControl: opts.timeControl ?? null,
    rated: opts.rated ?? false,
    seats: 2,
    invite: [b.id],
    firstMover: "creator",
  });
  if (opts.seed) await db.update(matches).set({ seed: opts.seed }).where(eq(matches.id, m.id));
  await acceptChallenge(db, { matchId: m.id, userId: b.id }, opts.now === undefined ? {} : { now: opts.now });
  return { a, b, matchId: m.id };
}
