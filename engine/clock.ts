/**
 * Game clocks as pure values advanced with an explicit `now` (ms since the epoch, or any fixed
 * origin in tests). Nothing here reads the system time (docs/conventions.md, principle 7).
 *
 * Rules (docs/spec/rulesets.md "Clocks"; Woogles' overtime rules, liwords `pkg/gameplay/end.go`):
 * - Each player has a budget (`initialMs`), plus a Fischer increment (`incrementMs`) credited
 *   after each completed turn, also while in overtime (it pays overtime back).
 * - Time past the budget is overtime. At the end of the game each player loses
 *   `overtimePenaltyPoints` (default 10) per started minute of overtime: 10 × ⌈ms / 60 000⌉,
 *   overtime capped at `maxOvertimeMs` (default 10 min).
 * - Passing the cap (overtime strictly greater than `maxOvertimeMs`) loses the game on time; the
 *   loser is charged the full maximum penalty (Woogles).
 * - Per-move limit (`perMoveLimitMs`, optional; seed 000's "time limit on each play"): our
 *   decision — a turn may not take longer. When it runs out, the server appends a forfeit `pass`
 *   at `moveDeadline()`; a play, exchange or challenge submitted after it is refused
 *   (MOVE_TIME_EXCEEDED in engine/game/game.ts). The move limit counts only running time (pauses
 *   excluded) and is independent of the budget: overtime is still charged as above.
 * - Least-time bonus (`leastTimeBonusPoints`, default 0): in a game that ends by play (going out,
 *   successive passes, scoreless turns), the one player who used strictly the least total time
 *   gains it; a tie for least gains nothing. Not awarded on resignation or timeout. Overtime does
 *   not disqualify (a player in overtime cannot have used the least time anyway unless all did).
 * - Pause/resume: a judge's ruling stops the running clock; nothing is charged while paused.
 * - Move allowance (`moveAllowanceMs`, default 0; correspondence play, docs/competitions.md
 *   "Correspondence"): each turn first spends its own allowance, refilled at every turn and never
 *   carried over; only time past it comes off the budget (the bank). "2 days per move + 5 days
 *   bank" is `{ moveAllowanceMs: 2 days, initialMs: 5 days, incrementMs: 0, maxOvertimeMs: 0,
 *   overtimePenaltyPoints: 0 }`: a turn may take up to 2 days for free, a slower turn draws on the
 *   5 days, and the player to move loses on time once both are spent. (Chess players know this as
 *   a Bronstein delay; as a delay it also works for live games.) A challenge hands the clock to the
 *   challenger with a fresh allowance, as it resets the per-move limit.
 */
import type { Result } from "./ruleset";

/** Milliseconds (integers). */
export type Ms = number;

export const OVERTIME_UNIT_MS: Ms = 60_000;

export interface TimeControl {
  /** budget per player */
  readonly initialMs: Ms;
  /** credited after each completed turn (Fischer) */
  readonly incrementMs: Ms;
  /** longest allowed single turn; null: none */
  readonly perMoveLimitMs: Ms | null;
  /** points lost per started minute of overtime */
  readonly overtimePenaltyPoints: number;
  /** overtime allowed before the game is lost on time */
  readonly maxOvertimeMs: Ms;
  /** points for the player who used strictly the least time (0: none) */
  readonly leastTimeBonusPoints: number;
  /** free time of every turn before the budget is charged, refilled each turn (0: none) */
  readonly moveAllowanceMs?: Ms;
}

export const DEFAULT_TIME_CONTROL: TimeControl = {
  initialMs: 25 * 60_000,
  incrementMs: 0,
  perMoveLimitMs: null,
  overtimePenaltyPoints: 10,
  maxOvertimeMs: 10 * 60_000,
  leastTimeBonusPoints: 0,
  moveAllowanceMs: 0,
};

const INT_KEYS = ["initialMs", "incrementMs", "overtimePenaltyPoints", "maxOvertimeMs", "leastTimeBonusPoints", "moveAllowanceMs"] as const;

