/**
 * Fees, recorded and never charged (docs/desk.md "Fees"): the desk marks an entry's fee paid
 * or waived (amount, method, note), and the ledger adds them up per status and per method.
 *
 * Nothing is recorded twice: a write names the fee record it was made from (`expectedUpdatedAt`,
 * the entry's `fee_updated_at` as the desk read it). Sending the same values again (a double tap,
 * a retry) changes nothing; different values on a record someone else changed since are refused
 * with what it now says, so two desks cannot both take the same player's money unnoticed.
 *
 * Amounts are integers in minor units of the event's currency (server/domain/money.ts). In the
 * ledger an owed entry counts the event's fee, a paid one what was received, a waived one 0;
 * withdrawn entries are listed (they may have paid) but owe nothing.
 */
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { tournamentPlayers, users } from "@/db/schema";
import { FEE_METHODS, FEE_STATUSES, formatMoney, type EntryStatus, type FeeMethod, type FeeStatus } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getTournamentOrThrow } from "./access";
import { deskCard, type DeskCard } from "./desk";
import { directorWrite, unchanged, type DirectorAct } from "./director-write";
import { csv } from "./views";

export interface FeeInput {
  userId: string;
  status: FeeStatus;
  /** Minor units; ignored (0) for owed and waived. */
  amount: number;
  method: FeeMethod | null;
  note: string;
  /** `feeUpdatedAt` of the record the desk showed (null: never set). */
  expectedUpdatedAt: Date | null;
}

const sameTime = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());

/** Records an entry's fee (staff). Returns the desk card as it now stands. */
export async function setFee(db: DbOrTx, a: DirectorAct & FeeInput): Promise<DeskCard> {
  if (a.status === "paid" && a.method === null) throw new DomainError("INVALID", "Say how it was paid: cash, transfer or card.", "method");
  if (a.status === "paid" && a.amount <= 0) throw new DomainError("INVALID", "Enter the amount received (more than 0).", "amount");
  const amount = a.status === "paid" ? a.amount : 0;
  const method = a.status === "paid" ? a.method : null;
  await directorWrite(db, a, async (tx, t, audit) => {
    const [e] = await tx
      .select({ feeStatus: tournamentPlayers.feeStatus, feeAmount: tournamentPlayers.feeAmount, feeMethod: tournamentPlayers.feeMethod, feeNote: tournamentPlayers.feeNote, feeUpdatedAt: tournamentPlayers.feeUpdatedAt })
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, a.userId)))
      .for("update");
    if (!e) throw new DomainError("NOT_FOUND", "That player has no entry in this event.");
    const same = e.feeStatus === a.status && e.feeAmount === amount && e.feeMethod === method && e.feeNote === a.note;
    if (same) return unchanged(undefined); // a retry or a second desk recording the same: nothing twice
    if (!sameTime(e.feeUpdatedAt, a.expectedUpdatedAt)) {
      const now = e.feeStatus === "paid" ? `paid, ${formatMoney(e.feeAmount, t.currency)} by ${e.feeMethod}` : e.feeStatus;
      throw new DomainError("STALE", `Someone else changed this fee meanwhile (it is now ${now}). Look at it again before changing it.`);
    }
    await tx
      .update(tournamentPlayers)
      .set({ feeStatus: a.status, feeAmount: amount, feeMethod: method, feeNote: a.note, feeUpdatedAt: new Date() })
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, a.userId)));
    await audit("fee.recorded", { userId: a.userId, status: a.status, amount, currency: t.currency, method, from: { status: e.feeStatus, amount: e.feeAmount, method: e.feeMethod } });
  });
  return deskCard(db, a.tournamentId, a.userId);
}

export interface LedgerRow {
  userId: string;
  name: string;
  entryStatus: EntryStatus;
  feeStatus: FeeStatus;
  /** What this row counts in the totals (see the header). */
  amount: number;
  method: FeeMethod | null;
  note: string;
  updatedAt: Date | null;
}

export interface Ledger {
  currency: string;
  entryFee: number;
  rows: LedgerRow[];
  byStatus: { status: FeeStatus; count: number; amount: number }[];
  byMethod: { method: FeeMethod; count: number; amount: number }[];
  /** Received in all (paid rows). */
  received: number;
}

/** The event's fee ledger: every entry by name, and the totals. */
export async function getLedger(db: DbOrTx, tournamentId: string): Promise<Ledger> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const raw = await db
    .select({
      userId: tournamentPlayers.userId,
      name: users.name,
      entryStatus: tournamentPlayers.status,
      feeStatus: tournamentPlayers.feeStatus,
      feeAmount: tournamentPlayers.feeAmount,
      method: tournamentPlayers.feeMethod,
      note: tournamentPlayers.feeNote,
      updatedAt: tournamentPlayers.feeUpdatedAt,
    })
    .from(tournamentPlayers)
    .innerJoin(users, eq(users.id, tournamentPlayers.userId))
    .where(eq(tournamentPlayers.tournamentId, tournamentId))
    .orderBy(asc(users.name), asc(users.id));
  const rows: LedgerRow[] = raw.map(({ feeAmount, ...r }) => ({
    ...r,
    amount: r.feeStatus === "paid" ? feeAmount : r.feeStatus === "owed" && r.entryStatus !== "withdrawn" ? t.entryFee : 0,
  }));
  const byStatus = FEE_STATUSES.map((status) => {
    const these = rows.filter((r) => r.feeStatus === status);
    return { status, count: these.length, amount: these.reduce((s, r) => s + r.amount, 0) };
  });
  const paid = rows.filter((r) => r.feeStatus === "paid");
  const byMethod = FEE_METHODS.map((method) => {
    const these = paid.filter((r) => r.method === method);
    return { method, count: these.length, amount: these.reduce((s, r) => s + r.amount, 0) };
  });
  return { currency: t.currency, entryFee: t.entryFee, rows, byStatus, byMethod, received: paid.reduce((s, r) => s + r.amount, 0) };
}

/** The ledger as CSV: one line per entry, then a total line per status and per method (amounts in the currency's units). */
export async function ledgerCsv(db: DbOrTx, tournamentId: string): Promise<string> {
  const l = await getLedger(db, tournamentId);
  const money = (minor: number) => formatMoney(minor, l.currency).split(" ")[0];
  return csv([
    ["player", "entry", "fee", "amount", "currency", "method", "note", "updated"],
    ...l.rows.map((r) => [r.name, r.entryStatus, r.feeStatus, money(r.amount), l.currency, r.method ?? "", r.note, r.updatedAt?.toISOString() ?? ""]),
    [],
    ...l.byStatus.map((s) => [`total ${s.status}`, s.count, "", money(s.amount), l.currency, "", "", ""]),
    ...l.byMethod.map((m) => [`total paid by ${m.method}`, m.count, "", money(m.amount), l.currency, "", "", ""]),
  ]);
}
