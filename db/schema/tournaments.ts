/**
 * Tournaments: the event and its settings, per-tournament staff, the entry list, rounds, pairings
 * (which hold the results) and the director's audit log.
 *
 * Rules kept by the schema:
 * - Standings are never stored: they are computed on read from the pairings' results
 *   (server/domain/standings.ts), so correcting a result recomputes everything.
 * - A pairing row is one board (2 players; the `players` array is in turn order, first mover
 *   first) or one bye (a single player, `is_bye`). Scores are a JSON object userId → points so
 *   3–4 player pods fit the same row when the pairing engines support them.
 * - Rounds go draft → published → closed; only a draft may be re-paired or edited, and each row
 *   has a `version` for optimistic concurrency (two directors editing the same board).
 * - Entries are never deleted once the event runs: a withdrawal sets `status = 'withdrawn'` and
 *   the round after which the player left, so past rounds keep their results.
 * - Staff: the creator is a director; club owners and directors are directors implicitly (not
 *   stored). Judges are stored here for the judges' desk.
 */
import { relations, sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { TimeControl } from "@/engine";
import { users } from "./users";
import { clubs, RULESETS } from "./clubs";
import {
  ENTRY_STATUSES,
  ENTRY_OPEN_TO,
  FEE_METHODS,
  FEE_STATUSES,
  PRIZE_SPLITS,
  GRAND_FINAL_OPTIONS,
  type EntryDetails,
  type EntryField,
  RESULT_SOURCES,
  ROUND_STATUSES,
  TOURNAMENT_FORMATS,
  TOURNAMENT_STAFF_ROLES,
  TOURNAMENT_STATUSES,
  PREVIEW_MODES,
  type PairingPlanStep,
} from "@/server/domain";

// The lists' home is the domain's vocabulary; the schema re-exports them.
export { TOURNAMENT_FORMATS, TOURNAMENT_STATUSES, TOURNAMENT_STAFF_ROLES, ENTRY_STATUSES, ROUND_STATUSES, RESULT_SOURCES, GRAND_FINAL_OPTIONS };
export type { TournamentFormat, TournamentStatus, TournamentStaffRole, EntryStatus, RoundStatus, ResultSource, GrandFinalOption } from "@/server/domain";

/** Clock settings of every game of the event: the engine's own shape (validated by `timeControlSchema`). */
export type { TimeControl };

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const tournaments = pgTable(
  "tournaments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    ruleset: text("ruleset", { enum: RULESETS }).notNull(),
    /** Resolved engine options (parseRulesetOptions), stored whole so games can be re-adjudicated. */
    rulesetOptions: jsonb("ruleset_options").$type<Record<string, unknown>>().notNull(),
    timeControl: jsonb("time_control").$type<TimeControl>().notNull(),
    /** Same value as rulesetOptions.challenge, kept as a column for lists and filters. */
    challengeRule: text("challenge_rule").notNull(),
    rated: boolean("rated").notNull().default(true),
    playersPerGame: integer("players_per_game").notNull().default(2),
    format: text("format", { enum: TOURNAMENT_FORMATS }).notNull(),
    /** Planned rounds (Swiss/KOTH); derived from the field for round robins and brackets. */
    rounds: integer("rounds").notNull(),
    byeWins: doublePrecision("bye_wins").notNull().default(1),
    byeSpread: integer("bye_spread").notNull().default(50),
    forfeitSpread: integer("forfeit_spread").notNull().default(50),
    /** Wins credited for each round a late entry missed (0 = a loss, 0.5 = half a win), spread 0. */
    lateEntryWins: doublePrecision("late_entry_wins").notNull().default(0),
    /** Tiebreak codes from server/domain/standings.ts TIEBREAKS, in order, after wins. */
    tiebreaks: jsonb("tiebreaks").$type<string[]>().notNull(),
    gibson: boolean("gibson").notNull().default(false),
    gibsonSpread: integer("gibson_spread").notNull().default(500),
    /** How many of the top places are Gibsonized once settled (1 = only first). */
    gibsonPlaces: integer("gibson_places").notNull().default(1),
    /** Places that win prizes: contenders for them are kept away from a Gibson. */
    prizePlaces: integer("prize_places").notNull().default(3),
    /** Swiss / King of the Hill: the method of later rounds, e.g. [{ fromRound: 7, method: "king-of-the-hill" }]. */
    pairingPlan: jsonb("pairing_plan").$type<PairingPlanStep[]>().notNull().default([]),
    bronzeMatch: boolean("bronze_match").notNull().default(false),
    grandFinal: text("grand_final", { enum: GRAND_FINAL_OPTIONS }).notNull().default("simple"),
    /** No-show rule: a player absent this many minutes after the opponent joined the board's game
     * forfeits it (null: no rule; docs/matches.md "A fair start"). Copied onto each game. */
    noShowMinutes: integer("no_show_minutes"),
    /** What the live board's preview may tell a player (PREVIEW_MODES); rated events default to
     * "off", casual ones to "full". Copied onto each game. */
    preview: text("preview", { enum: PREVIEW_MODES }).notNull().default("full"),
    /** Per-game cap on |spread| in standings and pairing scores (null: none; Woogles' spread_cap). */
    spreadCap: integer("spread_cap"),
    /** Entries from the event's page (docs/entries.md): open between these times (null: from now /
     * until round 1 is paired), at most `entryCap` in the field (null: no cap; beyond it entries go
     * to the waitlist), from the club's members or anyone signed in, asking the listed fields. */
    entryOpensAt: timestamp("entry_opens_at", { withTimezone: true }),
    entryClosesAt: timestamp("entry_closes_at", { withTimezone: true }),
    entryCap: integer("entry_cap"),
    entryOpenTo: text("entry_open_to", { enum: ENTRY_OPEN_TO }).notNull().default("members"),
    entryFields: jsonb("entry_fields").$type<EntryField[]>().notNull().default([]),
    /** The entry fee in minor units (cents) of `currency`; recorded, never charged. */
    entryFee: integer("entry_fee").notNull().default(0),
    currency: text("currency").notNull().default("EUR"),
    /** Check-in window: opens this many minutes before `startsAt` (null: the director checks players in). */
    checkInMinutes: integer("check_in_minutes"),
    /** Prizes (docs/prizes.md): how ties share, and whether a player takes only their larger prize. */
    prizeSplit: text("prize_split", { enum: PRIZE_SPLITS }).notNull().default("equal"),
    onePrizePerPlayer: boolean("one_prize_per_player").notNull().default(true),
    /** When the director marked the results final (prizes stop being provisional); a result changed
     * after that clears it. */
    resultsFinalAt: timestamp("results_final_at", { withTimezone: true }),
    /** A season's division (1 = top) or a series' event: the competition it belongs to (db/schema/competitions.ts;
     * the foreign key, ON DELETE SET NULL, is in migration 0023 only: declaring it here would make the schema modules import each other). */
    competitionId: uuid("competition_id"),
    division: integer("division"),
    status: text("status", { enum: TOURNAMENT_STATUSES }).notNull().default("registration"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tournaments_club_idx").on(t.clubId, t.startsAt),
    index("tournaments_status_starts_idx").on(t.status, t.startsAt),
    index("tournaments_competition_idx").on(t.competitionId, t.division),
    check("tournaments_format_check", sql`${t.format} in (${inList(TOURNAMENT_FORMATS)})`),
    check("tournaments_status_check", sql`${t.status} in (${inList(TOURNAMENT_STATUSES)})`),
    check("tournaments_ruleset_check", sql`${t.ruleset} in (${inList(RULESETS)})`),
    check("tournaments_grand_final_check", sql`${t.grandFinal} in (${inList(GRAND_FINAL_OPTIONS)})`),
    check("tournaments_players_per_game_check", sql`${t.playersPerGame} between 2 and 4`),
    check("tournaments_rounds_check", sql`${t.rounds} between 1 and 100`),
    check("tournaments_gibson_places_check", sql`${t.gibsonPlaces} between 1 and 10 and ${t.prizePlaces} between 1 and 100`),
    check("tournaments_preview_check", sql`${t.preview} in (${inList(PREVIEW_MODES)})`),
    check("tournaments_no_show_check", sql`${t.noShowMinutes} between 1 and 240`),
    check("tournaments_spread_cap_check", sql`${t.spreadCap} is null or ${t.spreadCap} between 1 and 10000`),
    check("tournaments_entry_cap_check", sql`${t.entryCap} is null or ${t.entryCap} between 2 and 10000`),
    check("tournaments_entry_open_to_check", sql`${t.entryOpenTo} in (${inList(ENTRY_OPEN_TO)})`),
    check("tournaments_entry_fee_check", sql`${t.entryFee} between 0 and 100000000`),
    check("tournaments_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("tournaments_check_in_minutes_check", sql`${t.checkInMinutes} is null or ${t.checkInMinutes} between 5 and 1440`),
    check("tournaments_prize_split_check", sql`${t.prizeSplit} in (${inList(PRIZE_SPLITS)})`),
  ],
);

export const tournamentStaff = pgTable(
  "tournament_staff",
  {
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: TOURNAMENT_STAFF_ROLES }).notNull(),
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.userId], name: "tournament_staff_pkey" }),
    index("tournament_staff_user_idx").on(t.userId),
    check("tournament_staff_role_check", sql`${t.role} in (${inList(TOURNAMENT_STAFF_ROLES)})`),
  ],
);

