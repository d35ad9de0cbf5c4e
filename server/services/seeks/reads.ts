/**
 * What the "Play now" lobby shows: the open seeks a person may accept, and their own (docs/matches.md
 * "Play now: open seeks"). A seek past its `expires_at` is expired whatever its stored status says
 * (expiry is applied on read; nothing sweeps the table). A club's seeks are for its members only:
 * the site-wide list adds the clubs the viewer belongs to, and a club's list refuses outsiders.
 */
import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { clubMemberships, clubs, seekPlayers, seeks, users, type Seek } from "@/db/schema";
import type { RulesetId } from "@/engine";
import type { TimePreset } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getMembership } from "@/server/services/clubs/membership";

/** How long a seek stays open. */
export const SEEK_MINUTES = 30;
/** The most seeks one list shows (newest first). */
const LIST_LIMIT = 50;

export interface SeekItem {
  id: string;
  creator: { id: string; name: string };
  club: { id: string; name: string; handle: string } | null;
  ruleset: RulesetId;
  preset: TimePreset;
  timeControl: { initialMs: number; incrementMs: number };
  rated: boolean;
  players: number;
  /** who has taken a seat so far (a pod fills seat by seat) */
  takers: { id: string; name: string }[];
  /** the viewer made it, or holds one of its seats */
  mine: boolean;
  seated: boolean;
  createdAt: Date;
  expiresAt: Date;
}

/** An open seek that has not run out, at `now`. */
export const liveSeek = (now: Date) => and(eq(seeks.status, "open"), gt(seeks.expiresAt, now));

/** The seeks' rows dressed for the lobby (names of the creator, the club and the takers). */
async function dress(db: DbOrTx, rows: Seek[], viewerId: string | null): Promise<SeekItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const takers = await db
    .select({ seekId: seekPlayers.seekId, id: users.id, name: users.name })
    .from(seekPlayers)
    .innerJoin(users, eq(users.id, seekPlayers.userId))
    .where(inArray(seekPlayers.seekId, ids))
    .orderBy(seekPlayers.joinedAt);
  const creators = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...new Set(rows.map((r) => r.creatorId))]));
  const clubIds = [...new Set(rows.flatMap((r) => (r.clubId ? [r.clubId] : [])))];
  const clubRows = clubIds.length ? await db.select({ id: clubs.id, name: clubs.name, handle: clubs.handle }).from(clubs).where(inArray(clubs.id, clubIds)) : [];
  const nameOf = new Map(creators.map((c) => [c.id, c.name]));
  const clubOf = new Map(clubRows.map((c) => [c.id, c]));
  return rows.map((r) => {
    const seated = takers.filter((t) => t.seekId === r.id).map(({ id, name }) => ({ id, name }));
    return {
      id: r.id,
      creator: { id: r.creatorId, name: nameOf.get(r.creatorId) ?? "Player" },
      club: r.clubId ? (clubOf.get(r.clubId) ?? null) : null,
      ruleset: r.ruleset,
      preset: r.preset,
      timeControl: { initialMs: r.timeControl.initialMs, incrementMs: r.timeControl.incrementMs },
      rated: r.rated,
      players: r.players,
      takers: seated,
      mine: viewerId !== null && r.creatorId === viewerId,
      seated: viewerId !== null && seated.some((t) => t.id === viewerId),
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
    };
  });
}

/** The open seeks the viewer may see: one club's (members only), or the site-wide ones plus those
 * of the viewer's clubs. */
export async function listSeeks(db: DbOrTx, viewerId: string | null, input: { clubId?: string }, opts: { now?: number } = {}): Promise<SeekItem[]> {
  const now = new Date(opts.now ?? Date.now());
  let scope;
  if (input.clubId) {
    if (!viewerId || !(await getMembership(db, input.clubId, viewerId))) throw new DomainError("FORBIDDEN", "Only the club's members see its open seeks.");
    scope = eq(seeks.clubId, input.clubId);
  } else if (viewerId) {
    const mine = db.select({ id: clubMemberships.clubId }).from(clubMemberships).where(eq(clubMemberships.userId, viewerId));
    scope = or(isNull(seeks.clubId), inArray(seeks.clubId, mine));
  } else scope = isNull(seeks.clubId);
  const rows = await db.select().from(seeks).where(and(liveSeek(now), scope)).orderBy(desc(seeks.createdAt)).limit(LIST_LIMIT);
  return dress(db, rows, viewerId);
}

export interface MySeeks {
  /** the open seek I made or hold a seat in (one at most) */
  open: SeekItem | null;
  /** my most recent seek that became a game in the last few minutes: the lobby page that was
   * waiting on it goes to the game */
  started: { seekId: string; matchId: string } | null;
}

/** The viewer's own seek for the lobby, and the game their last seek became. */
export async function mySeeks(db: DbOrTx, userId: string, opts: { now?: number } = {}): Promise<MySeeks> {
  const now = new Date(opts.now ?? Date.now());
  const seatedIn = db.select({ id: seekPlayers.seekId }).from(seekPlayers).where(eq(seekPlayers.userId, userId));
  const involved = or(eq(seeks.creatorId, userId), inArray(seeks.id, seatedIn));
  const [open] = await db.select().from(seeks).where(and(liveSeek(now), involved)).orderBy(desc(seeks.createdAt)).limit(1);
  const [taken] = await db
    .select({ seekId: seeks.id, matchId: seeks.matchId })
    .from(seeks)
    .where(and(eq(seeks.status, "taken"), involved, gt(seeks.updatedAt, sql`${now.toISOString()}::timestamptz - interval '10 minutes'`)))
    .orderBy(desc(seeks.updatedAt))
    .limit(1);
  return {
    open: open ? ((await dress(db, [open], userId))[0] ?? null) : null,
    started: taken?.matchId ? { seekId: taken.seekId, matchId: taken.matchId } : null,
  };
}
