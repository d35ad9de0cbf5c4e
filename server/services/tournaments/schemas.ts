/**
 * Input rules for tournaments, shared by the tRPC procedures and the director's forms.
 * `timeControlSchema` is also the clock contract of the matches domain: a tournament stores one,
 * and every game of the event is played with it.
 */
import { z } from "zod";
import { DEFAULT_TIME_CONTROL, GAME_CHALLENGE_RULES, type TimeControl } from "@/engine";
import { AGE_CATEGORIES, ENTRY_FIELDS, ENTRY_OPEN_TO, FEE_METHODS, FEE_STATUSES, GRAND_FINAL_OPTIONS, PAIRING_METHOD_CODES, PREVIEW_MODES, ROUND_MINUTES, scoreProblem, TIEBREAKS, TOURNAMENT_FORMATS, TOURNAMENT_STAFF_ROLES } from "@/server/domain";
import { rulesetSchema, splitEmails } from "@/server/services/clubs/schemas";
import { ENTRY_TEXT_LIMITS, MAX_INT4 } from "@/server/limits";

/** Largest entry cap (the database checks the same bound). */
export const MAX_ENTRY_CAP = 10_000;

/** Highest spread cap (the database checks the same bound). */
export const MAX_SPREAD_CAP = 10_000;

const ms = (what: string, max: number) =>
  z.number(`Enter the ${what} in milliseconds.`).int(`Use whole milliseconds for the ${what}.`).min(0, `The ${what} cannot be negative.`).max(max, `The ${what} is too long.`);

const DAY_MS = 24 * 3_600_000;

/** Clock of every game: Fischer increment, optional per-move limit, overtime penalties, least-time
 * bonus; with a move allowance it is a correspondence clock (days per move and a bank of days,
 * engine/clock.ts), whose bank may run to 60 days. */
export const timeControlSchema = z
  .object({
    initialMs: ms("initial time", 60 * DAY_MS),
    incrementMs: ms("increment", 600_000).default(0),
    perMoveLimitMs: ms("per-move limit", 3_600_000).nullable().default(null),
    /** Points lost per started minute of overtime (NASPA: 10). */
    overtimePenaltyPoints: z.number().int().min(0).max(1000).default(10),
    /** Overtime allowed before the game is lost on time (default 10 minutes). */
    maxOvertimeMs: ms("maximum overtime", 3_600_000).default(600_000),
    /** Bonus for the player who used less time (0 = off). */
    leastTimeBonusPoints: z.number().int().min(0).max(1000).default(0),
    /** Correspondence: free time of every turn, refilled each turn (0 = a live clock). */
    moveAllowanceMs: ms("time per move", 30 * DAY_MS).optional(),
  })
  .superRefine((tc, ctx) => {
    if ((tc.moveAllowanceMs ?? 0) > 0) return; // correspondence: a bank of 0 to 60 days
    if (tc.initialMs < 10_000) ctx.addIssue({ code: "custom", path: ["initialMs"], message: "Give each player at least 10 seconds." });
    else if (tc.initialMs > 6 * 3_600_000) ctx.addIssue({ code: "custom", path: ["initialMs"], message: "The initial time is too long (at most 6 hours; for days, play by correspondence)." });
  }) satisfies z.ZodType<TimeControl>; // the engine's shape: a field missing here fails the type check
export type TimeControlInput = z.infer<typeof timeControlSchema>;

export const formatSchema = z.enum(TOURNAMENT_FORMATS, "Choose a format.");
export const pairingMethodSchema = z.enum(PAIRING_METHOD_CODES, "Choose Swiss or King of the Hill.");
export const tiebreakCodeSchema = z.enum(TIEBREAKS.map((t) => t.code) as [string, ...string[]], "Unknown tiebreak.");
const winsValue = z.union([z.literal(0), z.literal(0.5), z.literal(1)], "Use 0, ½ or 1 win.");

const nameSchema = z.string().trim().min(3, "The name needs at least 3 characters.").max(120, "Keep the name to 120 characters or fewer.");
const dateSchema = z.coerce.date("Enter a valid date.");

