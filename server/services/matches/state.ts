/**
 * A match's game state, derived from its event log (docs/conventions.md, principle 6): load `match_events`,
 * fold them through the engine's `applyEvent`, and keep a small per-process cache keyed by
 * (match id, version). The cache is only a shortcut: it is used when its version equals the
 * version read from the database (under the row lock for writes), so a second app instance or a
 * restart can never make it wrong — the database stays the only truth.
 *
 * Alongside the state we fold the public scoresheet (one line per event: who, what, points,
 * totals, clock), which every view shares. It never carries rack contents: exchanges show only
 * how many tiles went back.
 *
 * `dueEvents(state, now)` lists the events the server must append before anything else happens
 * at `now` (our decision, docs/matches.md "Clocks"): a forfeit pass when the per-move limit ran
 * out, a timeout when the player on move passed the maximum overtime, and once the game is
 * decided the time penalties/bonus and `end` (engine `closingEvents`). It is pure.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matchEvents } from "@/db/schema/matches";
import { applyEvent, clock as C, closingEvents, type Direction, type GameEvent, type GameState } from "@/engine";
import { DomainError } from "@/server/errors";

/** One line of the scoresheet (public: safe for players and spectators alike). */
export interface SheetEntry {
  seq: number;
  type: GameEvent["type"];
  at: number;
  /** the seat this line is about (mover, challenger, penalised player); null for pause/end */
  seat: number | null;
  /** turns taken after this event (engine moveNumber) */
  move: number;
  /** a plain description: "3+4=7 at J10 across", "exchanged 3 tiles", "passed" … */
  text: string;
  /** new tiles of a play */
  placements?: { row: number; col: number; tile: string; blank?: boolean }[];
  /** points this line changed for `seat` (negative: lost) */
  points: number;
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
}

const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** Square name: column letter and 1-based row ("J10"). */
export const squareName = (row: number, col: number): string => `${COLS[col] ?? `c${col}`}${row + 1}`;

function playDirection(placements: readonly { row: number; col: number }[], state: GameState): Direction {
  if (placements.length > 1) return placements.every((p) => p.row === placements[0].row) ? "across" : "down";
  const p = placements[0];
  const has = (r: number, c: number) => state.board.some((t) => t.row === r && t.col === c);
  return has(p.row, p.col - 1) || has(p.row, p.col + 1) ? "across" : "down";
}

/** The run of board tiles through the play's first tile, read along its direction. */
function lineText(state: GameState, placements: readonly { row: number; col: number }[], dir: Direction): string {
  const at = new Map(state.board.map((t) => [`${t.row},${t.col}`, t.tile]));
  const [dr, dc] = dir === "across" ? [0, 1] : [1, 0];
  let { row: r, col: c } = placements[0];
  while (at.has(`${r - dr},${c - dc}`)) {
    r -= dr;
    c -= dc;
  }
  const start = squareName(r, c);
  let text = "";
  while (at.has(`${r},${c}`)) {
    text += at.get(`${r},${c}`);
    r += dr;
    c += dc;
  }
  return `${text} at ${start} ${dir}`;
}

function describe(before: GameState | null, after: GameState, e: GameEvent): Pick<SheetEntry, "seat" | "text" | "points" | "placements"> {
  const seatOf = (id: string) => after.players.findIndex((p) => p.id === id);
  const diff = (seat: number) => (before ? after.scores[seat] - before.scores[seat] : 0);
  switch (e.type) {
    case "start":
      return { seat: null, text: `game started: ${after.players.map((p) => p.name ?? p.id).join(", ")}`, points: 0 };
    case "play": {
      const seat = seatOf(e.player);
      const placements = e.placements.map((p) => (p.blank ? { row: p.row, col: p.col, tile: p.tile, blank: true } : { row: p.row, col: p.col, tile: p.tile }));
      const text = placements.length ? lineText(after, placements, playDirection(placements, after)) : "play";
      return { seat, text, points: diff(seat), placements };
    }
    case "exchange": {
      const seat = seatOf(e.player);
      return { seat, text: `exchanged ${e.tiles.length} tile${e.tiles.length === 1 ? "" : "s"}`, points: 0 };
    }
    case "pass": {
      const seat = seatOf(e.player);
      const final = before?.pending?.goesOut === true;
      return { seat, text: e.forfeit ? "passed (move time ran out)" : final ? "passed (accepts the last play)" : "passed", points: diff(seat) };
    }
    case "challenge": {
      const seat = seatOf(e.challenger);
      const pend = before?.pending;
      if (!pend) return { seat, text: "challenged", points: 0 };
      const who = after.players[pend.player].name ?? after.players[pend.player].id;
      if (!pend.valid) return { seat: pend.player, text: `challenged by ${after.players[seat].name ?? "an opponent"}: play withdrawn`, points: diff(pend.player) };
      return { seat, text: `challenged ${who}'s play: the play stands`, points: diff(seat) };
    }
    case "resign":
      return { seat: seatOf(e.player), text: "resigned", points: 0 };
    case "pause":
      return { seat: null, text: "clock paused", points: 0 };
    case "resume":
      return { seat: null, text: "clock resumed", points: 0 };
    case "time-penalty": {
      const seat = seatOf(e.player);
      return { seat, text: `time penalty: ${Math.ceil(e.overtimeMs / 1000)} s over`, points: -e.points };
    }
    case "time-bonus": {
      const seat = seatOf(e.player);
      return { seat, text: "least-time bonus", points: e.points };
    }
    case "timeout":
      return { seat: seatOf(e.player), text: "lost on time", points: 0 };
    case "end":
      return { seat: null, text: "game over", points: 0 };
    case "director-end":
      return { seat: null, text: "game ended by the tournament director's result", points: 0 };
  }
}

