/**
 * Series (docs/competitions.md "Running a series"): points by place in each of the club's events
 * attached to it, the best N of M counted (`computeSeries`, server/domain/competitions/series.ts).
 * An event belongs to at most one competition (`tournaments.competition_id`); a season's division
 * cannot join a series. Only finished events score: a running one is listed "not finished yet" and
 * gives nobody points until it is, so the table never counts a provisional place.
 * Places come from the event's standings (its rank, shared on a full tie; a bracket's placings).
 * Also the club's list of seasons and series (the club page's "Seasons and series").
 */
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubs, competitions, tournaments, type Competition } from "@/db/schema";
import { computeSeries, explainSeriesOrder, formatPoints, parseSeriesRule, type SeriesEvent, type SeriesRule } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getMembership, requireClubRole } from "@/server/services/clubs/membership";
import { getStandings } from "@/server/services/tournaments/views";
import { dayStart } from "./calendar";
import type { CreateSeriesInput } from "./schemas";
import { getSeasonRow, refused } from "./seasons";

/** Put one of the club's events into the series (inside the caller's transaction). */
async function attach(tx: DbOrTx, series: Competition, tournamentId: string): Promise<void> {
  const [t] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)).for("update");
  if (!t || t.clubId !== series.clubId) throw new DomainError("NOT_FOUND", "That event is not one of this club's events.", "tournamentId");
  if (t.competitionId === series.id) throw new DomainError("CONFLICT", `${t.name} is already in this series.`, "tournamentId");
  if (t.competitionId) throw new DomainError("CONFLICT", `${t.name} already belongs to another season or series; an event counts for one competition.`, "tournamentId");
  await tx.update(tournaments).set({ competitionId: series.id }).where(eq(tournaments.id, t.id));
}

/** Create a series (club owners and directors), with the events given attached. */
export async function createSeries(db: DbOrTx, actorId: string, input: CreateSeriesInput): Promise<Competition> {
  await requireClubRole(db, input.clubId, actorId, ["owner", "director"]);
  const rule = parseSeriesRule({ points: input.points, best: input.best });
  if (!rule.ok) refused(rule.error);
  if (new Set(input.eventIds).size !== input.eventIds.length) throw new DomainError("INVALID", "An event is listed twice.", "eventIds");
  return db.transaction(async (tx) => {
    const [c] = await tx
      .insert(competitions)
      .values({ clubId: input.clubId, kind: "series", name: input.name, description: input.description, startsAt: dayStart(input.starts), rules: { ...rule.value }, createdBy: actorId })
      .returning();
    for (const id of input.eventIds) await attach(tx, c!, id);
    return c!;
  });
}

/** Add an event to a series, or take it out (club owners and directors). */
export async function setSeriesEvent(db: DbOrTx, actorId: string, input: { competitionId: string; tournamentId: string }, add: boolean): Promise<void> {
  const series = await getSeasonRow(db, input.competitionId, "series");
  await requireClubRole(db, series.clubId, actorId, ["owner", "director"]);
  await db.transaction(async (tx) => {
    if (add) return attach(tx, series, input.tournamentId);
    const done = await tx
      .update(tournaments)
      .set({ competitionId: null })
      .where(and(eq(tournaments.id, input.tournamentId), eq(tournaments.competitionId, series.id)))
      .returning({ id: tournaments.id });
    if (done.length === 0) throw new DomainError("NOT_FOUND", "That event is not in this series.", "tournamentId");
  });
}

export interface SeriesView {
  id: string;
  name: string;
  description: string;
  club: { id: string; name: string; handle: string };
  best: number;
  pointsText: string;
  canDirect: boolean;
  events: { id: string; name: string; status: string; startsAt: Date; counts: boolean }[];
  rows: {
    rank: number;
    userId: string;
    name: string;
    total: string;
    counted: number;
    played: number;
    cells: { eventId: string; place: number | null; points: string; status: "counted" | "dropped" | "absent" }[];
    whyAboveNext: string | null;
  }[];
  /** The club's events a director may still add (not in any competition). */
  candidates: { id: string; name: string; status: string }[];
}

