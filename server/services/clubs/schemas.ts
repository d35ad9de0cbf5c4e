/** Input rules for clubs, shared by the tRPC procedures and the club forms. */
import { z } from "zod";
import { RULESET_IDS } from "@/engine";
import { CLUB_ROLES, CLUB_VISIBILITIES } from "@/server/domain";

/** Handles that would collide with fixed routes under /clubs. */
export const RESERVED_HANDLES = ["new", "mine", "join", "settings", "search", "admin"] as const;

export const clubHandleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "The handle needs at least 3 characters.")
  .max(30, "Keep the handle to 30 characters or fewer.")
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, "Use only lowercase letters, digits and hyphens, starting and ending with a letter or digit.")
  .refine((h) => !(RESERVED_HANDLES as readonly string[]).includes(h), "That handle is reserved; please choose another.");

export const clubNameSchema = z
  .string()
  .trim()
  .min(3, "The club name needs at least 3 characters.")
  .max(80, "Keep the club name to 80 characters or fewer.");

export const rulesetSchema = z.enum(RULESET_IDS, "Choose Equate, 'SMATH or Number Scrabble.");
export const visibilitySchema = z.enum(CLUB_VISIBILITIES, "Choose public or invite-only.");
export const clubRoleSchema = z.enum(CLUB_ROLES, "Choose owner, director or member.");

export const clubDetailsInput = z.object({
  name: clubNameSchema,
  description: z.string().trim().max(2000, "Keep the description to 2000 characters or fewer.").default(""),
  location: z.string().trim().max(120, "Keep the location to 120 characters or fewer.").default(""),
  defaultRuleset: rulesetSchema.default("equate"),
  visibility: visibilitySchema.default("public"),
});

export const createClubInput = clubDetailsInput.extend({ handle: clubHandleSchema });
export type CreateClubInput = z.infer<typeof createClubInput>;

/**
 * `clubs.update` is a patch: a field left out keeps its stored value. Built without the create
 * defaults on purpose — a default would silently reset a field the client did not send.
 */
export const clubDetailsPatch = z.object({
  name: clubNameSchema.optional(),
  description: z.string().trim().max(2000, "Keep the description to 2000 characters or fewer.").optional(),
  location: z.string().trim().max(120, "Keep the location to 120 characters or fewer.").optional(),
  defaultRuleset: rulesetSchema.optional(),
  visibility: visibilitySchema.optional(),
});
export type ClubDetailsPatch = z.infer<typeof clubDetailsPatch>;

export const clubIdInput = z.object({ clubId: z.uuid("That is not a valid club id.") });
export const userIdSchema = z.uuid("That is not a valid user id.");

export const listClubsInput = z.object({
  query: z.string().trim().max(80, "Search for 80 characters or fewer.").default(""),
  limit: z.number().int().min(1).max(100).default(50),
});

export const setRoleInput = z.object({ userId: userIdSchema, role: clubRoleSchema });
export const removeMemberInput = z.object({ userId: userIdSchema });

export const createInviteInput = z.object({
  expiresInDays: z
    .number("Enter a number of days.")
    .int("Use a whole number of days.")
    .min(1, "An invite must last at least 1 day.")
    .max(90, "An invite can last at most 90 days.")
    .default(7),
  maxUses: z.number("Enter a number of uses.").int("Use a whole number.").min(1, "Allow at least one use.").max(1000, "Allow at most 1000 uses.").nullable().default(null),
});
export const inviteIdInput = z.object({ inviteId: z.uuid("That is not a valid invite id.") });
export const inviteCodeInput = z.object({ code: z.string().trim().min(1, "Enter an invite code.").max(64, "That invite code is too long.") });

export const requestToJoinInput = z.object({ message: z.string().trim().max(500, "Keep the message to 500 characters or fewer.").default("") });
export const decideJoinRequestInput = z.object({ requestId: z.uuid("That is not a valid request id."), decision: z.enum(["approve", "decline"]) });

/** Splits pasted text (one e-mail a line, or separated by commas, semicolons or spaces). */
export function splitEmails(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((e) => e.trim().toLowerCase()).filter(Boolean))];
}

export const bulkAddInput = z.object({
  emails: z
    .string()
    .max(20_000, "Paste at most a few hundred e-mail addresses at a time.")
    .transform(splitEmails)
    .pipe(z.array(z.string()).min(1, "Enter at least one e-mail address.").max(200, "Add at most 200 people at a time.")),
});