/** Validate a raw time control (JSON); missing fields take the defaults. */
export function parseTimeControl(raw: unknown): Result<TimeControl> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: false, error: "timeControl must be an object" };
  const r = raw as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_TIME_CONTROL };
  for (const [k, v] of Object.entries(r)) {
    if (k === "perMoveLimitMs") {
      if (v === null || v === undefined) continue;
      if (typeof v !== "number" || !Number.isSafeInteger(v) || v <= 0) return { ok: false, error: "perMoveLimitMs must be a positive integer or null" };
      out[k] = v;
    } else if ((INT_KEYS as readonly string[]).includes(k)) {
      if (v === undefined) continue;
      if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) return { ok: false, error: `${k} must be a non-negative integer` };
      out[k] = v;
    } else {
      return { ok: false, error: `unknown time control field "${k}"` };
    }
  }
  if ((out.initialMs as number) <= 0 && (out.incrementMs as number) <= 0 && (out.moveAllowanceMs as number) <= 0)
    return { ok: false, error: "initialMs, incrementMs or moveAllowanceMs must be positive" };
  return { ok: true, value: out as unknown as TimeControl };
}

export interface Clock {
  readonly tc: TimeControl;
  /** budget left per player as of `since` (negative: in overtime) */
  readonly bank: readonly Ms[];
  /** total time used per player as of `since` */
  readonly used: readonly Ms[];
  /** whose clock runs (null: stopped, before start or after the end) */
  readonly running: number | null;
  /** when the current running segment began (the last charge) */
  readonly since: Ms;
  readonly paused: boolean;
  /** time the running player has spent on the current turn before `since` */
  readonly moveUsed: Ms;
}

/** A clock for n players; `first`'s time starts running at `now`. */
export function startClock(tc: TimeControl, players: number, first: number, now: Ms): Clock {
  return {
    tc,
    bank: Array.from({ length: players }, () => tc.initialMs),
    used: Array.from({ length: players }, () => 0),
    running: first,
    since: now,
    paused: false,
    moveUsed: 0,
  };
}

function elapsed(c: Clock, now: Ms): Ms {
  return c.running === null || c.paused ? 0 : Math.max(0, now - c.since);
}

/** What is left of the running turn's allowance (0 without one). */
function allowanceLeft(c: Clock): Ms {
  return Math.max(0, (c.tc.moveAllowanceMs ?? 0) - c.moveUsed);
}

/** Of `e` ms just spent on the running turn, what comes off the budget (past the allowance). */
function charged(c: Clock, e: Ms): Ms {
  return Math.max(0, e - allowanceLeft(c));
}

/** Charge the running player up to `now` (no switch). */
export function charge(c: Clock, now: Ms): Clock {
  const e = elapsed(c, now);
  if (c.running === null || c.paused) return { ...c, since: Math.max(c.since, now) };
  const i = c.running;
  const bank = c.bank.slice();
  const used = c.used.slice();
  bank[i] -= charged(c, e);
  used[i] += e;
  return { ...c, bank, used, since: now, moveUsed: c.moveUsed + e };
}

/** The running player completes a turn at `now`: charged, credited the increment, and `next`'s
 * clock starts (null stops the clock). */
export function press(c: Clock, now: Ms, next: number | null): Clock {
  const x = charge(c, now);
  const bank = x.bank.slice();
  if (x.running !== null) bank[x.running] += x.tc.incrementMs;
  return { ...x, bank, running: next, moveUsed: 0 };
}

/** Hand the clock to `next` without completing a turn (a challenge; no increment). When `next`
 * is the running player, the current turn simply continues. */
export function switchTo(c: Clock, now: Ms, next: number | null): Clock {
  const x = charge(c, now);
  if (next === x.running) return x;
  return { ...x, running: next, moveUsed: 0 };
}

/** Stop the clock for a judge's ruling. */
export function pause(c: Clock, now: Ms): Clock {
  if (c.paused) return c;
  return { ...charge(c, now), paused: true };
}

export function resume(c: Clock, now: Ms): Clock {
  if (!c.paused) return c;
  return { ...c, paused: false, since: now };
}

/** Stop for good (game over). */
export function stop(c: Clock, now: Ms): Clock {
  return { ...charge(c, now), running: null, moveUsed: 0 };
}

/** Budget left for player i at `now` (negative: overtime). */
export function remaining(c: Clock, i: number, now: Ms): Ms {
  return c.bank[i] - (c.running === i ? charged(c, elapsed(c, now)) : 0);
}

