/**
 * iCalendar feeds (docs/calendars.md): a club's events and a player's own events and rounds, as
 * `text/calendar` a calendar app subscribes to. Built with `ical-generator` (escaping, line folding
 * and UID/DTSTAMP rules of RFC 5545 are easy to get subtly wrong by hand).
 *
 * Events without an end time are shown as lasting `DEFAULT_EVENT_HOURS`; a round whose clock the
 * director started is its own entry, lasting the round clock's duration. Feeds hold at most
 * `FEED_LIMIT` events, the most recent first, and nothing that ended more than `PAST_DAYS` ago.
 */
import { and, desc, eq, gte, inArray, isNotNull, ne, or } from "drizzle-orm";
import ical, { type ICalCalendar } from "ical-generator";
import type { DbOrTx } from "@/db/client";
import { clubs, tournamentPlayers, tournamentRounds, tournaments, users } from "@/db/schema";
import { RULESET_NAMES } from "@/engine";
import { DomainError } from "@/server/errors";
import { appUrl } from "@/server/services/mail/mail";

const DEFAULT_EVENT_HOURS = 4;
const FEED_LIMIT = 200;
const PAST_DAYS = 90;
const HOUR = 3_600_000;

type EventRow = Pick<typeof tournaments.$inferSelect, "id" | "name" | "startsAt" | "endsAt" | "ruleset" | "format" | "status" | "description">;

const eventColumns = {
  id: tournaments.id,
  name: tournaments.name,
  startsAt: tournaments.startsAt,
  endsAt: tournaments.endsAt,
  ruleset: tournaments.ruleset,
  format: tournaments.format,
  status: tournaments.status,
  description: tournaments.description,
};

function calendar(name: string): ICalCalendar {
  return ical({ name, prodId: { company: "equalis", product: "equalis", language: "EN" }, ttl: 3600 });
}

function addEvent(cal: ICalCalendar, t: EventRow, clubName: string) {
  const url = `${appUrl()}/tournaments/${t.id}`;
  cal.createEvent({
    id: `tournament-${t.id}@equalis`,
    start: t.startsAt,
    end: t.endsAt && t.endsAt > t.startsAt ? t.endsAt : new Date(t.startsAt.getTime() + DEFAULT_EVENT_HOURS * HOUR),
    summary: t.name,
    description: `${clubName} · ${RULESET_NAMES[t.ruleset]} · ${t.format}${t.description ? `\n\n${t.description}` : ""}\n\n${url}`,
    url,
  });
}

const since = (now: Date) => new Date(now.getTime() - PAST_DAYS * 24 * HOUR);
const recent = (now: Date) => or(gte(tournaments.startsAt, since(now)), and(isNotNull(tournaments.endsAt), gte(tournaments.endsAt, since(now))), ne(tournaments.status, "finished"));

/** A club's events (every tournament of the club, as its page lists them). */
export async function clubCalendar(db: DbOrTx, handle: string, now = new Date()): Promise<string> {
  const [club] = await db.select({ id: clubs.id, name: clubs.name }).from(clubs).where(eq(clubs.handle, handle.trim().toLowerCase())).limit(1);
  if (!club) throw new DomainError("NOT_FOUND", "There is no club with that handle.");
  const rows = await db.select(eventColumns).from(tournaments).where(and(eq(tournaments.clubId, club.id), recent(now))).orderBy(desc(tournaments.startsAt)).limit(FEED_LIMIT);
  const cal = calendar(`${club.name} — Equalis`);
  for (const t of rows) addEvent(cal, t, club.name);
  return cal.toString();
}

/** A player's own calendar: the events they entered (not withdrawn) and each round the director started. */
export async function playerCalendar(db: DbOrTx, userId: string, now = new Date()): Promise<string> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new DomainError("NOT_FOUND", "That calendar does not exist.");
  const rows = await db
    .select({ ...eventColumns, clubName: clubs.name })
    .from(tournamentPlayers)
    .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
    .innerJoin(clubs, eq(clubs.id, tournaments.clubId))
    .where(and(eq(tournamentPlayers.userId, userId), ne(tournamentPlayers.status, "withdrawn"), recent(now)))
    .orderBy(desc(tournaments.startsAt))
    .limit(FEED_LIMIT);
  const cal = calendar(`${user.name} — Equalis`);
  for (const t of rows) addEvent(cal, t, t.clubName);
  const ids = rows.map((r) => r.id);
  if (ids.length) {
    const rounds = await db
      .select({ tournamentId: tournamentRounds.tournamentId, number: tournamentRounds.number, startedAt: tournamentRounds.startedAt, durationMs: tournamentRounds.durationMs })
      .from(tournamentRounds)
      .where(and(inArray(tournamentRounds.tournamentId, ids), isNotNull(tournamentRounds.startedAt)));
    const names = new Map(rows.map((r) => [r.id, r.name]));
    for (const r of rounds) {
      if (!r.startedAt) continue;
      const url = `${appUrl()}/tournaments/${r.tournamentId}`;
      cal.createEvent({
        id: `round-${r.tournamentId}-${r.number}@equalis`,
        start: r.startedAt,
        end: new Date(r.startedAt.getTime() + (r.durationMs ?? HOUR)),
        summary: `${names.get(r.tournamentId)} — round ${r.number}`,
        description: url,
        url,
      });
    }
  }
  return cal.toString();
}
