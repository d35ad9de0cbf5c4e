/**
 * The check-in desk (docs/desk.md "Check-in at the desk"): a player's own entry with its
 * check-in code, and the desk's scan, search and check-in.
 *
 * Who and when: the desk is the event's staff (directors and judges). A director may check
 * players in at any time before round 1 is paired (as on the dashboard); a judge, and a player
 * checking in themselves, only once the check-in window is open (`check_in_minutes` before the
 * start). Round 1 paired closes check-in: late arrivals are late entries (the dashboard).
 *
 * A scan or a search check-in is idempotent: checking in a player who is already in answers
 * "already checked in at 14:02" with the first time kept, never a second record. A waitlisted
 * entry is marked present (`checked_in_at`) and stays on the waitlist: it is not in the field.
 * Every refusal is a DomainError with a sentence the desk shows as it is.
 */
import { and, asc, eq, ilike, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { tournamentPlayers, tournaments, users, type Tournament } from "@/db/schema";
import type { EntryDetails, EntryStatus, FeeMethod, FeeStatus, TournamentStaffRole } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getTournamentOrThrow } from "./access";
import { parseCheckInCode, signCheckInCode } from "./check-in-codes";
import { directorWrite, unchanged, type DirectorAct } from "./director-write";

/** When the check-in window opens, or null when the event has none (a director checks players in). */
export function checkInOpensAt(t: Pick<Tournament, "startsAt" | "checkInMinutes">): Date | null {
  return t.checkInMinutes === null ? null : new Date(t.startsAt.getTime() - t.checkInMinutes * 60_000);
}

const hhmm = (d: Date) => `${d.toISOString().slice(11, 16)} UTC`;

/** Why `who` may not check a player in now, or null. Before round 1 only; judges and players inside the window. */
export function checkInRefusal(t: Pick<Tournament, "status" | "startsAt" | "checkInMinutes">, who: "director" | "desk" | "self", now: Date): string | null {
  if (t.status !== "registration") return "Check-in is closed: round 1 is paired. A director adds late arrivals from the dashboard instead.";
  if (who === "director") return null;
  const opens = checkInOpensAt(t);
  if (opens === null) return who === "self" ? null : "This event has no check-in window: a director checks players in.";
  if (now < opens) return `Check-in opens ${t.checkInMinutes} minutes before the start, at ${hhmm(opens)}.`;
  return null;
}

export interface MyEntry {
  tournamentName: string;
  status: EntryStatus;
  checkedInAt: Date | null;
  feeStatus: FeeStatus;
  feeAmount: number;
  entryFee: number;
  currency: string;
  details: EntryDetails;
  checkInOpensAt: Date | null;
  /** The window has opened (the player may check in themselves, or at the desk). */
  windowOpen: boolean;
  startsAt: Date;
  /** The signed check-in code for the QR (null for a withdrawn entry: it cannot check in). */
  code: string | null;
}

/** The signed-in player's own entry; NOT_FOUND when they have none. */
export async function getMyEntry(db: DbOrTx, tournamentId: string, userId: string): Promise<MyEntry> {
  const [row] = await db
    .select({ e: tournamentPlayers, t: tournaments })
    .from(tournamentPlayers)
    .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
    .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.userId, userId)))
    .limit(1);
  if (!row) throw new DomainError("NOT_FOUND", "You have no entry in this event.");
  const { e, t } = row;
  return {
    tournamentName: t.name,
    status: e.status,
    checkedInAt: e.checkedInAt,
    feeStatus: e.feeStatus,
    feeAmount: e.feeAmount,
    entryFee: t.entryFee,
    currency: t.currency,
    details: e.details,
    checkInOpensAt: checkInOpensAt(t),
    windowOpen: checkInRefusal(t, "desk", new Date()) === null,
    startsAt: t.startsAt,
    code: e.status === "withdrawn" ? null : signCheckInCode({ tournamentId, userId, nonce: e.checkInNonce }),
  };
}

/** A player replaces their code (a photo of it went round): every earlier code stops working. */
export async function renewMyCode(db: DbOrTx, { tournamentId, userId }: { tournamentId: string; userId: string }): Promise<void> {
  await directorWrite(db, { tournamentId, actorId: userId, audit: { action: "player.code-renewed", details: { userId } } }, async (tx) => {
    const [e] = await tx
      .update(tournamentPlayers)
      .set({ checkInNonce: sql`${tournamentPlayers.checkInNonce} + 1` })
      .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.userId, userId)))
      .returning({ userId: tournamentPlayers.userId });
    if (!e) throw new DomainError("NOT_FOUND", "You have no entry in this event.");
  });
}

