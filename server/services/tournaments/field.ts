/**
 * Loads a tournament's entries, rounds and pairings as the plain data the domain maths takes
 * (server/domain/event.ts turns it into `Player[]`, `History`, the bracket and the next pairing;
 * the director's device runs the same code offline, docs/offline.md). Only I/O lives here.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches, tournamentPairings, tournamentPlayers, tournamentRounds, users, type Tournament, type TournamentPairing, type TournamentPlayer, type TournamentRound } from "@/db/schema";
import { eventBracket, type Bracket, type LossReason } from "@/server/domain";
import { DomainError } from "@/server/errors";

export type Entry = TournamentPlayer & { name: string; email: string };

export interface Event {
  tournament: Tournament;
  entries: Entry[];
  rounds: TournamentRound[];
  pairings: TournamentPairing[];
  /** Why each board with a forfeiting player lost (pairing id → reason); see `lossReasonsOf`. */
  losses?: Map<string, LossReason>;
}

/** Everything about one tournament in four queries. */
export async function loadEvent(db: DbOrTx, tournament: Tournament): Promise<Event> {
  const [entries, rounds, pairings] = await Promise.all([
    db
      .select({ entry: tournamentPlayers, name: users.name, email: users.email })
      .from(tournamentPlayers)
      .innerJoin(users, eq(users.id, tournamentPlayers.userId))
      .where(eq(tournamentPlayers.tournamentId, tournament.id))
      .orderBy(asc(tournamentPlayers.registeredAt), asc(users.name)),
    db.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, tournament.id)).orderBy(asc(tournamentRounds.number)),
    db.select().from(tournamentPairings).where(eq(tournamentPairings.tournamentId, tournament.id)).orderBy(asc(tournamentPairings.roundNumber), asc(tournamentPairings.tableNumber)),
  ]);
  return { tournament, entries: entries.map((e) => ({ ...e.entry, name: e.name, email: e.email })), rounds, pairings, losses: await lossReasonsOf(db, pairings) };
}

/**
 * Why each forfeit on these boards stands: the board's game ended on time, by resignation or by a
 * no-show (its stored result says which); anything else is a forfeit a director entered.
 */
export async function lossReasonsOf(db: DbOrTx, pairings: readonly TournamentPairing[]): Promise<Map<string, LossReason>> {
  const forfeits = pairings.filter((p) => p.forfeitUserId);
  const out = new Map<string, LossReason>(forfeits.map((p) => [p.id, "forfeit"]));
  if (forfeits.length === 0) return out;
  const games = await db.select({ pairingId: matches.pairingId, result: matches.result }).from(matches).where(inArray(matches.pairingId, forfeits.map((p) => p.id)));
  const loserOf = new Map(forfeits.map((p) => [p.id, p.forfeitUserId!]));
  for (const g of games) {
    const r = g.result?.reason;
    // Only when the board's losing player is the one the game says lost (a director who named the
    // other player made it a forfeit of their own).
    const sameLoser = !!g.pairingId && !g.result?.winners.includes(loserOf.get(g.pairingId) ?? "");
    if (g.pairingId && sameLoser && (r === "timeout" || r === "resign" || r === "no-show")) out.set(g.pairingId, r);
  }
  return out;
}

/** Names of users (for pairings of players no longer entered). */
export async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The elimination bracket with every recorded result applied (elimination formats only). */
export function buildBracket(ev: Event): Bracket | null {
  const b = eventBracket(ev);
  if (!b.ok) throw new DomainError("PRECONDITION", b.error.message);
  return b.value;
}