export const tournamentPlayers = pgTable(
  "tournament_players",
  {
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ENTRY_STATUSES }).notNull().default("registered"),
    /** Director-set seed (1 = top); null = seeded by rating. */
    seed: integer("seed"),
    /** Rating used for seeding, fixed when the player is first paired (playerRatingFor). */
    rating: integer("rating"),
    /** First round the player takes part in (1, or later for a late entry). */
    joinedRound: integer("joined_round").notNull().default(1),
    /** Last round the player took part in before withdrawing; null = still in. */
    withdrawnAfterRound: integer("withdrawn_after_round"),
    registeredBy: uuid("registered_by").references(() => users.id, { onDelete: "set null" }),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** The entry form's answers (only the fields the event asks for). */
    details: jsonb("details").$type<EntryDetails>().notNull().default({}),
    /** Fee record (docs/desk.md "Fees"): amount in minor units of the event's currency. */
    feeStatus: text("fee_status", { enum: FEE_STATUSES }).notNull().default("owed"),
    feeAmount: integer("fee_amount").notNull().default(0),
    feeMethod: text("fee_method", { enum: FEE_METHODS }),
    feeNote: text("fee_note").notNull().default(""),
    feeUpdatedAt: timestamp("fee_updated_at", { withTimezone: true }),
    /** Part of the signed check-in code: bumping it revokes every code issued for this entry. */
    checkInNonce: integer("check_in_nonce").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.userId], name: "tournament_players_pkey" }),
    index("tournament_players_user_idx").on(t.userId),
    index("tournament_players_status_idx").on(t.tournamentId, t.status),
    check("tournament_players_status_check", sql`${t.status} in (${inList(ENTRY_STATUSES)})`),
    check("tournament_players_fee_status_check", sql`${t.feeStatus} in (${inList(FEE_STATUSES)})`),
    check("tournament_players_fee_method_check", sql`${t.feeMethod} is null or ${t.feeMethod} in (${inList(FEE_METHODS)})`),
    check("tournament_players_fee_amount_check", sql`${t.feeAmount} between 0 and 100000000`),
  ],
);

