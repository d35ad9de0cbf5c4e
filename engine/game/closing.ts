/**
 * Closing a decided game and the events the server owes (docs/matches.md "Clocks"; Woogles:
 * time penalties computed at the end from each player's overtime): the time events due, `end`
 * with the winners, and `nextDueEvent`, the one rule for what is due at a moment.
 */
import * as C from "../clock";
import type { Ms } from "../clock";
import type { EndEvent, GameEvent, TimeBonusEvent, TimePenaltyEvent } from "./events";
import { copy, fail, ok, playerIndex, type GameState, type R } from "./state";

// ---------------------------------------------------------------------------------------------
// Closing

/** The time events due when a game is decided (Woogles: penalties computed at the end from each
 * player's overtime; a time loss charges the full maximum) — penalties first, then the bonus. */
export function dueTimeEvents(s: GameState): Array<TimePenaltyEvent | TimeBonusEvent> {
  if (!s.clock || !s.end) return [];
  const c = s.clock;
  const at = s.end.at;
  const out: Array<TimePenaltyEvent | TimeBonusEvent> = [];
  if (s.end.reason === "director") return out; // the director's result already says everything
  s.players.forEach((pl, i) => {
    let ot = C.overtimeMs(c, i, at);
    if (s.end!.reason === "timeout" && s.end!.player === i) ot = Math.max(ot, c.tc.maxOvertimeMs);
    const points = C.overtimePenalty(c.tc, ot);
    if (points > 0) out.push({ type: "time-penalty", at, player: pl.id, points, overtimeMs: Math.min(ot, c.tc.maxOvertimeMs) });
  });
  if (s.end.reason !== "resign" && s.end.reason !== "timeout") {
    C.leastTimeBonus(c.tc, C.usedTotals(c, at)).forEach((points, i) => {
      if (points > 0) out.push({ type: "time-bonus", at, player: s.players[i].id, points });
    });
  }
  return out;
}

/** Events the server appends once a game is decided (phase "finishing"): the time events still
 * due, then `end`. `at` defaults to the moment the game was decided. */
export function closingEvents(s: GameState, at?: Ms): GameEvent[] {
  if (s.phase !== "finishing" || !s.end) return [];
  const t = Math.max(at ?? s.end.at, s.lastAt);
  return [...dueTimeEvents(s).slice(recorded(s)).map((x) => ({ ...x, at: t })), { type: "end", at: t }];
}

/**
 * The next event the server owes at `now` (docs/matches.md "Clocks"): once the game is decided,
 * the first of `closingEvents`; while it is played, a timeout when the player on move passed the
 * maximum overtime, or a forfeit pass when the per-move limit ran out (whichever came first).
 * Each is stamped with the moment it became due, never before the last event. Apply it and ask
 * again: each may make the next one due. Null when nothing is owed.
 */
export function nextDueEvent(s: GameState, now: Ms): GameEvent | null {
  if (s.phase === "finishing") return closingEvents(s)[0] ?? null;
  if (s.phase !== "playing" || !s.clock || s.paused || s.clock.running === null) return null;
  const c = s.clock;
  const flag = C.flagAt(c);
  const deadline = C.moveDeadline(c);
  const flagDue = flag !== null && now > flag;
  const moveDue = deadline !== null && now > deadline;
  if (flagDue && (!moveDue || flag! + 1 <= deadline!)) {
    return { type: "timeout", at: Math.max(s.lastAt, Math.min(now, flag! + 1)), player: s.players[s.turn].id };
  }
  if (moveDue) return { type: "pass", at: Math.max(s.lastAt, Math.min(now, deadline!)), player: s.players[s.turn].id, forfeit: true };
  return null;
}

function recorded(s: GameState): number {
  const e = s.end!;
  return e.timePenalties.filter((x) => x !== 0).length + e.timeBonuses.filter((x) => x !== 0).length;
}

export function timeEvent(s0: GameState, e: TimePenaltyEvent | TimeBonusEvent): R {
  if (!s0.clock) return fail("NO_CLOCK", "this game has no clock");
  const due = dueTimeEvents(s0)[recorded(s0)];
  const matches =
    due !== undefined &&
    due.type === e.type &&
    due.player === e.player &&
    due.points === e.points &&
    (e.type === "time-bonus" || (due as TimePenaltyEvent).overtimeMs === (e as TimePenaltyEvent).overtimeMs);
  if (!matches) {
    const want = due ? `${due.type} ${due.player} ${due.points}` : "no further time event";
    return fail("WRONG_TIME_EVENT", `the clock calls for ${want}`);
  }
  const s = copy(s0);
  const i = playerIndex(s, e.player);
  const end = { ...s.end!, timePenalties: s.end!.timePenalties.slice(), timeBonuses: s.end!.timeBonuses.slice() };
  if (e.type === "time-penalty") {
    s.scores[i] -= e.points;
    end.timePenalties[i] -= e.points;
  } else {
    s.scores[i] += e.points;
    end.timeBonuses[i] += e.points;
  }
  s.end = end;
  return ok(s);
}

export function endGame(s0: GameState, e: EndEvent): R {
  if (recorded(s0) < dueTimeEvents(s0).length) return fail("CLOSING_INCOMPLETE", "record the time penalties and bonus first (closingEvents)");
  const s = copy(s0);
  const end = s.end!;
  let winners: number[];
  if ((end.reason === "resign" || end.reason === "timeout") && end.player !== null) {
    winners = s.players.map((_, i) => i).filter((i) => i !== end.player);
  } else if (end.reason === "director") {
    winners = [];
  } else {
    const best = Math.max(...s.scores);
    winners = s.scores.flatMap((x, i) => (x === best ? [i] : []));
  }
  s.end = { ...end, winners };
  s.phase = "over";
  void e;
  return ok(s);
}