/** Apply one stored event to a folded state; an engine error here means the log is corrupt. */
export function step(prev: Folded | null, seq: number, event: GameEvent): { ok: true; value: Folded } | { ok: false; code: string; message: string } {
  const r = applyEvent(prev?.state ?? null, event);
  if (!r.ok) return { ok: false, code: r.error.code, message: r.error.message };
  const after = r.value;
  const d = describe(prev?.state ?? null, after, event);
  const entry: SheetEntry = {
    seq,
    type: event.type,
    at: event.at,
    move: after.moveNumber,
    ...d,
    totals: after.scores.slice(),
    clockMs: after.clock && d.seat !== null ? C.remaining(after.clock, d.seat, event.at) : null,
  };
  return { ok: true, value: { version: seq, state: after, sheet: [...(prev?.sheet ?? []), entry] } };
}

// ---------------------------------------------------------------------------------------------
// Cache (per process; a shortcut only — always checked against the database version)

const CACHE_MAX = 5_000;
const cache = new Map<string, Folded>();

export function cacheGet(matchId: string, version: number): Folded | null {
  const hit = cache.get(matchId);
  if (!hit || hit.version !== version) return null;
  // refresh LRU position
  cache.delete(matchId);
  cache.set(matchId, hit);
  return hit;
}

export function cachePut(matchId: string, folded: Folded): void {
  cache.delete(matchId);
  cache.set(matchId, folded);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
}

/** Forget every cached state (tests simulate a server restart with it). */
export function clearStateCache(): void {
  cache.clear();
}

/** The stored log, optionally only up to `upTo` (so a reader gets exactly the version it saw). */
export async function loadEvents(db: DbOrTx, matchId: string, upTo?: number): Promise<StoredEvent[]> {
  const rows = await db
    .select({ seq: matchEvents.seq, payload: matchEvents.payload, actorId: matchEvents.actorId })
    .from(matchEvents)
    .where(upTo === undefined ? eq(matchEvents.matchId, matchId) : and(eq(matchEvents.matchId, matchId), lte(matchEvents.seq, upTo)))
    .orderBy(asc(matchEvents.seq));
  return rows.map((r) => ({ seq: r.seq, event: r.payload as unknown as GameEvent, actorId: r.actorId }));
}

/** Fold a whole log. */
export function foldAll(events: readonly StoredEvent[]): Folded | null {
  let f: Folded | null = null;
  for (const e of events) {
    const r = step(f, e.seq, e.event);
    if (!r.ok) throw new Error(`match log does not replay at seq ${e.seq}: ${r.code} ${r.message}`);
    f = r.value;
  }
  return f;
}

/** The folded state at `version` (cache, else replay from the database). */
export async function loadFolded(db: DbOrTx, matchId: string, version: number): Promise<Folded | null> {
  if (version === 0) return null;
  const hit = cacheGet(matchId, version);
  if (hit) return hit;
  // Read exactly the events up to `version`: a move committing meanwhile must not make a reader fail.
  const f = foldAll(await loadEvents(db, matchId, version));
  if (!f || f.version !== version) throw new DomainError("CONFLICT", "The game moved on while it was being read: please refresh.");
  cachePut(matchId, f);
  return f;
}

// ---------------------------------------------------------------------------------------------
// Events the server owes at `now`

/** Time events due at `now`, in order, each stamped with the moment it became due (never before
 * the last event). Pure: the caller applies them one by one (each may make the next due). */
export function nextDueEvent(s: GameState, now: number): GameEvent | null {
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

/** Whether anything is owed at `now` (a cheap check before taking a lock). */
export function hasDue(s: GameState, now: number): boolean {
  return nextDueEvent(s, now) !== null;
}
