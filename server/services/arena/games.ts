/**
 * Results of a club night's games. Over the board (the default) the players type nothing but the
 * score: one player of the game reports it, the other player(s) confirm, and the game counts; a
 * dispute goes to the club's director, who decides. Online, the game's own result counts: it is
 * read when the night is read (`syncOnline`, "poll on read": no hook in the match writer, so the
 * match code stays unaware of club nights). A settled game frees its players, who are paired again
 * at once. Each change locks the night row first (pairing.ts).
 *
 * Ratings: a rated night's games are rated as any other game (docs/ratings.md). An online game is a
 * rated match, rated by the match writer when it ends; an over-the-board game is rated here, in the
 * transaction that settles it, as its own ledger entry (source "arena", the game's id), so it is
 * rated once and a recompute replays it.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { arenaGames, arenaNights, arenaPlayers, matches, type ArenaGameRow, type ArenaNight } from "@/db/schema";
import { DomainError } from "@/server/errors";
import { applyRatedGame } from "@/server/services/ratings/apply";
import { nightFor } from "./nights";
import { lockNight, pairFree } from "./pairing";

async function gameOf(tx: DbOrTx, gameId: string): Promise<ArenaGameRow> {
  const [g] = await tx.select().from(arenaGames).where(eq(arenaGames.id, gameId));
  if (!g) throw new DomainError("NOT_FOUND", "That game does not exist.");
  return g;
}

function checkScores(g: ArenaGameRow, scores: Record<string, number>): void {
  const ids = Object.keys(scores);
  if (ids.length !== g.players.length || !g.players.every((p) => ids.includes(p)))
    throw new DomainError("INVALID", "Give one score for each player of this game, and for nobody else.", "scores");
}

const isOnline = (g: ArenaGameRow) => g.matchId !== null;

/** The game settles: its result counts, its players are free again and paired at once. */
async function settle(tx: DbOrTx, night: ArenaNight, g: ArenaGameRow, set: Partial<ArenaGameRow>, now: Date): Promise<void> {
  await tx.update(arenaGames).set({ ...set, finishedAt: now }).where(eq(arenaGames.id, g.id));
  const scores = set.scores ?? g.scores;
  if (night.rated && !isOnline(g) && scores && (set.status === "confirmed" || set.status === "decided"))
    await applyRatedGame(tx, { ruleset: night.ruleset, source: "arena", sourceId: g.id, playedAt: now, players: g.players.map((userId) => ({ userId, score: scores[userId] ?? 0 })) });
  // a player still in the room comes free; the night closed meanwhile: they leave
  const next = night.status === "open" ? { status: "waiting" as const, freeSince: now } : { status: "left" as const, leftAt: now };
  await tx.update(arenaPlayers).set(next).where(and(eq(arenaPlayers.nightId, night.id), inArray(arenaPlayers.userId, g.players), eq(arenaPlayers.status, "playing")));
  await tx.update(arenaNights).set({ version: night.version + 1 }).where(eq(arenaNights.id, night.id));
  await pairFree(tx, { ...night, version: night.version + 1 }, now);
}

/** Run `fn` on a game of the night under the night's lock. */
async function onGame<T>(db: Db, gameId: string, fn: (tx: DbOrTx, night: ArenaNight, g: ArenaGameRow) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const first = await gameOf(tx, gameId);
    const night = await lockNight(tx, first.nightId);
    return fn(tx, night, await gameOf(tx, gameId));
  });
}

/** A player of the game reports the final scores (again, while the others have not confirmed). */
export async function reportResult(db: Db, userId: string, input: { gameId: string; scores: Record<string, number> }): Promise<void> {
  await onGame(db, input.gameId, async (tx, night, g) => {
    if (!g.players.includes(userId)) throw new DomainError("FORBIDDEN", "Only the players of this game report its result.");
    if (isOnline(g)) throw new DomainError("PRECONDITION", "This game is played online: its result counts when the game ends.");
    if (g.status !== "playing" && g.status !== "reported") throw new DomainError("PRECONDITION", g.status === "disputed" ? "This result is disputed: the director decides it." : "This game's result is settled.");
    checkScores(g, input.scores);
    await tx.update(arenaGames).set({ scores: input.scores, status: "reported", reportedBy: userId, confirmedBy: [], note: "" }).where(eq(arenaGames.id, g.id));
    await tx.update(arenaNights).set({ version: night.version + 1 }).where(eq(arenaNights.id, night.id));
  });
}

