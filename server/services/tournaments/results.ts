/**
 * Results: the one way a game's result reaches a tournament, whether a director types it in or an
 * online match reports it at its end. Standings are computed from these rows on read, so a
 * correction simply rewrites the row (and the audit log keeps the old value).
 *
 * Rules: results are accepted on published or closed rounds (closed = a correction), never on a
 * draft or a bye. Scores must name exactly the board's players. In elimination formats a game
 * needs a winner (no ties), and a correction that changes the winner is refused once a later round
 * is paired (the bracket has moved on). A forfeit is a loss for the forfeiting player and a win for
 * the others, with ±forfeitSpread regardless of the scores entered (Woogles: forfeit = loss −50).
 *
 * A director's result is authoritative: it is refused while the board's online game still runs
 * (`enterDirectorResult` in boards/enter-result.ts ends that game first, in the same transaction), and a
 * game's own end never overwrites a board that already has a result. Ratings: a board is one game
 * in the ledger (`rated_games.pairing_id` is unique). A match rates itself when it ends; a
 * director's result or correction rates the board here, or amends its entry and re-rates from it
 * (docs/ratings.md "Corrections"). Saving the result a board already has changes nothing.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches, tournamentPairings, tournamentRounds, tournaments, type MatchResult, type RulesetId, type TimeControl, type Tournament, type TournamentPairing } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { publish } from "@/server/live/bus";
import { applyRatedGame, removeRatedBoard } from "@/server/services/ratings/apply";
import { writeAudit } from "./audit";
import { isElimination, winnerOf } from "@/server/domain";

export interface RecordResultInput {
  pairingId: string;
  /** userId → final score (after time penalties and bonuses). */
  scores: Record<string /*userId*/, number>;
  source: "director" | "match";
  actorId: string | null;
  matchId?: string;
  /** The player with the (unique) lowest score forfeited. */
  forfeit?: boolean;
}

/**
 * Write a game's result into its pairing row, log it, and announce `tournament:<id>` on the live
 * bus (delivered after commit). Called by the matches domain at match end and by the director's
 * result entry. Throws DomainError for a bad pairing, round state or scores.
 */
export async function recordPairingResult(tx: DbOrTx, input: RecordResultInput): Promise<void> {
  let forfeitUserId: string | null = null;
  if (input.forfeit) {
    const entries = Object.entries(input.scores).sort((a, b) => a[1] - b[1]);
    if (entries.length < 2 || entries[0]![1] === entries[1]![1]) throw new DomainError("INVALID", "A forfeit needs one player with the lowest score: the one who forfeited.");
    forfeitUserId = entries[0]![0];
  }
  await writeResult(tx, { ...input, forfeitUserId });
}

/**
 * As recordPairingResult, naming the forfeiting player directly; `expectedVersion` guards against
 * two directors racing, `tournamentId` pins the board to the tournament the caller directs.
 */
