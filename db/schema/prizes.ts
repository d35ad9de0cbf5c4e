/**
 * An event's prize table (docs/prizes.md). Each row is one prize: by overall place, by class
 * (a rating band at entry, or a value of the entry's class field) or by category (junior, senior,
 * unrated, best club, least time used). Who wins what is never stored: it is computed from the
 * standings by server/domain/prizes.ts, so a corrected result recomputes the payout.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { PRIZE_CATEGORIES, PRIZE_KINDS } from "@/server/domain";
import { tournaments } from "./tournaments";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const tournamentPrizes = pgTable(
  "tournament_prizes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PRIZE_KINDS }).notNull(),
    /** Place within the prize's group: overall place for `place`, 1st/2nd… of the class or category. */
    place: integer("place").notNull(),
    /** `class` prizes: the entry's class field value, or a rating band [ratingMin, ratingMax] at entry. */
    classValue: text("class_value"),
    ratingMin: integer("rating_min"),
    ratingMax: integer("rating_max"),
    /** `category` prizes: PRIZE_CATEGORIES. */
    category: text("category", { enum: PRIZE_CATEGORIES }),
    /** Cash in minor units of the event's currency; null for a non-cash prize. */
    amount: integer("amount"),
    /** Non-cash prize ("trophy", "book token"); may accompany cash. */
    item: text("item").notNull().default(""),
    /** Display order in the table. */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tournament_prizes_tournament_idx").on(t.tournamentId, t.position),
    check("tournament_prizes_kind_check", sql`${t.kind} in (${inList(PRIZE_KINDS)})`),
    check("tournament_prizes_category_check", sql`${t.category} is null or ${t.category} in (${inList(PRIZE_CATEGORIES)})`),
    check("tournament_prizes_place_check", sql`${t.place} between 1 and 1000`),
    check("tournament_prizes_amount_check", sql`${t.amount} is null or ${t.amount} between 0 and 100000000`),
    check("tournament_prizes_something_check", sql`${t.amount} is not null or ${t.item} <> ''`),
  ],
);

export type TournamentPrize = typeof tournamentPrizes.$inferSelect;
