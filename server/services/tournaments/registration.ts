/**
 * Entries: players enter themselves (entries.ts: the form, the cap and the waitlist), directors add
 * club members or any account by e-mail, check players in, seed and withdraw them.
 *
 * Late entries and withdrawals never break rounds (often asked of Woogles: liwords issues #855,
 * #1039): a late entry joins from the next unpublished round (missed rounds count
 * `lateEntryWins`, spread 0); a withdrawn player keeps every result so far, is left out of later
 * pairings and stays in the standings.
 * Round robins and brackets are fixed at round 1, so they refuse late entries.
 */
import { and, asc, eq, ilike, inArray, max, notExists, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubMemberships, tournamentPlayers, tournamentRounds, users, type Tournament } from "@/db/schema";
import type { EntryStatus } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getMembership } from "@/server/services/clubs/membership";
import { getTournamentOrThrow } from "./access";
import { checkInRefusal } from "./desk";
import { directorWrite, unchanged, type DirectorAct } from "./director-write";
import { fillFromWaitlist } from "./entries";
import { isElimination, isRoundRobin } from "@/server/domain";
import { playerRatingFor } from "./ratings";

async function entryOf(db: DbOrTx, tournamentId: string, userId: string) {
  const [e] = await db
    .select()
    .from(tournamentPlayers)
    .where(and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.userId, userId)))
    .limit(1);
  return e ?? null;
}

/** Number of the latest round that is published or closed (0 if none). */
async function lastPublishedRound(db: DbOrTx, tournamentId: string): Promise<number> {
  const rows = await db.select({ n: tournamentRounds.number, s: tournamentRounds.status }).from(tournamentRounds).where(eq(tournamentRounds.tournamentId, tournamentId));
  return Math.max(0, ...rows.filter((r) => r.s !== "draft").map((r) => r.n));
}

function requireOpen(t: Tournament, what: string) {
  if (t.status !== "registration") throw new DomainError("PRECONDITION", `Registration is closed: ${what} only before round 1 is paired.`);
}

/**
 * Checking in (or undoing it): a waitlisted entry stays on the waitlist and is only marked present
 * (checked_in_at), so it can be promoted at the start (entries.ts `removeAbsent`) without passing
 * the cap now.
 */
function checkInValues(status: EntryStatus, checkedIn: boolean) {
  if (status === "waitlisted") return { checkedInAt: checkedIn ? new Date() : null };
  return checkedIn ? { status: "checked-in" as const, checkedInAt: new Date() } : { status: "registered" as const, checkedInAt: null };
}

/** A player's own act on their entry (they are the actor). */
type SelfAct = { tournamentId: string; userId: string };
/** A director's act on one entry. */
type EntryAct = DirectorAct & { userId: string };
const entryWhere = (tournamentId: string, userId: string) => and(eq(tournamentPlayers.tournamentId, tournamentId), eq(tournamentPlayers.userId, userId));

/** A registered player checks themselves in on the day. */
export async function checkInSelf(db: DbOrTx, { tournamentId, userId }: SelfAct): Promise<void> {
  const audit = { action: "player.checked-in" as const, details: { userId, self: true } };
  await directorWrite(db, { tournamentId, actorId: userId, audit }, async (tx, t) => {
    requireOpen(t, "players can check themselves in");
    const e = await entryOf(tx, tournamentId, userId);
    if (!e || e.status === "withdrawn") throw new DomainError("NOT_FOUND", "Enter first, then check in.");
    // Only inside the check-in window, when the event has one (desk.ts checkInRefusal).
    const refusal = checkInRefusal(t, "self", new Date());
    if (refusal) throw new DomainError("PRECONDITION", refusal);
    // A waitlisted entry is marked present and stays on the waitlist: it is not in the field.
    await tx.update(tournamentPlayers).set(checkInValues(e.status, true)).where(entryWhere(tournamentId, userId));
  });
}

export interface AddPlayersReport {
  added: string[];
  lateEntries: string[];
  already: string[];
  notMembers: string[];
  unknownEmails: string[];
}

/**
 * Director adds players: club members by id, any account by e-mail. During the event each new
 * player is a late entry (Swiss and King of the Hill only), checked in and paired from the next round.
 */
