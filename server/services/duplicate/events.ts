/**
 * Duplicate events (docs/duplicate.md "Events"): several duplicate games ranked together, by total
 * or by percentage of the tops (`eventStandings`, pure). An event is run like a game: by its creator,
 * or its club's directors; a club's event is for the club's members. Events are unrated: a duplicate
 * score is not a result against an opponent, so nothing here touches ratings.
 */
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { clubMemberships, duplicateEvents, duplicateGames, duplicatePlayers, duplicateSubmissions, duplicateTurns, users } from "@/db/schema";
import { duplicateTable, eventStandings, eventWhyAbove, type DuplicateStanding, type EventGameResult } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { requireClubRole } from "@/server/services/clubs/membership";
import { assertGameFitsEvent, isDirectorOf, loadEvent, loadGame, requireDirector, requireEventDirector } from "./access";
import { createEventInput, type CreateEventInput } from "./schemas";
import { announce } from "./live";

/** Games one event may hold. */
export const MAX_EVENT_GAMES = 30;

export async function createDuplicateEvent(db: Db, actorId: string, raw: CreateEventInput): Promise<{ id: string }> {
  const input = createEventInput.parse(raw);
  if (input.clubId) await requireClubRole(db, input.clubId, actorId, ["owner", "director"]);
  const [e] = await db
    .insert(duplicateEvents)
    .values({ name: input.name, creatorId: actorId, clubId: input.clubId ?? null, standing: input.standing })
    .returning({ id: duplicateEvents.id });
  return { id: e!.id };
}

/** Put an existing game into the event: the caller directs both, the game is of the same club and in no other event. */
export async function addGameToEvent(db: Db, actorId: string, input: { eventId: string; gameId: string }): Promise<{ games: number }> {
  return db.transaction(async (tx) => {
    const e = await loadEvent(tx, input.eventId);
    await requireEventDirector(tx, e, actorId);
    const g = await loadGame(tx, input.gameId, true);
    await requireDirector(tx, g, actorId);
    assertGameFitsEvent(g, e);
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(duplicateGames).where(eq(duplicateGames.eventId, e.id))) as [{ n: number }];
    if (g.eventId !== e.id && n >= MAX_EVENT_GAMES) throw new DomainError("PRECONDITION", `An event holds at most ${MAX_EVENT_GAMES} games.`);
    if (g.eventId !== e.id) {
      // a visible change (the view names the event): readers keep the game per version (view.ts)
      await tx.update(duplicateGames).set({ eventId: e.id, version: g.version + 1 }).where(eq(duplicateGames.id, g.id));
      await announce(tx, g.id, g.version + 1);
    }
    return { games: g.eventId === e.id ? n : n + 1 };
  });
}

export interface EventView {
  id: string;
  name: string;
  clubId: string | null;
  standing: DuplicateStanding;
  isDirector: boolean;
  games: { id: string; name: string; ruleset: string; status: "lobby" | "playing" | "finished"; turn: number; maxTurns: number; topTotal: number }[];
  standings: { userId: string; name: string; rank: number; total: number; topTotal: number; percent: number; games: number; why: string | null }[];
  /** games the caller directs that could still go in (same club, in no event) */
  addable: { id: string; name: string }[];
}

/** Each game's players' totals over its closed turns (the same table as the game's page). */
async function gameResults(db: Db, gameIds: string[]): Promise<Map<string, { topTotal: number; rows: EventGameResult[] }>> {
  const out = new Map<string, { topTotal: number; rows: EventGameResult[] }>();
  if (gameIds.length === 0) return out;
  const [players, turns, subs] = await Promise.all([
    db.select().from(duplicatePlayers).where(inArray(duplicatePlayers.gameId, gameIds)),
    db
      .select()
      .from(duplicateTurns)
      .where(and(inArray(duplicateTurns.gameId, gameIds), isNotNull(duplicateTurns.closedAt)))
      .orderBy(asc(duplicateTurns.number)),
    db.select().from(duplicateSubmissions).where(inArray(duplicateSubmissions.gameId, gameIds)),
  ]);
  for (const id of gameIds) {
    const table = duplicateTable(
      players.filter((p) => p.gameId === id),
      turns
        .filter((t) => t.gameId === id)
        .map((t) => ({
          number: t.number,
          top: t.master?.score ?? 0,
          plays: new Map(subs.filter((s) => s.gameId === id && s.turn === t.number).map((s) => [s.userId, { valid: s.valid === true, score: s.score ?? 0 }])),
        })),
    );
    out.set(id, { topTotal: table.topTotal, rows: table.rows.map((r) => ({ userId: r.userId, total: r.total, topTotal: table.topTotal })) });
  }
  return out;
}

