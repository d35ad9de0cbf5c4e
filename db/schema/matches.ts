/**
 * Matches: online games of Equate, 'SMATH and Number Scrabble, stored as the engine's event log
 * (docs/conventions.md, principle 6). The state of a game is `replay(match_events)`; `match_snapshots`
 * holds a folded state every few events only to shorten that replay.
 * The `matches` row holds the settings, the secret seed (the bag order follows from it, so it is
 * never sent to a browser while the game runs), the optimistic-concurrency `version` (= the last
 * event's `seq`) and a few cached fields for listings (status, turn, scores, result).
 *
 * - `match_events`: one row per engine event, `seq` 1, 2, … per match (unique), the engine event
 *   as `payload` (its `at` is the server's clock in ms), `at` the same instant as timestamptz, the
 *   acting user (null for events the server appends: time penalties, timeouts, `end`) and the
 *   client's idempotency key (unique per match, so a retried submission applies once).
 * - `match_players`: who plays (seat = turn order once started), and who has accepted a challenge.
 * - `match_adjustments`: a tournament director's change to a finished result (audit row; the
 *   event log itself is never rewritten).
 */
import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { RULESETS } from "./clubs";
import { tournamentPairings, tournaments } from "./tournaments";
import { BOT_LEVELS, GAME_CHALLENGE_RULES, type GameChallengeRule, type PlayVerdict, type TimeControl } from "@/engine";
import { FIRST_MOVERS, MATCH_MODES, MATCH_STATUSES, PREVIEW_MODES, type MatchResultReason } from "@/server/domain";

// The lists' homes are the engine (challenge rules) and the domain's vocabulary; the schema re-exports them.
export { FIRST_MOVERS, MATCH_MODES, MATCH_STATUSES };
export type { FirstMover, MatchMode, MatchStatus } from "@/server/domain";
export const MATCH_CHALLENGE_RULES = GAME_CHALLENGE_RULES;
export type MatchChallengeRule = GameChallengeRule;

/** Cached outcome of a finished match (the event log stays the source of truth). */
export interface MatchResult {
  /** "director": a tournament director's result ended the game; "no-show": a player did not join
   * the tournament game in time and forfeited it, before any move (docs/matches.md) */
  reason: MatchResultReason;
  /** user ids of the winners (several on a tie) */
  winners: string[];
  /** userId → final score */
  scores: Record<string, number>;
  /** set when a tournament director adjusted the result */
  adjusted?: boolean;
}

/** Clock settings as stored (engine TimeControl fields; validated by engine `parseTimeControl`). */
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const matches = pgTable(
  "matches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status", { enum: MATCH_STATUSES }).notNull().default("open"),
    ruleset: text("ruleset", { enum: RULESETS }).notNull(),
    rulesetOptions: jsonb("ruleset_options").$type<Record<string, unknown>>().notNull().default({}),
    challengeRule: text("challenge_rule", { enum: MATCH_CHALLENGE_RULES }).notNull(),
    /** null: untimed */
    timeControl: jsonb("time_control").$type<TimeControl | null>(),
    rated: boolean("rated").notNull().default(false),
    /** Number of seats (2–4). */
    seats: integer("seats").notNull().default(2),
    firstMover: text("first_mover", { enum: FIRST_MOVERS }).notNull().default("random"),
    /** Secret while the game runs: the bag order follows from it. */
    seed: text("seed").notNull(),
    /** Open challenge link /play/join/[code]; null for direct challenges and pairings. */
    joinCode: text("join_code"),
    /** Set when created from a tournament pairing (one match per pairing). */
    pairingId: uuid("pairing_id").references(() => tournamentPairings.id, { onDelete: "set null" }),
    tournamentId: uuid("tournament_id").references(() => tournaments.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    mode: text("mode", { enum: MATCH_MODES }).notNull().default("online"),
    /** otb: the user who enters the moves at the scorekeeper station (acts for every seat) */
    scorekeeperId: uuid("scorekeeper_id").references(() => users.id, { onDelete: "set null" }),
    /** The bot account when it sits in this match (kept by a trigger on match_players, migration
     * 0008): the move path reads it with the row, so no query after a move looks for the bot. */
    botId: uuid("bot_id").references(() => users.id, { onDelete: "set null" }),
    /** The bot's level, chosen when the game against the bot was started (migration 0019); null:
     * the default level (engine DEFAULT_BOT_LEVEL), and every game without the bot. */
    botLevel: text("bot_level", { enum: BOT_LEVELS }),
    /** What the preview may tell the players (PREVIEW_MODES), from the tournament; casual: full. */
    preview: text("preview", { enum: PREVIEW_MODES }).notNull().default("full"),
    /** Tournament no-show rule in minutes (null: none): see docs/matches.md "A fair start". */
    noShowMinutes: integer("no_show_minutes"),
    /** = seq of the last event (0 before the start event). */
    version: integer("version").notNull().default(0),
    /** Seat on move (cache for listings); null when nobody is. */
    turn: integer("turn"),
    /** Scores by seat (cache for listings). */
    scores: jsonb("scores").$type<number[]>().notNull().default([]),
    result: jsonb("result").$type<MatchResult | null>(),
    /** Set when the game was imported from a record (server/services/matches/import.ts), not
     * played here: its events are the record's, and it is never rated (a check, migration 0016). */
    importedAt: timestamp("imported_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("matches_pairing_key").on(t.pairingId),
    uniqueIndex("matches_join_code_key").on(t.joinCode),
    // no index holds updated_at, which every move changes: the move's UPDATE stays HOT (migration
    // 0031, which also sets fillfactor 90 on the table: drizzle's pgTable has no storage parameters)
    index("matches_status_idx").on(t.status),
    index("matches_tournament_idx").on(t.tournamentId),
    check("matches_status_check", sql`${t.status} in (${inList(MATCH_STATUSES)})`),
    check("matches_challenge_rule_check", sql`${t.challengeRule} in (${inList(MATCH_CHALLENGE_RULES)})`),
    check("matches_seats_check", sql`${t.seats} between 2 and 4`),
    check("matches_mode_check", sql`${t.mode} in (${inList(MATCH_MODES)})`),
    check("matches_preview_check", sql`${t.preview} in (${inList(PREVIEW_MODES)})`),
    index("matches_scorekeeper_idx").on(t.scorekeeperId),
    check("matches_imported_unrated_check", sql`${t.importedAt} is null or not ${t.rated}`),
    check("matches_bot_level_check", sql`${t.botLevel} is null or ${t.botLevel} in (${inList(BOT_LEVELS)})`),
  ],
);

