/**
 * Input rules for prize tables (docs/prizes.md), shared by the procedures and the director's form.
 * Shapes and sizes here; rules that need the rest of the table (a duplicate place, a better place
 * paying less) are checked by the service, each with its own sentence.
 */
import { z } from "zod";
import { PRIZE_CATEGORIES, PRIZE_KINDS, PRIZE_SPLITS } from "@/server/domain";

/** Most rows one table may have. */
export const MAX_PRIZE_ROWS = 100;
/** Largest single prize in minor units (the database checks the same bound). */
export const MAX_PRIZE_AMOUNT = 100_000_000;

const rating = z.number("Enter a rating.").int("Use a whole-number rating.").min(0, "A rating cannot be negative.").max(4000, "A rating is at most 4000.");

export const prizeRowSchema = z.object({
  /** Absent: a new row. */
  prizeId: z.uuid("That prize row does not exist.").optional(),
  kind: z.enum(PRIZE_KINDS, "Choose place, class or category."),
  place: z.number("Enter a place.").int("Use a whole-number place.").min(1, "Places start at 1.").max(1000, "At most 1000 places."),
  classValue: z.string().trim().max(40, "Keep the class name to 40 characters or fewer.").nullable().default(null),
  ratingMin: rating.nullable().default(null),
  ratingMax: rating.nullable().default(null),
  category: z.enum(PRIZE_CATEGORIES, "Choose a category.").nullable().default(null),
  /** Minor units (cents); null for a non-cash prize. */
  amount: z.number("Enter an amount in cents.").int("Enter the amount in whole cents.").min(0, "An amount cannot be negative.").max(MAX_PRIZE_AMOUNT, "That prize is too large.").nullable().default(null),
  item: z.string().trim().max(80, "Keep the prize's description to 80 characters or fewer.").default(""),
});
export type PrizeRowInput = z.infer<typeof prizeRowSchema>;

export const prizeIdInput = z.object({ prizeId: z.uuid("That prize row does not exist.") });

export const prizeSettingsSchema = z.object({
  split: z.enum(PRIZE_SPLITS, "Choose none, equal or Hort."),
  onePrizePerPlayer: z.boolean(),
});

export const finalInput = z.object({ final: z.boolean() });
