/**
 * A tournament director adjusts the result of a finished tournament game (a scoring error found
 * after the game, a ruling on appeal). The event log is never rewritten: the change is an audit
 * row in `match_adjustments` (who, before, after, why), the cached result on the match row is
 * replaced (marked `adjusted`), and the new scores go to the pairing through the tournaments
 * domain's result path (its own audit log records the correction too); a rated game's entry in
 * the ratings ledger is corrected in the same transaction. Casual games have no
 * director, so their results cannot be adjusted.
 */
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matchAdjustments, matches, matchPlayers, type MatchResult } from "@/db/schema/matches";
import { DomainError } from "@/server/errors";
import { requireTournamentRole } from "@/server/services/tournaments/access";
import { writeResult } from "@/server/services/tournaments/results";
import { applyRatedGame } from "@/server/services/ratings/apply";
import { startQueuedRerates } from "@/server/services/ratings/queue";
import { lockMatch } from "./reads";
import { setResult } from "./writer";

export async function adjustResult(db: Db, input: { matchId: string; actorId: string; scores: Record<string, number>; reason: string }): Promise<MatchResult> {
  const [m0] = await db.select().from(matches).where(eq(matches.id, input.matchId)).limit(1);
  if (!m0) throw new DomainError("NOT_FOUND", "That game does not exist.");
  if (!m0.tournamentId) throw new DomainError("FORBIDDEN", "Only tournament games have a director who can adjust the result.");
  await requireTournamentRole(db, m0.tournamentId, input.actorId, ["director"]);
  const after = await db.transaction(async (tx) => {
    const m = await lockMatch(tx, input.matchId);
    if (m.status !== "finished" || !m.result) throw new DomainError("PRECONDITION", "Only a finished game's result can be adjusted.");
    const players = (await tx.select({ userId: matchPlayers.userId }).from(matchPlayers).where(eq(matchPlayers.matchId, m.id))).map((p) => p.userId);
    const keys = Object.keys(input.scores);
    if (keys.length !== players.length || !players.every((id) => keys.includes(id))) {
      throw new DomainError("INVALID", "Give a score for each player of this game, and nobody else.", "scores");
    }
    const best = Math.max(...Object.values(input.scores));
    const after: MatchResult = {
      reason: m.result.reason,
      winners: players.filter((id) => input.scores[id] === best),
      scores: { ...input.scores },
      adjusted: true,
    };
    await tx.insert(matchAdjustments).values({ matchId: m.id, actorId: input.actorId, before: m.result, after, reason: input.reason });
    await setResult(tx, m, after, { updatedAt: new Date() });
    if (m.pairingId) {
      await writeResult(tx, { pairingId: m.pairingId, scores: after.scores, source: "director", actorId: input.actorId, matchId: m.id, forfeitUserId: null });
    }
    if (m.rated && !m.pairingId) {
      // (A board's entry was amended by writeResult above.) The ledger holds the corrected scores;
      // ratings are re-derived from this game on (docs/ratings.md "Corrections").
      await applyRatedGame(tx, {
        ruleset: m.ruleset,
        source: "match",
        sourceId: m.id,
        playedAt: m.finishedAt ?? new Date(),
        players: players.map((userId) => ({ userId, score: after.scores[userId]! })),
      });
    }
    return after;
  });
  // A re-rate too large for the transaction was queued: start it now that the change is committed.
  startQueuedRerates(db).catch((err: unknown) => console.error("The queued re-rate failed:", err));
  return after;
}
