/**
 * The director's side of self-scheduled games (docs/competitions.md "Unplayed games"): a round's
 * play-by window, and the boards that reached their deadline without a result. Nothing is decided
 * automatically: each such board waits in the director's list until a director decides it —
 * forfeit (a loss for the named player, with a reason), double forfeit, or a new deadline.
 *
 * Once: a decision is taken under the board's lock (after the tournament's, `directorWrite`) and
 * only while the board is unplayed (no result, deadline passed, no double forfeit). A second
 * decision on the same board — two directors at once, or a stale page — is told "Already decided by
 * X at …" and changes nothing. A forfeit goes through the one result path (`writeResult`, source
 * "director"), so standings and ratings follow as for any director's result (a forfeit is not rated).
 *
 * A double forfeit is the board's result (`tournament_pairings.double_forfeit`, migration 0026): a
 * loss for every player, no scores, spread unchanged, never rated (no ledger entry, as any forfeit);
 * the standings and pairings say "double forfeit". It takes the board out of the list and closes it
 * to proposals and reports; a result a director enters later replaces it (results.ts).
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { gameProposals, resultReports, tournamentPairings, tournamentRounds, type Tournament, type TournamentRound } from "@/db/schema";
import type { ProposalStatus, ReportStatus } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { namesOf } from "@/server/services/notifications/notify";
import { startQueuedRerates } from "@/server/services/ratings/queue";
import { directorWrite, unchanged, type DirectorAct } from "@/server/services/tournaments/director-write";
import { isElimination } from "@/server/domain";
import { writeResult } from "@/server/services/tournaments/results";
import { deadlineOf, gameOf, lastDecision, lockBoard, stamp, type Decision } from "./board";
import type { UnplayedDecision } from "./schemas";
import { sendDueReminders } from "./views";

/** Set (or clear, with nulls) a round's play-by window; refused on a closed round. */
export async function setRoundWindow(db: Db, input: DirectorAct & { roundNumber: number; playFrom: Date | null; playBy: Date | null }): Promise<void> {
  await directorWrite(db, input, async (tx, t, audit) => {
    const [round] = await tx
      .select()
      .from(tournamentRounds)
      .where(and(eq(tournamentRounds.tournamentId, t.id), eq(tournamentRounds.number, input.roundNumber)))
      .for("update");
    if (!round) throw new DomainError("NOT_FOUND", `There is no round ${input.roundNumber} yet: pair it first.`);
    if (round.status === "closed") throw new DomainError("PRECONDITION", `Round ${round.number} is closed: its window can no longer change.`);
    const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
    if (same(round.playFrom, input.playFrom) && same(round.playBy, input.playBy)) return unchanged(undefined);
    await tx.update(tournamentRounds).set({ playFrom: input.playFrom, playBy: input.playBy }).where(eq(tournamentRounds.id, round.id));
    await audit("round.window-set", { round: round.number, playFrom: input.playFrom?.toISOString() ?? null, playBy: input.playBy?.toISOString() ?? null });
  });
}

/** "Already decided by X at …" when the board is no longer waiting for a decision; else nothing. */
async function refuseIfDecided(db: Db, t: Tournament, b: Awaited<ReturnType<typeof lockBoard>>, now: number): Promise<void> {
  const last = await lastDecision(db, t.id, b.p.id);
  const by = (d: Decision | null, what: string) => (d ? `Already decided by ${d.byName} at ${stamp(d.at)}: ${what}.` : null);
  if (b.p.scores || b.p.forfeitUserId) {
    const who = b.p.resultBy ? ((await namesOf(db, [b.p.resultBy])).get(b.p.resultBy) ?? "someone") : "its game";
    const what = b.p.forfeitUserId ? "a forfeit" : "the result";
    throw new DomainError("CONFLICT", last?.decision === "forfeit" ? by(last, what)! : `Already decided by ${who}${b.p.resultAt ? ` at ${stamp(b.p.resultAt)}` : ""}: table ${b.p.tableNumber} has a result.`);
  }
  if (b.p.doubleForfeit || last?.decision === "double-forfeit") throw new DomainError("CONFLICT", by(last, "a double forfeit") ?? `Table ${b.p.tableNumber} was decided as a double forfeit.`);
  const deadline = deadlineOf(b);
  if (!deadline) throw new DomainError("PRECONDITION", `Round ${b.round.number} has no play-by window.`);
  if (deadline.getTime() > now)
    throw new DomainError("CONFLICT", last?.decision === "extend" ? by(last, `the deadline was extended to ${stamp(deadline)}`)! : `Table ${b.p.tableNumber} may still be played until ${stamp(deadline)}.`);
}

export interface DecideInput extends DirectorAct {
  pairingId: string;
  decision: UnplayedDecision;
  forfeitUserId: string | null;
  playBy: Date | null;
  reason: string;
}