export async function writeResult(
  db: DbOrTx,
  input: Omit<RecordResultInput, "forfeit"> & { forfeitUserId: string | null; expectedVersion?: number; tournamentId?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ p: tournamentPairings, roundStatus: tournamentRounds.status, t: tournaments })
      .from(tournamentPairings)
      .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
      .innerJoin(tournaments, eq(tournaments.id, tournamentPairings.tournamentId))
      .where(eq(tournamentPairings.id, input.pairingId))
      .for("update", { of: tournamentPairings });
    if (!row || (input.tournamentId && row.t.id !== input.tournamentId)) throw new DomainError("NOT_FOUND", "That board does not exist in this tournament.");
    const { p, t } = row;
    if (row.roundStatus === "draft") throw new DomainError("PRECONDITION", `Round ${p.roundNumber} is still a draft: publish it before entering results.`);
    if (p.isBye) throw new DomainError("INVALID", "A bye has no result to enter.");
    if (input.expectedVersion !== undefined && input.expectedVersion !== p.version)
      throw new DomainError("STALE", "Someone else changed this result a moment ago; reload to see it, then try again.");
    const keys = Object.keys(input.scores);
    if (keys.length !== p.players.length || !p.players.every((id) => keys.includes(id)))
      throw new DomainError("INVALID", "Enter a score for each player of this board, and nobody else.", "scores");
    for (const v of Object.values(input.scores)) if (!Number.isInteger(v)) throw new DomainError("INVALID", "Scores are whole numbers.", "scores");
    if (input.forfeitUserId && !p.players.includes(input.forfeitUserId)) throw new DomainError("INVALID", "The forfeiting player is not on this board.", "forfeitUserId");
    const [game] = await tx.select({ id: matches.id, status: matches.status, result: matches.result }).from(matches).where(eq(matches.pairingId, p.id)).limit(1);
    const matchId = input.matchId ?? p.matchId ?? game?.id ?? null;
    if (input.source === "match" && (p.scores || p.forfeitUserId))
      throw new DomainError("PRECONDITION", `Table ${p.tableNumber} already has a result (${p.resultSource === "director" ? "entered by a director" : "from its game"}); the game's end does not change it.`);
    // A game that started after the caller looked for it (enterDirectorResult ends a running one first).
    if (input.source === "director" && game && (game.status === "active" || game.status === "open"))
      throw new DomainError("CONFLICT", `The game at table ${p.tableNumber} has just started; reload, then enter the result again to end it.`);
    const next = { ...p, scores: input.scores, forfeitUserId: input.forfeitUserId };
    if (isElimination(t)) {
      const w = winnerOf(next);
      if (!w) throw new DomainError("INVALID", "A bracket game needs a winner: the scores cannot be level.", "scores");
      const before = winnerOf(p);
      if (before && before !== w) {
        const [later] = await tx
          .select({ n: tournamentRounds.number })
          .from(tournamentRounds)
          .where(and(eq(tournamentRounds.tournamentId, t.id), sql`${tournamentRounds.number} > ${p.roundNumber}`))
          .limit(1);
        if (later) throw new DomainError("PRECONDITION", "The winner advanced into a later round already; this result can no longer change who won.");
      }
    }
    const correction = !!(p.scores || p.forfeitUserId || p.doubleForfeit);
    // Saving the result the board already has changes nothing: no write, no "corrected" line.
    if (correction && sameResult(p, input.scores, input.forfeitUserId)) return;
    await tx
      .update(tournamentPairings)
      .set({
        scores: input.scores,
        forfeitUserId: input.forfeitUserId,
        doubleForfeit: false, // a result entered later replaces a double forfeit
        resultSource: input.source,
        resultBy: input.actorId,
        resultAt: new Date(),
        ...(matchId ? { matchId } : {}),
        version: sql`${tournamentPairings.version} + 1`,
      })
      .where(eq(tournamentPairings.id, p.id));
    // Ratings: a director's result rates the board, or amends its entry (under the match's key when
    // the board has a game, so a correction finds the entry the game made); a match rates itself.
    // A director's forfeit is not rated (docs/ratings.md "What is rated"): the board leaves the
    // ledger, and a later correction back to a played result rates it again. The exception is the
    // player who lost the board's game by resigning or on time (the form shows that as "forfeit
    // by"): that game was played and stays rated as their loss.
    if (input.source === "director") {
      const lostInPlay = input.forfeitUserId && lostByPlay(game?.result ?? null, input.forfeitUserId) ? input.forfeitUserId : null;
      // Ratings follow a correction at once (re-rated from this game on, or queued when large).
      const why = `the result of round ${p.roundNumber}, table ${p.tableNumber} of ${t.name} was ${input.forfeitUserId && !lostInPlay ? "changed to a forfeit" : "corrected"}`;
      if (input.forfeitUserId && !lostInPlay) await removeRatedBoard(tx, p.id, why);
      else
        await applyRatedGame(tx, {
          why,
          ruleset: t.ruleset,
          ...(matchId ? { source: "match" as const, sourceId: matchId } : { source: "pairing" as const, sourceId: p.id }),
          pairingId: p.id,
          playedAt: new Date(),
          rated: t.rated,
          players: p.players.map((userId) => ({ userId, score: input.scores[userId]!, ...(userId === lostInPlay ? { lost: true } : {}) })),
        });
    }
    // The prize hold (docs/prizes.md): a result written after the director marked the results
    // final reopens them, so the payout is provisional again until they are marked final anew.
    const [reopened] = await tx
      .update(tournaments)
      .set({ resultsFinalAt: null })
      .where(and(eq(tournaments.id, t.id), isNotNull(tournaments.resultsFinalAt)))
      .returning({ id: tournaments.id });
    if (reopened) await writeAudit(tx, t.id, input.actorId, "results.reopened", { why: `round ${p.roundNumber}, table ${p.tableNumber} changed after the results were final` });
    await writeAudit(tx, t.id, input.actorId, correction ? "result.corrected" : "result.recorded", {
      round: p.roundNumber,
      table: p.tableNumber,
      players: p.players,
      scores: input.scores,
      forfeitUserId: input.forfeitUserId,
      source: input.source,
      ...(matchId ? { matchId } : {}),
      ...(correction ? { before: { scores: p.scores, forfeitUserId: p.forfeitUserId, ...(p.doubleForfeit ? { doubleForfeit: true } : {}) } } : {}),
    });
    await publish(tx, `tournament:${t.id}`);
  });
}

