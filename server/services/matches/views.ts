/**
 * What a viewer may see of a match. Views are built from the engine's `viewFor(state, viewer)`:
 * a player gets their own rack; opponents and spectators get rack counts; nobody gets the bag
 * (only its size), the seed, or whether the open play is valid. The router's zod output schema
 * (server/routers/matches/outputs.ts) has no field for another player's rack or the bag, so
 * nothing can leak even by mistake.
 *
 * Reading a view also "touches" the match: a fallen flag is recorded first (moves.ts).
 * `serverNow` lets the browser compute its clock offset and tick the clocks itself.
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { users } from "@/db/schema/users";
import { matchAdjustments, matchPlayers, matches, type Match, type MatchResult, type MatchStatus } from "@/db/schema/matches";
import { clock as C, toMove, viewFor } from "@/engine";
import { DomainError } from "@/server/errors";
import { subscribe } from "@/server/live/bus";
import { topicOf } from "./log";
import { touchMatch } from "./moves";
import { loadFolded, type SheetEntry } from "./state";

export interface MatchPlayerView {
  userId: string;
  name: string;
  seat: number;
  accepted: boolean;
  score: number;
  rackCount: number;
  /** budget left at serverNow (negative: overtime); null untimed or not started */
  remainingMs: number | null;
  winner: boolean;
}

export interface GameViewOut {
  /** the viewer's own rack; null for spectators */
  rack: string[] | null;
  board: { row: number; col: number; tile: string; blank: boolean; player: number; move: number }[];
  bagCount: number;
  unseen: { face: string; count: number }[];
  turn: number;
  moveNumber: number;
  phase: "playing" | "finishing" | "over";
  paused: boolean;
  pending: { seat: number; score: number; goesOut: boolean } | null;
  /** what the viewer may do now */
  can: { play: boolean; exchange: boolean; pass: boolean; challenge: boolean; resign: boolean };
  clock: { running: number | null; flagAt: number | null; moveDeadline: number | null } | null;
  end: { reason: string; seat: number | null; winners: number[]; rackSettlement: number[]; timePenalties: number[]; timeBonuses: number[] } | null;
  sheet: SheetEntry[];
}

export interface MatchView {
  id: string;
  status: MatchStatus;
  version: number;
  serverNow: number;
  ruleset: Match["ruleset"];
  rulesetOptions: Record<string, unknown>;
  challengeRule: Match["challengeRule"];
  timeControl: Match["timeControl"];
  rated: boolean;
  seats: number;
  tournamentId: string | null;
  pairingId: string | null;
  /** open seats' link code, shown to the players already seated */
  joinCode: string | null;
  createdBy: string | null;
  viewerSeat: number | null;
  players: MatchPlayerView[];
  game: GameViewOut | null;
  result: MatchResult | null;
  adjustments: { reason: string; at: Date; after: MatchResult }[];
}

async function readMatch(db: DbOrTx, matchId: string) {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId)).limit(1);
  if (!m) throw new DomainError("NOT_FOUND", "That game does not exist.");
  return m;
}

