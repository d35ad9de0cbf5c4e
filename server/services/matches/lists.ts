/**
 * Lists of matches: a user's games for the dashboard, and the games of tournament pairings
 * (the tournament pages' Start/Watch links). Read from the row's cached fields only.
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema/users";
import { matchPlayers, matches, type Match, type MatchResult, type MatchStatus } from "@/db/schema/matches";

export interface MatchSummary {
  id: string;
  status: MatchStatus;
  ruleset: Match["ruleset"];
  rated: boolean;
  tournamentId: string | null;
  opponents: string[];
  myScore: number | null;
  scores: number[];
  players: string[];
  myTurn: boolean;
  /** invited and not yet accepted */
  awaitingMe: boolean;
  result: MatchResult | null;
  updatedAt: Date;
}

/** The user's matches, newest first (open challenges, games in play, finished games). */
export async function listMyMatches(db: DbOrTx, userId: string, limit = 100): Promise<MatchSummary[]> {
  const mine = await db
    .select({ matchId: matchPlayers.matchId, seat: matchPlayers.seat, acceptedAt: matchPlayers.acceptedAt })
    .from(matchPlayers)
    .where(eq(matchPlayers.userId, userId))
    .orderBy(desc(matchPlayers.createdAt))
    .limit(limit);
  if (mine.length === 0) return [];
  const ids = mine.map((r) => r.matchId);
  const rows = await db.select().from(matches).where(inArray(matches.id, ids));
  const all = await db
    .select({ matchId: matchPlayers.matchId, userId: matchPlayers.userId, seat: matchPlayers.seat, name: users.name })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(inArray(matchPlayers.matchId, ids));
  const byMatch = new Map<string, typeof all>();
  for (const p of all) byMatch.set(p.matchId, [...(byMatch.get(p.matchId) ?? []), p]);
  const out: MatchSummary[] = [];
  for (const m of rows) {
    const me = mine.find((r) => r.matchId === m.id)!;
    const ps = (byMatch.get(m.id) ?? []).sort((a, b) => a.seat - b.seat);
    out.push({
      id: m.id,
      status: m.status,
      ruleset: m.ruleset,
      rated: m.rated,
      tournamentId: m.tournamentId,
      opponents: ps.filter((p) => p.userId !== userId).map((p) => p.name),
      players: ps.map((p) => p.name),
      scores: m.scores,
      myScore: m.status === "open" ? null : (m.scores[me.seat] ?? null),
      myTurn: m.status === "active" && m.turn === me.seat,
      awaitingMe: m.status === "open" && me.acceptedAt === null,
      result: m.result ?? null,
      updatedAt: m.updatedAt,
    });
  }
  return out.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
}

/** Matches of the given pairings (for the tournament pages' Start/Watch links). */
export async function matchesForPairings(db: DbOrTx, pairingIds: string[]): Promise<{ pairingId: string; matchId: string; status: MatchStatus }[]> {
  if (pairingIds.length === 0) return [];
  const rows = await db.select({ pairingId: matches.pairingId, matchId: matches.id, status: matches.status }).from(matches).where(inArray(matches.pairingId, pairingIds));
  return rows.map((r) => ({ pairingId: r.pairingId!, matchId: r.matchId, status: r.status }));
}
