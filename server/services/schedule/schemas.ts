/**
 * Input rules for self-scheduled games (docs/competitions.md "Scheduling a game", "Unplayed games",
 * "Reporting a result yourselves"), shared by the procedures and the forms. Times travel as ISO
 * strings or dates; sizes are bounded (1–5 times, a note of 500 characters).
 */
import { z } from "zod";
import { MAX_DATE_MS } from "@/server/limits";

/** How many start times one proposal may offer. */
export const MAX_PROPOSED_TIMES = 5;
/** The longest note on a proposal, a report or a decision. */
export const MAX_NOTE = 500;

const when = (what: string) =>
  z.coerce
    .date(`Enter a valid ${what}.`)
    .refine((d) => !Number.isNaN(d.getTime()) && Math.abs(d.getTime()) < MAX_DATE_MS, `Enter a valid ${what}.`);

const note = z.string().trim().max(MAX_NOTE, `Keep the note to ${MAX_NOTE} characters or fewer.`).default("");
const pairingId = z.uuid("That is not a valid board id.");
const proposalId = z.uuid("That is not a valid proposal id.");
const reportId = z.uuid("That is not a valid report id.");

export const timesSchema = z
  .array(when("time"), "Offer one to five start times.")
  .min(1, "Offer at least one start time.")
  .max(MAX_PROPOSED_TIMES, `Offer at most ${MAX_PROPOSED_TIMES} start times.`);

export const proposeInput = z.object({ pairingId, times: timesSchema, note });
export const acceptInput = z.object({ proposalId, time: when("time") });
export const counterInput = z.object({ proposalId, times: timesSchema, note });
export const proposalIdInput = z.object({ proposalId });
export const openGameInput = z.object({ pairingId });
export const mineInput = z.object({ tournamentId: z.uuid("That is not a valid tournament id.").optional() }).default({});

/** A round's play-by window; both null clears it. */
export const windowInput = z
  .object({ roundNumber: z.number().int().min(1).max(1000), playFrom: when("start of the window").nullable(), playBy: when("end of the window").nullable() })
  .refine((w) => (w.playFrom === null) === (w.playBy === null), { message: "Give the window both a start and an end, or clear both.", path: ["playBy"] })
  .refine((w) => !w.playFrom || !w.playBy || w.playBy.getTime() > w.playFrom.getTime(), { message: "The window must end after it starts.", path: ["playBy"] });

export const UNPLAYED_DECISIONS = ["forfeit", "double-forfeit", "extend"] as const;
export type UnplayedDecision = (typeof UNPLAYED_DECISIONS)[number];

export const decideInput = z
  .object({
    pairingId,
    decision: z.enum(UNPLAYED_DECISIONS, "Choose forfeit, double forfeit or extend."),
    /** forfeit: the player who forfeits (loses). */
    forfeitUserId: z.uuid("That is not a valid player id.").nullable().default(null),
    /** extend: the new deadline. */
    playBy: when("new deadline").nullable().default(null),
    reason: note,
  })
  .refine((d) => d.decision !== "forfeit" || d.forfeitUserId !== null, { message: "Choose the player who forfeits.", path: ["forfeitUserId"] })
  .refine((d) => d.decision !== "extend" || d.playBy !== null, { message: "Give the new deadline.", path: ["playBy"] })
  .refine((d) => d.decision === "extend" || d.reason.length > 0, { message: "Give the reason for the forfeit (the players read it).", path: ["reason"] });

const score = z.number("Enter each score as a number.").int("Scores are whole numbers.").min(-9999, "That score is too low.").max(9999, "That score is too high.");
export const reportInput = z.object({
  pairingId,
  scores: z
    .record(z.uuid(), score, "Enter a score for each player of this board.")
    .refine((r) => Object.keys(r).length >= 2 && Object.keys(r).length <= 4, "Enter a score for each player of this board."),
  note,
});
export const reportIdInput = z.object({ reportId });
export const disputeInput = z.object({ reportId, note });