/** What the desk shows about one entry (staff only: fee status and notes are private). */
export interface DeskCard {
  userId: string;
  name: string;
  status: EntryStatus;
  checkedInAt: Date | null;
  feeStatus: FeeStatus;
  feeAmount: number;
  feeMethod: FeeMethod | null;
  feeNote: string;
  feeUpdatedAt: Date | null;
  /** The entry form's notes (details.notes). */
  notes: string;
  details: EntryDetails;
}

export interface DeskCheckIn {
  card: DeskCard;
  /** "checked-in": this call checked them in; "already": they were in (the first time is kept). */
  outcome: "checked-in" | "already";
  sentence: string;
}

const cardColumns = {
  userId: tournamentPlayers.userId,
  name: users.name,
  status: tournamentPlayers.status,
  checkedInAt: tournamentPlayers.checkedInAt,
  feeStatus: tournamentPlayers.feeStatus,
  feeAmount: tournamentPlayers.feeAmount,
  feeMethod: tournamentPlayers.feeMethod,
  feeNote: tournamentPlayers.feeNote,
  feeUpdatedAt: tournamentPlayers.feeUpdatedAt,
  details: tournamentPlayers.details,
  checkInNonce: tournamentPlayers.checkInNonce,
};
type CardRow = DeskCard & { checkInNonce: number };

const toCard = ({ checkInNonce: _n, ...r }: CardRow): DeskCard => ({ ...r, notes: r.details.notes ?? "" });

async function cardRow(db: DbOrTx, tournamentId: string, userId: string, lock = false): Promise<CardRow | null> {
  const q = db
    .select(cardColumns)
    .from(tournamentPlayers)
    .innerJoin(users, eq(users.id, tournamentPlayers.userId))
    .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.userId, userId)))
    .limit(1);
  const [row] = lock ? await q.for("update", { of: tournamentPlayers }) : await q;
  return (row as CardRow | undefined) ?? null;
}

/** The desk card of one entry (NOT_FOUND when there is none). */
export async function deskCard(db: DbOrTx, tournamentId: string, userId: string): Promise<DeskCard> {
  const row = await cardRow(db, tournamentId, userId);
  if (!row) throw new DomainError("NOT_FOUND", "That player has no entry in this event.");
  return toCard(row);
}

type DeskAct = DirectorAct & { role: TournamentStaffRole; now?: Date };

/** Checks the entry in under the tournament lock (or says it already is); `how` goes to the audit log. */
async function checkInLocked(tx: Tx, t: Tournament, row: CardRow, a: DeskAct, how: "scan" | "search", audit: (d: Record<string, unknown>) => Promise<void>): Promise<DeskCheckIn> {
  if (row.status === "withdrawn") throw new DomainError("CONFLICT", `${row.name} has withdrawn from this event: their entry cannot be checked in.`);
  if (row.checkedInAt) return { card: toCard(row), outcome: "already", sentence: `${row.name} is already checked in at ${hhmm(row.checkedInAt)}.` };
  const refusal = checkInRefusal(t, a.role === "director" ? "director" : "desk", a.now ?? new Date());
  if (refusal) throw new DomainError("PRECONDITION", refusal);
  const now = a.now ?? new Date();
  // A waitlisted entry is marked present and stays on the waitlist (not in the field).
  const status = row.status === "waitlisted" ? "waitlisted" : "checked-in";
  await tx
    .update(tournamentPlayers)
    .set({ status, checkedInAt: now })
    .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, row.userId)));
  await audit({ userId: row.userId, desk: how, ...(status === "waitlisted" ? { waitlisted: true } : {}) });
  const card = toCard({ ...row, status, checkedInAt: now });
  return { card, outcome: "checked-in", sentence: status === "waitlisted" ? `${row.name} is present (on the waitlist, not in the field yet).` : `${row.name} is checked in.` };
}

/**
 * The desk scans a code: verify it (signature, event, nonce, entry) and check the player in.
 * A replay of a good code is "already checked in", not an error: nothing is lost or doubled.
 */
