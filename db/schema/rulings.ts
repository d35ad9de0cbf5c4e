/**
 * Rulings: a judge's recorded adjudication of a disputed play (docs/judging.md).
 *
 * A ruling is attached to a match (its tournament, when it has one, is copied onto the row so a
 * director can list every ruling of an event with one index) or to a tournament alone (a position
 * set up by hand at the board, e.g. an over-the-board game). `request` and `ruling` are the
 * adjudication contract's JSON (docs/spec/adjudication.md), stored verbatim: the request exactly as the
 * judge submitted it, the ruling exactly as the engine returned it. `ruleset_options` holds the
 * resolved engine options and `ruleset_version` the rules version the engine applied, so an old
 * ruling can always be re-adjudicated and compared.
 *
 * `requested_by` says who asked for the ruling (free text: a player's name), and
 * `requested_by_user_id` links it to a player's account when known. `ruled_by` is the signed-in
 * judge (or, for a casual match, the player) who recorded it.
 */
import { relations, sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { RULESETS } from "./clubs";
import { tournaments } from "./tournaments";
import { matches } from "./matches";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const rulings = pgTable(
  "rulings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    matchId: uuid("match_id").references(() => matches.id, { onDelete: "cascade" }),
    tournamentId: uuid("tournament_id").references(() => tournaments.id, { onDelete: "cascade" }),
    /** The match's move number the disputed play was made at (turns taken before it); null: unknown. */
    moveNumber: integer("move_number"),
    /** Who asked (free text, e.g. a player's name). */
    requestedBy: text("requested_by").notNull().default(""),
    requestedByUserId: uuid("requested_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ruledBy: uuid("ruled_by").references(() => users.id, { onDelete: "set null" }),
    ruleset: text("ruleset", { enum: RULESETS }).notNull(),
    rulesetVersion: integer("ruleset_version").notNull(),
    /** Resolved engine options the ruling was made under. */
    rulesetOptions: jsonb("ruleset_options").$type<Record<string, unknown>>().notNull(),
    /** The adjudication request, verbatim. */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    /** The engine's ruling, verbatim. */
    ruling: jsonb("ruling").$type<Record<string, unknown>>().notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rulings_match_idx").on(t.matchId, t.createdAt),
    index("rulings_tournament_idx").on(t.tournamentId, t.createdAt),
    check("rulings_ruleset_check", sql`${t.ruleset} in (${inList(RULESETS)})`),
    check("rulings_attached_check", sql`${t.matchId} is not null or ${t.tournamentId} is not null`),
    check("rulings_move_number_check", sql`${t.moveNumber} is null or ${t.moveNumber} >= 0`),
  ],
);

export const rulingsRelations = relations(rulings, ({ one }) => ({
  match: one(matches, { fields: [rulings.matchId], references: [matches.id] }),
  tournament: one(tournaments, { fields: [rulings.tournamentId], references: [tournaments.id] }),
  judge: one(users, { fields: [rulings.ruledBy], references: [users.id] }),
}));

export type RulingRow = typeof rulings.$inferSelect;
