/**
 * A tournament director's result is authoritative (docs/matches.md "A director's result"): typed in
 * while the board's online game still runs, it ends that game in the same transaction. The write
 * path follows moves.ts:
 *   1. lock the match row — the first lock of every write of a match, and of a game's own end,
 *      which then locks the board (so this path and a resignation queue, they cannot deadlock);
 *   2. `now` is the server's clock; the events the clock owes at `now` are appended first (a flag
 *      that fell before the director typed ends the game on time, reported as usual: the
 *      director's result then corrects it);
 *   3. still playing: the engine's `director-end` (clocks stop, nothing settled) and `end`;
 *   4. persist (the log, the row; `persist` leaves the board and the ledger to the caller, who
 *      writes the director's result onto the board and rates it once) and publish `match:<id>`;
 *   5. the row's cached result is the director's, so players and spectators see who won.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches, type MatchResult } from "@/db/schema/matches";
import { publish } from "@/server/live/bus";
import { lockMatch, persist, settle, topicOf, type Appended } from "./log";
import { loadFolded, step } from "./state";

export interface DirectorResult {
  /** userId → score, as the director entered them */
  scores: Record<string, number>;
  /** the player who forfeited (a loss whatever the scores), or null */
  forfeitUserId: string | null;
}

/**
 * Ends the running game of a tournament board because its director entered `result`; call it in the
 * transaction that writes that result, before the board is locked. Returns the board's match id
 * (running, or already over), or null when the board has no game.
 */
export async function endForDirectorResult(tx: DbOrTx, input: { pairingId: string; tournamentId: string; actorId: string; result: DirectorResult; now?: number }): Promise<{ matchId: string } | null> {
  const [found] = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.pairingId, input.pairingId), eq(matches.tournamentId, input.tournamentId)))
    .limit(1);
  if (!found) return null;
  const m = await lockMatch(tx, found.id);
  if (m.status === "open") {
    // Still waiting for its players (a fair start, presence.ts): no clock ran, nothing to settle.
    await tx.update(matches).set({ status: "finished", result: directorResult(input.result), finishedAt: new Date(), updatedAt: new Date() }).where(eq(matches.id, m.id));
    await publish(tx, topicOf(m.id), m.version);
    return { matchId: m.id };
  }
  if (m.status !== "active") return { matchId: m.id };
  let f = (await loadFolded(tx, m.id, m.version))!;
  const now = Math.max(input.now ?? Date.now(), f.state.lastAt);
  const appended: Appended[] = [];
  f = settle(f, now, appended);
  if (f.state.phase === "playing") {
    const event = { type: "director-end" as const, at: now };
    const r = step(f, f.version + 1, event);
    if (!r.ok) throw new Error(`director-end refused by the engine: ${r.error.code} ${r.error.message}`);
    f = r.value;
    appended.push({ seq: f.version, event, actorId: input.actorId, clientId: null });
    f = settle(f, now, appended);
  }
  await persist(tx, m, f, appended, now);
  if (f.state.end?.reason === "director") await tx.update(matches).set({ result: directorResult(input.result) }).where(eq(matches.id, m.id));
  return { matchId: m.id };
}

function directorResult({ scores, forfeitUserId }: DirectorResult): MatchResult {
  const ids = Object.keys(scores);
  const best = Math.max(...Object.values(scores));
  const winners = forfeitUserId ? ids.filter((id) => id !== forfeitUserId) : ids.filter((id) => scores[id] === best);
  return { reason: "director", winners, scores: { ...scores } };
}
