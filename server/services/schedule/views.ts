/**
 * What a player sees of their self-scheduled boards ("My games to schedule" on the tournament page
 * and on /play), the reminder before an agreed time, and opening the game at that time.
 *
 * Reminders: every board whose agreed time is within the next hour and has no reminder yet gets
 * one (both players, once per agreed time; the check runs under the board's lock so two sweeps
 * cannot send it twice). The due sweep (due.ts, a pg-boss job about once a minute) sends them on
 * time; reads of a player's schedule or a director's list still sweep too, which is harmless (the
 * same once-only check) and covers a server run with the due sweep turned off.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameProposals, notifications, resultReports, tournamentPairings, tournamentRounds, tournaments } from "@/db/schema";
import type { ProposalStatus, ReportStatus } from "@/server/domain";
import { clock as C, type TimeControl } from "@/engine";
import { DomainError } from "@/server/errors";
import { createFromPairing } from "@/server/services/matches/lifecycle";
import { namesOf } from "@/server/services/notifications/notify";
import { notifyReminder } from "@/server/services/notifications/schedule-events";
import { deadlineOf, gameOf, stamp } from "./board";

/** How long before the agreed time the reminder goes. */
export const REMINDER_MS = 60 * 60_000;
/** How early before the agreed time the game may be opened (a fair start waits for both anyway). */
export const OPEN_EARLY_MS = 10 * 60_000;

/** Send the reminders that are due (see the header); returns how many boards were reminded. */
export async function sendDueReminders(db: Db, opts: { now?: number } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const due = await db
    .select({ id: tournamentPairings.id, at: tournamentPairings.scheduledAt })
    .from(tournamentPairings)
    .where(and(isNotNull(tournamentPairings.scheduledAt), gt(tournamentPairings.scheduledAt, new Date(now)), lte(tournamentPairings.scheduledAt, new Date(now + REMINDER_MS)), isNull(tournamentPairings.scores), isNull(tournamentPairings.forfeitUserId), eq(tournamentPairings.doubleForfeit, false),
        // boards already reminded for this time are left out here, so they never crowd out the
        // batch (checked again under the lock below)
        sql`not exists (select 1 from ${notifications} where ${notifications.kind} = 'game-reminder' and ${notifications.payload}->>'pairingId' = ${tournamentPairings.id}::text and (${notifications.payload}->>'at')::timestamptz = ${tournamentPairings.scheduledAt})`))
    .limit(20);
  let sent = 0;
  for (const d of due) {
    const at = d.at!.toISOString();
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ p: tournamentPairings, t: tournaments, round: tournamentRounds.number })
        .from(tournamentPairings)
        .innerJoin(tournaments, eq(tournaments.id, tournamentPairings.tournamentId))
        .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
        .where(eq(tournamentPairings.id, d.id))
        .for("update", { of: tournamentPairings });
      if (!row || row.p.scheduledAt?.toISOString() !== at) return false;
      const [already] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.kind, "game-reminder"), sql`${notifications.payload}->>'pairingId' = ${d.id}`, sql`${notifications.payload}->>'at' = ${at}`))
        .limit(1);
      if (already) return false;
      await notifyReminder(tx, { tournamentId: row.t.id, tournamentName: row.t.name, round: row.round, table: row.p.tableNumber, pairingId: d.id }, row.p.players, row.p.scheduledAt!);
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

export interface MyBoard {
  pairingId: string;
  tournamentId: string;
  tournamentName: string;
  round: number;
  table: number;
  opponents: { userId: string; name: string }[];
  /** seat order, for the report form */
  players: { userId: string; name: string }[];
  playFrom: Date | null;
  deadline: Date | null;
  extended: boolean;
  scheduledAt: Date | null;
  /** From when "Open the game" works (null: no agreed time). A correspondence game opens with its
   * window: no time is agreed, the players move when they like. */
  opensAt: Date | null;
  /** Played by correspondence (days per move): the free time of each move, in ms; null: live. */
  correspondenceMs: number | null;
  matchId: string | null;
  proposals: { id: string; mine: boolean; byName: string; times: string[]; note: string; status: ProposalStatus; acceptedTime: Date | null; createdAt: Date }[];
  report: { id: string; mine: boolean; byName: string; scores: Record<string, number>; note: string; status: ReportStatus; createdAt: Date } | null;
  /** Past its deadline without a result: waiting for the director. */
  overdue: boolean;
}

