/**
 * Ratings: one Glicko-2 rating per user and game (ruleset), the ledger of rated games, and one
 * history row per rated game per player.
 *
 * `rated_games` is the source of truth: every rated game is appended once (unique on
 * source + source_id, so a match or a tournament pairing is never rated twice) with its players and
 * final scores. A tournament board is one game whichever way its result arrived (its online match
 * ending, or a director typing it in): `pairing_id` is unique too, so one board is one ledger row. `ratings` and `rating_events` are derived from it: incrementally by `applyRatedGame`
 * in the transaction that records the result, or all at once by replaying the ledger in
 * (played_at, id) order (`npm run ratings:recompute`). Ratings are stored as float8 so a value read
 * back is bit-for-bit the one computed, which keeps incremental and recomputed numbers identical.
 */
import { relations, sql } from "drizzle-orm";
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";
import { RULESETS } from "./clubs";
import { tournamentPairings } from "./tournaments";
import { RATED_GAME_SOURCES } from "@/server/domain";

// The list's home is the domain's vocabulary; the schema re-exports it.
export { RATED_GAME_SOURCES };
export type { RatedGameSource } from "@/server/domain";

/** One player's final score in a rated game, as stored in the ledger. */
export interface LedgerPlayer {
  userId: string;
  score: number;
  /** Lost by resignation or on time: ranks below every other player whatever the scores. */
  lost?: boolean;
}

/** An opponent as seen from one history row: their pre-game rating and their score. */
export interface EventOpponent {
  userId: string;
  rating: number;
  rd: number;
  score: number;
}

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const ratings = pgTable(
  "ratings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ruleset: text("ruleset", { enum: RULESETS }).notNull(),
    rating: doublePrecision("rating").notNull(),
    rd: doublePrecision("rd").notNull(),
    volatility: doublePrecision("volatility").notNull(),
    /** Rated games played in this ruleset. */
    games: integer("games").notNull().default(0),
    /** Set while a queued re-rate (a correction of an earlier game) has yet to reach this rating;
     * pages show "being recomputed" (docs/ratings.md "Corrections"). The recompute clears it. */
    recomputingSince: timestamp("recomputing_since", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ruleset], name: "ratings_pkey" }),
    index("ratings_leaderboard_idx").on(t.ruleset, t.rating.desc()),
    index("ratings_recomputing_idx").on(t.recomputingSince).where(sql`${t.recomputingSince} is not null`),
    check("ratings_ruleset_check", sql`${t.ruleset} in (${inList(RULESETS)})`),
  ],
);

export const ratedGames = pgTable(
  "rated_games",
  {
    /** Identity, so games played at the same instant replay in the order they were rated. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ruleset: text("ruleset", { enum: RULESETS }).notNull(),
    playedAt: timestamp("played_at", { withTimezone: true }).notNull(),
    /** [{ userId, score }] in seat order; 2–4 players. */
    players: jsonb("players").$type<LedgerPlayer[]>().notNull(),
    source: text("source", { enum: RATED_GAME_SOURCES }).notNull(),
    /** The match id or the tournament pairing id. */
    sourceId: text("source_id").notNull(),
    /** The tournament board this game was played on (null for a casual game; also for games rated
     * before this column existed). Unique: a board is rated once, by its match or by its director. */
    pairingId: uuid("pairing_id").references(() => tournamentPairings.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("rated_games_source_key").on(t.source, t.sourceId),
    uniqueIndex("rated_games_pairing_key").on(t.pairingId),
    index("rated_games_replay_idx").on(t.playedAt, t.id),
    check("rated_games_ruleset_check", sql`${t.ruleset} in (${inList(RULESETS)})`),
    check("rated_games_source_check", sql`${t.source} in (${inList(RATED_GAME_SOURCES)})`),
  ],
);

export const ratingEvents = pgTable(
  "rating_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ratedGameId: bigint("rated_game_id", { mode: "number" })
      .notNull()
      .references(() => ratedGames.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ruleset: text("ruleset", { enum: RULESETS }).notNull(),
    playedAt: timestamp("played_at", { withTimezone: true }).notNull(),
    ratingBefore: doublePrecision("rating_before").notNull(),
    rdBefore: doublePrecision("rd_before").notNull(),
    ratingAfter: doublePrecision("rating_after").notNull(),
    rdAfter: doublePrecision("rd_after").notNull(),
    /** Volatility after the game, so a re-rate can resume from this row exactly (null on rows
     * written before migration 0021: a re-rate over them replays the whole ledger). */
    volatilityAfter: doublePrecision("volatility_after"),
    /** This player's final game score. */
    score: integer("score").notNull(),
    /** Pairwise result in [0, 1]: wins + ½ ties over the number of opponents. */
    result: doublePrecision("result").notNull(),
    opponents: jsonb("opponents").$type<EventOpponent[]>().notNull(),
    /** Denormalised from the ledger so a history row links to its game without a join. */
    source: text("source", { enum: RATED_GAME_SOURCES }).notNull(),
    sourceId: text("source_id").notNull(),
  },
  (t) => [
    uniqueIndex("rating_events_game_user_key").on(t.ratedGameId, t.userId),
    index("rating_events_user_idx").on(t.userId, t.ruleset, t.playedAt),
  ],
);

/**
 * Re-rates waiting for the queue (a correction too large to re-rate in its own transaction): why,
 * so the job can tell the players what changed. The queued recompute deletes the rows it served.
 */
export const ratingRerates = pgTable("rating_rerates", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  ruleset: text("ruleset", { enum: RULESETS }).notNull(),
  /** "the result of round 1, table 3 of Spring Open was corrected" */
  reason: text("reason").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ratingsRelations = relations(ratings, ({ one }) => ({
  user: one(users, { fields: [ratings.userId], references: [users.id] }),
}));

export const ratedGamesRelations = relations(ratedGames, ({ many }) => ({
  events: many(ratingEvents),
}));

export const ratingEventsRelations = relations(ratingEvents, ({ one }) => ({
  game: one(ratedGames, { fields: [ratingEvents.ratedGameId], references: [ratedGames.id] }),
  user: one(users, { fields: [ratingEvents.userId], references: [users.id] }),
}));

export type RatingRow = typeof ratings.$inferSelect;
export type RatedGame = typeof ratedGames.$inferSelect;
export type RatingEvent = typeof ratingEvents.$inferSelect;
