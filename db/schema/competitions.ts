/**
 * Competitions above events (docs/competitions.md), and the self-scheduled games inside them.
 *
 * - A competition is a season (its divisions are tournaments with `competition_id` and `division`
 *   set, 1 = top), a series (its events are tournaments with `competition_id` set) or a ladder (fed
 *   by club nights). Its rule is data: the promotion rule, the series' points and best-N-of-M, or the
 *   ladder's rule — validated by server/domain/competitions before it is stored.
 * - A round may have a play-by window (tournament_rounds.play_from/play_by); inside it the two
 *   players of a board agree a time through proposals (game_proposals) and the board keeps the
 *   agreed time (tournament_pairings.scheduled_at) and an extended deadline if the director gives one.
 * - Over-the-board results the players report themselves wait in result_reports until the opponent
 *   confirms (the result is then entered) or disputes (the director decides).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { COMPETITION_KINDS, COMPETITION_STATUSES, PROPOSAL_STATUSES, REPORT_STATUSES } from "@/server/domain";
import { clubs } from "./clubs";
import { users } from "./users";
import { tournamentPairings } from "./tournaments";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const competitions = pgTable(
  "competitions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: COMPETITION_KINDS }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** The rule as data: PromotionRule (season), SeriesRule (series) or LadderRule (ladder). */
    rules: jsonb("rules").$type<Record<string, unknown>>().notNull(),
    /** Season: the chosen division size. */
    divisionSize: integer("division_size"),
    rated: boolean("rated").notNull().default(true),
    /** Season: the season this one was seeded from. */
    previousId: uuid("previous_id"),
    status: text("status", { enum: COMPETITION_STATUSES }).notNull().default("planned"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("competitions_club_idx").on(t.clubId, t.startsAt),
    check("competitions_kind_check", sql`${t.kind} in (${inList(COMPETITION_KINDS)})`),
    check("competitions_status_check", sql`${t.status} in (${inList(COMPETITION_STATUSES)})`),
    check("competitions_division_size_check", sql`${t.divisionSize} is null or ${t.divisionSize} between 2 and 64`),
  ],
);

export const gameProposals = pgTable(
  "game_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pairingId: uuid("pairing_id")
      .notNull()
      .references(() => tournamentPairings.id, { onDelete: "cascade" }),
    proposedBy: uuid("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The proposed start times (1 to 5, ISO strings), each inside the round's window. */
    times: jsonb("times").$type<string[]>().notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: PROPOSAL_STATUSES }).notNull().default("open"),
    acceptedTime: timestamp("accepted_time", { withTimezone: true }),
    respondedBy: uuid("responded_by").references(() => users.id, { onDelete: "set null" }),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** The proposal this one counters. */
    counterTo: uuid("counter_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("game_proposals_pairing_idx").on(t.pairingId, t.createdAt),
    check("game_proposals_status_check", sql`${t.status} in (${inList(PROPOSAL_STATUSES)})`),
  ],
);

export const resultReports = pgTable(
  "result_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pairingId: uuid("pairing_id")
      .notNull()
      .references(() => tournamentPairings.id, { onDelete: "cascade" }),
    reportedBy: uuid("reported_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** userId → final score, as the reporter states it. */
    scores: jsonb("scores").$type<Record<string, number>>().notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("pending"),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("result_reports_pairing_idx").on(t.pairingId, t.createdAt),
    check("result_reports_status_check", sql`${t.status} in (${inList(REPORT_STATUSES)})`),
  ],
);

export type Competition = typeof competitions.$inferSelect;
export type GameProposal = typeof gameProposals.$inferSelect;
export type ResultReport = typeof resultReports.$inferSelect;