/** The view of a match for `viewerId` (null: an anonymous spectator). */
export async function getMatchView(db: Db, matchId: string, viewerId: string | null, opts: { now?: number } = {}): Promise<MatchView> {
  let m = await readMatch(db, matchId);
  if (m.status === "active" && (await touchMatch(db, matchId, m.version, opts))) m = await readMatch(db, matchId);
  const now = opts.now ?? Date.now();
  const seated = await db
    .select({ userId: matchPlayers.userId, seat: matchPlayers.seat, acceptedAt: matchPlayers.acceptedAt, name: users.name })
    .from(matchPlayers)
    .innerJoin(users, eq(users.id, matchPlayers.userId))
    .where(eq(matchPlayers.matchId, matchId));
  seated.sort((a, b) => a.seat - b.seat);
  const adjustments = await db
    .select({ reason: matchAdjustments.reason, at: matchAdjustments.createdAt, after: matchAdjustments.after })
    .from(matchAdjustments)
    .where(eq(matchAdjustments.matchId, matchId))
    .orderBy(desc(matchAdjustments.createdAt));
  const isSeated = viewerId !== null && seated.some((p) => p.userId === viewerId);
  const base = {
    id: m.id,
    status: m.status,
    version: m.version,
    serverNow: now,
    ruleset: m.ruleset,
    rulesetOptions: m.rulesetOptions,
    challengeRule: m.challengeRule,
    timeControl: m.timeControl,
    rated: m.rated,
    seats: m.seats,
    tournamentId: m.tournamentId,
    pairingId: m.pairingId,
    joinCode: isSeated && m.status === "open" ? m.joinCode : null,
    createdBy: m.createdBy,
    result: m.result ?? null,
    adjustments,
  };
  const folded = await loadFolded(db, m.id, m.version);
  if (!folded) {
    return {
      ...base,
      viewerSeat: isSeated ? seated.find((p) => p.userId === viewerId)!.seat : null,
      players: seated.map((p) => ({ userId: p.userId, name: p.name, seat: p.seat, accepted: p.acceptedAt !== null, score: 0, rackCount: 0, remainingMs: null, winner: false })),
      game: null,
    };
  }
  const s = folded.state;
  const clockNow = Math.max(now, s.lastAt);
  const v = viewFor(s, viewerId, clockNow);
  const nameOf = new Map(seated.map((p) => [p.userId, p.name]));
  const winners = m.result ? new Set(m.result.winners) : new Set<string>();
  const tm = toMove(s);
  const mine = v.viewer;
  const canAct = mine !== null && tm !== null && tm.player === mine;
  return {
    ...base,
    viewerSeat: mine,
    players: v.players.map((p, i) => ({
      userId: p.id,
      name: nameOf.get(p.id) ?? p.name ?? "Player",
      seat: i,
      accepted: true,
      score: p.score,
      rackCount: p.rackCount,
      remainingMs: p.remainingMs,
      winner: winners.has(p.id),
    })),
    game: {
      rack: v.rack,
      board: v.board.map((t) => ({ row: t.row, col: t.col, tile: t.tile, blank: t.blank === true, player: t.player, move: t.move })),
      bagCount: v.bagCount,
      unseen: Object.entries(v.unseen).map(([face, count]) => ({ face, count })),
      turn: v.turn,
      moveNumber: v.moveNumber,
      phase: v.phase,
      paused: v.paused,
      pending: v.pending ? { seat: v.pending.player, score: v.pending.score, goesOut: v.pending.goesOut } : null,
      can: {
        play: canAct && tm!.canPlay,
        exchange: canAct && tm!.canExchange,
        pass: canAct && tm!.canPass,
        challenge: v.canChallenge,
        resign: mine !== null && s.phase === "playing",
      },
      clock: s.clock ? { running: s.clock.running, flagAt: C.flagAt(s.clock), moveDeadline: C.moveDeadline(s.clock) } : null,
      end: s.end
        ? {
            reason: s.end.reason,
            seat: s.end.player,
            winners: s.end.winners ?? [],
            rackSettlement: s.end.rackSettlement.slice(),
            timePenalties: s.end.timePenalties.slice(),
            timeBonuses: s.end.timeBonuses.slice(),
          }
        : null,
      sheet: folded.sheet,
    },
  };
}

/**
 * Live view: the viewer's view now, then a fresh one after every notice on "match:<id>" that
 * carries a newer version (two app instances share notices through LISTEN/NOTIFY).
 */
export async function* liveMatchView(db: Db, matchId: string, viewerId: string | null, signal?: AbortSignal): AsyncGenerator<MatchView> {
  // Listening before the first read, so no notice can slip between the two.
  const notices = await subscribe(db, topicOf(matchId), signal);
  try {
    let view = await getMatchView(db, matchId, viewerId);
    yield view;
    for await (const n of notices) {
      if (n.version < view.version && n.version !== 0) continue;
      view = await getMatchView(db, matchId, viewerId);
      yield view;
    }
  } finally {
    notices.close();
  }
}

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
