/**
 * A season's calendar as stored, and the play-by window of a round (docs/competitions.md "Running a
 * season"). Decision: the season stores its rounds' windows as calendar days in its rules
 * (`rules.calendar`, checked by the domain's `checkSeason`); the director gives the first day, the
 * days a round lasts and (Swiss) the number of rounds, and round k opens on first day +
 * (k − 1) × days. A window opens at 00:00 UTC of its first day and closes at 00:00 UTC of the day
 * after its last day. Caveat: clubs have no time zone yet, so "a day" is a UTC day.
 * `playWindowFor` is what the round lifecycle (server/services/tournaments/rounds.ts) asks when it
 * pairs a round of a season's division, so each round carries its window.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { competitions, type Tournament } from "@/db/schema";
import type { SeasonPlan, SeasonRound } from "@/server/domain";

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

const DAY_MS = 86_400_000;
/** Midnight UTC at the start of a "YYYY-MM-DD" day. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);
/** The day `n` days after `day`. */
export const addDays = (day: string, n: number): string => new Date(dayStart(day).getTime() + n * DAY_MS).toISOString().slice(0, 10);
/** Today as "YYYY-MM-DD" (UTC), for defaults. */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

export interface StoredCalendar extends SeasonPlan {
  roundDays: number;
}

/** `rounds` windows of `roundDays` days each, back to back from `starts`. */
export function buildCalendar(starts: string, roundDays: number, rounds: number): StoredCalendar {
  const list: SeasonRound[] = Array.from({ length: rounds }, (_, i) => ({ opens: addDays(starts, i * roundDays), closes: addDays(starts, (i + 1) * roundDays - 1) }));
  return { starts, ends: list.at(-1)?.closes ?? starts, rounds: list, roundDays };
}

/** The stored calendar of a season's rules, or null when there is none (an old or hand-made row). */
export function calendarOf(rules: unknown): StoredCalendar | null {
  if (!isRecord(rules) || !isRecord(rules.calendar)) return null;
  const c = rules.calendar;
  if (typeof c.starts !== "string" || typeof c.ends !== "string" || typeof c.roundDays !== "number" || !Array.isArray(c.rounds)) return null;
  return c as unknown as StoredCalendar;
}

/** A round's window as instants: from the start of its first day to the end of its last. */
export const windowOf = (r: SeasonRound): { playFrom: Date; playBy: Date } => ({ playFrom: dayStart(r.opens), playBy: dayStart(addDays(r.closes, 1)) });

/** The window of round `round` of a season's division; nulls for any other event or a round past the calendar. */
export async function playWindowFor(tx: DbOrTx, t: Pick<Tournament, "competitionId">, round: number): Promise<{ playFrom: Date | null; playBy: Date | null }> {
  const none = { playFrom: null, playBy: null };
  if (!t.competitionId) return none;
  const [c] = await tx.select({ kind: competitions.kind, rules: competitions.rules }).from(competitions).where(eq(competitions.id, t.competitionId)).limit(1);
  if (!c || c.kind !== "season") return none;
  const r = calendarOf(c.rules)?.rounds[round - 1];
  return r ? windowOf(r) : none;
}