/** The event as `viewerId` sees it: its games (with links) and the standings, each with why it is above the next. */
export async function eventView(db: Db, eventId: string, viewerId: string): Promise<EventView> {
  const e = await loadEvent(db, eventId);
  const isDirector = await isDirectorOf(db, e, viewerId);
  if (e.clubId && !isDirector) await requireClubRole(db, e.clubId, viewerId, ["owner", "director", "member"]);
  const games = await db.select().from(duplicateGames).where(eq(duplicateGames.eventId, e.id)).orderBy(asc(duplicateGames.createdAt));
  const results = await gameResults(
    db,
    games.map((g) => g.id),
  );
  const list = eventStandings(
    games.map((g) => results.get(g.id)!.rows),
    e.standing,
  );
  const ids = list.map((s) => s.userId);
  const named = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  const names = new Map(named.map((u) => [u.id, u.name]));
  const why = eventWhyAbove(list, e.standing, names);
  const addable = isDirector
    ? (
        await db
          .select({ id: duplicateGames.id, name: duplicateGames.name, clubId: duplicateGames.clubId, creatorId: duplicateGames.creatorId })
          .from(duplicateGames)
          .where(and(sql`${duplicateGames.eventId} is null`, e.clubId ? eq(duplicateGames.clubId, e.clubId) : and(sql`${duplicateGames.clubId} is null`, eq(duplicateGames.creatorId, viewerId))))
          .orderBy(desc(duplicateGames.createdAt))
          .limit(50)
      ).map(({ id, name }) => ({ id, name }))
    : [];
  return {
    id: e.id,
    name: e.name,
    clubId: e.clubId,
    standing: e.standing,
    isDirector,
    games: games.map((g) => ({ id: g.id, name: g.name, ruleset: g.ruleset, status: g.status, turn: g.turn, maxTurns: g.maxTurns, topTotal: results.get(g.id)!.topTotal })),
    standings: list.map((s, i) => ({ userId: s.userId, name: names.get(s.userId) ?? "?", rank: s.rank, total: s.total, topTotal: s.topTotal, percent: s.percent, games: s.games, why: why[i] ?? null })),
    addable,
  };
}

export interface EventListItem {
  id: string;
  name: string;
  standing: DuplicateStanding;
  clubId: string | null;
  games: number;
}

/** Events I run, my clubs' events and events without a club, newest first. */
export async function listDuplicateEvents(db: Db, userId: string): Promise<EventListItem[]> {
  const myClubs = db.select({ id: clubMemberships.clubId }).from(clubMemberships).where(eq(clubMemberships.userId, userId));
  return db
    .select({
      id: duplicateEvents.id,
      name: duplicateEvents.name,
      standing: duplicateEvents.standing,
      clubId: duplicateEvents.clubId,
      // names written out: in a one-table select Drizzle renders a column bare ("id"), which inside
      // the subquery would mean duplicate_games.id and count nothing
      games: sql<number>`(select count(*)::int from "duplicate_games" dg where dg."event_id" = "duplicate_events"."id")`,
    })
    .from(duplicateEvents)
    .where(or(eq(duplicateEvents.creatorId, userId), sql`${duplicateEvents.clubId} is null`, inArray(duplicateEvents.clubId, myClubs)))
    .orderBy(desc(duplicateEvents.createdAt))
    .limit(50);
}