/** The caller's boards without a result: in rounds with a window, and every board of `tournamentId` when given. */
export async function myBoards(db: Db, userId: string, opts: { tournamentId?: string; now?: number } = {}): Promise<MyBoard[]> {
  const now = opts.now ?? Date.now();
  await sendDueReminders(db, { now });
  const scope: SQL | undefined = opts.tournamentId ? or(isNotNull(tournamentRounds.playBy), eq(tournamentPairings.tournamentId, opts.tournamentId)) : isNotNull(tournamentRounds.playBy);
  const rows = await db
    .select({ p: tournamentPairings, round: tournamentRounds, tName: tournaments.name, tc: tournaments.timeControl })
    .from(tournamentPairings)
    .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
    .innerJoin(tournaments, eq(tournaments.id, tournamentPairings.tournamentId))
    .where(
      and(
        sql`${tournamentPairings.players} @> ${JSON.stringify([userId])}::jsonb`,
        eq(tournamentPairings.isBye, false),
        eq(tournamentRounds.status, "published"),
        isNull(tournamentPairings.scores),
        isNull(tournamentPairings.forfeitUserId),
        eq(tournamentPairings.doubleForfeit, false),
        ne(tournaments.status, "finished"),
        scope,
        ...(opts.tournamentId ? [eq(tournamentPairings.tournamentId, opts.tournamentId)] : []),
      ),
    )
    .orderBy(desc(tournamentPairings.createdAt))
    .limit(50);
  const kept = rows;
  if (kept.length === 0) return [];
  const ids = kept.map((r) => r.p.id);
  const proposals = await db.select().from(gameProposals).where(inArray(gameProposals.pairingId, ids)).orderBy(desc(gameProposals.createdAt));
  const reports = await db.select().from(resultReports).where(and(inArray(resultReports.pairingId, ids), inArray(resultReports.status, ["pending", "disputed"]))).orderBy(desc(resultReports.createdAt));
  const names = await namesOf(db, [...new Set(kept.flatMap((r) => r.p.players))]);
  const person = (id: string) => ({ userId: id, name: names.get(id) ?? "(unknown)" });
  const out: MyBoard[] = [];
  for (const r of kept) {
    const deadline = deadlineOf(r);
    const game = await gameOf(db, r.p.id);
    const report = reports.find((x) => x.pairingId === r.p.id) ?? null;
    out.push({
      pairingId: r.p.id,
      tournamentId: r.p.tournamentId,
      tournamentName: r.tName,
      round: r.round.number,
      table: r.p.tableNumber,
      opponents: r.p.players.filter((id) => id !== userId).map(person),
      players: r.p.players.map(person),
      playFrom: r.round.playFrom,
      deadline,
      extended: r.p.playBy !== null,
      scheduledAt: r.p.scheduledAt,
      opensAt: C.isCorrespondence(r.tc) ? (r.round.playFrom ?? r.round.publishedAt ?? r.round.pairedAt) : r.p.scheduledAt ? new Date(r.p.scheduledAt.getTime() - OPEN_EARLY_MS) : null,
      correspondenceMs: C.isCorrespondence(r.tc) ? (r.tc.moveAllowanceMs ?? null) : null,
      matchId: game?.id ?? null,
      proposals: proposals
        .filter((x) => x.pairingId === r.p.id)
        .slice(0, 5)
        .map((x) => ({ id: x.id, mine: x.proposedBy === userId, byName: names.get(x.proposedBy) ?? "(unknown)", times: x.times, note: x.note, status: x.status, acceptedTime: x.acceptedTime, createdAt: x.createdAt })),
      report: report ? { id: report.id, mine: report.reportedBy === userId, byName: names.get(report.reportedBy) ?? "(unknown)", scores: report.scores, note: report.note, status: report.status, createdAt: report.createdAt } : null,
      overdue: !!deadline && deadline.getTime() <= now,
    });
  }
  return out;
}

/** "Open the game": a player of the board, from shortly before the agreed time on (a correspondence
 * game: at any time), through the fair start. */
export async function openScheduledGame(db: Db, input: { pairingId: string; userId: string }, opts: { now?: number } = {}): Promise<{ matchId: string }> {
  const now = opts.now ?? Date.now();
  const [p] = await db.select().from(tournamentPairings).where(eq(tournamentPairings.id, input.pairingId)).limit(1);
  if (!p) throw new DomainError("NOT_FOUND", "That board does not exist.");
  if (!p.players.includes(input.userId)) throw new DomainError("FORBIDDEN", "Only the players of this board can open its game.");
  const existing = await gameOf(db, p.id);
  const [t] = await db.select({ timeControl: tournaments.timeControl }).from(tournaments).where(eq(tournaments.id, p.tournamentId)).limit(1);
  // a correspondence game needs no agreed time: the players move when they like, days apart
  if (!existing && !C.isCorrespondence(t?.timeControl as TimeControl | null)) {
    if (!p.scheduledAt) throw new DomainError("PRECONDITION", "Agree a time with your opponent first: the game opens at that time.");
    if (now < p.scheduledAt.getTime() - OPEN_EARLY_MS) throw new DomainError("PRECONDITION", `Your game opens at ${stamp(p.scheduledAt)} (you can come to the board 10 minutes before).`);
  }
  const { matchId } = await createFromPairing(db, { pairingId: p.id, userId: input.userId }, { now });
  return { matchId };
}
