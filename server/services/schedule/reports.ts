/**
 * Results the players of an over-the-board game report themselves (docs/competitions.md
 * "Reporting a result yourselves"): either player reports the scores, the opponent confirms them
 * (the result is then entered as the board's result) or disputes them (the board goes to the
 * director's list; the director enters the result as usual). A new report while one is pending
 * supersedes it, whoever makes it.
 *
 * One result path: a confirmed report is written by `writeResult` with source "director" and the
 * confirming player as the one who entered it (the source column knows only "director" and "match",
 * and a new value would need a migration); the audit log marks it `report.confirmed` with the
 * reporter, so the director can tell a players' result from one they typed. Standings and ratings
 * follow as for any director's result. A board whose online game is under way or finished gets its
 * result from the game, so reports are refused there.
 */
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { resultReports, tournamentPairings, type ResultReport, type Tournament } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { namesOf } from "@/server/services/notifications/notify";
import { notifyReport } from "@/server/services/notifications/schedule-events";
import { startQueuedRerates } from "@/server/services/ratings/queue";
import { directorWrite } from "@/server/services/tournaments/director-write";
import { writeResult } from "@/server/services/tournaments/results";
import { gameOf, lockBoard, requireOpenBoard, requirePlayer, stamp, tournamentOfBoard, type ScheduledBoard } from "./board";
import { facts } from "./proposals";

/** "Ann 412 – Bo 380", in seat order. */
async function line(tx: Tx, b: ScheduledBoard, scores: Record<string, number>): Promise<string> {
  const names = await namesOf(tx, b.p.players);
  return b.p.players.map((id) => `${names.get(id) ?? "?"} ${scores[id]}`).join(" – ");
}

/** A player of the board reports its scores; a pending report on the board is superseded. */
export async function reportResult(db: Db, input: { pairingId: string; userId: string; scores: Record<string, number>; note: string }, opts: { now?: number } = {}): Promise<{ reportId: string }> {
  const now = new Date(opts.now ?? Date.now());
  const tournamentId = await tournamentOfBoard(db, input.pairingId);
  return directorWrite(db, { tournamentId, actorId: input.userId }, async (tx, t) => {
    const b = await lockBoard(tx, t, input.pairingId);
    requirePlayer(b, input.userId);
    await requireOpenBoard(tx, t, b, { window: false });
    const game = await gameOf(tx, b.p.id);
    if (game && game.status !== "cancelled" && game.mode === "online") throw new DomainError("PRECONDITION", "This board's game is played online: its result comes from the game.");
    const keys = Object.keys(input.scores);
    if (keys.length !== b.p.players.length || !b.p.players.every((id) => keys.includes(id))) throw new DomainError("INVALID", "Enter a score for each player of this board, and nobody else.", "scores");
    await tx.update(resultReports).set({ status: "superseded", answeredBy: input.userId, answeredAt: now }).where(and(eq(resultReports.pairingId, b.p.id), eq(resultReports.status, "pending")));
    const [row] = await tx.insert(resultReports).values({ pairingId: b.p.id, reportedBy: input.userId, scores: input.scores, note: input.note, createdAt: now }).returning({ id: resultReports.id });
    const other = b.p.players.find((id) => id !== input.userId)!;
    await notifyReport(tx, facts(t, b), input.userId, other, "reported", await line(tx, b, input.scores));
    return { reportId: row!.id };
  });
}

/** Lock the board of a report and re-read the report under the lock (NOT_FOUND). */
async function lockReport(tx: Tx, t: Tournament, reportId: string): Promise<{ b: ScheduledBoard; report: ResultReport }> {
  const [found] = await tx.select().from(resultReports).where(eq(resultReports.id, reportId)).limit(1);
  if (!found) throw new DomainError("NOT_FOUND", "That report does not exist.");
  const b = await lockBoard(tx, t, found.pairingId);
  const [report] = await tx.select().from(resultReports).where(eq(resultReports.id, reportId)).limit(1);
  return { b, report: report! };
}

async function tournamentOfReport(db: Db, reportId: string): Promise<string> {
  const [row] = await db.select({ t: tournamentPairings.tournamentId }).from(resultReports).innerJoin(tournamentPairings, eq(tournamentPairings.id, resultReports.pairingId)).where(eq(resultReports.id, reportId)).limit(1);
  if (!row) throw new DomainError("NOT_FOUND", "That report does not exist.");
  return row.t;
}

/** The opponent answers a pending report: only the other player, only once. */
async function requireAnswerable(tx: Tx, b: ScheduledBoard, report: ResultReport, userId: string): Promise<void> {
  requirePlayer(b, userId);
  if (report.reportedBy === userId) throw new DomainError("FORBIDDEN", "Your opponent confirms the result you reported; you may report it again to correct it.");
  if (report.status === "pending") return;
  const who = report.answeredBy ? ((await namesOf(tx, [report.answeredBy])).get(report.answeredBy) ?? "someone") : "someone";
  const what = report.status === "superseded" ? "replaced by a newer report" : report.status;
  throw new DomainError("CONFLICT", `This report was already ${what} (${who}${report.answeredAt ? `, ${stamp(report.answeredAt)}` : ""}).`);
}

/** The opponent confirms: the reported scores become the board's result. */
export async function confirmReport(db: Db, input: { reportId: string; userId: string }, opts: { now?: number } = {}): Promise<void> {
  const now = new Date(opts.now ?? Date.now());
  const tournamentId = await tournamentOfReport(db, input.reportId);
  await directorWrite(db, { tournamentId, actorId: input.userId }, async (tx, t, audit) => {
    const { b, report } = await lockReport(tx, t, input.reportId);
    await requireAnswerable(tx, b, report, input.userId);
    await requireOpenBoard(tx, t, b, { window: false });
    await tx.update(resultReports).set({ status: "confirmed", answeredBy: input.userId, answeredAt: now }).where(eq(resultReports.id, report.id));
    await writeResult(tx, { pairingId: b.p.id, tournamentId: t.id, scores: report.scores, forfeitUserId: null, source: "director", actorId: input.userId });
    await audit("report.confirmed", { pairingId: b.p.id, round: b.round.number, table: b.p.tableNumber, reportedBy: report.reportedBy, scores: report.scores, players: b.p.players });
    await notifyReport(tx, facts(t, b), input.userId, report.reportedBy, "confirmed", await line(tx, b, report.scores));
  });
  startQueuedRerates(db).catch((err: unknown) => console.error("The queued re-rate failed:", err));
}

/** The opponent disputes: the board goes to the director's list. */
export async function disputeReport(db: Db, input: { reportId: string; userId: string; note: string }, opts: { now?: number } = {}): Promise<void> {
  const now = new Date(opts.now ?? Date.now());
  const tournamentId = await tournamentOfReport(db, input.reportId);
  await directorWrite(db, { tournamentId, actorId: input.userId }, async (tx, t, audit) => {
    const { b, report } = await lockReport(tx, t, input.reportId);
    await requireAnswerable(tx, b, report, input.userId);
    await requireOpenBoard(tx, t, b, { window: false });
    const note = input.note ? (report.note ? `${report.note}\n— ${input.note}` : `— ${input.note}`) : report.note;
    await tx.update(resultReports).set({ status: "disputed", answeredBy: input.userId, answeredAt: now, note }).where(eq(resultReports.id, report.id));
    await audit("report.disputed", { pairingId: b.p.id, round: b.round.number, table: b.p.tableNumber, reportedBy: report.reportedBy });
    await notifyReport(tx, facts(t, b), input.userId, report.reportedBy, "disputed", "");
  });
}
