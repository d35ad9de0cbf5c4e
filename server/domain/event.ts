/**
 * An event as plain data (entries, rounds, boards, settings) turned into what the maths takes:
 * `Player[]`, `History`, scoring options, the elimination bracket, and the next round's pairing.
 * Pure, so the server (server/services/tournaments/field.ts loads it) and the director's device
 * offline (docs/offline.md "Pairing the next round offline") count and pair the same way.
 *
 * - Late entries: each round a late entry missed is an absence, a `ByeRecord` worth `lateEntryWins`
 *   with spread 0 (`absenceByes`, standings.ts).
 * - Only published and closed rounds count; a draft has no results and is not history yet.
 * - Elimination brackets are rebuilt by replaying results in round/table order through
 *   `applyResult`, seeded from the seeds fixed at round 1.
 * - Resignations: a board lost by resigning or on time has that player as `forfeitUserId`; with
 *   `losses` saying so it is a PLAYED game with its real scores (`GameRecord.lost`), not a forfeit.
 */
import type { TournamentFormat, EntryStatus, GrandFinalOption, LossReason } from "./vocabulary";
import type { ByeRecord, GameRecord, History, Player } from "./types";
import type { ScoringOptions } from "./results";
import { absenceByes, type LateEntry } from "./standings";
import { applyResult, createBracket, type Bracket } from "./pairing/elimination";
import { methodForRound, type PairingMethod, type PairingPlanStep } from "./pairing/plan";
import { pairRound } from "./pairing/round";
import type { DraftRound } from "./pairing/types";
import type { PodSize } from "./pairing/pods";
import type { Result } from "./types";

export interface EventEntry {
  userId: string;
  name: string;
  rating: number | null;
  seed: number | null;
  status: EntryStatus;
  joinedRound: number;
  withdrawnAfterRound: number | null;
}

export interface EventBoard {
  id: string;
  roundNumber: number;
  tableNumber: number;
  players: string[];
  isBye: boolean;
  scores: Record<string, number> | null;
  forfeitUserId: string | null;
  doubleForfeit: boolean;
  bracketMatchId: string | null;
}

export interface EventSettings {
  id: string;
  format: TournamentFormat;
  rounds: number;
  byeWins: number;
  byeSpread: number;
  forfeitSpread: number;
  spreadCap: number | null;
  lateEntryWins: number;
  bronzeMatch: boolean;
  grandFinal: GrandFinalOption;
  pairingPlan: PairingPlanStep[];
  playersPerGame: number;
  gibson: boolean;
  gibsonSpread: number;
  gibsonPlaces: number;
  prizePlaces: number;
}

export interface EventData<E extends EventEntry = EventEntry, B extends EventBoard = EventBoard> {
  tournament: EventSettings;
  entries: E[];
  rounds: { number: number; status: "draft" | "published" | "closed" }[];
  pairings: B[];
  /** Why each board with a forfeiting player lost (board id → reason). */
  losses?: Map<string, LossReason>;
}

export const isElimination = (t: Pick<EventSettings, "format">) => t.format === "single-elimination" || t.format === "double-elimination";
export const isRoundRobin = (t: Pick<EventSettings, "format">) => t.format === "round-robin" || t.format === "double-round-robin";
/** Pod size of a pod event (3 or 4), or null for head-to-head games. */
export const podSizeOf = (t: Pick<EventSettings, "playersPerGame">): PodSize | null => (t.playersPerGame === 3 || t.playersPerGame === 4 ? t.playersPerGame : null);
/** A board lost by resigning or on time: a played game, rated, with its real scores. */
export const lostInPlay = (reason: LossReason | null | undefined): boolean => reason === "resign" || reason === "timeout";

export function scoringOf(t: Pick<EventSettings, "byeWins" | "byeSpread" | "forfeitSpread" | "spreadCap">): ScoringOptions {
  return { byeWins: t.byeWins, byeSpread: t.byeSpread, forfeitSpread: t.forfeitSpread, spreadCap: t.spreadCap };
}

/** Rounds whose pairings count as history (published or closed). */
export function countedRounds(ev: Pick<EventData, "rounds">): Set<number> {
  return new Set(ev.rounds.filter((r) => r.status !== "draft").map((r) => r.number));
}

/** Entries that take part in the event (paired at least once, or checked in and active). */
export function participants<E extends EventEntry>(ev: EventData<E, EventBoard>): E[] {
  const paired = new Set(ev.pairings.flatMap((p) => p.players));
  return ev.entries.filter((e) => paired.has(e.userId) || e.status === "checked-in" || (e.status === "withdrawn" && e.withdrawnAfterRound !== null));
}

