/**
 * Teams (docs/teams.md): club teams, the teams of a team event, line-ups and team matches.
 *
 * - A team belongs to a club; `tournament_id` set makes it a team of that event (ad-hoc, or a club
 *   team entered into it — entering copies the club team, so later roster changes at the club do
 *   not rewrite an event's history). Its roster is `team_members` in board order (`position`),
 *   reserves flagged.
 * - One player, one team per event: `team_members.tournament_id` repeats the team's event and a
 *   unique index over (tournament_id, user_id) refuses a second team even when two requests race.
 * - `team_events` marks a tournament as a team event (its settings), or an individual event with a
 *   team table (`boards` null): teammates kept apart, a team's best K results counted.
 * - A team match pairs two teams in one round (`away_team_id` null: a bye). Its boards are ordinary
 *   pairings (tournament_pairings, joined through `team_match_boards`), so every board is an
 *   individual game: played online or entered, rated, corrected as any other.
 * - A line-up is the captain's board order for one match; none by the deadline → roster order.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { TEAM_BOARD_ORDERS, TEAM_SCORINGS } from "@/server/domain";
import { clubs } from "./clubs";
import { users } from "./users";
import { tournamentPairings, tournamentRounds, tournaments } from "./tournaments";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    /** Null: a club team; set: a team of this event. */
    tournamentId: uuid("tournament_id").references(() => tournaments.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    captainId: uuid("captain_id").references(() => users.id, { onDelete: "set null" }),
    boardOrder: text("board_order", { enum: TEAM_BOARD_ORDERS }).notNull().default("rating"),
    /** Last round the team played before withdrawing; null = still in. */
    withdrawnAfterRound: integer("withdrawn_after_round"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("teams_club_idx").on(t.clubId),
    index("teams_tournament_idx").on(t.tournamentId),
    check("teams_board_order_check", sql`${t.boardOrder} in (${inList(TEAM_BOARD_ORDERS)})`),
  ],
);

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The team's event (copied from the team), so one index keeps a player on one team per event. */
    tournamentId: uuid("tournament_id").references(() => tournaments.id, { onDelete: "cascade" }),
    /** Roster order, 1 = top board. */
    position: integer("position").notNull(),
    reserve: boolean("reserve").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId], name: "team_members_pkey" }),
    uniqueIndex("team_members_event_player_key").on(t.tournamentId, t.userId).where(sql`${t.tournamentId} is not null`),
    index("team_members_user_idx").on(t.userId),
  ],
);

export const teamEvents = pgTable(
  "team_events",
  {
    tournamentId: uuid("tournament_id")
      .primaryKey()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    /** Boards per team match; null: an individual event with a team table. */
    boards: integer("boards"),
    primaryScore: text("primary_score", { enum: TEAM_SCORINGS }).notNull().default("match-points"),
    /** Individual events: a team's best K results count in the team table. */
    bestK: integer("best_k"),
    /** Individual Swiss: teammates are never paired while any other pairing exists. */
    noTeammates: boolean("no_teammates").notNull().default(false),
    /** Line-ups close this many minutes after a round is paired (null: when the director sets the boards). */
    lineupMinutes: integer("lineup_minutes"),
  },
  (t) => [
    check("team_events_boards_check", sql`${t.boards} is null or ${t.boards} between 1 and 16`),
    check("team_events_best_k_check", sql`${t.bestK} is null or ${t.bestK} between 1 and 50`),
    check("team_events_primary_check", sql`${t.primaryScore} in (${inList(TEAM_SCORINGS)})`),
  ],
);

export const teamMatches = pgTable(
  "team_matches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    roundId: uuid("round_id")
      .notNull()
      .references(() => tournamentRounds.id, { onDelete: "cascade" }),
    roundNumber: integer("round_number").notNull(),
    tableNumber: integer("table_number").notNull(),
    /** Home moves first on odd boards, away on even boards. */
    homeTeamId: uuid("home_team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** Null: the home team has a bye. */
    awayTeamId: uuid("away_team_id").references(() => teams.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    /** Captains' line-ups close then; later line-ups are refused and the roster order is used. */
    lineupDeadline: timestamp("lineup_deadline", { withTimezone: true }),
    /** When the director set the boards from the line-ups (null: boards not set yet). */
    boardsSetAt: timestamp("boards_set_at", { withTimezone: true }),
    /** Boards forfeited by both sides (a loss for both teams on that board). */
    doubleForfeits: jsonb("double_forfeits").$type<number[]>().notNull().default([]),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("team_matches_round_idx").on(t.tournamentId, t.roundNumber, t.tableNumber)],
);

export const teamLineups = pgTable(
  "team_lineups",
  {
    teamMatchId: uuid("team_match_id")
      .notNull()
      .references(() => teamMatches.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** User ids in board order (board 1 first). */
    players: jsonb("players").$type<string[]>().notNull(),
    submittedBy: uuid("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamMatchId, t.teamId], name: "team_lineups_pkey" })],
);

/** A team match's board: an ordinary pairing (null pairing: no game on that board, one side fielded nobody). */
export const teamMatchBoards = pgTable(
  "team_match_boards",
  {
    teamMatchId: uuid("team_match_id")
      .notNull()
      .references(() => teamMatches.id, { onDelete: "cascade" }),
    board: integer("board").notNull(),
    pairingId: uuid("pairing_id").references(() => tournamentPairings.id, { onDelete: "set null" }),
    homePlayer: uuid("home_player"),
    awayPlayer: uuid("away_player"),
  },
  (t) => [primaryKey({ columns: [t.teamMatchId, t.board], name: "team_match_boards_pkey" }), uniqueIndex("team_match_boards_pairing_key").on(t.pairingId)],
);

export type Team = typeof teams.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type TeamEvent = typeof teamEvents.$inferSelect;
export type TeamMatch = typeof teamMatches.$inferSelect;
export type TeamLineup = typeof teamLineups.$inferSelect;
export type TeamMatchBoard = typeof teamMatchBoards.$inferSelect;
