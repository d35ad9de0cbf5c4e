/**
 * A match's game state, derived from its event log (docs/conventions.md, principle 6): load `match_events`,
 * fold them through the engine's `applyEvent`, and keep a small per-process cache keyed by
 * (match id, version). The cache is only a shortcut: it is used when its version equals the
 * version read from the database (under the row lock for writes), so a second app instance or a
 * restart can never make it wrong — the database stays the only truth.
 *
 * Alongside the state we fold the public scoresheet (one line per event: the engine's `describeEvent`,
 * plus totals and clock), which every view shares. It never carries rack contents.
 *
 * What the server owes at `now` (a forfeit pass, a timeout, the closing events) is the engine's
 * `nextDueEvent`; `hasDue` asks it before a lock is taken, `settledAt` shows it without writing.
 */
import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matchEvents } from "@/db/schema/matches";
import { clock as C, LruMap, describeEvent, foldCommitted, nextDueEvent, settleDue, type GameError, type GameEvent, type GameState, type PlayVerdict, type Result, type SheetLine } from "@/engine";
import { DomainError } from "@/server/errors";
import { readSnapshot, SNAPSHOT_EVERY } from "./snapshots";

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
 * `verdict`: the one this server kept with the committed event (match_events.verdict; never a
 * client's): the play is then folded without adjudicating it again (the engine's `foldCommitted`). */
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

// ---------------------------------------------------------------------------------------------
// Cache (per process; a shortcut only — always checked against the database version)

const cache = new LruMap<string, Folded>(5_000);

export function cacheGet(matchId: string, version: number): Folded | null {
  const hit = cache.peek(matchId);
  if (!hit || hit.version !== version) return null;
  return cache.get(matchId)!; // a hit at the asked version counts as a use
}

export function cachePut(matchId: string, folded: Folded): void {
  cache.set(matchId, folded);
}

/** The version of the cached state of a match (-1: none): the move path asks the database for
 * the snapshot only when this is not the row's version. */
export function cachedVersion(matchId: string): number {
  return cache.peek(matchId)?.version ?? -1;
}

/** The cached state of a match, whatever its version (the move path catches it up). */
export function cachedState(matchId: string): Folded | null {
  return cache.peek(matchId) ?? null;
}

/** `prev` (a cached state) caught up with the events after it, cached; null unless that makes
 * exactly `version` (then the caller reads the snapshot instead). */
export function catchUp(matchId: string, prev: Folded, events: readonly StoredEvent[], version: number): Folded | null {
  if (events.length === 0 || events[0]!.seq !== prev.version + 1) return null;
  const f = foldAll(events, prev);
  if (!f || f.version !== version) return null;
  cachePut(matchId, f);
  return f;
}

/** Forget every cached state (tests simulate a server restart with it). */
export function clearStateCache(): void {
  cache.clear();
}

/** The stored log, optionally only up to `upTo` (so a reader gets exactly the version it saw)
 * and only after `after` (the events a snapshot does not hold). */
export async function loadEvents(db: DbOrTx, matchId: string, upTo?: number, after = 0): Promise<StoredEvent[]> {
  const rows = await db
    .select({ seq: matchEvents.seq, payload: matchEvents.payload, actorId: matchEvents.actorId, verdict: matchEvents.verdict })
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, matchId), upTo === undefined ? undefined : lte(matchEvents.seq, upTo), after > 0 ? gt(matchEvents.seq, after) : undefined))
    .orderBy(asc(matchEvents.seq));
  return rows.map((r) => ({ seq: r.seq, event: r.payload as unknown as GameEvent, actorId: r.actorId, verdict: r.verdict }));
}

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

/** The folded state at `version` (cache, else the latest snapshot and the events after it).
 * `snapshot` is the one the caller already read with the match row (the move path). */
export async function loadFolded(db: DbOrTx, matchId: string, version: number, snapshot?: Folded | null): Promise<Folded | null> {
  if (version === 0) return null;
  const hit = cacheGet(matchId, version);
  if (hit) return hit;
  // A cached state a few events behind (another instance took the last moves) catches up with
  // them: one read of a few events instead of the snapshot and the events after it.
  const prev = cache.peek(matchId);
  if (snapshot === undefined && prev && prev.version < version && version - prev.version < SNAPSHOT_EVERY) {
    const f = catchUp(matchId, prev, await loadEvents(db, matchId, version, prev.version), version);
    if (f) return f;
  }
  const from = snapshot !== undefined ? snapshot : await readSnapshot(db, matchId, version);
  if (from && from.version === version) {
    cachePut(matchId, from);
    return from;
  }
  // Read exactly the events up to `version`: a move committing meanwhile must not make a reader fail.
  const f = foldAll(await loadEvents(db, matchId, version, from?.version ?? 0), from);
  if (!f || f.version !== version) throw new DomainError("CONFLICT", "The game moved on while it was being read: please refresh.");
  cachePut(matchId, f);
  return f;
}

// ---------------------------------------------------------------------------------------------
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
