/**
 * Writing a match's event log: append events, refresh the cached columns of the `matches` row,
 * report a finished tournament game to its pairing and announce the new version on the live bus
 * — all inside the caller's transaction, which holds the match row lock (`lockMatch`).
 *
 * Nothing is kept in memory between requests: the next request re-reads the row and the events
 * (or the state cache checked against the version), so a restart loses nothing.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matchEvents, matches, type Match, type MatchResult } from "@/db/schema/matches";
import type { GameEvent, GameState } from "@/engine";
import { DomainError } from "@/server/errors";
import { publish } from "@/server/live/bus";
import { nextDueEvent, step, type Folded } from "./state";
import { reportPairingResult } from "./tournament";
import { applyRatedGame } from "@/server/services/ratings/apply";

export const topicOf = (matchId: string) => `match:${matchId}`;

export interface Appended {
  seq: number;
  event: GameEvent;
  actorId: string | null;
  clientId: string | null;
}

/** `SELECT … FOR UPDATE` on the match row: every writer of a match queues here. */
export async function lockMatch(tx: DbOrTx, matchId: string): Promise<Match> {
  const [m] = await tx.select().from(matches).where(eq(matches.id, matchId)).for("update");
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  return m;
}

/** Step 2 of every write: the seq of an event this clientId already wrote (idempotent retry), if any. */
export async function findApplied(tx: DbOrTx, matchId: string, clientId: string): Promise<number | null> {
  const [dup] = await tx
    .select({ seq: matchEvents.seq })
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, matchId), eq(matchEvents.clientId, clientId)))
    .limit(1);
  return dup ? dup.seq : null;
}

/** Step 3 of every write: refuse a request made against an older version (no blind overwrite). */
export function assertFresh(m: Match, expectedSeq: number): void {
  if (expectedSeq !== m.version) throw new DomainError("STALE", "The game moved on: refresh to see the latest position, then try again.");
}

/** Apply every event the server owes at `now` (forfeit pass, timeout, closing time events, end). */
export function settle(f: Folded, now: number, out: Appended[]): Folded {
  for (let guard = 0; guard < 32; guard++) {
    const e = nextDueEvent(f.state, now);
    if (!e) return f;
    const r = step(f, f.version + 1, e);
    if (!r.ok) throw new Error(`server event refused by the engine: ${r.code} ${r.message}`);
    f = r.value;
    out.push({ seq: f.version, event: e, actorId: null, clientId: null });
  }
  return f;
}

/** The cached result of a finished game. */
export function resultOf(s: GameState): MatchResult | null {
  if (s.phase !== "over" || !s.end) return null;
  const scores: Record<string, number> = {};
  s.players.forEach((p, i) => (scores[p.id] = s.scores[i]));
  return { reason: s.end.reason, winners: (s.end.winners ?? []).map((i) => s.players[i].id), scores };
}

/** Persist appended events and the row's cached fields; report and publish. */
export async function persist(tx: DbOrTx, m: Match, f: Folded, appended: readonly Appended[], now: number): Promise<void> {
  if (appended.length === 0) return;
  await tx.insert(matchEvents).values(
    appended.map((a) => ({
      matchId: m.id,
      seq: a.seq,
      type: a.event.type,
      payload: a.event as unknown as Record<string, unknown>,
      at: new Date(a.event.at),
      actorId: a.actorId,
      clientId: a.clientId,
    })),
  );
  const s = f.state;
  const result = resultOf(s);
  const finished = result !== null;
  await tx
    .update(matches)
    .set({
      version: f.version,
      status: finished ? "finished" : "active",
      turn: s.phase === "playing" ? s.turn : null,
      scores: s.scores.slice(),
      result,
      finishedAt: finished ? new Date(now) : null,
      updatedAt: new Date(now),
    })
    .where(eq(matches.id, m.id));
  // A game a director's result ended: that caller writes the board and rates it (director-end.ts).
  if (result?.reason === "director") {
    await publish(tx, topicOf(m.id), f.version);
    return;
  }
  if (result && m.pairingId) {
    // A resignation or a loss on time is a loss whatever the scores: reported as a forfeit by the
    // loser, so standings cannot count it as a win for a player who was ahead (docs/matches.md).
    const loser = (result.reason === "timeout" || result.reason === "resign") && s.end?.player != null ? s.players[s.end.player].id : null;
    await reportPairingResult(tx, { pairingId: m.pairingId, scores: result.scores, source: "match", actorId: null, matchId: m.id, forfeit: loser });
  }
  if (result && m.rated) {
    // Ratings, in this transaction; a resignation or a loss on time is rated as a loss (`lost`).
    const lostSeat = (result.reason === "timeout" || result.reason === "resign") && s.end?.player != null ? s.end.player : -1;
    await applyRatedGame(tx, { ruleset: m.ruleset, source: "match", sourceId: m.id, pairingId: m.pairingId ?? undefined, playedAt: new Date(now), players: s.players.map((p, i) => ({ userId: p.id, score: s.scores[i]!, ...(i === lostSeat ? { lost: true } : {}) })) });
  }
  await publish(tx, topicOf(m.id), f.version);
}
