/**
 * The seam between matches and tournaments. A match created from a pairing takes the pairing's
 * settings and players (`getPairingForMatch`, tournaments/results.ts) and reports its result back
 * in the same transaction (`writeResult`, the same path as the director's result entry).
 *
 * A tournament that refuses the result (say the round was put back to draft) must not stop the
 * game from ending: the report runs in a savepoint, and a refusal is logged and left for the
 * director to enter by hand.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { tournamentPairings } from "@/db/schema/tournaments";
import type { RulesetId } from "@/db/schema/clubs";
import type { StoredTimeControl } from "@/db/schema/matches";
import { getPairingForMatch, writeResult } from "@/server/services/tournaments/results";
import { isDomainError } from "@/server/errors";

export interface PairingForMatch {
  pairingId: string;
  tournamentId: string;
  clubId: string;
  ruleset: RulesetId;
  rulesetOptions: Record<string, unknown>;
  timeControl: StoredTimeControl | null;
  challengeRule: string;
  rated: boolean;
  /** user ids, first mover first */
  players: string[];
  roundNumber: number;
  table: number;
  hasResult: boolean;
}

/** The pairing and its tournament's game settings (NOT_FOUND; INVALID for a bye). */
export async function pairingForMatch(db: DbOrTx, pairingId: string): Promise<PairingForMatch> {
  const p = await getPairingForMatch(db, pairingId);
  const [row] = await db.select({ scores: tournamentPairings.scores, forfeit: tournamentPairings.forfeitUserId }).from(tournamentPairings).where(eq(tournamentPairings.id, pairingId));
  return { ...p, pairingId, timeControl: p.timeControl ?? null, hasResult: !!(row?.scores || row?.forfeit) };
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
    console.warn(`match ${r.matchId}: the tournament did not take the result: ${err.message}`);
    return err.message;
  }
}