export async function addPlayers(db: DbOrTx, input: DirectorAct & { userIds: string[]; emails: string[]; checkIn: boolean }): Promise<AddPlayersReport> {
  const { actorId } = input;
  return directorWrite(db, input, async (tx, t, audit) => {
    if (t.status === "finished") throw new DomainError("PRECONDITION", "The tournament is finished.");
    const running = t.status === "running";
    if (running && (isRoundRobin(t) || isElimination(t)))
      throw new DomainError("PRECONDITION", "Round robins and brackets are fixed when round 1 is paired: late entries are only possible in Swiss and King of the Hill.");
    const report: AddPlayersReport = { added: [], lateEntries: [], already: [], notMembers: [], unknownEmails: [] };
    const found = new Map<string, string>(); // id → name
    if (input.userIds.length) {
      const rows = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, input.userIds));
      for (const r of rows) {
        if (await getMembership(tx, t.clubId, r.id)) found.set(r.id, r.name);
        else report.notMembers.push(r.name);
      }
    }
    if (input.emails.length) {
      const rows = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.email, input.emails));
      const known = new Set(rows.map((r) => r.email));
      for (const e of input.emails) if (!known.has(e)) report.unknownEmails.push(e);
      for (const r of rows) found.set(r.id, r.name);
    }
    const joinedRound = running ? (await lastPublishedRound(tx, t.id)) + 1 : 1;
    let nextSeed = 0;
    if (running) {
      const [m] = await tx.select({ m: max(tournamentPlayers.seed) }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
      nextSeed = (m?.m ?? 0) + 1;
    }
    for (const [userId, name] of found) {
      const existing = await entryOf(tx, t.id, userId);
      // Before the start a director's add places a waitlisted or withdrawn entry in the field,
      // whatever the cap (docs/entries.md "Directors add players directly").
      if (existing && !running && (existing.status === "waitlisted" || existing.status === "withdrawn")) {
        const checkedIn = input.checkIn || (existing.status === "waitlisted" && existing.checkedInAt !== null);
        await tx
          .update(tournamentPlayers)
          .set({ status: checkedIn ? "checked-in" : "registered", checkedInAt: checkedIn ? (existing.checkedInAt ?? new Date()) : null, withdrawnAt: null, withdrawnAfterRound: null })
          .where(entryWhere(t.id, userId));
        await audit("player.registered", { userId, name, checkedIn, from: existing.status });
        report.added.push(name);
        continue;
      }
      // During the event a registered or waitlisted entry becomes a late entry; anyone else is already in.
      if (existing && (!running || (existing.status !== "registered" && existing.status !== "waitlisted"))) {
        if (!running && input.checkIn && existing.status === "registered") {
          await tx.update(tournamentPlayers).set({ status: "checked-in", checkedInAt: new Date() }).where(entryWhere(t.id, userId));
        }
        report.already.push(name);
        continue;
      }
      if (running) {
        const rating = await playerRatingFor(tx, userId, t.ruleset);
        const values = { status: "checked-in" as const, checkedInAt: new Date(), joinedRound, rating, seed: nextSeed++ };
        if (existing) await tx.update(tournamentPlayers).set(values).where(entryWhere(t.id, userId));
        else await tx.insert(tournamentPlayers).values({ tournamentId: t.id, userId, registeredBy: actorId, ...values });
        await audit("player.late-entry", { userId, name, joinedRound });
        report.lateEntries.push(name);
      } else {
        await tx.insert(tournamentPlayers).values({
          tournamentId: t.id,
          userId,
          registeredBy: actorId,
          ...(input.checkIn ? { status: "checked-in" as const, checkedInAt: new Date() } : {}),
        });
        await audit("player.registered", { userId, name, checkedIn: input.checkIn });
        report.added.push(name);
      }
    }
    return report;
  });
}

/** Director checks a player in (or undoes it) before round 1. */
export async function setCheckIn(db: DbOrTx, input: EntryAct & { checkedIn: boolean }): Promise<void> {
  const { tournamentId, userId, checkedIn } = input;
  const audit = { action: checkedIn ? ("player.checked-in" as const) : ("player.checked-out" as const), details: { userId } };
  await directorWrite(db, { ...input, audit }, async (tx, t) => {
    requireOpen(t, "check-in is changed here; during the event add late players instead, and");
    const e = await entryOf(tx, tournamentId, userId);
    if (!e || e.status === "withdrawn") throw new DomainError("NOT_FOUND", "That player is not registered.");
    await tx.update(tournamentPlayers).set(checkInValues(e.status, checkedIn)).where(entryWhere(tournamentId, userId));
  });
}

