/**
 * The part of a duplicate game every reader shares (docs/duplicate.md "Reading a game"): the game
 * row, players, turns and closed submissions at one version, read once per version per process in
 * one snapshot and kept (`sharedAtLeast`; a notice heard here starts the read: `warmShared`, called
 * by ./live.ts — which is why this lives apart from ./view.ts, whose late close reaches ./jobs.ts).
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { duplicatePlayers, duplicateSubmissions, duplicateTurns, users, type DuplicateGame, type StoredPlay } from "@/db/schema";
import { duplicateTable, type DuplicateTable } from "@/server/domain";
import { loadGame } from "./access";

export interface DuplicatePlayView {
  userId: string;
  name: string;
  table: number;
  text: string | null;
  score: number;
  valid: boolean | null;
  /** the engine's reason, to the player alone */
  reason: string | null;
}

export interface DuplicatePlayer {
  userId: string;
  name: string;
  table: number;
  joinedTurn: number;
}

export interface ClosedTurn {
  number: number;
  rack: string[];
  master: StoredPlay | null;
  /** by score, then table; no reasons */
  plays: DuplicatePlayView[];
  /** userId → index in `plays` */
  byUser: Map<string, number>;
}

export interface Shared {
  /** the game row at this version, read in the same snapshot as the rest (the bag and seed never leave the server) */
  game: DuplicateGame;
  /** by table number */
  players: DuplicatePlayer[];
  byId: Map<string, DuplicatePlayer>;
  /** the open turn, if any */
  open: { number: number; rack: string[]; openedAt: Date; dueAt: Date } | null;
  history: ClosedTurn[];
  /** `${turn}:${userId}` → the engine's reason, for the player alone */
  reasons: Map<string, string>;
  table: DuplicateTable;
  /** userId → position in `table.rows` */
  rowOf: Map<string, number>;
}

/**
 * Per process: a few games' shared parts, the newest read of each. `atLeast` is the version asked
 * for while the read is in flight (it reads whatever is committed by then: that or newer), then
 * the version it read.
 */
const SHARED_GAMES = 32;
const sharedCache = new Map<string, { atLeast: number; p: Promise<Shared> }>();
const sharedReads = new Map<string, number>();

/** How many times this process read `gameId`'s shared part (tests: once per version). */
export function sharedReadsOf(gameId: string): number {
  return sharedReads.get(gameId) ?? 0;
}

/** The shared part kept for `gameId` if it is at `version` or newer, else a fresh read (kept unless a newer one is). */
export function sharedAtLeast(db: Db, gameId: string, version: number): Promise<Shared> {
  const held = sharedCache.get(gameId);
  if (held && held.atLeast >= version) return held.p;
  const p = readShared(db, gameId);
  const entry = { atLeast: version, p };
  sharedCache.delete(gameId);
  if (sharedCache.size >= SHARED_GAMES) sharedCache.delete(sharedCache.keys().next().value!);
  sharedCache.set(gameId, entry);
  sharedReads.set(gameId, (sharedReads.get(gameId) ?? 0) + 1);
  p.then(
    (sh) => void (entry.atLeast = sh.game.version),
    () => sharedCache.get(gameId) === entry && sharedCache.delete(gameId),
  );
  return p;
}

/**
 * A notice of `version` heard in this process (the pages' live streams, ./live.ts): the shared part
 * of that version is read now, before the pages' re-reads arrive, so each of them finds it and
 * pays its one statement. Only for a game this process keeps (one its pages read).
 */
export function warmShared(db: Db, gameId: string, version: number): void {
  if (version > 0 && sharedCache.has(gameId)) sharedAtLeast(db, gameId, version).catch(() => {});
}

/** The shared part, in one snapshot (repeatable read): the game row's version says what it holds. */
async function readShared(db: Db, gameId: string): Promise<Shared> {
  const { game, players, turns, subs } = await db.transaction(
    async (tx) => {
      const game = await loadGame(tx, gameId);
      const players = await tx
        .select({ userId: duplicatePlayers.userId, name: users.name, table: duplicatePlayers.tableNumber, joinedTurn: duplicatePlayers.joinedTurn })
        .from(duplicatePlayers)
        .innerJoin(users, eq(users.id, duplicatePlayers.userId))
        .where(eq(duplicatePlayers.gameId, gameId))
        .orderBy(asc(duplicatePlayers.tableNumber));
      const turns = await tx.select().from(duplicateTurns).where(eq(duplicateTurns.gameId, gameId)).orderBy(asc(duplicateTurns.number));
      // closed turns only: the open turn's submissions change without a version
      const subs = await tx
        .select({ turn: duplicateSubmissions.turn, userId: duplicateSubmissions.userId, text: duplicateSubmissions.text, score: duplicateSubmissions.score, valid: duplicateSubmissions.valid, reason: duplicateSubmissions.reason })
        .from(duplicateSubmissions)
        .innerJoin(duplicateTurns, and(eq(duplicateTurns.gameId, duplicateSubmissions.gameId), eq(duplicateTurns.number, duplicateSubmissions.turn)))
        .where(and(eq(duplicateSubmissions.gameId, gameId), isNotNull(duplicateTurns.closedAt)));
      return { game, players, turns, subs };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const byId = new Map(players.map((p) => [p.userId, p]));
  const byTurn = new Map<number, typeof subs>();
  for (const s of subs) {
    const list = byTurn.get(s.turn);
    if (list) list.push(s);
    else byTurn.set(s.turn, [s]);
  }
  const closed = turns.filter((t) => t.closedAt);
  const open = turns.find((t) => !t.closedAt) ?? null;
  const reasons = new Map<string, string>();
  for (const s of subs) if (s.reason) reasons.set(`${s.turn}:${s.userId}`, s.reason);
  const table = duplicateTable(
    players,
    closed.map((t) => ({
      number: t.number,
      top: t.master?.score ?? 0,
      plays: new Map((byTurn.get(t.number) ?? []).map((s) => [s.userId, { valid: s.valid === true, score: s.score ?? 0 }])),
    })),
  );
  return {
    game,
    players,
    byId,
    open: open ? { number: open.number, rack: open.rack, openedAt: open.openedAt, dueAt: open.dueAt } : null,
    history: closed.map((t) => {
      const plays = (byTurn.get(t.number) ?? []).map(
        (s): DuplicatePlayView => ({ userId: s.userId, name: byId.get(s.userId)?.name ?? "?", table: byId.get(s.userId)?.table ?? 0, text: s.text, score: s.score ?? 0, valid: s.valid, reason: null }),
      );
      // the best first: an invalid play counts 0
      const counted = (p: DuplicatePlayView) => (p.valid ? p.score : 0);
      plays.sort((a, b) => counted(b) - counted(a) || a.table - b.table);
      return { number: t.number, rack: t.rack, master: t.master ?? null, plays, byUser: new Map(plays.map((p, i) => [p.userId, i])) };
    }),
    reasons,
    table,
    rowOf: new Map(table.rows.map((r, i) => [r.userId, i])),
  };
}
