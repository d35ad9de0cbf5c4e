/**
 * A self-scheduled board as the schedule services see it: the pairing, its round's play-by window
 * and its tournament, read under the pairing's row lock inside a `directorWrite` (the tournament row
 * is locked first, as every writer takes them: services/tournaments/director-write.ts), so two
 * players answering the same proposal, or two directors deciding the same board, queue and the
 * second sees what the first did.
 *
 * The deadline of a board is the director's extension (`tournament_pairings.play_by`) when there is
 * one, else the round's `play_by`. A director's decision on an unplayed board is kept in the audit
 * log (actions `unplayed.*`, details `{ pairingId }`), which is also where "Already decided by X at …"
 * comes from: no migration was needed for it.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches, tournamentAudit, tournamentPairings, tournamentRounds, users, type Tournament, type TournamentPairing, type TournamentRound } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { tournamentRoleOf } from "@/server/services/tournaments/access";

export interface ScheduledBoard {
  p: TournamentPairing;
  round: TournamentRound;
}

/** The board's deadline: the director's extension, else the round's window end (null: no window). */
export const deadlineOf = (b: { p: Pick<TournamentPairing, "playBy">; round: Pick<TournamentRound, "playBy"> }): Date | null => b.p.playBy ?? b.round.playBy;

/** Lock and read a board of tournament `t` (NOT_FOUND when it is not one of its boards). */
export async function lockBoard(tx: DbOrTx, t: Tournament, pairingId: string): Promise<ScheduledBoard> {
  const [row] = await tx
    .select({ p: tournamentPairings, round: tournamentRounds })
    .from(tournamentPairings)
    .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
    .where(and(eq(tournamentPairings.id, pairingId), eq(tournamentPairings.tournamentId, t.id)))
    .for("update", { of: tournamentPairings });
  if (!row) throw new DomainError("NOT_FOUND", "That board does not exist in this tournament.");
  return row;
}

/** The tournament a board belongs to (NOT_FOUND), read before taking the locks. */
export async function tournamentOfBoard(db: DbOrTx, pairingId: string): Promise<string> {
  const [row] = await db.select({ t: tournamentPairings.tournamentId }).from(tournamentPairings).where(eq(tournamentPairings.id, pairingId)).limit(1);
  if (!row) throw new DomainError("NOT_FOUND", "That board does not exist.");
  return row.t;
}

/** Refuses anyone but a player of the board (FORBIDDEN), directors included: the players schedule. */
export function requirePlayer(b: ScheduledBoard, userId: string): void {
  if (!b.p.players.includes(userId)) throw new DomainError("FORBIDDEN", "Only the players of this board can do that.");
}

/** Refuses anyone who neither plays on the board nor directs the tournament. */
export async function requirePlayerOrDirector(db: DbOrTx, t: Tournament, b: ScheduledBoard, userId: string): Promise<"player" | "director"> {
  if (b.p.players.includes(userId)) return "player";
  if ((await tournamentRoleOf(db, t, userId)) === "director") return "director";
  throw new DomainError("FORBIDDEN", "Only the players of this board and the tournament's directors can see or do that.");
}

/** A board open for scheduling (and reports, which need no window: club nights report too): a
 * published round, a game, no result (a double forfeit is one). */
export async function requireOpenBoard(db: DbOrTx, t: Tournament, b: ScheduledBoard, opts: { window?: boolean } = {}): Promise<void> {
  if (b.p.isBye) throw new DomainError("INVALID", "A bye has no game to schedule.");
  if (opts.window !== false && !b.round.playBy) throw new DomainError("PRECONDITION", `Round ${b.round.number} has no play-by window: its games are played when the director starts them.`);
  if (b.round.status === "draft") throw new DomainError("PRECONDITION", `Round ${b.round.number} is still a draft: its games are scheduled once the director publishes it.`);
  if (b.round.status === "closed") throw new DomainError("PRECONDITION", `Round ${b.round.number} is closed.`);
  if (b.p.scores || b.p.forfeitUserId) throw new DomainError("PRECONDITION", `Table ${b.p.tableNumber} already has a result.`);
  if (!b.p.doubleForfeit) return;
  const d = await lastDecision(db, t.id, b.p.id);
  throw new DomainError("PRECONDITION", `The director decided this board as a double forfeit${d?.decision === "double-forfeit" ? ` (${d.byName}, ${stamp(d.at)})` : ""}.`);
}

/** A time as the sentences show it (UTC, so it reads the same for everyone; pages show local time). */
export const stamp = (d: Date): string => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export interface Decision {
  decision: "forfeit" | "double-forfeit" | "extend";
  byName: string;
  at: Date;
  details: Record<string, unknown>;
}

const DECISION_ACTIONS = ["unplayed.forfeit", "unplayed.double-forfeit", "unplayed.extended"] as const;

/** The last director's decision on an unplayed board, or null. */
export async function lastDecision(db: DbOrTx, tournamentId: string, pairingId: string): Promise<Decision | null> {
  const [row] = await db
    .select({ action: tournamentAudit.action, at: tournamentAudit.createdAt, details: tournamentAudit.details, name: users.name })
    .from(tournamentAudit)
    .leftJoin(users, eq(users.id, tournamentAudit.actorId))
    .where(and(eq(tournamentAudit.tournamentId, tournamentId), inArray(tournamentAudit.action, [...DECISION_ACTIONS]), sql`${tournamentAudit.details}->>'pairingId' = ${pairingId}`))
    .orderBy(desc(tournamentAudit.createdAt), desc(tournamentAudit.id))
    .limit(1);
  if (!row) return null;
  const decision = row.action === "unplayed.forfeit" ? "forfeit" : row.action === "unplayed.double-forfeit" ? "double-forfeit" : "extend";
  return { decision, byName: row.name ?? "a director", at: row.at, details: row.details };
}

/** The board's online game, if it has one. */
export async function gameOf(db: DbOrTx, pairingId: string): Promise<{ id: string; status: string; mode: string } | null> {
  const [m] = await db.select({ id: matches.id, status: matches.status, mode: matches.mode }).from(matches).where(eq(matches.pairingId, pairingId)).limit(1);
  return m ?? null;
}