export const tournamentRounds = pgTable(
  "tournament_rounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    status: text("status", { enum: ROUND_STATUSES }).notNull().default("draft"),
    /** Pairing engine notes (relaxations, Gibsons) shown to the director. */
    notes: jsonb("notes").$type<string[]>().notNull().default([]),
    /** The method this round was paired with (PAIRING_METHODS, or the format's own for round robins and brackets). */
    pairingMethod: text("pairing_method"),
    pairedAt: timestamp("paired_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The round clock: when the director started the round, and how long it lasts (null: not
     * started). Every page counts down from these with the server's time (docs/director.md). */
    startedAt: timestamp("started_at", { withTimezone: true }),
    durationMs: integer("duration_ms"),
    /** A play-by window (seasons): the players of each board schedule their game inside it. */
    playFrom: timestamp("play_from", { withTimezone: true }),
    playBy: timestamp("play_by", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("tournament_rounds_number_key").on(t.tournamentId, t.number),
    check("tournament_rounds_status_check", sql`${t.status} in (${inList(ROUND_STATUSES)})`),
    check("tournament_rounds_duration_check", sql`${t.durationMs} is null or ${t.durationMs} between 60000 and 86400000`),
  ],
);

export const tournamentPairings = pgTable(
  "tournament_pairings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    roundId: uuid("round_id")
      .notNull()
      .references(() => tournamentRounds.id, { onDelete: "cascade" }),
    roundNumber: integer("round_number").notNull(),
    /** Board number; byes get 0. */
    tableNumber: integer("table_number").notNull(),
    /** User ids in turn order (first mover first); one id for a bye. */
    players: jsonb("players").$type<string[]>().notNull(),
    isBye: boolean("is_bye").notNull().default(false),
    /** Why these players meet (or why this bye), from the pairing engine or the director. */
    reason: text("reason").notNull().default(""),
    manual: boolean("manual").notNull().default(false),
    /** Elimination formats: the bracket match this board plays ("W1-2", "GF1"…). */
    bracketMatchId: text("bracket_match_id"),
    /** userId → final score; null = not played yet. */
    scores: jsonb("scores").$type<Record<string, number>>(),
    /** The player who forfeited (a loss for them, a win for the others). */
    forfeitUserId: uuid("forfeit_user_id"),
    /** A director's double forfeit of an unplayed game (migration 0026): a loss for every player,
     * no scores, never rated (docs/competitions.md "Unplayed games"). */
    doubleForfeit: boolean("double_forfeit").notNull().default(false),
    resultSource: text("result_source", { enum: RESULT_SOURCES }),
    resultBy: uuid("result_by").references(() => users.id, { onDelete: "set null" }),
    resultAt: timestamp("result_at", { withTimezone: true }),
    /** The online match that produced the result (matches domain); no FK yet. */
    matchId: uuid("match_id"),
    /** Self-scheduled games: the time both players agreed, and a deadline the director extended past the round's window. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    playBy: timestamp("play_by", { withTimezone: true }),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tournament_pairings_round_idx").on(t.roundId, t.tableNumber),
    index("tournament_pairings_tournament_idx").on(t.tournamentId, t.roundNumber),
    check("tournament_pairings_result_source_check", sql`${t.resultSource} is null or ${t.resultSource} in (${inList(RESULT_SOURCES)})`),
  ],
);

/**
 * Pairs the director keeps apart (family members, team-mates): the pairing engines that can honour
 * them do (docs/tournaments.md "Forbidden pairs"). Stored once per pair, the smaller id first.
 */
export const tournamentForbiddenPairs = pgTable(
  "tournament_forbidden_pairs",
  {
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    playerA: uuid("player_a")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playerB: uuid("player_b")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.playerA, t.playerB], name: "tournament_forbidden_pairs_pkey" }),
    check("tournament_forbidden_pairs_order_check", sql`${t.playerA} < ${t.playerB}`),
  ],
);