/** Another player of the game confirms the report; once every other player has, it counts. */
export async function confirmResult(db: Db, userId: string, gameId: string, now = new Date()): Promise<{ settled: boolean }> {
  return onGame(db, gameId, async (tx, night, g) => {
    if (!g.players.includes(userId)) throw new DomainError("FORBIDDEN", "Only the players of this game confirm its result.");
    if (g.status !== "reported") throw new DomainError("PRECONDITION", g.status === "playing" ? "Nobody has reported this game's result yet." : "This result is not waiting for a confirmation.");
    if (g.reportedBy === userId) throw new DomainError("PRECONDITION", "You reported this result: your opponent confirms it.");
    const confirmed = [...new Set([...g.confirmedBy, userId])];
    const others = g.players.filter((p) => p !== g.reportedBy);
    if (!others.every((p) => confirmed.includes(p))) {
      await tx.update(arenaGames).set({ confirmedBy: confirmed }).where(eq(arenaGames.id, g.id));
      await tx.update(arenaNights).set({ version: night.version + 1 }).where(eq(arenaNights.id, night.id));
      return { settled: false };
    }
    await settle(tx, night, g, { status: "confirmed", confirmedBy: confirmed }, now);
    return { settled: true };
  });
}

/** Another player disputes the report: the director decides. */
export async function disputeResult(db: Db, userId: string, input: { gameId: string; note: string }): Promise<void> {
  await onGame(db, input.gameId, async (tx, night, g) => {
    if (!g.players.includes(userId)) throw new DomainError("FORBIDDEN", "Only the players of this game dispute its result.");
    if (g.status !== "reported") throw new DomainError("PRECONDITION", "Only a reported result can be disputed.");
    if (g.reportedBy === userId) throw new DomainError("PRECONDITION", "You reported this result: report it again to correct it.");
    await tx.update(arenaGames).set({ status: "disputed", disputedBy: userId, note: input.note }).where(eq(arenaGames.id, g.id));
    await tx.update(arenaNights).set({ version: night.version + 1 }).where(eq(arenaNights.id, night.id));
  });
}

/** The club's director decides a game's result (a dispute, or a game nobody reports). */
export async function decideResult(db: Db, actorId: string, input: { gameId: string; scores: Record<string, number> }, now = new Date()): Promise<void> {
  const first = await gameOf(db, input.gameId);
  await nightFor(db, first.nightId, actorId, ["owner", "director"]);
  await onGame(db, input.gameId, async (tx, night, g) => {
    if (g.status === "confirmed" || g.status === "decided" || g.status === "cancelled") throw new DomainError("PRECONDITION", "This game's result is settled already.");
    if (isOnline(g)) throw new DomainError("PRECONDITION", "This game is played online: end it from the game's page.");
    checkScores(g, input.scores);
    await settle(tx, night, g, { status: "decided", scores: input.scores, decidedBy: actorId }, now);
  });
}

/**
 * Online games that ended since the night was last read: their match's result counts (a cancelled
 * or aborted match frees its players without a result). Cheap when nothing changed: one query.
 */
export async function syncOnline(db: Db, nightId: string, now = new Date()): Promise<void> {
  const open = await db
    .select({ id: arenaGames.id, status: matches.status })
    .from(arenaGames)
    .innerJoin(matches, eq(matches.id, arenaGames.matchId))
    .where(and(eq(arenaGames.nightId, nightId), eq(arenaGames.status, "playing")));
  if (!open.some((o) => o.status === "finished" || o.status === "cancelled")) return;
  await db.transaction(async (tx) => {
    let night = await lockNight(tx, nightId);
    const rows = await tx
      .select({ g: arenaGames, status: matches.status, result: matches.result })
      .from(arenaGames)
      .innerJoin(matches, eq(matches.id, arenaGames.matchId))
      .where(and(eq(arenaGames.nightId, nightId), eq(arenaGames.status, "playing")));
    for (const r of rows) {
      if (r.status === "finished" && r.result) await settle(tx, night, r.g, { status: "confirmed", scores: r.result.scores }, now);
      else if (r.status === "finished" || r.status === "cancelled") await settle(tx, night, r.g, { status: "cancelled" }, now);
      else continue;
      night = await lockNight(tx, nightId);
    }
  });
}
