/**
 * A director enters (or corrects) a board's result by hand: the director's result is authoritative.
 * In ONE transaction: the board's online game, if it still runs, is ended by the director's result
 * (matches/director-end.ts: lock the match, `director-end`, clocks stop, players and spectators
 * are told), then the result is written, logged and rated through `writeResult` — the board is
 * rated once; a later correction amends that entry. Locks are taken in the order a game's own end
 * takes them (match row, then board), so a resignation arriving at the same moment queues behind
 * this write, finds the game over and is refused — or wins the race, and then the director's
 * `expectedVersion` is stale and the form reloads to show the game's result.
 *
 * It lives in boards/ (a tournament board and its online game, acting together), not in
 * tournaments/: matches/ imports tournaments/ (results, access), so tournaments/ imports nothing of
 * matches/ and the two folders do not import each other.
 */
import type { Db } from "@/db/client";
import { endForDirectorResult } from "@/server/services/matches/director-end";
import { startQueuedRerates } from "@/server/services/ratings/queue";
import { writeResult } from "@/server/services/tournaments/results";
import { startAfterEnd } from "@/server/services/analysis/on-end";

export interface DirectorResultInput {
  tournamentId: string;
  pairingId: string;
  actorId: string;
  scores: Record<string, number>;
  forfeitUserId: string | null;
  /** The board version the form was loaded with. */
  expectedVersion?: number;
}

/** Directors only (checked by the router). DomainError for a bad board, round state or scores. */
export async function enterDirectorResult(db: Db, input: DirectorResultInput, opts: { now?: number } = {}): Promise<void> {
  const game = await db.transaction(async (tx) => {
    const game = await endForDirectorResult(tx, {
      pairingId: input.pairingId,
      tournamentId: input.tournamentId,
      actorId: input.actorId,
      result: { scores: input.scores, forfeitUserId: input.forfeitUserId },
      now: opts.now,
    });
    await writeResult(tx, {
      pairingId: input.pairingId,
      tournamentId: input.tournamentId,
      scores: input.scores,
      forfeitUserId: input.forfeitUserId,
      source: "director",
      actorId: input.actorId,
      expectedVersion: input.expectedVersion,
      ...(game ? { matchId: game.matchId } : {}),
    });
    return game;
  });
  // A correction too large to re-rate in the transaction queued its re-rate: start it now that the
  // correction is committed (the answer does not wait for it; pages say "being recomputed").
  startQueuedRerates(db).catch((err: unknown) => console.error("The queued re-rate failed:", err));
  // a game this result ended has its analysis queued (matches/writer.ts): start it, now it is committed
  if (game) startAfterEnd(db, game.matchId);
}
