/**
 * Players agree the time of a board's game inside its round's play-by window
 * (docs/competitions.md "Scheduling a game"): one player proposes 1–5 start times, the other
 * accepts one (the board keeps it as `scheduled_at`), counters (declines and proposes other times
 * in one step), or declines; the proposer may withdraw. A player's new proposal replaces their own
 * open one; while the opponent's proposal is open, a player answers it instead of proposing.
 *
 * Every act runs in `directorWrite` (tournament row, then the board's row, locked), so two answers
 * to the same proposal queue: the second finds it no longer open and is told who answered it
 * ("This proposal was already countered by Ann."), and nothing of it is written.
 */
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { gameProposals, tournamentPairings, type GameProposal, type Tournament } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { namesOf } from "@/server/services/notifications/notify";
import { notifyProposal, notifyProposalClosed, notifyScheduled, type BoardFacts } from "@/server/services/notifications/schedule-events";
import { directorWrite } from "@/server/services/tournaments/director-write";
import { deadlineOf, lockBoard, requireOpenBoard, requirePlayer, stamp, tournamentOfBoard, type ScheduledBoard } from "./board";

export const facts = (t: Tournament, b: ScheduledBoard): BoardFacts => ({ tournamentId: t.id, tournamentName: t.name, round: b.round.number, table: b.p.tableNumber, pairingId: b.p.id });

/** Each time inside the window and in the future; sorted, duplicates dropped. */
export function checkTimes(b: ScheduledBoard, times: readonly Date[], now: number): Date[] {
  const from = b.round.playFrom;
  const by = deadlineOf(b)!;
  const out = [...new Map(times.map((d) => [d.getTime(), d])).values()].sort((x, y) => x.getTime() - y.getTime());
  for (const d of out) {
    if (d.getTime() <= now) throw new DomainError("INVALID", `${stamp(d)} has already passed: propose times in the future.`, "times");
    if ((from && d.getTime() < from.getTime()) || d.getTime() > by.getTime())
      throw new DomainError("INVALID", `${stamp(d)} is outside round ${b.round.number}'s window (${from ? stamp(from) : "now"} to ${stamp(by)}): propose times inside it.`, "times");
  }
  return out;
}

const STATUS_WORDS: Record<GameProposal["status"], string> = { open: "open", accepted: "accepted", declined: "declined", countered: "countered", withdrawn: "withdrawn" };

/** Lock the board of a proposal and return both (NOT_FOUND); refuses an answer to a closed proposal. */
async function lockOpenProposal(tx: Tx, t: Tournament, proposalId: string): Promise<{ b: ScheduledBoard; prop: GameProposal }> {
  const [found] = await tx.select().from(gameProposals).where(eq(gameProposals.id, proposalId)).limit(1);
  if (!found) throw new DomainError("NOT_FOUND", "That proposal does not exist.");
  const b = await lockBoard(tx, t, found.pairingId);
  // read again under the board's lock: another answer may have just been committed
  const [prop] = await tx.select().from(gameProposals).where(eq(gameProposals.id, proposalId)).limit(1);
  return { b, prop: prop! };
}

async function requireStillOpen(tx: Tx, prop: GameProposal): Promise<void> {
  if (prop.status === "open") return;
  const who = prop.respondedBy ? ((await namesOf(tx, [prop.respondedBy])).get(prop.respondedBy) ?? "someone") : "someone";
  throw new DomainError("CONFLICT", `This proposal was already ${STATUS_WORDS[prop.status]} by ${who}${prop.respondedAt ? ` at ${stamp(prop.respondedAt)}` : ""}.`);
}

/** The tournament of a proposal (NOT_FOUND), read before the locks. */
async function tournamentOfProposal(db: Db, proposalId: string): Promise<string> {
  const [row] = await db.select({ t: tournamentPairings.tournamentId }).from(gameProposals).innerJoin(tournamentPairings, eq(tournamentPairings.id, gameProposals.pairingId)).where(eq(gameProposals.id, proposalId)).limit(1);
  if (!row) throw new DomainError("NOT_FOUND", "That proposal does not exist.");
  return row.t;
}

/** Insert a proposal by `userId` (times checked), replacing their own open one; notifies the opponent. */
async function insertProposal(tx: Tx, t: Tournament, b: ScheduledBoard, userId: string, times: readonly Date[], note: string, now: number, counterTo: string | null): Promise<string> {
  const checked = checkTimes(b, times, now);
  const open = await tx.select().from(gameProposals).where(and(eq(gameProposals.pairingId, b.p.id), eq(gameProposals.status, "open")));
  const theirs = open.find((o) => o.proposedBy !== userId);
  if (theirs) throw new DomainError("PRECONDITION", "Your opponent's proposal is waiting for your answer: accept a time, counter it or decline it.");
  for (const mine of open) await tx.update(gameProposals).set({ status: "withdrawn", respondedBy: userId, respondedAt: new Date(now) }).where(eq(gameProposals.id, mine.id));
  const [row] = await tx
    .insert(gameProposals)
    .values({ pairingId: b.p.id, proposedBy: userId, times: checked.map((d) => d.toISOString()), note, counterTo, createdAt: new Date(now) })
    .returning({ id: gameProposals.id });
  const other = b.p.players.find((id) => id !== userId)!;
  await notifyProposal(tx, facts(t, b), userId, other, checked, counterTo !== null);
  return row!.id;
}

