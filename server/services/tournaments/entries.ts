/**
 * Entries from the event's page (docs/entries.md): a player enters with the form's answers while
 * entries are open; beyond the event's cap the entry waits on the waitlist, and the earliest
 * waitlisted entry (registered_at, then user id) is promoted — and told — the moment a place frees
 * before round 1 is paired. At the start the director removes everyone who has not checked in and
 * promotes the waitlisted players who are present, in one step (`removeAbsent`).
 *
 * Races: every write here goes through `directorWrite`, which locks the tournament row FOR UPDATE
 * first, so two players taking the last place, or a withdrawal and a promotion, run one after the
 * other and each counts the field as the other left it: exactly one gets the last place.
 * Withdrawing keeps the row (`withdrawn`, withdrawnAfterRound null) so its fee record survives;
 * entering again later puts the player at the back of the line.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { tournamentPlayers, users, type Tournament } from "@/db/schema";
import type { EntryDetails, EntryField } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getMembership } from "@/server/services/clubs/membership";
import { notify } from "@/server/services/notifications/notify";
import { getTournamentOrThrow } from "./access";
import { directorWrite, type Audit, type DirectorAct } from "./director-write";

/** Statuses that hold a place in the field (a waitlisted or withdrawn entry holds none). */
export const IN_FIELD = ["registered", "checked-in"] as const;

const FIELD_WORDS: Record<EntryField, string> = { class: "rating class", club: "club", age: "age category", notes: "notes" };
/** Fields a player must answer when the event asks for them (notes stay optional). */
const REQUIRED: readonly EntryField[] = ["class", "club", "age"];

/** The answers the event asked for, nothing else; a missing required answer is refused by name. */
export function entryDetailsFor(fields: readonly EntryField[], sent: EntryDetails): EntryDetails {
  const out: EntryDetails = {};
  for (const f of fields) {
    const v = sent[f];
    if (v === undefined || v === "") {
      if (REQUIRED.includes(f)) throw new DomainError("INVALID", `Enter your ${FIELD_WORDS[f]}: the director asks for it.`, `details.${f}`);
      continue;
    }
    (out as Record<string, string>)[f] = v;
  }
  return out;
}

const entryWhere = (tournamentId: string, userId: string) => and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.userId, userId));

async function entryOf(tx: DbOrTx, tournamentId: string, userId: string) {
  const [e] = await tx.select().from(tournamentPlayers).where(entryWhere(tournamentId, userId)).limit(1);
  return e ?? null;
}

/** How many entries hold a place in the field. */
export async function fieldCount(tx: DbOrTx, tournamentId: string): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tournamentPlayers)
    .where(and(eq(tournamentPlayers.tournamentId, tournamentId), inArray(tournamentPlayers.status, [...IN_FIELD])));
  return r?.n ?? 0;
}

/** The waitlist in order (earliest entry first; the user id breaks a tie). */
export async function waitlistOf(tx: DbOrTx, tournamentId: string, opts: { presentOnly?: boolean } = {}) {
  return tx
    .select({ userId: tournamentPlayers.userId, name: users.name, checkedInAt: tournamentPlayers.checkedInAt })
    .from(tournamentPlayers)
    .innerJoin(users, eq(users.id, tournamentPlayers.userId))
    .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.status, "waitlisted"), opts.presentOnly ? isNotNull(tournamentPlayers.checkedInAt) : undefined))
    .orderBy(asc(tournamentPlayers.registeredAt), asc(tournamentPlayers.userId));
}

const freePlaces = (t: Tournament, inField: number) => (t.entryCap === null ? Number.POSITIVE_INFINITY : Math.max(0, t.entryCap - inField));

/**
 * Promote waitlisted entries into the places free under the cap, in order, inside the caller's
 * locked write: audited and each promoted player notified. `presentOnly` (the start step) skips
 * those who have not checked in and promotes the rest checked in; otherwise a present player comes
 * in checked in and an absent one registered. Returns the promoted players' names, in order.
 */
