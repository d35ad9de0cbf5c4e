/**
 * Catch-up notices (issue 30; docs/matches.md "Two instances: the catch-up notice"): two app
 * instances on one database, a game's moves alternating between them. The write that commits a
 * move already announces the new version on the live bus; it also carries, when it fits the bus's
 * payload limit, what another instance needs to bring its caches up to date without reading — the
 * committed events with their verdicts and the row fields the write set (`catchUpOf`). Each
 * instance listens once, process-wide (`listenForCatchUps`), and for a match whose cached state is
 * at exactly the write's previous version folds the events with their kept verdicts (`foldAll` →
 * `foldCommitted`) and moves its cached row on (`applyCatchUp`), so its next move there is the
 * one-statement path (moves.ts `moveWithoutRead`).
 *
 * The caches stay a shortcut: the write statement's guards (version, status, key) decide every
 * move, and a notice that does not start at the cached version — lost, late, duplicated,
 * reordered, from a write this process made itself — changes nothing. One that does start there
 * is the committed truth (it is sent only after the commit), checked again on arrival: the events
 * must fold to exactly its version and the folded state must give exactly its row fields.
 *
 * Trusted input only, between servers: the events hold drawn tiles and verdicts (secret like a
 * phony's validity), so the bus must be as private as the database (server/live/bus.ts).
 */
import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import type { Match } from "@/db/schema/matches";
import { resultOf } from "@/engine";
import { liveBus, type LiveBus, type WideNotice } from "@/server/live/bus";
import { log } from "@/server/log";
import { advanceCachedRow, cachedState, cachePut, foldAll, rowAfter, type Appended, type Folded, type RowAfter, type StoredEvent } from "./state";

/** This copy of the caches (one per process, or per module copy: server/main.ts and Next's bundle
 * each keep their own): its own notices are not folded again. */
const INSTANCE = randomUUID();

/** What a catch-up notice carries beside the topic and the new version. */
export interface CatchUp {
  /** the instance that wrote (its own notices are skipped) */
  by: string;
  matchId: string;
  /** the version the write was made at */
  from: number;
  events: StoredEvent[];
  row: RowAfter;
}

/** The catch-up of a write of events, or undefined for the writes whose row fields it does not
 * mirror (an import's, the start's: they set finished_at or started_at themselves). */
export function catchUpOf(w: { kind: string; m: Match; folded: Folded; appended: readonly Appended[]; now: number; startedAt?: number; finishedAt?: number }): CatchUp | undefined {
  if (w.kind === "import" || w.startedAt !== undefined || w.finishedAt !== undefined) return undefined;
  const events = w.appended.map((a) => ({ seq: a.seq, event: a.event, actorId: a.actorId, verdict: a.verdict ?? null }));
  return { by: INSTANCE, matchId: w.m.id, from: w.m.version, events, row: rowAfter(w.folded, w.now, resultOf(w.folded.state)) };
}

let applied = 0;

/** How many catch-ups this process folded into its caches (tests). */
export function catchUpsApplied(): number {
  return applied;
}

/** Folds a notice's catch-up into this process's caches when its state is cached at exactly the
 * write's previous version; anything else is ignored. Never throws. Returns whether it folded. */
export function applyCatchUp(n: WideNotice): boolean {
  const c = n.data as Partial<CatchUp> | null;
  if (!c || typeof c !== "object" || c.by === INSTANCE || typeof c.matchId !== "string" || typeof c.from !== "number" || !Array.isArray(c.events) || !c.row) return false;
  const prev = cachedState(c.matchId);
  if (!prev || prev.version !== c.from || c.events[0]?.seq !== c.from + 1 || c.row.version !== n.version) return false;
  let f: Folded | null;
  try {
    f = foldAll(c.events, prev);
  } catch (err) {
    log.error({ err, matchId: c.matchId }, `catch-up of match ${c.matchId} at ${n.version} does not fold; ignored`);
    return false;
  }
  if (!f || f.version !== n.version) return false;
  // the row the folded state gives must be the row the write set (same function, same order)
  const row = rowAfter(f, c.row.updatedAt, resultOf(f.state));
  if (JSON.stringify(row) !== JSON.stringify(c.row)) return false;
  cachePut(c.matchId, f);
  advanceCachedRow(c.matchId, c.from, row);
  applied++;
  return true;
}

const listening = new WeakMap<LiveBus, WeakSet<Db>>();

/** Starts this process's one catch-up listener on `db` (on the current live bus), once; cheap
 * after. Never throws: without it, moves read as before. */
export function listenForCatchUps(db: Db): void {
  const bus = liveBus();
  let dbs = listening.get(bus);
  if (!dbs) listening.set(bus, (dbs = new WeakSet()));
  if (dbs.has(db)) return;
  const started = dbs.add(db);
  const failed = (err: unknown) => log.error({ err }, "Could not listen for catch-up notices; moves on the other instances' games read first");
  try {
    bus.listenWide(db, (n) => void applyCatchUp(n)).catch((err: unknown) => {
      started.delete(db); // the next move tries again
      failed(err);
    });
  } catch (err) {
    // the bus is another copy's, of another build (server/main.ts and Next's bundle share one
    // through globalThis): not tried again
    failed(err);
  }
}