export interface ProposeInput {
  pairingId: string;
  userId: string;
  times: Date[];
  note: string;
}

/** A player of the board proposes times. */
export async function propose(db: Db, input: ProposeInput, opts: { now?: number } = {}): Promise<{ proposalId: string }> {
  const now = opts.now ?? Date.now();
  const tournamentId = await tournamentOfBoard(db, input.pairingId);
  return directorWrite(db, { tournamentId, actorId: input.userId }, async (tx, t) => {
    const b = await lockBoard(tx, t, input.pairingId);
    requirePlayer(b, input.userId);
    await requireOpenBoard(tx, t, b);
    return { proposalId: await insertProposal(tx, t, b, input.userId, input.times, input.note, now, null) };
  });
}

/** The other player accepts one of the proposed times: the board's agreed time. */
export async function acceptProposal(db: Db, input: { proposalId: string; userId: string; time: Date }, opts: { now?: number } = {}): Promise<{ scheduledAt: Date }> {
  const now = opts.now ?? Date.now();
  const tournamentId = await tournamentOfProposal(db, input.proposalId);
  return directorWrite(db, { tournamentId, actorId: input.userId }, async (tx, t, audit) => {
    const { b, prop } = await lockOpenProposal(tx, t, input.proposalId);
    requirePlayer(b, input.userId);
    if (prop.proposedBy === input.userId) throw new DomainError("FORBIDDEN", "Your opponent accepts your proposal; you may withdraw it.");
    await requireStillOpen(tx, prop);
    await requireOpenBoard(tx, t, b);
    const time = prop.times.map((s) => new Date(s)).find((d) => d.getTime() === input.time.getTime());
    if (!time) throw new DomainError("INVALID", "Choose one of the proposed times.", "time");
    checkTimes(b, [time], now);
    await tx.update(gameProposals).set({ status: "accepted", acceptedTime: time, respondedBy: input.userId, respondedAt: new Date(now) }).where(eq(gameProposals.id, prop.id));
    await tx.update(tournamentPairings).set({ scheduledAt: time, version: b.p.version + 1 }).where(eq(tournamentPairings.id, b.p.id));
    await notifyScheduled(tx, facts(t, b), b.p.players, time);
    await audit("game.scheduled", { pairingId: b.p.id, round: b.round.number, table: b.p.tableNumber, at: time.toISOString() });
    return { scheduledAt: time };
  });
}

/** The other player declines the proposal and proposes other times, in one step. */
export async function counterProposal(db: Db, input: { proposalId: string; userId: string; times: Date[]; note: string }, opts: { now?: number } = {}): Promise<{ proposalId: string }> {
  const now = opts.now ?? Date.now();
  const tournamentId = await tournamentOfProposal(db, input.proposalId);
  return directorWrite(db, { tournamentId, actorId: input.userId }, async (tx, t) => {
    const { b, prop } = await lockOpenProposal(tx, t, input.proposalId);
    requirePlayer(b, input.userId);
    if (prop.proposedBy === input.userId) throw new DomainError("FORBIDDEN", "This is your own proposal: propose new times instead, which replaces it.");
    await requireStillOpen(tx, prop);
    await requireOpenBoard(tx, t, b);
    await tx.update(gameProposals).set({ status: "countered", respondedBy: input.userId, respondedAt: new Date(now) }).where(eq(gameProposals.id, prop.id));
    return { proposalId: await insertProposal(tx, t, b, input.userId, input.times, input.note, now, prop.id) };
  });
}

/** Decline (the other player) or withdraw (the proposer) an open proposal. */
export async function closeProposal(db: Db, input: { proposalId: string; userId: string; how: "declined" | "withdrawn" }, opts: { now?: number } = {}): Promise<void> {
  const now = opts.now ?? Date.now();
  const tournamentId = await tournamentOfProposal(db, input.proposalId);
  await directorWrite(db, { tournamentId, actorId: input.userId }, async (tx, t) => {
    const { b, prop } = await lockOpenProposal(tx, t, input.proposalId);
    requirePlayer(b, input.userId);
    const own = prop.proposedBy === input.userId;
    if (input.how === "declined" && own) throw new DomainError("FORBIDDEN", "This is your own proposal: withdraw it instead.");
    if (input.how === "withdrawn" && !own) throw new DomainError("FORBIDDEN", "Only the player who proposed these times can withdraw them; you may decline them.");
    await requireStillOpen(tx, prop);
    await tx.update(gameProposals).set({ status: input.how, respondedBy: input.userId, respondedAt: new Date(now) }).where(eq(gameProposals.id, prop.id));
    const other = b.p.players.find((id) => id !== input.userId)!;
    await notifyProposalClosed(tx, facts(t, b), input.userId, other, input.how);
  });
}