export async function fillFromWaitlist(tx: Tx, t: Tournament, audit: Audit, opts: { presentOnly?: boolean } = {}): Promise<string[]> {
  if (t.status !== "registration") return [];
  const free = freePlaces(t, await fieldCount(tx, t.id));
  if (free === 0) return [];
  const next = (await waitlistOf(tx, t.id, opts)).slice(0, Number.isFinite(free) ? free : undefined);
  for (const w of next) {
    const present = w.checkedInAt !== null;
    await tx
      .update(tournamentPlayers)
      .set({ status: present ? "checked-in" : "registered" })
      .where(and(entryWhere(t.id, w.userId), eq(tournamentPlayers.status, "waitlisted")));
    await audit("player.promoted", { userId: w.userId, name: w.name, checkedIn: present });
    await notify(tx, w.userId, "entry-promoted", {
      text: `A place came free in ${t.name}: you are in the field now${present ? " and checked in" : ""}.`,
      href: `/tournaments/${t.id}`,
      tournamentId: t.id,
    });
  }
  return next.map((w) => w.name);
}

/** Dates in refusals, the same for every reader (UTC). */
const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** Why this person may not enter now (a code and a sentence), or null. Shared with the page's view. */
export function entryRefusal(t: Tournament, now: Date, isMember: boolean): { code: "PRECONDITION" | "FORBIDDEN"; message: string } | null {
  const closed = (message: string) => ({ code: "PRECONDITION" as const, message });
  if (t.status !== "registration") return closed("Entries are closed: round 1 has been paired.");
  if (t.entryOpensAt && now < t.entryOpensAt) return closed(`Entries open on ${when(t.entryOpensAt)}.`);
  if (t.entryClosesAt && now >= t.entryClosesAt) return closed(`Entries closed on ${when(t.entryClosesAt)}; ask a director to add you.`);
  if (t.entryOpenTo === "members" && !isMember) return { code: "FORBIDDEN", message: "Only members of the club can enter; ask a director to add you." };
  return null;
}

export interface EnterResult {
  status: "registered" | "waitlisted";
  /** Place in the waitlist (1 = next in line); null in the field. */
  position: number | null;
}

/**
 * A player enters from the event's page. Checked under the tournament's lock: the window, who may
 * enter, the answers; then the field is counted, so of two players taking the last place at once
 * exactly one gets it and the other is waitlisted. A withdrawn entry enters again at the back.
 */
export async function enter(db: DbOrTx, input: { tournamentId: string; userId: string; details: EntryDetails }): Promise<EnterResult> {
  const { tournamentId, userId } = input;
  return directorWrite(db, { tournamentId, actorId: userId }, async (tx, t, audit) => {
    const member = !!(await getMembership(tx, t.clubId, userId));
    const refusal = entryRefusal(t, new Date(), member);
    if (refusal) throw new DomainError(refusal.code, refusal.message);
    const details = entryDetailsFor(t.entryFields, input.details);
    const existing = await entryOf(tx, tournamentId, userId);
    if (existing && existing.status === "waitlisted") throw new DomainError("CONFLICT", "You are already on the waitlist.");
    if (existing && existing.status !== "withdrawn") throw new DomainError("CONFLICT", "You have already entered.");
    if (existing && existing.withdrawnAfterRound !== null) throw new DomainError("PRECONDITION", "You withdrew during the event; ask a director.");
    const waiting = (await waitlistOf(tx, t.id)).length;
    const full = waiting > 0 || freePlaces(t, await fieldCount(tx, t.id)) === 0;
    const status = full ? ("waitlisted" as const) : ("registered" as const);
    // clock_timestamp(): microseconds, so two entries in the same millisecond keep their order.
    const values = { status, details, registeredAt: sql`clock_timestamp()`, registeredBy: userId, checkedInAt: null, withdrawnAt: null, withdrawnAfterRound: null };
    if (existing) await tx.update(tournamentPlayers).set(values).where(entryWhere(tournamentId, userId));
    else await tx.insert(tournamentPlayers).values({ tournamentId, userId, ...values });
    await audit(full ? "player.waitlisted" : "player.entered", { userId, self: true });
    return { status, position: full ? waiting + 1 : null };
  });
}

