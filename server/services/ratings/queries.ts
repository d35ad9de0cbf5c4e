/**
 * Reading ratings: one player's rating (for seeding), the global and per-club leaderboards, a
 * player's profile (clubs, ratings, history per game, recent games) and expected scores before a
 * game. A player who has never played a rated game in a ruleset has the initial rating there and
 * is provisional.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubMemberships, clubs, ratingEvents, ratings, users, type EventOpponent, type RatedGameSource } from "@/db/schema";
import { RULESETS, type RulesetId } from "@/db/schema/clubs";
import { DomainError } from "@/server/errors";
import { expectedScore, isProvisional, type GlickoConfig, type Rating } from "@/server/domain";
import { ratingConfig } from "./config";
import { clubLeaderboardInput, leaderboardInput, type ClubLeaderboardInput, type LeaderboardInput } from "./schemas";

export interface PlayerRating extends Rating {
  userId: string;
  ruleset: RulesetId;
  games: number;
  provisional: boolean;
  /** A correction of an earlier game is being re-rated on the queue: this value is about to change. */
  recomputing: boolean;
}

/** Current ratings of `userIds` in `ruleset`, in the order given; unrated players get the initial rating. */
export async function getRatings(db: DbOrTx, ruleset: RulesetId, userIds: readonly string[], cfg: GlickoConfig = ratingConfig()): Promise<PlayerRating[]> {
  const ids = userIds.map((u) => u.toLowerCase());
  const rows = ids.length
    ? await db
        .select({ userId: ratings.userId, rating: ratings.rating, rd: ratings.rd, volatility: ratings.volatility, games: ratings.games, since: ratings.recomputingSince })
        .from(ratings)
        .where(and(eq(ratings.ruleset, ruleset), inArray(ratings.userId, ids)))
    : [];
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return ids.map((userId) => {
    const { since, ...r } = byUser.get(userId) ?? { userId, rating: cfg.initialRating, rd: cfg.initialRd, volatility: cfg.initialVolatility, games: 0, since: null };
    return { ...r, ruleset, provisional: isProvisional(r, cfg), recomputing: since !== null };
  });
}

/** One player's rating in one game (initial rating if unrated); what tournament seeding uses. */
export async function getPlayerRating(db: DbOrTx, userId: string, ruleset: RulesetId, cfg: GlickoConfig = ratingConfig()): Promise<PlayerRating> {
  const [r] = await getRatings(db, ruleset, [userId], cfg);
  return r!;
}

export interface LeaderboardRow {
  rank: number;
  userId: string;
  name: string;
  rating: number;
  rd: number;
  games: number;
  provisional: boolean;
}

export interface Leaderboard {
  ruleset: RulesetId;
  rows: LeaderboardRow[];
  /** Players matching the filters (for paging). */
  total: number;
  provisionalRd: number;
}

async function leaderboardWhere(db: DbOrTx, input: ReturnType<typeof leaderboardInput.parse>, clubId: string | null, cfg: GlickoConfig): Promise<Leaderboard> {
  const where = and(
    eq(ratings.ruleset, input.ruleset),
    input.minGames > 0 ? gte(ratings.games, input.minGames) : sql`${ratings.games} > 0`,
    input.established ? lt(ratings.rd, cfg.provisionalRd) : undefined,
    clubId ? sql`exists (select 1 from ${clubMemberships} m where m.club_id = ${clubId} and m.user_id = ${ratings.userId})` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ userId: ratings.userId, name: users.name, rating: ratings.rating, rd: ratings.rd, games: ratings.games })
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.userId))
      .where(where)
      .orderBy(desc(ratings.rating), asc(users.name), asc(ratings.userId))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(ratings).where(where),
  ]);
  return {
    ruleset: input.ruleset,
    rows: rows.map((r, i) => ({ ...r, rank: input.offset + i + 1, provisional: r.rd >= cfg.provisionalRd })),
    total: count?.n ?? 0,
    provisionalRd: cfg.provisionalRd,
  };
}

/** The global leaderboard of one game: highest rating first; provisional players are marked. */
export function leaderboard(db: DbOrTx, input: LeaderboardInput, cfg: GlickoConfig = ratingConfig()): Promise<Leaderboard> {
  return leaderboardWhere(db, leaderboardInput.parse(input), null, cfg);
}

/** The same, restricted to the members of one club (the club page's leaderboard). */
export function clubLeaderboard(db: DbOrTx, input: ClubLeaderboardInput, cfg: GlickoConfig = ratingConfig()): Promise<Leaderboard> {
  const parsed = clubLeaderboardInput.parse(input);
  return leaderboardWhere(db, parsed, parsed.clubId, cfg);
}

export interface HistoryPoint {
  at: Date;
  rating: number;
  rd: number;
}

/** A game's rating history: where the shown window starts (before its first game) and each game after. */
export interface RatingHistory {
  start: { rating: number; rd: number } | null;
  points: HistoryPoint[];
}

export interface RecentGame {
  ratedGameId: number;
  ruleset: RulesetId;
  playedAt: Date;
  source: RatedGameSource;
  sourceId: string;
  score: number;
  result: number;
  ratingBefore: number;
  ratingAfter: number;
  opponents: (EventOpponent & { name: string })[];
}

