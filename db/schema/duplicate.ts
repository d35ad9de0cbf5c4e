/**
 * Duplicate games (docs/duplicate.md, migration 0027): every player gets the same rack each turn,
 * places a play on their own copy of the board, and at the turn's close the master play (the top
 * play the engine found, or a better valid submission) goes on everyone's board.
 * - `duplicate_games`: the ruleset, seed, seconds per turn, the shared board (master plays so far)
 *   and the bag as it stands. `version` moves on every turn change, so readers can tell one.
 * - `duplicate_players`: the field; `joined_turn` is the first turn a player could play (a player
 *   who joins mid-game scores 0 for the turns before it).
 * - `duplicate_turns`: one row per drawn rack; `due_at` is the server's close time; `master` is
 *   written when the turn closes; `search` is the engine's best find for the rack, stored by the
 *   search job before the close.
 * - `duplicate_submissions`: a player's last submission of a turn (kept, replaced on resubmit);
 *   `score`/`valid`/`text`/`reason` are the engine's ruling, stored with the submission (the board and
 *   rack are fixed while a turn is open), so the close only picks the best.
 * - `duplicate_events` (migration 0029): several games ranked together (by total or by percentage
 *   of the tops); a game belongs to at most one event (`duplicate_games.event_id`).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, boolean } from "drizzle-orm/pg-core";
import type { Placement } from "@/engine";
import { DUPLICATE_STANDINGS, DUPLICATE_STATUSES, PREVIEW_MODES } from "@/server/domain";
import { clubs, RULESETS } from "./clubs";
import { users } from "./users";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** A play as stored: placements plus the engine's score and the text people read. */
export interface StoredPlay {
  placements: Placement[];
  score: number;
  text: string;
}

/**
 * The next turn drawn ahead (services/duplicate/draw-ahead.ts), stored with the search, server-side only:
 * valid while `key` matches the close's master play and the game's version. Never in any output.
 */
export interface PrecomputedNext {
  key: string;
  board: Placement[];
  bag: { seed: string; shuffles: number; tiles: string[] };
  kept: string[];
  /** null: the game ends at this close */
  rack: string[] | null;
}

export const duplicateEvents = pgTable(
  "duplicate_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the club whose directors may run it (null: the creator alone) */
    clubId: uuid("club_id").references(() => clubs.id, { onDelete: "cascade" }),
    standing: text("standing", { enum: DUPLICATE_STANDINGS }).notNull().default("total"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("duplicate_events_club_idx").on(t.clubId, t.createdAt),
    index("duplicate_events_creator_idx").on(t.creatorId),
    check("duplicate_events_standing_check", sql`${t.standing} in (${inList(DUPLICATE_STANDINGS)})`),
  ],
);

export const duplicateGames = pgTable(
  "duplicate_games",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the club whose directors may run it (null: the creator alone) */
    clubId: uuid("club_id").references(() => clubs.id, { onDelete: "cascade" }),
    /** the event it counts in (null: a game on its own) */
    eventId: uuid("event_id").references(() => duplicateEvents.id, { onDelete: "set null" }),
    ruleset: text("ruleset", { enum: RULESETS }).notNull(),
    rulesetOptions: jsonb("ruleset_options").$type<Record<string, unknown>>().notNull().default({}),
    seed: text("seed").notNull(),
    turnSeconds: integer("turn_seconds").notNull(),
    maxTurns: integer("max_turns").notNull(),
    preview: text("preview", { enum: PREVIEW_MODES }).notNull().default("score"),
    /** redraws of a rack in which the move generator finds no play (0: none; migration 0029) */
    playableRedraws: integer("playable_redraws").notNull().default(5),
    status: text("status", { enum: DUPLICATE_STATUSES }).notNull().default("lobby"),
    /** the current (or last) turn number; 0 before the start */
    turn: integer("turn").notNull().default(0),
    board: jsonb("board").$type<Placement[]>().notNull().default([]),
    /** the bag (engine Bag: seed, shuffles, tiles in draw order); never sent to a client */
    bag: jsonb("bag").$type<{ seed: string; shuffles: number; tiles: string[] }>(),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("duplicate_games_club_idx").on(t.clubId, t.createdAt),
    index("duplicate_games_creator_idx").on(t.creatorId),
    index("duplicate_games_event_idx").on(t.eventId),
    check("duplicate_games_status_check", sql`${t.status} in (${inList(DUPLICATE_STATUSES)})`),
    check("duplicate_games_preview_check", sql`${t.preview} in (${inList(PREVIEW_MODES)})`),
    check("duplicate_games_turn_seconds_check", sql`${t.turnSeconds} between 10 and 1800`),
    check("duplicate_games_max_turns_check", sql`${t.maxTurns} between 1 and 60`),
    check("duplicate_games_playable_redraws_check", sql`${t.playableRedraws} between 0 and 10`),
  ],
);

export const duplicatePlayers = pgTable(
  "duplicate_players",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => duplicateGames.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the first turn this player could play */
    joinedTurn: integer("joined_turn").notNull().default(1),
    /** the director's table number for slips (1, 2, …, in order of joining) */
    tableNumber: integer("table_number").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] }), index("duplicate_players_user_idx").on(t.userId)],
);

export const duplicateTurns = pgTable(
  "duplicate_turns",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => duplicateGames.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    rack: jsonb("rack").$type<string[]>().notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** the engine's best find for this rack (null until the search job ran) */
    search: jsonb("search").$type<((StoredPlay & { complete: boolean }) | { none: true; complete: boolean }) & { next?: PrecomputedNext }>(),
    /** the play put on the board at the close (null: no legal play was found) */
    master: jsonb("master").$type<StoredPlay | null>(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.number] }), index("duplicate_turns_due_idx").on(t.dueAt).where(sql`${t.closedAt} is null`)],
);

export const duplicateSubmissions = pgTable(
  "duplicate_submissions",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => duplicateGames.id, { onDelete: "cascade" }),
    turn: integer("turn").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    placements: jsonb("placements").$type<Placement[]>().notNull(),
    /** submissions made this turn (capped: docs/duplicate.md "Limits") */
    count: integer("count").notNull().default(1),
    /** the director who typed it from a slip (null: the player) */
    enteredBy: uuid("entered_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    valid: boolean("valid"),
    score: integer("score"),
    text: text("text"),
    reason: text("reason"),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.turn, t.userId] }), check("duplicate_submissions_count_check", sql`${t.count} >= 1`)],
);

export type DuplicateGame = typeof duplicateGames.$inferSelect;
export type DuplicateEvent = typeof duplicateEvents.$inferSelect;
export type DuplicateTurn = typeof duplicateTurns.$inferSelect;