export async function deskScan(db: DbOrTx, a: DeskAct & { code: string }): Promise<DeskCheckIn> {
  const parsed = parseCheckInCode(a.code);
  if (!parsed.ok)
    throw parsed.reason === "malformed"
      ? new DomainError("INVALID", "That is not an Equalis check-in code. Scan the QR code on the player's entry page, or search for their name.", "code")
      : new DomainError("INVALID", "This code is not genuine: its signature does not match (forged or mistyped). Search for the player by name instead.", "code");
  const { claim } = parsed;
  if (claim.tournamentId !== a.tournamentId) {
    const [other] = await db.select({ name: tournaments.name }).from(tournaments).where(eq(tournaments.id, claim.tournamentId)).limit(1);
    throw new DomainError("CONFLICT", `This code is for another event${other ? ` (${other.name})` : ""}, not this one.`, "code");
  }
  return directorWrite(db, a, async (tx, t, audit) => {
    const row = await cardRow(tx, t.id, claim.userId, true);
    if (!row) throw new DomainError("CONFLICT", "This code's entry no longer exists: the registration was cancelled. Search for the player by name.", "code");
    if (row.status === "withdrawn") throw new DomainError("CONFLICT", `This code was revoked: ${row.name} has withdrawn from this event.`, "code");
    if (row.checkInNonce !== claim.nonce)
      throw new DomainError("CONFLICT", `This code was revoked: ${row.name} has a newer code on their entry page.`, "code");
    return checkInLocked(tx, t, row, a, "scan", (d) => audit("player.checked-in", d));
  });
}

/** The desk checks a player in by their id (the search box). */
export async function deskCheckIn(db: DbOrTx, a: DeskAct & { userId: string }): Promise<DeskCheckIn> {
  return directorWrite(db, a, async (tx, t, audit) => {
    const row = await cardRow(tx, t.id, a.userId, true);
    if (!row) throw new DomainError("NOT_FOUND", "That player has no entry in this event.");
    return checkInLocked(tx, t, row, a, "search", (d) => audit("player.checked-in", d));
  });
}

/** The desk's type-ahead over the event's entries by name (withdrawn ones last), at most `limit`. */
export async function deskSearch(db: DbOrTx, tournamentId: string, query: string, limit: number): Promise<DeskCard[]> {
  await getTournamentOrThrow(db, tournamentId);
  const q = query.trim();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select(cardColumns)
    .from(tournamentPlayers)
    .innerJoin(users, eq(users.id, tournamentPlayers.userId))
    .where(and(eq(tournamentPlayers.tournamentId, tournamentId), q ? ilike(users.name, pattern) : undefined))
    .orderBy(sql`${ne(tournamentPlayers.status, "withdrawn")} desc`, asc(users.name), asc(users.id))
    .limit(limit);
  return (rows as CardRow[]).map(toCard);
}

export interface DeskSettings {
  entryFee: number;
  currency: string;
  checkInMinutes: number | null;
}

/** Directors set the entry fee, its currency and the check-in window (any time until the event is finished). */
export async function configureDesk(db: DbOrTx, a: DirectorAct & DeskSettings): Promise<DeskSettings> {
  return directorWrite(db, a, async (tx, t, audit) => {
    if (t.status === "finished") throw new DomainError("PRECONDITION", "The tournament is finished.");
    const next: DeskSettings = { entryFee: a.entryFee, currency: a.currency, checkInMinutes: a.checkInMinutes };
    const keys = (Object.keys(next) as (keyof DeskSettings)[]).filter((k) => t[k] !== next[k]);
    if (!keys.length) return unchanged(next);
    await tx.update(tournaments).set({ ...next, updatedAt: new Date(), version: sql`${tournaments.version} + 1` }).where(eq(tournaments.id, t.id));
    await audit("tournament.updated", { fields: keys, changes: Object.fromEntries(keys.map((k) => [k, { from: t[k], to: next[k] }])) });
    return next;
  });
}

/** The fee and window as they stand (staff: the desk page's header). */
export async function getDeskSettings(db: DbOrTx, tournamentId: string): Promise<DeskSettings & { name: string; startsAt: Date; status: Tournament["status"]; checkInOpensAt: Date | null; windowOpen: boolean }> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const opens = checkInOpensAt(t);
  const windowOpen = opens !== null && Date.now() >= opens.getTime();
  return { name: t.name, startsAt: t.startsAt, status: t.status, entryFee: t.entryFee, currency: t.currency, checkInMinutes: t.checkInMinutes, checkInOpensAt: opens, windowOpen };
}