/** True when the entry may be paired in `round`. */
export function activeIn(e: Pick<EventEntry, "status" | "joinedRound">, round: number): boolean {
  return e.status === "checked-in" && e.joinedRound <= round;
}

export function toPlayer(e: EventEntry): Player {
  return { id: e.userId, name: e.name, rating: e.rating ?? 1500, ...(e.seed !== null ? { seed: e.seed } : {}) };
}

/** One board as a domain game (or null for a bye). */
export function toGame(p: EventBoard, reason?: LossReason | null): GameRecord | null {
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
export function buildHistory(ev: EventData, opts: { includeDrafts?: boolean } = {}): History {
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
function byeCredit(p: EventBoard): Pick<ByeRecord, "wins" | "spread"> {
  const spread = p.scores?.[p.players[0]!];
  if (spread === undefined) return {};
  return { spread, wins: spread > 0 ? 1 : spread < 0 ? 0 : 0.5 };
}

/** When each entry joined (`absentRounds` turns late entries into absences). */
export function lateEntries(ev: Pick<EventData, "entries">): LateEntry[] {
  return ev.entries.map((e) => ({ playerId: e.userId, joinedRound: e.joinedRound }));
}

/** Winner of a finished 2-player board (null for a tie or no result). */
export function winnerOf(p: EventBoard): string | null {
  if (p.isBye || p.players.length !== 2) return null;
  if (p.forfeitUserId) return p.players.find((id) => id !== p.forfeitUserId) ?? null;
  if (!p.scores) return null;
  const [a, b] = p.players;
  const sa = p.scores[a!] ?? 0;
  const sb = p.scores[b!] ?? 0;
  return sa > sb ? a! : sb > sa ? b! : null;
}

/**
 * The players fixed when round 1 was paired (they got a rating and a seed then); round robin
 * schedules and brackets are built from exactly these, so later changes cannot reshuffle them.
 */
export function startingField<E extends EventEntry>(ev: EventData<E, EventBoard>): E[] {
  return ev.entries.filter((e) => e.rating !== null && e.seed !== null && e.joinedRound === 1).sort((a, b) => a.seed! - b.seed!);
}

/** The elimination bracket with every recorded result applied (null: not an elimination event). */
export function eventBracket(ev: EventData): Result<Bracket | null> {
  if (!isElimination(ev.tournament)) return { ok: true, value: null };
  const seeded = startingField(ev);
  if (seeded.length < 2) return { ok: true, value: null };
  const t = ev.tournament;
  const made = createBracket(seeded.map(toPlayer), { format: t.format === "double-elimination" ? "double" : "single", bronze: t.bronzeMatch, grandFinal: t.grandFinal });
  if (!made.ok) return made;
  let bracket = made.value;
  const counted = countedRounds(ev);
  for (const p of ev.pairings) {
    if (!p.bracketMatchId || !counted.has(p.roundNumber)) continue;
    const w = winnerOf(p);
    if (!w) continue;
    const next = applyResult(bracket, p.bracketMatchId, w);
    if (next.ok) bracket = next.value;
  }
  return { ok: true, value: bracket };
}

/**
 * Pair round `round` of the event (`pairRound`, pairing/round.ts): the format's method, or for
 * Swiss and King of the Hill the plan's method or `override`.
 */
export function pairEventRound(ev: EventData, round: number, override: PairingMethod | undefined, forbidden: readonly (readonly [string, string])[]): Result<DraftRound> {
  const t = ev.tournament;
  const fixed = isElimination(t) || isRoundRobin(t);
  const method = fixed ? t.format : (override ?? methodForRound(t.format === "king-of-the-hill" ? "king-of-the-hill" : "swiss", t.pairingPlan, round));
  const bracket = eventBracket(ev);
  if (!bracket.ok) return bracket;
  return pairRound({
    round,
    method,
    field: ev.entries.filter((e) => e.rating !== null).map(toPlayer),
    active: ev.entries.filter((e) => activeIn(e, round)).map(toPlayer),
    starting: startingField(ev).map(toPlayer),
    history: buildHistory(ev),
    scoring: scoringOf(t),
    podSize: podSizeOf(t),
    forbiddenPairs: forbidden,
    gibson: t.gibson ? { totalRounds: t.rounds, spreadPerRound: t.gibsonSpread, gibsonPlaces: t.gibsonPlaces, prizePlaces: t.prizePlaces } : undefined,
    bracket: bracket.value,
    pairedMatches: ev.pairings.flatMap((p) => (p.bracketMatchId ? [p.bracketMatchId] : [])),
  });
}