/** What player i has left to move at `now`: the rest of this turn's allowance plus the budget
 * (for "2 days 3 h left to move"); a player not to move has a whole allowance ahead. */
export function timeToMove(c: Clock, i: number, now: Ms): Ms {
  const allowance = c.running === i ? Math.max(0, allowanceLeft(c) - elapsed(c, now)) : (c.tc.moveAllowanceMs ?? 0);
  return allowance + Math.max(0, remaining(c, i, now));
}

/** Overtime of player i at `now` (0 while within budget). */
export function overtimeMs(c: Clock, i: number, now: Ms): Ms {
  return Math.max(0, -remaining(c, i, now));
}

/** Penalty for an overtime: points × ⌈ms / 1 min⌉, overtime capped at the maximum. */
export function overtimePenalty(tc: TimeControl, ms: Ms): number {
  const capped = Math.min(Math.max(0, ms), tc.maxOvertimeMs);
  return tc.overtimePenaltyPoints * Math.ceil(capped / OVERTIME_UNIT_MS);
}

/** Beyond the maximum overtime: the game is lost on time. */
export function isFlagged(c: Clock, i: number, now: Ms): boolean {
  return overtimeMs(c, i, now) > c.tc.maxOvertimeMs;
}

/** The last instant the running player is not yet flagged (flagged at any later `now`); null when
 * no clock runs. The server schedules a `timeout` event just after it. */
export function flagAt(c: Clock): Ms | null {
  if (c.running === null || c.paused) return null;
  return c.since + allowanceLeft(c) + c.bank[c.running] + c.tc.maxOvertimeMs;
}

/** Running time spent on the current turn at `now`. */
export function moveElapsed(c: Clock, now: Ms): Ms {
  return c.moveUsed + elapsed(c, now);
}

/** When the current turn's per-move limit runs out (null: no limit, or no clock running). */
export function moveDeadline(c: Clock): Ms | null {
  if (c.tc.perMoveLimitMs === null || c.running === null || c.paused) return null;
  return c.since + (c.tc.perMoveLimitMs - c.moveUsed);
}

/** True when the per-move limit is exceeded at `now`. */
export function moveTimeExceeded(c: Clock, now: Ms): boolean {
  return c.tc.perMoveLimitMs !== null && moveElapsed(c, now) > c.tc.perMoveLimitMs;
}

/** Total time used per player at `now`. */
export function usedTotals(c: Clock, now: Ms): Ms[] {
  return c.used.map((u, i) => u + (c.running === i ? elapsed(c, now) : 0));
}

/** End-of-game overtime penalties per player at `now` (positive numbers, to subtract). */
export function timePenalties(c: Clock, now: Ms): number[] {
  return c.bank.map((_, i) => overtimePenalty(c.tc, overtimeMs(c, i, now)));
}

/** Least-time bonus per player: `leastTimeBonusPoints` for the one player with strictly the
 * least used time, 0 for everyone else (and for all on a tie, or when the bonus is 0). */
export function leastTimeBonus(tc: TimeControl, used: readonly Ms[]): number[] {
  const out = used.map(() => 0);
  if (tc.leastTimeBonusPoints <= 0 || used.length === 0) return out;
  const min = Math.min(...used);
  const at = used.flatMap((u, i) => (u === min ? [i] : []));
  if (at.length === 1) out[at[0]] = tc.leastTimeBonusPoints;
  return out;
}

/** Whether a time control is a correspondence clock (a move allowance: days per move). */
export function isCorrespondence(tc: Pick<TimeControl, "moveAllowanceMs"> | null | undefined): boolean {
  return (tc?.moveAllowanceMs ?? 0) > 0;
}

/** A time left in words, to the unit that matters: "2 days 3 h", "1 day", "5 h 20 min", "12 min",
 * "less than a minute" (rounded down: never more than is really left). */
export function describeTimeLeft(ms: Ms): string {
  if (ms < 60_000) return "less than a minute";
  const min = Math.floor(ms / 60_000);
  const days = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  const m = min % 60;
  if (days > 0) return `${days} day${days === 1 ? "" : "s"}${h ? ` ${h} h` : ""}`;
  if (h > 0) return `${h} h${m ? ` ${m} min` : ""}`;
  return `${m} min`;
}