/** Settings a director may change while registration is open. */
export const tournamentSettingsSchema = z.object({
  name: nameSchema,
  description: z.string().trim().max(4000, "Keep the description to 4000 characters or fewer.").default(""),
  startsAt: dateSchema,
  endsAt: dateSchema.nullable().default(null),
  ruleset: rulesetSchema,
  /** Raw engine options; validated with the engine's parseRulesetOptions by the service. */
  rulesetOptions: z.record(z.string(), z.unknown()).default({}),
  timeControl: timeControlSchema.default(DEFAULT_TIME_CONTROL),
  /** Every rule a game can be played with (void, retry, single, double, 5-point, 10-point);
   * overrides rulesetOptions.challenge when given (tournaments.ts `resolveChallenge`). */
  challengeRule: z.enum(GAME_CHALLENGE_RULES, `Choose a challenge rule: ${GAME_CHALLENGE_RULES.join(", ")}.`).optional(),
  rated: z.boolean().default(true),
  /** 2 = head to head; 3–4 = pods (Swiss, King of the Hill and round robins; docs/tournament-maths.md "Pods"). */
  playersPerGame: z.number("Choose 2, 3 or 4 players a game.").int("Choose 2, 3 or 4 players a game.").min(2, "A game has at least 2 players.").max(4, "A game has at most 4 players.").default(2),
  format: formatSchema.default("swiss"),
  rounds: z.number("Enter a number of rounds.").int("Use a whole number of rounds.").min(1, "Play at least 1 round.").max(100, "At most 100 rounds.").default(5),
  byeWins: winsValue.default(1),
  byeSpread: z.number().int().min(0).max(500).default(50),
  forfeitSpread: z.number().int().min(0).max(500).default(50),
  /** Per-game cap on |spread| in standings and pairing scores (null: none). */
  spreadCap: z
    .number("Enter the spread cap in points, or leave it empty for none.")
    .int("Use a whole number of points for the spread cap.")
    .min(1, "A spread cap is at least 1 point (leave it empty for none).")
    .max(MAX_SPREAD_CAP, `A spread cap is at most ${MAX_SPREAD_CAP.toLocaleString("en")} points.`)
    .nullable()
    .default(null),
  lateEntryWins: winsValue.default(0),
  tiebreaks: z.array(tiebreakCodeSchema).max(6, "Use at most 6 tiebreaks.").default(["spread"]),
  gibson: z.boolean().default(false),
  gibsonSpread: z.number().int().min(0).max(1000).default(500),
  /** How many top places are Gibsonized once settled (1 = only first). */
  gibsonPlaces: z.number("Enter a number of places.").int("Use a whole number of places.").min(1, "Gibsonize at least first place.").max(10, "At most 10 places.").default(1),
  /** Places with prizes: contenders for them never meet a Gibson. */
  prizePlaces: z.number("Enter a number of places.").int("Use a whole number of places.").min(1, "At least 1 prize place.").max(100, "At most 100 prize places.").default(3),
  /** Swiss / King of the Hill: another method from a given round on (e.g. King of the Hill for the last round). */
  pairingPlan: z
    .array(z.object({ fromRound: z.number().int().min(1, "Rounds start at 1.").max(100, "At most 100 rounds."), method: pairingMethodSchema }))
    .max(20, "Use at most 20 steps in the pairing plan.")
    .default([]),
  bronzeMatch: z.boolean().default(false),
  grandFinal: z.enum(GRAND_FINAL_OPTIONS).default("simple"),
  /** No-show rule: minutes after the opponent came before an absent player forfeits (null: none). */
  noShowMinutes: z.number("Enter the no-show time in minutes.").int("Use whole minutes.").min(1, "Give players at least 1 minute to come.").max(240, "At most 240 minutes.").nullable().default(null),
  /** The live preview (PREVIEW_MODES); unset: "off" for a rated event, "full" for a casual one. */
  preview: z.enum(PREVIEW_MODES, "Choose full, score only or off.").optional(),
  /** Entries from the event's page (docs/entries.md): the window (null: from now / until round 1
   * is paired), the cap (null: none; beyond it entries wait on the waitlist), who may enter, and the
   * fields the entry form asks for. */
  entryOpensAt: dateSchema.nullable().default(null),
  entryClosesAt: dateSchema.nullable().default(null),
  entryCap: z
    .number("Enter the most players, or leave it empty for no limit.")
    .int("Use a whole number of players.")
    .min(2, "A cap lets in at least 2 players (leave it empty for no limit).")
    .max(MAX_ENTRY_CAP, `A cap is at most ${MAX_ENTRY_CAP.toLocaleString("en")} players.`)
    .nullable()
    .default(null),
  entryOpenTo: z.enum(ENTRY_OPEN_TO, "Choose club members or anyone signed in.").default("members"),
  entryFields: z
    .array(z.enum(ENTRY_FIELDS, "Unknown entry form field."))
    .max(ENTRY_FIELDS.length)
    .refine((f) => new Set(f).size === f.length, "Name each entry form field once.")
    .default([]),
});