/** A director's decision on an unplayed board (directors only: checked by the router). */
export async function decideUnplayed(db: Db, input: DecideInput, opts: { now?: number } = {}): Promise<void> {
  const now = opts.now ?? Date.now();
  await directorWrite(db, input, async (tx, t, audit) => {
    const b = await lockBoard(tx, t, input.pairingId);
    if (b.p.isBye) throw new DomainError("INVALID", "A bye has no game to decide.");
    await refuseIfDecided(tx, t, b, now);
    const where = { pairingId: b.p.id, round: b.round.number, table: b.p.tableNumber, players: b.p.players, reason: input.reason };
    if (input.decision === "extend") {
      if (!input.playBy || input.playBy.getTime() <= now) throw new DomainError("INVALID", "The new deadline must be in the future.", "playBy");
      await tx.update(tournamentPairings).set({ playBy: input.playBy, version: b.p.version + 1 }).where(eq(tournamentPairings.id, b.p.id));
      await audit("unplayed.extended", { ...where, playBy: input.playBy.toISOString() });
      return;
    }
    const game = await gameOf(tx, b.p.id);
    if (game && (game.status === "active" || game.status === "open"))
      throw new DomainError("CONFLICT", `The game at table ${b.p.tableNumber} is under way: end it or let it finish before deciding the board.`);
    if (input.decision === "double-forfeit") {
      if (isElimination(t)) throw new DomainError("INVALID", "A bracket game needs a winner: choose a forfeit or a new deadline.", "decision");
      await tx
        .update(tournamentPairings)
        .set({ doubleForfeit: true, resultSource: "director", resultBy: input.actorId, resultAt: new Date(now), version: sql`${tournamentPairings.version} + 1` })
        .where(eq(tournamentPairings.id, b.p.id));
      await audit("unplayed.double-forfeit", where);
      return;
    }
    if (!input.forfeitUserId || !b.p.players.includes(input.forfeitUserId)) throw new DomainError("INVALID", "The forfeiting player is not on this board.", "forfeitUserId");
    await writeResult(tx, {
      pairingId: b.p.id,
      tournamentId: t.id,
      scores: Object.fromEntries(b.p.players.map((id) => [id, 0])),
      forfeitUserId: input.forfeitUserId,
      source: "director",
      actorId: input.actorId,
    });
    await audit("unplayed.forfeit", { ...where, forfeitUserId: input.forfeitUserId });
  });
  startQueuedRerates(db).catch((err: unknown) => console.error("The queued re-rate failed:", err));
}

export interface DirectorBoard {
  pairingId: string;
  round: number;
  table: number;
  players: { userId: string; name: string }[];
  deadline: Date | null;
  scheduledAt: Date | null;
  /** why it is listed */
  kind: "unplayed" | "disputed";
  lastDecision: { decision: Decision["decision"]; byName: string; at: Date } | null;
  proposals: { proposedBy: string; times: string[]; note: string; status: ProposalStatus; createdAt: Date }[];
  report: { reportedBy: string; scores: Record<string, number>; note: string; status: ReportStatus; createdAt: Date } | null;
}

export interface DirectorPanel {
  /** every round with its window, for the window form */
  rounds: { number: number; status: TournamentRound["status"]; playFrom: Date | null; playBy: Date | null }[];
  boards: DirectorBoard[];
}

/** The director's panel: the rounds' windows, and the boards waiting for a decision. */
export async function directorPanel(db: Db, t: Tournament, opts: { now?: number } = {}): Promise<DirectorPanel> {
  await sendDueReminders(db, opts);
  const rounds = await db
    .select({ number: tournamentRounds.number, status: tournamentRounds.status, playFrom: tournamentRounds.playFrom, playBy: tournamentRounds.playBy })
    .from(tournamentRounds)
    .where(eq(tournamentRounds.tournamentId, t.id))
    .orderBy(asc(tournamentRounds.number));
  return { rounds, boards: await listForDirector(db, t, opts) };
}

/** The director's list: unplayed boards past their deadline, and boards whose reported result is disputed. */
export async function listForDirector(db: Db, t: Tournament, opts: { now?: number } = {}): Promise<DirectorBoard[]> {
  const now = opts.now ?? Date.now();
  const rows = await db
    .select({ p: tournamentPairings, round: tournamentRounds })
    .from(tournamentPairings)
    .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentPairings.roundId))
    .where(and(eq(tournamentPairings.tournamentId, t.id), eq(tournamentPairings.isBye, false), isNull(tournamentPairings.scores), isNull(tournamentPairings.forfeitUserId), eq(tournamentPairings.doubleForfeit, false), ne(tournamentRounds.status, "draft")))
    .orderBy(asc(tournamentPairings.roundNumber), asc(tournamentPairings.tableNumber))
    .limit(500);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.p.id);
  const reports = await db.select().from(resultReports).where(inArray(resultReports.pairingId, ids)).orderBy(desc(resultReports.createdAt));
  const proposals = await db.select().from(gameProposals).where(inArray(gameProposals.pairingId, ids)).orderBy(desc(gameProposals.createdAt));
  const names = await namesOf(db, [...new Set(rows.flatMap((r) => r.p.players))]);
  const out: DirectorBoard[] = [];
  for (const r of rows) {
    const report = reports.find((x) => x.pairingId === r.p.id) ?? null;
    const deadline = deadlineOf(r);
    const disputed = report?.status === "disputed";
    if (!disputed && !(deadline && deadline.getTime() <= now)) continue;
    const last = await lastDecision(db, t.id, r.p.id);
    if (last?.decision === "double-forfeit") continue;
    out.push({
      pairingId: r.p.id,
      round: r.round.number,
      table: r.p.tableNumber,
      players: r.p.players.map((userId) => ({ userId, name: names.get(userId) ?? "(unknown)" })),
      deadline,
      scheduledAt: r.p.scheduledAt,
      kind: disputed ? "disputed" : "unplayed",
      lastDecision: last ? { decision: last.decision, byName: last.byName, at: last.at } : null,
      proposals: proposals.filter((x) => x.pairingId === r.p.id).slice(0, 3).map((x) => ({ proposedBy: x.proposedBy, times: x.times, note: x.note, status: x.status, createdAt: x.createdAt })),
      report: report ? { reportedBy: report.reportedBy, scores: report.scores, note: report.note, status: report.status, createdAt: report.createdAt } : null,
    });
  }
  return out;
}