export const tournamentAudit = pgTable(
  "tournament_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    /** Null for system actions (e.g. a match reporting its result). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tournament_audit_tournament_idx").on(t.tournamentId, t.createdAt)],
);

export const tournamentsRelations = relations(tournaments, ({ one, many }) => ({
  club: one(clubs, { fields: [tournaments.clubId], references: [clubs.id] }),
  staff: many(tournamentStaff),
  players: many(tournamentPlayers),
  rounds: many(tournamentRounds),
  pairings: many(tournamentPairings),
  audit: many(tournamentAudit),
  forbiddenPairs: many(tournamentForbiddenPairs),
}));

export const tournamentStaffRelations = relations(tournamentStaff, ({ one }) => ({
  tournament: one(tournaments, { fields: [tournamentStaff.tournamentId], references: [tournaments.id] }),
  user: one(users, { fields: [tournamentStaff.userId], references: [users.id] }),
}));

export const tournamentPlayersRelations = relations(tournamentPlayers, ({ one }) => ({
  tournament: one(tournaments, { fields: [tournamentPlayers.tournamentId], references: [tournaments.id] }),
  user: one(users, { fields: [tournamentPlayers.userId], references: [users.id] }),
}));

export const tournamentRoundsRelations = relations(tournamentRounds, ({ one, many }) => ({
  tournament: one(tournaments, { fields: [tournamentRounds.tournamentId], references: [tournaments.id] }),
  pairings: many(tournamentPairings),
}));

export const tournamentPairingsRelations = relations(tournamentPairings, ({ one }) => ({
  tournament: one(tournaments, { fields: [tournamentPairings.tournamentId], references: [tournaments.id] }),
  round: one(tournamentRounds, { fields: [tournamentPairings.roundId], references: [tournamentRounds.id] }),
}));

export const tournamentForbiddenPairsRelations = relations(tournamentForbiddenPairs, ({ one }) => ({
  tournament: one(tournaments, { fields: [tournamentForbiddenPairs.tournamentId], references: [tournaments.id] }),
}));

export const tournamentAuditRelations = relations(tournamentAudit, ({ one }) => ({
  tournament: one(tournaments, { fields: [tournamentAudit.tournamentId], references: [tournaments.id] }),
  actor: one(users, { fields: [tournamentAudit.actorId], references: [users.id] }),
}));

export type Tournament = typeof tournaments.$inferSelect;
export type TournamentStaffRow = typeof tournamentStaff.$inferSelect;
export type TournamentPlayer = typeof tournamentPlayers.$inferSelect;
export type TournamentRound = typeof tournamentRounds.$inferSelect;
export type TournamentPairing = typeof tournamentPairings.$inferSelect;
export type TournamentForbiddenPair = typeof tournamentForbiddenPairs.$inferSelect;
export type TournamentAuditEntry = typeof tournamentAudit.$inferSelect;