const pointsText = (r: SeriesRule) => (r.points.kind === "field" ? "field size − place + 1 (last place scores 1)" : `by place: ${r.points.points.join(", ")}; lower places 0`);

/** The series table from its finished events. Public (names only). */
export async function getSeries(db: DbOrTx, competitionId: string, viewerId: string | null): Promise<SeriesView> {
  const c = await getSeasonRow(db, competitionId, "series");
  const rule = parseSeriesRule(c.rules);
  if (!rule.ok) refused(rule.error);
  const [club] = await db.select({ id: clubs.id, name: clubs.name, handle: clubs.handle }).from(clubs).where(eq(clubs.id, c.clubId)).limit(1);
  const membership = viewerId ? await getMembership(db, c.clubId, viewerId) : null;
  const canDirect = membership?.role === "owner" || membership?.role === "director";
  const evs = await db.select().from(tournaments).where(eq(tournaments.competitionId, c.id)).orderBy(asc(tournaments.startsAt), asc(tournaments.createdAt));
  const finished = evs.filter((t) => t.status === "finished");
  const names = new Map<string, string>();
  const events: SeriesEvent[] = [];
  for (const t of finished) {
    const s = await getStandings(db, t.id);
    for (const r of s.rows) names.set(r.userId, r.name);
    const results = s.placings ? s.placings.map((p) => ({ playerId: p.userId, place: p.place })) : s.rows.map((r) => ({ playerId: r.userId, place: r.rank }));
    events.push({ id: t.id, name: t.name, results });
  }
  const table = computeSeries([...names].map(([id, name]) => ({ id, name })), events, rule.value);
  if (!table.ok) refused(table.error);
  const tv = table.value;
  const candidates = canDirect
    ? await db
        .select({ id: tournaments.id, name: tournaments.name, status: tournaments.status })
        .from(tournaments)
        .where(and(eq(tournaments.clubId, c.clubId), isNull(tournaments.competitionId)))
        .orderBy(desc(tournaments.startsAt))
        .limit(100)
    : [];
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    club: club!,
    best: rule.value.best,
    pointsText: pointsText(rule.value),
    canDirect,
    events: evs.map((t) => ({ id: t.id, name: t.name, status: t.status, startsAt: t.startsAt, counts: t.status === "finished" })),
    rows: tv.rows.map((r, i) => ({
      rank: r.rank,
      userId: r.playerId,
      name: r.name,
      total: formatPoints(r.total, tv.scale),
      counted: r.counted,
      played: r.played,
      cells: r.cells.map((x) => ({ eventId: x.eventId, place: x.place, points: formatPoints(x.units, tv.scale), status: x.status })),
      whyAboveNext: tv.rows[i + 1] ? explainSeriesOrder(tv, r.playerId, tv.rows[i + 1]!.playerId) : null,
    })),
    candidates,
  };
}

export interface CompetitionSummary {
  id: string;
  kind: Competition["kind"];
  name: string;
  startsAt: Date;
  endsAt: Date | null;
  status: Competition["status"];
  events: number;
}

/** The club's seasons and series, newest first (ladders are listed by the club nights' pages). */
export async function listCompetitions(db: DbOrTx, clubId: string): Promise<CompetitionSummary[]> {
  const rows = await db
    .select()
    .from(competitions)
    .where(and(eq(competitions.clubId, clubId), inArray(competitions.kind, ["season", "series"])))
    .orderBy(desc(competitions.startsAt))
    .limit(100);
  const evs = rows.length
    ? await db.select({ competitionId: tournaments.competitionId }).from(tournaments).where(inArray(tournaments.competitionId, rows.map((r) => r.id)))
    : [];
  return rows.map((r) => ({ id: r.id, kind: r.kind, name: r.name, startsAt: r.startsAt, endsAt: r.endsAt, status: r.status, events: evs.filter((e) => e.competitionId === r.id).length }));
}
