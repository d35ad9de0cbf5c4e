/**
 * "Live now": games in play for spectators — site-wide, or of one club's tournaments, one
 * tournament, or one player. Each row has both players with their rating in the game's ruleset,
 * the scores, each clock at `now` and which one runs, and a tournament game's round and table.
 * Public by design (any game can be watched); there is no field for a rack or the bag, and the
 * router's output schema picks the fields again.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema/users";
import { ratings } from "@/db/schema/ratings";
import { matchPlayers, matches, type Match } from "@/db/schema/matches";
import { tournamentPairings, tournaments } from "@/db/schema/tournaments";
import { clock as C } from "@/engine";
import { loadFolded } from "./state";
import { isProvisional } from "@/server/domain";
import { ratingConfig } from "@/server/services/ratings/config";

export interface LiveGame {
  id: string;
  ruleset: Match["ruleset"];
  rated: boolean;
  tournamentId: string | null;
  tournamentName: string | null;
  board: { round: number; table: number } | null;
  /** seat on move */
  turn: number | null;
  /** the seat whose clock runs (null: untimed or paused) */
  running: number | null;
  players: { userId: string; name: string; seat: number; rating: number; provisional: boolean; score: number; remainingMs: number | null }[];
  updatedAt: Date;
}

export async function listLiveGames(db: Db, filter: { clubId?: string; tournamentId?: string; userId?: string; limit: number }, opts: { now?: number } = {}): Promise<LiveGame[]> {
  const now = opts.now ?? Date.now();
  const where = and(
    eq(matches.status, "active"),
    filter.tournamentId ? eq(matches.tournamentId, filter.tournamentId) : undefined,
    filter.clubId ? sql`${matches.tournamentId} in (select ${tournaments.id} from ${tournaments} where ${tournaments.clubId} = ${filter.clubId})` : undefined,
    filter.userId ? sql`${matches.id} in (select ${matchPlayers.matchId} from ${matchPlayers} where ${matchPlayers.userId} = ${filter.userId})` : undefined,
  );
  const rows = await db
    .select({ m: matches, tournamentName: tournaments.name, round: tournamentPairings.roundNumber, table: tournamentPairings.tableNumber })
    .from(matches)
    .leftJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .leftJoin(tournamentPairings, eq(tournamentPairings.id, matches.pairingId))
    .where(where)
    .orderBy(desc(matches.updatedAt))
    .limit(filter.limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.m.id);
  const seated = await db
    .select({ matchId: matchPlayers.matchId, userId: matchPlayers.userId, seat: matchPlayers.seat, name: users.name })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(inArray(matchPlayers.matchId, ids));
  const userIds = [...new Set(seated.map((s) => s.userId))];
  const rated = userIds.length ? await db.select({ userId: ratings.userId, ruleset: ratings.ruleset, rating: ratings.rating, rd: ratings.rd, volatility: ratings.volatility }).from(ratings).where(inArray(ratings.userId, userIds)) : [];
  // A player with no rated game has the initial rating, provisional: shown "1500?" like everywhere (docs/ratings.md "Pages").
  const cfg = ratingConfig();
  const ratingOf = (userId: string, ruleset: string) => rated.find((r) => r.userId === userId && r.ruleset === ruleset) ?? { rating: cfg.initialRating, rd: cfg.initialRd, volatility: cfg.initialVolatility };
  const out: LiveGame[] = [];
  for (const { m, tournamentName, round, table } of rows) {
    // The clocks come from the game's state (cached per version; a replay otherwise).
    const f = await loadFolded(db, m.id, m.version);
    const s = f?.state ?? null;
    const clockNow = s ? Math.max(now, s.lastAt) : now;
    const players = seated
      .filter((p) => p.matchId === m.id)
      .sort((a, b) => a.seat - b.seat)
      .map((p) => ({
        userId: p.userId,
        name: p.name,
        seat: p.seat,
        rating: Math.round(ratingOf(p.userId, m.ruleset).rating),
        provisional: isProvisional(ratingOf(p.userId, m.ruleset), cfg),
        score: s?.scores[p.seat] ?? m.scores[p.seat] ?? 0,
        remainingMs: s?.clock ? C.remaining(s.clock, p.seat, clockNow) : null,
      }));
    out.push({
      id: m.id,
      ruleset: m.ruleset,
      rated: m.rated,
      tournamentId: m.tournamentId,
      tournamentName: tournamentName ?? null,
      board: round !== null && table !== null ? { round, table } : null,
      turn: s?.phase === "playing" ? s.turn : null,
      running: s?.clock && !s.paused ? s.clock.running : null,
      players,
      updatedAt: m.updatedAt,
    });
  }
  return out;
}