export const createTournamentInput = tournamentSettingsSchema.extend({ clubId: z.uuid("That is not a valid club id.") });
export type CreateTournamentInput = z.infer<typeof createTournamentInput>;
export type TournamentSettingsInput = z.infer<typeof tournamentSettingsSchema>;

type NoDefault<F> = F extends z.ZodDefault<infer Inner> ? Inner : F;
/**
 * The schema of a patch: every field optional and WITHOUT its default. (`schema.partial()` keeps
 * each `.default()`, so a patch of `{ name }` would come out with every other setting reset.)
 */
function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([k, f]) => [k, (f instanceof z.ZodDefault ? (f.unwrap() as z.ZodType) : (f as z.ZodType)).optional()]));
  return z.object(shape as unknown as { [K in keyof S]: z.ZodOptional<NoDefault<S[K]>> });
}

/** A change of settings: only the fields sent change; a clock change names only the clock fields that change. */
export const updateTournamentInput = patchOf(tournamentSettingsSchema).extend({ timeControl: patchOf(timeControlSchema).optional() });
export type UpdateTournamentInput = z.infer<typeof updateTournamentInput>;

export const tournamentIdInput = z.object({ tournamentId: z.uuid("That is not a valid tournament id.") });
export const userIdSchema = z.uuid("That is not a valid user id.");

export const listTournamentsInput = z.object({
  clubId: z.uuid().optional(),
  status: z.enum(["upcoming", "running", "finished"]).optional(),
  limit: z.number().int().min(1).max(200).default(100),
});

export const addPlayersInput = z.object({
  /** Club member ids to add. */
  userIds: z.array(userIdSchema).max(500).default([]),
  /** E-mail addresses of any accounts (pasted: one a line, or separated by commas). */
  emails: z.string().max(20_000).default("").transform(splitEmails),
  /** Check the players in at once (handy on the day). */
  checkIn: z.boolean().default(false),
});

export const playerInput = z.object({ userId: userIdSchema });
export const checkInInput = z.object({ userId: userIdSchema, checkedIn: z.boolean().default(true) });
export const seedInput = z.object({
  userId: userIdSchema,
  seed: z.number("Enter a seed, or leave it empty.").int("A seed is a whole number.").min(1, "Seeds start at 1.").max(10_000, "A seed is at most 10,000.").nullable(),
});

/** Most forbidden pairs one tournament keeps (a family or a team is a handful of pairs). */
export const MAX_FORBIDDEN_PAIRS = 200;
/** Two entries the pairing engines keep apart (docs/tournaments.md "Forbidden pairs"). */
export const forbiddenPairInput = z.object({ a: userIdSchema, b: userIdSchema }).refine((p) => p.a !== p.b, { message: "Choose two different players.", path: ["b"] });

/** The member picker: club members not yet entered whose name or e-mail contains `query`. */
export const memberSearchInput = z.object({
  query: z.string().trim().max(120, "Type at most 120 characters.").default(""),
  limit: z.number().int().min(1).max(20).default(10),
});

export const roundInput = z.object({ roundNumber: z.number().int().min(1).max(1000) });
/** Pair the next round; `method` overrides the plan for this round only (Swiss and King of the Hill events). */
export const pairRoundInput = z.object({ method: pairingMethodSchema.optional() });
/** Swap two players in a draft; `confirm` applies it despite the warnings it would raise (repeat, forbidden pair, second bye). */
export const swapInput = z.object({ roundNumber: roundInput.shape.roundNumber, a: userIdSchema, b: userIdSchema, confirm: z.boolean().default(false) });
/** A round paired on the director's device offline (docs/offline.md): its boards and byes, to store as a draft. */
export const devicePairingInput = z.object({
  roundNumber: roundInput.shape.roundNumber,
  boards: z.array(z.object({ table: z.number().int().min(1).max(1000), players: z.array(userIdSchema).min(2).max(4) })).max(1000, "At most 1000 boards."),
  byes: z.array(userIdSchema).max(1000, "At most 1000 byes."),
});
export const flipInput = z.object({ pairingId: z.uuid() });
/** Start (or restart) a published round's clock; `startGames` also starts every waiting online game. */
export const startRoundInput = z.object({
  roundNumber: roundInput.shape.roundNumber,
  minutes: z
    .number("Enter the round's length in minutes.")
    .int("Use whole minutes for the round.")
    .min(ROUND_MINUTES.min, `A round lasts at least ${ROUND_MINUTES.min} minute.`)
    .max(ROUND_MINUTES.max, `A round lasts at most ${ROUND_MINUTES.max} minutes (a day).`),
  startGames: z.boolean().default(false),
});

