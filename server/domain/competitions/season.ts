/**
 * A season's calendar: its dates and rounds, each with a play-by window, checked against the
 * divisions it has to serve.
 *
 * Rules (docs/competitions.md, "Seasons"):
 * - Dates are calendar days "YYYY-MM-DD" (the club's own time zone; the service turns them into
 *   instants). A round opens on its first day and must be played by the end of its last day.
 * - Windows lie inside the season, in order, and do not overlap (a round may open the day after
 *   the previous one closes, or later).
 * - A round robin needs N − 1 rounds for a division of N players (N when N is odd, each player
 *   sitting out once); `roundsNeeded` says how many, and `checkSeason` refuses a plan with too few
 *   rounds for its largest round-robin division. Swiss needs no particular number.
 * - Which round is open on a given day is `openRound(season, day)`: time is passed in, never read.
 */
import { okC, refuse, type CompResult } from "./types";

export interface SeasonRound {
  opens: string;
  closes: string;
}
export interface SeasonPlan {
  starts: string;
  ends: string;
  rounds: SeasonRound[];
}
export const MAX_SEASON_ROUNDS = 60;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day in "YYYY-MM-DD" form (leap years included), checked by whole-number rules. */
export function isDay(s: unknown): s is string {
  if (typeof s !== "string") return false;
  const m = DAY.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/** Rounds a round robin of `players` needs (each meets each once). */
export const roundsNeeded = (players: number): number => (players < 2 ? 0 : players % 2 === 0 ? players - 1 : players);

/** Check a season's calendar; `roundRobinSize` is its largest round-robin division, if any. */
export function checkSeason(plan: SeasonPlan, roundRobinSize?: number): CompResult<SeasonPlan> {
  if (!isDay(plan.starts)) return refuse("BAD_RULE", `The season's first day "${plan.starts}" is not a date (YYYY-MM-DD).`, "starts");
  if (!isDay(plan.ends)) return refuse("BAD_RULE", `The season's last day "${plan.ends}" is not a date (YYYY-MM-DD).`, "ends");
  if (plan.ends < plan.starts) return refuse("BAD_RULE", `The season ends (${plan.ends}) before it starts (${plan.starts}).`, "ends");
  if (plan.rounds.length === 0) return refuse("BAD_RULE", "A season needs at least one round.", "rounds");
  if (plan.rounds.length > MAX_SEASON_ROUNDS) return refuse("BAD_RULE", `A season has at most ${MAX_SEASON_ROUNDS} rounds.`, "rounds");
  for (const [i, r] of plan.rounds.entries()) {
    const n = i + 1;
    if (!isDay(r.opens) || !isDay(r.closes)) return refuse("BAD_RULE", `Round ${n}: its window needs two dates (YYYY-MM-DD).`, "rounds");
    if (r.closes < r.opens) return refuse("BAD_RULE", `Round ${n} closes (${r.closes}) before it opens (${r.opens}).`, "rounds");
    if (r.opens < plan.starts || r.closes > plan.ends) return refuse("BAD_RULE", `Round ${n} (${r.opens} to ${r.closes}) is not inside the season (${plan.starts} to ${plan.ends}).`, "rounds");
    const prev = plan.rounds[i - 1];
    if (prev && r.opens <= prev.closes) return refuse("BAD_RULE", `Round ${n} opens on ${r.opens}, before round ${i} closes (${prev.closes}); windows must not overlap.`, "rounds");
  }
  if (roundRobinSize !== undefined && plan.rounds.length < roundsNeeded(roundRobinSize))
    return refuse(
      "BAD_RULE",
      `A round robin of ${roundRobinSize} players needs ${roundsNeeded(roundRobinSize)} rounds; the season has ${plan.rounds.length}. Add rounds or make the divisions smaller.`,
      "rounds",
    );
  return okC(plan);
}

/** The round open on `day` (1-based), or null between windows and outside the season. */
export function openRound(plan: SeasonPlan, day: string): number | null {
  const i = plan.rounds.findIndex((r) => r.opens <= day && day <= r.closes);
  return i < 0 ? null : i + 1;
}