export interface PlayerProfile {
  user: { id: string; name: string; memberSince: Date };
  clubs: { id: string; handle: string; name: string }[];
  /** One entry per game, in RULESETS order; `games: 0` = unrated there. */
  ratings: PlayerRating[];
  /** Rating after each rated game, oldest first (the last `historyLimit` per game). */
  history: Record<RulesetId, RatingHistory>;
  recent: RecentGame[];
}

/** Everything the player page shows; NOT_FOUND for an unknown user. */
export async function getPlayerProfile(
  db: DbOrTx,
  userId: string,
  opts: { historyLimit?: number; recentLimit?: number } = {},
  cfg: GlickoConfig = ratingConfig(),
): Promise<PlayerProfile> {
  const historyLimit = opts.historyLimit ?? 200;
  const recentLimit = opts.recentLimit ?? 20;
  const [user] = await db.select({ id: users.id, name: users.name, memberSince: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new DomainError("NOT_FOUND", "There is no player with that id.");

  const [clubRows, ratingRows, historyRows, recentRows] = await Promise.all([
    db
      .select({ id: clubs.id, handle: clubs.handle, name: clubs.name })
      .from(clubMemberships)
      .innerJoin(clubs, eq(clubs.id, clubMemberships.clubId))
      .where(eq(clubMemberships.userId, userId))
      .orderBy(asc(clubs.name)),
    Promise.all(RULESETS.map((r) => getPlayerRating(db, userId, r, cfg))),
    Promise.all(
      RULESETS.map((r) =>
        db
          .select({ at: ratingEvents.playedAt, rating: ratingEvents.ratingAfter, rd: ratingEvents.rdAfter, before: ratingEvents.ratingBefore, rdBefore: ratingEvents.rdBefore })
          .from(ratingEvents)
          .where(and(eq(ratingEvents.userId, userId), eq(ratingEvents.ruleset, r)))
          .orderBy(desc(ratingEvents.playedAt), desc(ratingEvents.id))
          .limit(historyLimit),
      ),
    ),
    db
      .select({
        ratedGameId: ratingEvents.ratedGameId,
        ruleset: ratingEvents.ruleset,
        playedAt: ratingEvents.playedAt,
        source: ratingEvents.source,
        sourceId: ratingEvents.sourceId,
        score: ratingEvents.score,
        result: ratingEvents.result,
        ratingBefore: ratingEvents.ratingBefore,
        ratingAfter: ratingEvents.ratingAfter,
        opponents: ratingEvents.opponents,
      })
      .from(ratingEvents)
      .where(eq(ratingEvents.userId, userId))
      .orderBy(desc(ratingEvents.playedAt), desc(ratingEvents.id))
      .limit(recentLimit),
  ]);

  const opponentIds = [...new Set(recentRows.flatMap((g) => g.opponents.map((o) => o.userId)))];
  const names = new Map(
    opponentIds.length ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, opponentIds))).map((u) => [u.id, u.name]) : [],
  );
  const history = Object.fromEntries(
    RULESETS.map((r, i) => {
      const rows = historyRows[i]!.reverse();
      return [r, { start: rows[0] ? { rating: rows[0].before, rd: rows[0].rdBefore } : null, points: rows.map(({ at, rating, rd }) => ({ at, rating, rd })) }];
    }),
  ) as Record<RulesetId, RatingHistory>;
  return {
    user,
    clubs: clubRows,
    ratings: ratingRows,
    history,
    recent: recentRows.map((g) => ({ ...g, opponents: g.opponents.map((o) => ({ ...o, name: names.get(o.userId) ?? "Former player" })) })),
  };
}

export interface ExpectedScoreRow {
  userId: string;
  name: string;
  rating: number;
  rd: number;
  games: number;
  provisional: boolean;
  /** Expected pairwise score in [0, 1] against the others (the chance to beat each, averaged). */
  expected: number;
}

/**
 * Expected scores before a game, from current ratings: for two players the probability that each
 * wins; for a pod, each player's expected share of pairwise wins. NOT_FOUND for an unknown user.
 */
export async function expectedScores(db: DbOrTx, ruleset: RulesetId, userIds: readonly string[], cfg: GlickoConfig = ratingConfig()): Promise<ExpectedScoreRow[]> {
  const ids = userIds.map((u) => u.toLowerCase());
  const [rs, people] = await Promise.all([
    getRatings(db, ruleset, ids, cfg),
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
  ]);
  const names = new Map(people.map((p) => [p.id, p.name]));
  const missing = ids.find((id) => !names.has(id));
  if (missing) throw new DomainError("NOT_FOUND", "One of those players does not exist.", "userIds");
  return rs.map((r, i) => ({
    userId: r.userId,
    name: names.get(r.userId)!,
    rating: r.rating,
    rd: r.rd,
    games: r.games,
    provisional: r.provisional,
    expected: rs.reduce((sum, o, j) => (j === i ? sum : sum + expectedScore(r, o)), 0) / (rs.length - 1),
  }));
}
