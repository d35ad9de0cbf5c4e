/**
 * Arena club nights (docs/competitions.md, "Running a club night"): players drop in and out and
 * whoever is free is paired at once (server/services/arena, the pure rule in
 * server/domain/competitions/arena.ts).
 * - `arena_nights`: one evening of a club; its rules as data (ruleset, group size, scoring with an
 *   optional streak bonus), over the board or online, and the ladder it feeds (a `competitions` row
 *   of kind 'ladder'), if any. `version` moves on every pairing, so readers can tell a change.
 * - `arena_players`: who came tonight; `status` says whether they wait, play or left, `free_since`
 *   orders the waiting queue (who came free first is paired first on equal points).
 * - `arena_games`: one table of the night; `players` in turn order, `scores` (userId → score) once
 *   reported, the confirmations of the other players, and the match for an online game.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ArenaScoring } from "@/server/domain";
import { clubs, RULESETS } from "./clubs";
import { competitions } from "./competitions";
import { matches } from "./matches";
import { users } from "./users";

export const ARENA_MODES = ["over-the-board", "online"] as const;
export const ARENA_NIGHT_STATUSES = ["open", "closed"] as const;
export const ARENA_PLAYER_STATUSES = ["waiting", "playing", "left"] as const;
export const ARENA_GAME_STATUSES = ["playing", "reported", "confirmed", "disputed", "decided", "cancelled"] as const;
export type ArenaMode = (typeof ARENA_MODES)[number];
export type ArenaGameStatus = (typeof ARENA_GAME_STATUSES)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const arenaNights = pgTable(
  "arena_nights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    /** The ladder this night feeds (a competition of kind 'ladder'), if any. */
    competitionId: uuid("competition_id").references(() => competitions.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    ruleset: text("ruleset", { enum: RULESETS }).notNull(),
    rulesetOptions: jsonb("ruleset_options").$type<Record<string, unknown>>().notNull().default({}),
    /** Online games only: the clock of every game (null: untimed). */
    timeControl: jsonb("time_control").$type<Record<string, unknown> | null>(),
    groupSize: integer("group_size").notNull().default(2),
    scoring: jsonb("scoring").$type<ArenaScoring>().notNull(),
    mode: text("mode", { enum: ARENA_MODES }).notNull().default("over-the-board"),
    /** Its games are rated (migration 0026) unless the director opened it unrated. */
    rated: boolean("rated").notNull().default(true),
    /** Pods nights, at the end of the evening (the director's switch, migration 0026): fewer free
     * players than a pod are paired rather than left waiting for more. */
    smallGroups: boolean("small_groups").notNull().default(false),
    status: text("status", { enum: ARENA_NIGHT_STATUSES }).notNull().default("open"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("arena_nights_club_idx").on(t.clubId, t.startsAt),
    index("arena_nights_competition_idx").on(t.competitionId),
    check("arena_nights_group_size_check", sql`${t.groupSize} between 2 and 4`),
    check("arena_nights_mode_check", sql`${t.mode} in (${inList(ARENA_MODES)})`),
    check("arena_nights_status_check", sql`${t.status} in (${inList(ARENA_NIGHT_STATUSES)})`),
  ],
);

export const arenaPlayers = pgTable(
  "arena_players",
  {
    nightId: uuid("night_id")
      .notNull()
      .references(() => arenaNights.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ARENA_PLAYER_STATUSES }).notNull().default("waiting"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp("left_at", { withTimezone: true }),
    /** When they last came free (joined, or their game was settled): the waiting queue's order. */
    freeSince: timestamp("free_since", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "arena_players_pkey", columns: [t.nightId, t.userId] }),
    index("arena_players_user_idx").on(t.userId),
    check("arena_players_status_check", sql`${t.status} in (${inList(ARENA_PLAYER_STATUSES)})`),
  ],
);

export const arenaGames = pgTable(
  "arena_games",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    nightId: uuid("night_id")
      .notNull()
      .references(() => arenaNights.id, { onDelete: "cascade" }),
    /** Table number shown to the players ("you play X at table 3"). */
    tableNo: integer("table_no").notNull(),
    /** userIds in turn order. */
    players: jsonb("players").$type<string[]>().notNull(),
    /** userId → final score, as reported (or decided by the director). */
    scores: jsonb("scores").$type<Record<string, number> | null>(),
    status: text("status", { enum: ARENA_GAME_STATUSES }).notNull().default("playing"),
    /** The online game, for a night played online. */
    matchId: uuid("match_id").references(() => matches.id, { onDelete: "set null" }),
    reportedBy: uuid("reported_by").references(() => users.id, { onDelete: "set null" }),
    /** The other players who confirmed the report. */
    confirmedBy: jsonb("confirmed_by").$type<string[]>().notNull().default([]),
    disputedBy: uuid("disputed_by").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("arena_games_night_idx").on(t.nightId, t.createdAt),
    index("arena_games_match_idx").on(t.matchId),
    check("arena_games_status_check", sql`${t.status} in (${inList(ARENA_GAME_STATUSES)})`),
  ],
);

export type ArenaNight = typeof arenaNights.$inferSelect;
export type ArenaPlayer = typeof arenaPlayers.$inferSelect;
export type ArenaGameRow = typeof arenaGames.$inferSelect;
