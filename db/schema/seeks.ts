/**
 * Open seeks of the "Play now" lobby (docs/matches.md "Play now: open seeks", migration 0025): a
 * player offers a game (ruleset, a time-control preset, rated or not, 2–4 players) site-wide or to
 * one club's members; others accept it. A seek for two is taken by its one accepter; a pod of 3–4
 * fills seat by seat (`seek_players`) and its game is created when the last seat is taken.
 *
 * - `seeks`: one row per offer. At most one open seek per player (a partial unique index): a
 *   player who could be paired in two places at once would end up in two games. `match_id` is the
 *   game once taken. `time_control` is the preset's clock as it was when the seek was made.
 * - `seek_players`: the accepters of a pod (and the one accepter of a pair), in the order they came.
 */
import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { GAME_CHALLENGE_RULES, type TimeControl } from "@/engine";
import { SEEK_STATUSES, TIME_PRESETS } from "@/server/domain";
import { users } from "./users";
import { clubs, RULESETS } from "./clubs";
import { matches } from "./matches";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const seeks = pgTable(
  "seeks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** null: site-wide; else only the club's members see and accept it */
    clubId: uuid("club_id").references(() => clubs.id, { onDelete: "cascade" }),
    ruleset: text("ruleset", { enum: RULESETS }).notNull(),
    rulesetOptions: jsonb("ruleset_options").$type<Record<string, unknown>>().notNull().default({}),
    challengeRule: text("challenge_rule", { enum: GAME_CHALLENGE_RULES }).notNull(),
    preset: text("preset", { enum: TIME_PRESETS }).notNull(),
    timeControl: jsonb("time_control").$type<TimeControl>().notNull(),
    rated: boolean("rated").notNull().default(false),
    /** players in all, the creator included */
    players: integer("players").notNull().default(2),
    status: text("status", { enum: SEEK_STATUSES }).notNull().default("open"),
    matchId: uuid("match_id").references(() => matches.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("seeks_one_open_key").on(t.creatorId).where(sql`${t.status} = 'open'`),
    index("seeks_open_idx").on(t.status, t.clubId, t.expiresAt),
    index("seeks_match_idx").on(t.matchId),
    check("seeks_status_check", sql`${t.status} in (${inList(SEEK_STATUSES)})`),
    check("seeks_preset_check", sql`${t.preset} in (${inList(TIME_PRESETS)})`),
    check("seeks_ruleset_check", sql`${t.ruleset} in (${inList(RULESETS)})`),
    check("seeks_challenge_rule_check", sql`${t.challengeRule} in (${inList(GAME_CHALLENGE_RULES)})`),
    check("seeks_players_check", sql`${t.players} between 2 and 4`),
  ],
);

export const seekPlayers = pgTable(
  "seek_players",
  {
    seekId: uuid("seek_id")
      .notNull()
      .references(() => seeks.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seekId, t.userId] }), index("seek_players_user_idx").on(t.userId)],
);

export const seeksRelations = relations(seeks, ({ many, one }) => ({
  creator: one(users, { fields: [seeks.creatorId], references: [users.id] }),
  club: one(clubs, { fields: [seeks.clubId], references: [clubs.id] }),
  match: one(matches, { fields: [seeks.matchId], references: [matches.id] }),
  takers: many(seekPlayers),
}));

export const seekPlayersRelations = relations(seekPlayers, ({ one }) => ({
  seek: one(seeks, { fields: [seekPlayers.seekId], references: [seeks.id] }),
  user: one(users, { fields: [seekPlayers.userId], references: [users.id] }),
}));

export type Seek = typeof seeks.$inferSelect;
