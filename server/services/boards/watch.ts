/**
 * The public event page's data (`/tournaments/[id]/watch`, docs/tournaments.md "Watching an
 * event"): the current round's boards as mini-boards with scores and clocks, its pairings and the
 * standings. Spectator data only — built from the public match view (no rack, no bag, no unseen
 * tiles) and the public standings; every field is picked here again so nothing new leaks by
 * accident. server/live/watch-broadcast.ts builds it once per version for every viewer.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matches } from "@/db/schema/matches";
import { rulesetFor } from "@/engine";
import { getTournamentOrThrow } from "@/server/services/tournaments/access";
import { loadEvent } from "@/server/services/tournaments/field";
import { getStandings } from "@/server/services/tournaments/views";
import { currentViews } from "@/server/services/matches/views";
import type { WatchBoard, WatchEvent } from "@/server/domain";

export type { WatchBoard, WatchEvent };

/** The round spectators follow: the latest one published or closed (drafts are the director's). */
function currentRound<R extends { status: string; number: number }>(rounds: R[]): R | null {
  return rounds.filter((r) => r.status !== "draft").sort((a, b) => b.number - a.number)[0] ?? null;
}

/** The tournament's part of the page: round, pairings, standings and which games are its boards. */
export async function watchEvent(db: Db, tournamentId: string): Promise<WatchEvent> {
  const t = await getTournamentOrThrow(db, tournamentId);
  const [ev, standings] = await Promise.all([loadEvent(db, t), getStandings(db, tournamentId)]);
  const round = currentRound(ev.rounds);
  const pairings = round ? ev.pairings.filter((p) => p.roundId === round.id).sort((a, b) => (a.isBye ? 1 : 0) - (b.isBye ? 1 : 0) || a.tableNumber - b.tableNumber) : [];
  const names = new Map(ev.entries.map((e) => [e.userId, e.name]));
  const games = pairings.length
    ? await db
        .select({ id: matches.id, pairingId: matches.pairingId })
        .from(matches)
        .where(and(eq(matches.tournamentId, t.id), inArray(matches.pairingId, pairings.map((p) => p.id))))
    : [];
  const gameOf = new Map(games.map((g) => [g.pairingId, g.id]));
  const rows = pairings.map((p) => ({
    table: p.tableNumber,
    isBye: p.isBye,
    matchId: gameOf.get(p.id) ?? null,
    players: p.players.map((id) => ({ name: names.get(id) ?? "(unknown)", score: p.scores?.[id] ?? null })),
    hasResult: !!(p.scores || p.forfeitUserId || p.doubleForfeit),
  }));
  return {
    tournament: { id: t.id, name: t.name, status: t.status },
    round: round ? { number: round.number, status: round.status, startedAt: round.startedAt?.getTime() ?? null, durationMs: round.durationMs } : null,
    pairings: rows,
    standings: standings.rows.map((r) => ({ rank: r.rank, name: r.name, wins: r.wins, losses: r.losses, spread: r.spread, games: r.games })),
    matchIds: rows.flatMap((r) => (r.matchId ? [r.matchId] : [])),
  };
}

const sizes = new Map<string, number>();
/** The board's width, per ruleset and options (building a ruleset parses its layout: once is enough). */
function boardSize(ruleset: Parameters<typeof rulesetFor>[0], options: unknown): number {
  const key = `${ruleset}:${JSON.stringify(options)}`;
  let size = sizes.get(key);
  if (size === undefined) {
    size = rulesetFor(ruleset, options).layout.size;
    if (sizes.size < 1_000) sizes.set(key, size);
  }
  return size;
}

/** One board as spectators see it now (null: the game has no board yet). */
export async function watchBoard(db: Db, matchId: string, table: number, now = Date.now()): Promise<WatchBoard> {
  const views = await currentViews(db, matchId, now, {});
  const v = views.public;
  const size = boardSize(v.ruleset, v.rulesetOptions);
  const cells = Array<string>(size * size).fill(".");
  let lastMove = -1;
  for (const t of v.game?.board ?? []) lastMove = Math.max(lastMove, t.move);
  const last: number[] = [];
  for (const t of v.game?.board ?? []) {
    const i = t.row * size + t.col;
    if (i < 0 || i >= cells.length) continue;
    // one character per square: a multi-letter tile shows its first letter on a mini-board
    const face = [...t.tile][0] ?? "?";
    cells[i] = t.blank ? face.toLowerCase() : face.toUpperCase();
    if (t.move === lastMove) last.push(i);
  }
  const g = v.game;
  const playing = v.status === "active" && g !== null && g.phase !== "over";
  return {
    matchId,
    table,
    status: v.status,
    version: v.version,
    size,
    tiles: cells.join(""),
    last,
    turn: playing ? g.turn : null,
    running: playing && !g.paused ? (g.clock?.running ?? null) : null,
    players: v.players.map((p) => ({ seat: p.seat, name: p.name, score: p.score, remainingMs: p.remainingMs, winner: p.winner })),
  };
}