export const matchPlayers = pgTable(
  "match_players",
  {
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Join order while open; turn order (0 moves first) once started. */
    seat: integer("seat").notNull(),
    /** null: invited but has not accepted yet. */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** When the player first came to the game (created it, accepted, joined by link, or opened
     * the board); null: not yet. A game starts only when every player has (a fair start). */
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    /** When the player first opened the game's page (`matches.checkIn`); null: never. Apart from
     * `joinedAt`, which creating, accepting or joining by link also set: only a player who had
     * opened the page before gets the reconnect notice when they come back. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId], name: "match_players_pkey" }), index("match_players_user_idx").on(t.userId, t.createdAt)],
);

export const matchEvents = pgTable(
  "match_events",
  {
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    /** The engine event, exactly as applied. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** Server time of the event (= payload.at). */
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The user who acted; null for events the server appended. A users id without a foreign key
     * (migration 0031): the check locked the mover's users row on every move, and users rows are
     * never deleted (an account is anonymised in place). */
    actorId: uuid("actor_id"),
    /** The submitting client's idempotency key. */
    clientId: text("client_id"),
    /** A play's verdict as this server's adjudicator ruled it when the play was made (migration
     * 0030): another instance folds the committed play with it instead of ruling again (engine
     * `foldCommitted`, trusted input only). Null for other events and for events not ruled here
     * (imported records, restored transfers). Secret like the play's validity: never sent out. */
    verdict: jsonb("verdict").$type<PlayVerdict | null>(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.seq], name: "match_events_pkey" }), uniqueIndex("match_events_client_key").on(t.matchId, t.clientId)],
);

/**
 * The latest snapshot of a match's folded state (engine `snapshotState` plus the scoresheet), at
 * `version`: a reader whose cache misses continues from it and replays only the events after it
 * (server/services/matches/state.ts). A shortcut only: the event log stays the truth.
 */
export const matchSnapshots = pgTable("match_snapshots", {
  matchId: uuid("match_id")
    .primaryKey()
    .references(() => matches.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
  state: jsonb("state").$type<Record<string, unknown>>().notNull(),
});

export const matchAdjustments = pgTable(
  "match_adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    matchId: uuid("match_id")
      .notNull()
      .references(() => matches.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    before: jsonb("before").$type<MatchResult | null>(),
    after: jsonb("after").$type<MatchResult>().notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("match_adjustments_match_idx").on(t.matchId, t.createdAt)],
);

export const matchesRelations = relations(matches, ({ many, one }) => ({
  players: many(matchPlayers),
  events: many(matchEvents),
  adjustments: many(matchAdjustments),
  pairing: one(tournamentPairings, { fields: [matches.pairingId], references: [tournamentPairings.id] }),
  tournament: one(tournaments, { fields: [matches.tournamentId], references: [tournaments.id] }),
}));

export const matchPlayersRelations = relations(matchPlayers, ({ one }) => ({
  match: one(matches, { fields: [matchPlayers.matchId], references: [matches.id] }),
  user: one(users, { fields: [matchPlayers.userId], references: [users.id] }),
}));

export const matchEventsRelations = relations(matchEvents, ({ one }) => ({
  match: one(matches, { fields: [matchEvents.matchId], references: [matches.id] }),
}));

export const matchAdjustmentsRelations = relations(matchAdjustments, ({ one }) => ({
  match: one(matches, { fields: [matchAdjustments.matchId], references: [matches.id] }),
}));

export type Match = typeof matches.$inferSelect;
export type MatchPlayer = typeof matchPlayers.$inferSelect;
export type MatchEventRow = typeof matchEvents.$inferSelect;