/** A score typed by a director (the rule and its sentences: server/domain/scores.ts). */
const scoreSchema = z.number("Enter a score.").superRefine((v, ctx) => {
  const problem = scoreProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const enterResultInput = z.object({
  pairingId: z.uuid("That is not a valid pairing id."),
  /** userId → score, one per player of the board (2–4). */
  scores: z
    .record(z.uuid(), scoreSchema, "Enter a score for each player of this board.")
    .refine((r) => Object.keys(r).length >= 1 && Object.keys(r).length <= 4, "Enter a score for each player of this board."),
  /** The player who forfeited (scores are then ignored for standings). */
  forfeitUserId: userIdSchema.nullable().default(null),
  /** The pairing version the form was loaded with (optimistic concurrency). */
  expectedVersion: z.number().int().min(0).max(MAX_INT4).optional(),
});

export const staffInput = z.object({ email: z.email("Enter a valid e-mail address.").trim().toLowerCase(), role: z.enum(TOURNAMENT_STAFF_ROLES) });
export const explainInput = z.object({ a: userIdSchema, b: userIdSchema });

const answer = (what: string, max: number) => z.string(`Enter your ${what} as text.`).trim().max(max, `Keep your ${what} to ${max} characters or fewer.`);

/** The entry form's answers as sent; the service keeps only the fields the event asks for and
 * requires class, club and age when asked (entries.ts `entryDetailsFor`). */
export const entryDetailsInput = z
  .strictObject(
    {
    class: answer("rating class", ENTRY_TEXT_LIMITS.class).optional(),
    club: answer("club", ENTRY_TEXT_LIMITS.club).optional(),
    age: z.enum(AGE_CATEGORIES, "Choose junior, adult or senior.").optional(),
    notes: answer("notes", ENTRY_TEXT_LIMITS.notes).optional(),
    },
    "The entry form has only class, club, age and notes.",
  )
  .default({});
export const enterInput = z.object({ details: entryDetailsInput });

/** Longest text the desk accepts as a check-in code (ours are 74 characters). */
export const MAX_CODE_LENGTH = 200;
/** The desk: a scanned or typed check-in code (a hand scanner may add spaces or a newline). */
export const deskScanInput = z.object({
  code: z.string("Scan or type a check-in code.").trim().min(1, "Scan or type a check-in code.").max(MAX_CODE_LENGTH, "That is too long to be a check-in code."),
});
export const deskSearchInput = z.object({
  query: z.string().trim().max(120, "Type at most 120 characters.").default(""),
  limit: z.number().int().min(1).max(50).default(20),
});
/** A fee record (amount in minor units of the event's currency; fees.ts says what is kept for owed and waived). */
export const setFeeInput = z.object({
  userId: userIdSchema,
  status: z.enum(FEE_STATUSES, "Choose owed, paid or waived."),
  amount: z.number("Enter an amount.").int("Enter the amount in whole cents.").min(0, "An amount cannot be negative.").max(100_000_000, "That amount is too large.").default(0),
  method: z.enum(FEE_METHODS, "Choose cash, transfer or card.").nullable().default(null),
  note: z.string().trim().max(500, "Keep the note to 500 characters or fewer.").default(""),
  expectedUpdatedAt: z.coerce.date("That is not a valid time.").nullable(),
});
/** The entry fee (minor units), its currency and the check-in window (minutes before the start; null: none). */
export const deskSettingsInput = z.object({
  entryFee: z.number("Enter the fee.").int("Enter the fee in whole cents.").min(0, "A fee cannot be negative.").max(100_000_000, "That fee is too large."),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Use a three-letter currency code such as EUR."),
  checkInMinutes: z.number().int("Use whole minutes.").min(5, "Open check-in at least 5 minutes before the start.").max(1440, "Open check-in at most 24 hours (1440 minutes) before the start.").nullable(),
});