/** Check in every registered entry at once; says whom it checked in (names, alphabetically). */
export async function checkInAll(db: DbOrTx, input: DirectorAct): Promise<{ count: number; names: string[] }> {
  return directorWrite(db, input, async (tx, t, audit) => {
    requireOpen(t, "check-in is open");
    const rows = await tx
      .update(tournamentPlayers)
      .set({ status: "checked-in", checkedInAt: new Date() })
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.status, "registered")))
      .returning({ userId: tournamentPlayers.userId });
    const ids = rows.map((r) => r.userId);
    const names = ids.length ? (await tx.select({ name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => u.name).sort((a, b) => a.localeCompare(b, "en")) : [];
    if (rows.length) await audit("player.checked-in", { count: rows.length, all: true, names });
    return { count: rows.length, names };
  });
}

/**
 * Director withdraws a player. Before round 1 the registration is simply removed; during the event
 * the player keeps their results, leaves later pairings and stays in the standings. A draft that
 * still pairs them must be re-paired; an unplayed published game gets a forfeit from the director.
 */
export async function withdrawPlayer(db: DbOrTx, input: EntryAct): Promise<void> {
  const { tournamentId, userId } = input;
  await directorWrite(db, input, async (tx, t, audit) => {
    if (t.status === "finished") throw new DomainError("PRECONDITION", "The tournament is finished.");
    const e = await entryOf(tx, tournamentId, userId);
    if (!e) throw new DomainError("NOT_FOUND", "That player is not registered.");
    if (e.status === "withdrawn") throw new DomainError("CONFLICT", "That player has already withdrawn.");
    if (t.status === "registration" || e.rating === null) {
      // Never paired: the entry leaves the field but its row stays (withdrawnAfterRound null keeps it
      // out of the standings), so the fee record and the entry's answers are not lost.
      await tx.update(tournamentPlayers).set({ status: "withdrawn", withdrawnAt: new Date(), withdrawnAfterRound: null, checkedInAt: null }).where(entryWhere(tournamentId, userId));
      await audit("player.removed", { userId });
      // A place freed before the start goes to the next waitlisted player (entries.ts).
      if (e.status !== "waitlisted") await fillFromWaitlist(tx, t, audit);
    } else {
      const after = await lastPublishedRound(tx, tournamentId);
      await tx.update(tournamentPlayers).set({ status: "withdrawn", withdrawnAt: new Date(), withdrawnAfterRound: after }).where(entryWhere(tournamentId, userId));
      await audit("player.withdrawn", { userId, afterRound: after });
    }
  });
}

/** Director sets (or clears) a seed before round 1; seeds order round 1 and the brackets. */
export async function setSeed(db: DbOrTx, input: EntryAct & { seed: number | null }): Promise<void> {
  const { tournamentId, userId, seed } = input;
  await directorWrite(db, input, async (tx, t, audit) => {
    requireOpen(t, "seeds can be set");
    const e = await entryOf(tx, tournamentId, userId);
    if (!e) throw new DomainError("NOT_FOUND", "That player is not registered.");
    if (e.seed === seed) return unchanged(undefined);
    await tx.update(tournamentPlayers).set({ seed }).where(entryWhere(tournamentId, userId));
    await audit("player.seeded", { userId, seed, from: e.seed });
  });
}

export interface MemberMatch {
  userId: string;
  name: string;
  email: string;
}

/**
 * The member picker's type-ahead: members of the tournament's club with no entry yet whose name
 * or e-mail contains `query` (any member when it is empty), by name, at most `limit`. Directors only
 * (checked by the router): e-mail addresses are shown to directors, as on the entry list.
 */
export async function searchMembers(db: DbOrTx, tournamentId: string, query: string, limit: number): Promise<MemberMatch[]> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const q = query.trim();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(clubMemberships)
    .innerJoin(users, eq(users.id, clubMemberships.userId))
    .where(
      and(
        eq(clubMemberships.clubId, t.clubId),
        q ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
        notExists(db.select({ one: sql`1` }).from(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, users.id)))),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}
