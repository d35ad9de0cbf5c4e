/**
 * A match's game state, derived from its event log (docs/conventions.md, principle 6): load `match_events`,
 * fold them through the engine (`foldCommitted`: a play with its kept verdict is not adjudicated again), and keep a small per-process cache keyed by
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
import { matchEvents, type Match, type MatchResult } from "@/db/schema/matches";
import { LruMap, type GameEvent } from "@/engine";
import { DomainError } from "@/server/errors";
import { foldAll, type Folded, type StoredEvent } from "@/server/domain";
import { readSnapshot, SNAPSHOT_EVERY } from "./snapshots";

// The pure fold lives in fold.ts (the browser runs it too); its callers import it from here as before.
export { extend, foldActed, foldAll, hasDue, settledAt, step } from "@/server/domain";
export type { Appended, Folded, SheetEntry, StoredEvent } from "@/server/domain";

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

/** The match row as this process's last move left it (the move path's write mirrored: version,
 * status, turn, scores, result, finished_at, updated_at), so the next move here, against that
 * version, can skip the read (moves.ts: the write statement checks version, status and the key
 * itself). Only a shortcut: any doubt (another writer, another instance) and the move reads. */
const rows = new LruMap<string, Match>(5_000);

/** The cached row of a match at `version`, or null. */
export function cachedRow(matchId: string, version: number): Match | null {
  const m = rows.peek(matchId);
  return m && m.version === version ? m : null;
}

/** The row fields a committed write of `f` at `now` sets (writer.ts `writeEvents`' UPDATE, for
 * every write but an import's and the start's), times as epoch ms: a catch-up notice carries them. */
export interface RowAfter {
  version: number;
  status: "active" | "finished";
  turn: number | null;
  scores: number[];
  result: MatchResult | null;
  finishedAt: number | null;
  updatedAt: number;
}

export function rowAfter(f: Folded, now: number, result: MatchResult | null): RowAfter {
  const finished = result !== null;
  const s = f.state;
  return { version: f.version, status: finished ? "finished" : "active", turn: s.phase === "playing" ? s.turn : null, scores: s.scores.slice(), result, finishedAt: finished ? now : null, updatedAt: now };
}

function keepRow(m: Match, r: RowAfter): void {
  rows.set(m.id, { ...m, ...r, finishedAt: r.finishedAt === null ? null : new Date(r.finishedAt), updatedAt: new Date(r.updatedAt) });
}

/** Remember the row as a committed write of `f` left it (writer.ts `writeEvents`' UPDATE). */
export function cacheRowAfter(m: Match, f: Folded, now: number, result: MatchResult | null): void {
  keepRow(m, rowAfter(f, now, result));
}

/** The row cached at `from` as another instance's write left it (its catch-up notice,
 * ./catch-up.ts); nothing when no active row is cached at exactly `from`. */
export function advanceCachedRow(matchId: string, from: number, r: RowAfter): boolean {
  const m = cachedRow(matchId, from);
  if (!m || m.status !== "active") return false;
  keepRow(m, r);
  return true;
}

/** Forget every cached state (tests simulate a server restart with it). */
export function clearStateCache(): void {
  cache.clear();
  rows.clear();
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

