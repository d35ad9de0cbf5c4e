/**
 * The seam between matches and tournaments. A match created from a pairing takes the pairing's
 * settings and players (`getPairingForMatch`, tournaments/results.ts) and reports its result back
 * in the same transaction (`writeResult`, the same path as the director's result entry). A game
 * starts only from a board of a published round (`lockPairingForStart`).
 *
 * A tournament that refuses the result (say the round was put back to draft) must not stop the
 * game from ending: the report runs in a savepoint, and a refusal is logged and left for the
 * director to enter by hand.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { tournamentPairings, tournamentRounds, tournaments } from "@/db/schema/tournaments";
import type { RulesetId } from "@/db/schema/clubs";
import type { TimeControl } from "@/engine";
import type { PreviewMode } from "@/server/domain";
import { getPairingForMatch, writeResult } from "@/server/services/tournaments/results";
import { DomainError, isDomainError } from "@/server/errors";
import { log } from "@/server/log";

export interface PairingForMatch {
  pairingId: string;
  tournamentId: string;
  clubId: string;
  ruleset: RulesetId;
  rulesetOptions: Record<string, unknown>;
  timeControl: TimeControl | null;
  challengeRule: string;
  rated: boolean;
  /** user ids, first mover first */
  players: string[];
  roundNumber: number;
  table: number;
  preview: PreviewMode;
  noShowMinutes: number | null;
}

/** The pairing and its tournament's game settings (NOT_FOUND; INVALID for a bye). Whether its
 * game may start is decided under a lock: `lockPairingForStart`. */
export async function pairingForMatch(db: DbOrTx, pairingId: string): Promise<PairingForMatch> {
  const p = await getPairingForMatch(db, pairingId);
  return { ...p, pairingId, timeControl: p.timeControl ?? null };
}

/**
 * Inside the transaction that creates a pairing's game: hold the pairing so that the round's
 * status and the board cannot change until the game exists, and refuse unless the round is
 * published and the board has no result. Returns the players as locked (first mover first).
 *
 * Locks, in the order the directors' writes take them (so no deadlock): the tournament row FOR
 * KEY SHARE (publish, deleteDraft, swap and flip take it FOR UPDATE first, so they wait for this
 * start or it waits for them; starts of other boards do not wait for each other), then the
 * pairing and its round FOR SHARE (a result entry locks the pairing FOR UPDATE).
 */
export async function lockPairingForStart(tx: DbOrTx, pairingId: string, tournamentId: string): Promise<{ players: string[] }> {
  await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId)).for("key share");
  const [row] = await tx
    .select({ players: tournamentPairings.players, scores: tournamentPairings.scores, forfeit: tournamentPairings.forfeitUserId, round: tournamentRounds.number, status: tournamentRounds.status })
    .from(tournamentPairings)
    .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
    .where(eq(tournamentPairings.id, pairingId))
    .for("share");
  if (!row) throw new DomainError("NOT_FOUND", "That board does not exist (its draft round may have been deleted).");
  if (row.status === "draft") throw new DomainError("PRECONDITION", `Round ${row.round} is still a draft: its games start once the director publishes it.`);
  if (row.status === "closed") throw new DomainError("PRECONDITION", `Round ${row.round} is closed: its games can no longer start.`);
  if (row.scores || row.forfeit) throw new DomainError("PRECONDITION", "This pairing already has a result.");
  return { players: row.players };
}

export interface PairingResult {
  pairingId: string;
  scores: Record<string, number>;
  source: "director" | "match";
  actorId: string | null;
  matchId: string;
  /** the player who lost by resignation or on time (a loss whatever the scores) */
  forfeit?: string | null;
}

/** Writes a finished match's result onto its pairing, inside the caller's transaction. Returns
 * the tournament's refusal, if any, instead of throwing (see the header). */
export async function reportPairingResult(tx: DbOrTx, r: PairingResult): Promise<string | null> {
  try {
    await tx.transaction(async (sp) => {
      await writeResult(sp, { pairingId: r.pairingId, scores: r.scores, source: r.source, actorId: r.actorId, matchId: r.matchId, forfeitUserId: r.forfeit ?? null });
    });
    return null;
  } catch (err) {
    if (!isDomainError(err)) throw err;
    log.warn({ matchId: r.matchId, reason: err.message }, `match ${r.matchId}: the tournament did not take the result`);
    return err.message;
  }
}