export interface WithdrawResult {
  /** The player promoted into the place this withdrawal freed (null: none waiting, or no place freed). */
  promoted: string | null;
}

/**
 * A player withdraws their own entry (in the field or on the waitlist) until round 1 is paired; the
 * row stays, marked withdrawn. A place freed in the field goes to the next waitlisted player in the
 * same transaction.
 */
export async function withdrawSelf(db: DbOrTx, input: { tournamentId: string; userId: string }): Promise<WithdrawResult> {
  const { tournamentId, userId } = input;
  return directorWrite(db, { tournamentId, actorId: userId }, async (tx, t, audit) => {
    if (t.status !== "registration") throw new DomainError("PRECONDITION", "Round 1 has been paired: ask a director to withdraw you.");
    const e = await entryOf(tx, tournamentId, userId);
    if (!e || e.status === "withdrawn") throw new DomainError("NOT_FOUND", "You have no entry to withdraw.");
    await tx.update(tournamentPlayers).set({ status: "withdrawn", withdrawnAt: new Date(), withdrawnAfterRound: null, checkedInAt: null }).where(entryWhere(tournamentId, userId));
    await audit("player.withdrawn", { userId, self: true, from: e.status });
    const [promoted] = await fillFromWaitlist(tx, t, audit);
    return { promoted: promoted ?? null };
  });
}

export interface StartCheck {
  /** Entries in the field who have not checked in (by name). */
  notCheckedIn: { userId: string; name: string }[];
  /** Waitlisted players who checked in, in waitlist order. */
  presentWaitlisted: { userId: string; name: string }[];
  /** Who `removeAbsent` would promote now (the first of `presentWaitlisted` that fit under the cap). */
  wouldPromote: string[];
  checkedIn: number;
  cap: number | null;
}

/** The director's view before round 1: who has not checked in, which waitlisted players are here. */
export async function startCheck(db: DbOrTx, tournamentId: string): Promise<StartCheck> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const rows = await db
    .select({ userId: tournamentPlayers.userId, name: users.name, status: tournamentPlayers.status })
    .from(tournamentPlayers)
    .innerJoin(users, eq(users.id, tournamentPlayers.userId))
    .where(and(eq(tournamentPlayers.tournamentId, tournamentId), inArray(tournamentPlayers.status, [...IN_FIELD])))
    .orderBy(asc(users.name), asc(users.id));
  const notCheckedIn = rows.filter((r) => r.status === "registered").map(({ userId, name }) => ({ userId, name }));
  const checkedIn = rows.length - notCheckedIn.length;
  const present = (await waitlistOf(db, tournamentId, { presentOnly: true })).map(({ userId, name }) => ({ userId, name }));
  const free = freePlaces(t, checkedIn);
  return { notCheckedIn, presentWaitlisted: present, wouldPromote: present.slice(0, Number.isFinite(free) ? free : undefined).map((p) => p.name), checkedIn, cap: t.entryCap };
}

export interface RemoveAbsentReport {
  removed: string[];
  promoted: string[];
}

/**
 * The start step, before round 1: withdraw every entry in the field that has not checked in, then
 * promote the present waitlisted players into the freed places (checked in, in waitlist order), in
 * one transaction. Waitlisted players who are not here stay on the waitlist.
 */
export async function removeAbsent(db: DbOrTx, input: DirectorAct): Promise<RemoveAbsentReport> {
  return directorWrite(db, input, async (tx, t, audit) => {
    if (t.status !== "registration") throw new DomainError("PRECONDITION", "Round 1 has been paired: absent players are withdrawn one by one now.");
    const gone = await tx
      .update(tournamentPlayers)
      .set({ status: "withdrawn", withdrawnAt: new Date(), withdrawnAfterRound: null })
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.status, "registered")))
      .returning({ userId: tournamentPlayers.userId });
    const ids = gone.map((g) => g.userId);
    const removed = ids.length ? (await tx.select({ name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => u.name).sort((a, b) => a.localeCompare(b, "en")) : [];
    const promoted = await fillFromWaitlist(tx, t, audit, { presentOnly: true });
    await audit("player.absent-removed", { removed, promoted });
    return { removed, promoted };
  });
}
