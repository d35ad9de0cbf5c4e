/**
 * The pure half of a match's folded state (no I/O, so the browser runs it too: the scorekeeper
 * station folds its queued moves on the device, app/_offline/station.ts): the state and the public
 * scoresheet folded event by event, and what the clock owes at `now`. state.ts loads and caches.
 */
import { clock as C, describeEvent, foldCommitted, nextDueEvent, settleDue, type GameError, type GameEvent, type GameState, type PlayVerdict, type Result, type SheetLine } from "@/engine";

/** One line of the scoresheet (public: safe for players and spectators alike): the engine's
 * `describeEvent` (seat, text, points, placements) plus where it stands in the log. */
export interface SheetEntry extends SheetLine {
  seq: number;
  type: GameEvent["type"];
  at: number;
  /** turns taken after this event (engine moveNumber) */
  move: number;
  /** every seat's total after the event */
  totals: number[];
  /** clock of `seat` after the event (budget left, negative in overtime); null untimed */
  clockMs: number | null;
}

export interface Folded {
  version: number;
  state: GameState;
  sheet: SheetEntry[];
}

export interface StoredEvent {
  seq: number;
  event: GameEvent;
  actorId: string | null;
  /** the adjudicator's verdict on a play, as the writer kept it (null: none kept, or not a play) */
  verdict?: PlayVerdict | null;
}

/** Apply one stored event to a folded state; an engine error here means the log is corrupt.
 * `verdict`: the one the server kept with the committed event (match_events.verdict; never a
 * client's): the play is then folded without adjudicating it again (the engine's `foldCommitted`).
 * The device (app/_offline/station.ts) folds without one, so it adjudicates every play. */
export function step(prev: Folded | null, seq: number, event: GameEvent, verdict?: PlayVerdict | null): Result<Folded, GameError> {
  const r = foldCommitted(prev?.state ?? null, event, verdict);
  if (!r.ok) return r;
  return { ok: true, value: extend(prev, seq, event, r.value) };
}

/** `prev` extended by `event`, whose resulting state the engine already computed (`act`'s `states`). */
export function extend(prev: Folded | null, seq: number, event: GameEvent, after: GameState): Folded {
  const d = describeEvent(prev?.state ?? null, after, event);
  const entry: SheetEntry = {
    seq,
    type: event.type,
    at: event.at,
    move: after.moveNumber,
    ...d,
    totals: after.scores.slice(),
    clockMs: after.clock && d.seat !== null ? C.remaining(after.clock, d.seat, event.at) : null,
  };
  return { version: seq, state: after, sheet: [...(prev?.sheet ?? []), entry] };
}

/** An event written to the log: the seq it takes, who did it and the request's key (server-owed
 * events: neither), and the adjudicator's verdict on a play (kept with it: `step`). */
export interface Appended {
  seq: number;
  event: GameEvent;
  actorId: string | null;
  clientId: string | null;
  verdict?: PlayVerdict | null;
}

/** `act`'s events folded onto `f` (the states are the engine's: nothing is applied twice); the
 * action's own event (`own.index`) carries its actor and key. */
export function foldActed(
  f: Folded,
  out: { events: readonly GameEvent[]; states: readonly GameState[] },
  own: { index: number | null; actorId: string | null; clientId: string | null; verdict?: PlayVerdict | null } = NOBODY,
): { folded: Folded; appended: Appended[] } {
  const appended: Appended[] = [];
  for (let i = 0; i < out.events.length; i++) {
    const event = out.events[i]!;
    f = extend(f, f.version + 1, event, out.states[i]!);
    appended.push(i === own.index ? { seq: f.version, event, actorId: own.actorId, clientId: own.clientId, verdict: own.verdict ?? null } : { seq: f.version, event, actorId: null, clientId: null });
  }
  return { folded: f, appended };
}
const NOBODY = { index: null, actorId: null, clientId: null };

/** Fold a whole log (or the events after `from`, a snapshot). */
export function foldAll(events: readonly StoredEvent[], from: Folded | null = null): Folded | null {
  let f = from;
  for (const e of events) {
    const r = step(f, e.seq, e.event, e.verdict);
    if (!r.ok) throw new Error(`match log does not replay at seq ${e.seq}: ${r.error.code} ${r.error.message}`);
    f = r.value;
  }
  return f;
}

// Events the server owes at `now`

/** Whether anything is owed at `now` (a cheap check before taking a lock). */
export function hasDue(s: GameState, now: number): boolean {
  return nextDueEvent(s, now) !== null;
}

/** What the events owed at `now` would make `f`, in memory only (a view shows it; a write
 * persists it: the next move, `claimTimeout`). `f` itself when nothing is owed. */
export function settledAt(f: Folded, now: number): Folded {
  const at = Math.max(now, f.state.lastAt);
  if (!hasDue(f.state, at)) return f;
  const events: GameEvent[] = [];
  const states: GameState[] = [];
  settleDue(f.state, at, events, states);
  return foldActed(f, { events, states }).folded;
}
