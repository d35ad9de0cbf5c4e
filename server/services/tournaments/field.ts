/**
 * Loads a tournament's entries, rounds and pairings and turns them into the plain data the domain
 * maths takes (`Player[]`, `History`, scoring options, an elimination bracket). Everything derived
 * — standings, the next pairing, the bracket — starts here, so all views count the same way.
 *
 * Adapter notes (things the domain does not model, handled here):
 * - Late entries: each round a late entry missed is an absence, a `ByeRecord` worth `lateEntryWins`
 *   with spread 0 (the domain's `absentRounds` / `absenceByes`, server/domain/standings.ts).
 * - Only published and closed rounds count; a draft has no results and is not history yet.
 * - Elimination brackets are rebuilt by replaying results in round/table order through
 *   `applyResult` (domain/pairing/elimination), seeded from the seeds fixed at round 1.
 * - Resignations: a board whose game was lost by resigning or on time is stored with that player
 *   as `forfeitUserId` (a loss whatever the scores); the board's game says why (`losses`), and
 *   such a board is a PLAYED game with its real scores (`GameRecord.lost`), not a forfeit.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { matches, tournamentPairings, tournamentPlayers, tournamentRounds, users, type Tournament, type TournamentPairing, type TournamentPlayer, type TournamentRound } from "@/db/schema";
import { absenceByes, applyResult, createBracket, type Bracket, type LateEntry, type ByeRecord, type GameRecord, type History, type LossReason, type Player, type ScoringOptions } from "@/server/domain";
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

/** A board lost by resigning or on time: a played game, rated, with its real scores. */
export const lostInPlay = (reason: LossReason | null | undefined): boolean => reason === "resign" || reason === "timeout";

/** Names of users (for pairings of players no longer entered). */
export async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const isElimination = (t: Pick<Tournament, "format">) => t.format === "single-elimination" || t.format === "double-elimination";
export const isRoundRobin = (t: Pick<Tournament, "format">) => t.format === "round-robin" || t.format === "double-round-robin";

export function scoringOf(t: Tournament): ScoringOptions {
  return { byeWins: t.byeWins, byeSpread: t.byeSpread, forfeitSpread: t.forfeitSpread, spreadCap: t.spreadCap };
}

/** Rounds whose pairings count as history (published or closed). */
export function countedRounds(ev: Event): Set<number> {
  return new Set(ev.rounds.filter((r) => r.status !== "draft").map((r) => r.number));
}

/** Entries that take part in the event (paired at least once, or checked in and active). */
export function participants(ev: Event): Entry[] {
  const paired = new Set(ev.pairings.flatMap((p) => p.players));
  return ev.entries.filter((e) => paired.has(e.userId) || e.status === "checked-in" || (e.status === "withdrawn" && e.withdrawnAfterRound !== null));
}

/** True when the entry may be paired in `round`. */
export function activeIn(e: Entry, round: number): boolean {
  return e.status === "checked-in" && e.joinedRound <= round;
}

export function toPlayer(e: Entry): Player {
  return { id: e.userId, name: e.name, rating: e.rating ?? 1500, ...(e.seed !== null ? { seed: e.seed } : {}) };
}

/** One pairing row as a domain game (or null for a bye). */
export function toGame(p: TournamentPairing, reason?: LossReason | null): GameRecord | null {
  if (p.isBye) return null;
  const g: GameRecord = { round: p.roundNumber, players: p.players };
  if (p.doubleForfeit) g.doubleForfeit = true;
  else if (p.forfeitUserId && lostInPlay(reason) && p.scores) {
    g.scores = p.players.map((id) => p.scores![id] ?? 0);
    g.lost = p.forfeitUserId;
  } else if (p.forfeitUserId) g.forfeit = p.forfeitUserId;
  else if (p.scores) g.scores = p.players.map((id) => p.scores![id] ?? 0);
  return g;
}

/** The history of the event: games and byes of counted rounds, plus late entries' missed rounds. */
export function buildHistory(ev: Event, opts: { includeDrafts?: boolean } = {}): History {
  const counted = countedRounds(ev);
  const games: GameRecord[] = [];
  const byes: ByeRecord[] = [];
  for (const p of ev.pairings) {
    if (!opts.includeDrafts && !counted.has(p.roundNumber)) continue;
    if (p.isBye) byes.push({ round: p.roundNumber, playerId: p.players[0]!, ...byeCredit(p) });
    else games.push(toGame(p, ev.losses?.get(p.id))!);
  }
  byes.push(...absenceByes(lateEntries(ev), Math.max(0, ...counted), ev.tournament.lateEntryWins));
  return { games, byes };
}

/**
 * A bye brought in from a TSH file keeps the spread TSH credited (its `scores`, e.g. −50 for a
 * no-show): a win when positive, a loss when negative, half a win at 0, as TSH counts it
 * (docs/records.md "TSH files"). Any other bye counts the event's bye settings.
 */
function byeCredit(p: TournamentPairing): Pick<ByeRecord, "wins" | "spread"> {
  const spread = p.scores?.[p.players[0]!];
  if (spread === undefined) return {};
  return { spread, wins: spread > 0 ? 1 : spread < 0 ? 0 : 0.5 };
}

/** When each entry joined (the domain's `absentRounds` turns late entries into absences). */
export function lateEntries(ev: Event): LateEntry[] {
  return ev.entries.map((e) => ({ playerId: e.userId, joinedRound: e.joinedRound }));
}

/** Winner of a finished 2-player pairing (null for a tie or no result). */
export function winnerOf(p: TournamentPairing): string | null {
  if (p.isBye || p.players.length !== 2) return null;
  if (p.forfeitUserId) return p.players.find((id) => id !== p.forfeitUserId) ?? null;
  if (!p.scores) return null;
  const [a, b] = p.players;
  const sa = p.scores[a] ?? 0;
  const sb = p.scores[b] ?? 0;
  return sa > sb ? a : sb > sa ? b : null;
}

/**
 * The players fixed when round 1 was paired (they got a rating and a seed then); round robin
 * schedules and brackets are built from exactly these, so later changes cannot reshuffle them.
 */
export function startingField(ev: Event): Entry[] {
  return ev.entries.filter((e) => e.rating !== null && e.seed !== null && e.joinedRound === 1).sort((a, b) => a.seed! - b.seed!);
}

/** The elimination bracket with every recorded result applied (elimination formats only). */
export function buildBracket(ev: Event): Bracket | null {
  if (!isElimination(ev.tournament)) return null;
  const seeded = startingField(ev);
  if (seeded.length < 2) return null;
  const t = ev.tournament;
  const made = createBracket(seeded.map(toPlayer), {
    format: t.format === "double-elimination" ? "double" : "single",
    bronze: t.bronzeMatch,
    grandFinal: t.grandFinal,
  });
  if (!made.ok) throw new DomainError("PRECONDITION", made.error.message);
  let bracket = made.value;
  const counted = countedRounds(ev);
  for (const p of ev.pairings) {
    if (!p.bracketMatchId || !counted.has(p.roundNumber)) continue;
    const w = winnerOf(p);
    if (!w) continue;
    const next = applyResult(bracket, p.bracketMatchId, w);
    if (next.ok) bracket = next.value;
  }
  return bracket;
}