/** Whether a board already holds exactly this result (same scores, same forfeiting player). */
function sameResult(p: TournamentPairing, scores: Record<string, number>, forfeitUserId: string | null): boolean {
  if ((p.forfeitUserId ?? null) !== forfeitUserId || !p.scores) return false;
  const before = p.scores;
  return Object.keys(before).length === Object.keys(scores).length && Object.entries(scores).every(([id, v]) => before[id] === v);
}

/** Whether the board's game ended with `userId` resigning or losing on time (a played game). */
function lostByPlay(result: MatchResult | null, userId: string): boolean {
  return !!result && (result.reason === "resign" || result.reason === "timeout") && !result.winners.includes(userId);
}

export interface PairingForMatch {
  tournamentId: string;
  clubId: string;
  ruleset: RulesetId;
  rulesetOptions: Record<string, unknown>;
  timeControl: TimeControl;
  challengeRule: string;
  rated: boolean;
  /** User ids, first mover first. */
  players: string[];
  roundNumber: number;
  table: number;
  /** the event's preview mode and no-show rule, copied onto the game */
  preview: Tournament["preview"];
  noShowMinutes: number | null;
}

/** What the matches domain needs to start the game of a board; DomainError NOT_FOUND / INVALID for a bye. */
export async function getPairingForMatch(db: DbOrTx, pairingId: string): Promise<PairingForMatch> {
  const [row] = await db
    .select({ p: tournamentPairings, t: tournaments })
    .from(tournamentPairings)
    .innerJoin(tournaments, eq(tournaments.id, tournamentPairings.tournamentId))
    .where(eq(tournamentPairings.id, pairingId))
    .limit(1);
  if (!row) throw new DomainError("NOT_FOUND", "That board does not exist.");
  if (row.p.isBye) throw new DomainError("INVALID", "A bye is not a game.");
  return {
    tournamentId: row.t.id,
    clubId: row.t.clubId,
    ruleset: row.t.ruleset,
    rulesetOptions: row.t.rulesetOptions,
    timeControl: row.t.timeControl,
    challengeRule: row.t.challengeRule,
    rated: row.t.rated,
    players: row.p.players,
    roundNumber: row.p.roundNumber,
    table: row.p.tableNumber,
    preview: row.t.preview,
    noShowMinutes: row.t.noShowMinutes,
  };
}

export type { TournamentPairing };
