/**
 * What a reader of a duplicate game sees (docs/duplicate.md "Reading a game"). Every visible change
 * moves the game's version and sends one notice, and on a notice every page re-reads: with 1,000
 * players that is 1,000 reads of the same players, turns and closed submissions. That shared part
 * is read once per version per process and kept (`shared`); each reader then pays only the game
 * row, the access checks and one read of the open turn's submissions (which change without a
 * version: a submission is not announced). A reason stays with its player: the shared part keeps the reasons
 * apart and each view puts back the reader's own.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { duplicatePlayers, duplicateSubmissions, duplicateTurns, users, type DuplicateGame, type StoredPlay } from "@/db/schema";
import type { Placement } from "@/engine";
import { duplicateTable, type DuplicateTable } from "@/server/domain";
import { isDirectorOf, loadGame, requireViewer } from "./access";
import { closeAndSchedule, ensureRunner } from "./jobs";

export interface DuplicatePlayView {
  userId: string;
  text: string | null;
  score: number;
  valid: boolean | null;
  /** the engine's reason, to the player alone */
  reason: string | null;
}

export interface DuplicateView {
  id: string;
  name: string;
  ruleset: string;
  rulesetOptions: Record<string, unknown>;
  turnSeconds: number;
  maxTurns: number;
  preview: "full" | "score" | "off";
  status: "lobby" | "playing" | "finished";
  version: number;
  clubId: string | null;
  /** the event the game counts in */
  eventId: string | null;
  serverNow: Date;
  isDirector: boolean;
  me: { table: number; joinedTurn: number } | null;
  board: Placement[];
  turn: { number: number; rack: string[]; openedAt: Date; dueAt: Date } | null;
  mine: { placements: Placement[]; count: number; submittedAt: Date } | null;
  /** who has submitted this turn (no plays): the director's slip desk */
  submitted: string[];
  players: { userId: string; name: string; table: number; joinedTurn: number }[];
  history: { number: number; rack: string[]; master: StoredPlay | null; plays: DuplicatePlayView[] }[];
  table: DuplicateTable;
}

interface Shared {
  players: { userId: string; name: string; table: number; joinedTurn: number }[];
  /** the open turn, if any */
  open: { number: number; rack: string[]; openedAt: Date; dueAt: Date } | null;
  /** closed turns' plays without reasons */
  history: DuplicateView["history"];
  /** `${turn}:${userId}` → the engine's reason, for the player alone */
  reasons: Map<string, string>;
  table: DuplicateTable;
}

/** Per process: a few games' shared parts, each for one version (a newer version replaces it). */
const SHARED_GAMES = 32;
const sharedCache = new Map<string, { version: number; p: Promise<Shared> }>();

/** The part every reader of `g` at its version sees alike: read once, however many read it. */
function shared(db: Db, g: DuplicateGame): Promise<Shared> {
  const held = sharedCache.get(g.id);
  if (held && held.version === g.version) return held.p;
  const p = readShared(db, g.id);
  // a newer version read first (another process moved it) never gives way to an older one
  if (!held || held.version < g.version) {
    sharedCache.delete(g.id);
    if (sharedCache.size >= SHARED_GAMES) sharedCache.delete(sharedCache.keys().next().value!);
    sharedCache.set(g.id, { version: g.version, p });
    p.catch(() => sharedCache.get(g.id)?.p === p && sharedCache.delete(g.id));
  }
  return p;
}

async function readShared(db: Db, gameId: string): Promise<Shared> {
  const [players, turns, subs] = await Promise.all([
    db
      .select({ userId: duplicatePlayers.userId, name: users.name, table: duplicatePlayers.tableNumber, joinedTurn: duplicatePlayers.joinedTurn })
      .from(duplicatePlayers)
      .innerJoin(users, eq(users.id, duplicatePlayers.userId))
      .where(eq(duplicatePlayers.gameId, gameId))
      .orderBy(asc(duplicatePlayers.tableNumber)),
    db.select().from(duplicateTurns).where(eq(duplicateTurns.gameId, gameId)).orderBy(asc(duplicateTurns.number)),
    // closed turns only: the open turn's submissions change without a version
    db
      .select({ turn: duplicateSubmissions.turn, userId: duplicateSubmissions.userId, text: duplicateSubmissions.text, score: duplicateSubmissions.score, valid: duplicateSubmissions.valid, reason: duplicateSubmissions.reason })
      .from(duplicateSubmissions)
      .innerJoin(duplicateTurns, and(eq(duplicateTurns.gameId, duplicateSubmissions.gameId), eq(duplicateTurns.number, duplicateSubmissions.turn)))
      .where(and(eq(duplicateSubmissions.gameId, gameId), isNotNull(duplicateTurns.closedAt))),
  ]);
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
  return {
    players,
    open: open ? { number: open.number, rack: open.rack, openedAt: open.openedAt, dueAt: open.dueAt } : null,
    history: closed.map((t) => ({
      number: t.number,
      rack: t.rack,
      master: t.master ?? null,
      plays: (byTurn.get(t.number) ?? []).map((s): DuplicatePlayView => ({ userId: s.userId, text: s.text, score: s.score ?? 0, valid: s.valid, reason: null })),
    })),
    reasons,
    table: duplicateTable(
      players,
      closed.map((t) => ({
        number: t.number,
        top: t.master?.score ?? 0,
        plays: new Map((byTurn.get(t.number) ?? []).map((s) => [s.userId, { valid: s.valid === true, score: s.score ?? 0 }])),
      })),
    ),
  };
}

/** The history with the reader's own reasons put back (and no one else's). */
function historyFor(sh: Shared, viewerId: string | null): DuplicateView["history"] {
  if (!viewerId || sh.reasons.size === 0) return sh.history;
  return sh.history.map((h) => {
    const reason = sh.reasons.get(`${h.number}:${viewerId}`);
    return reason ? { ...h, plays: h.plays.map((p) => (p.userId === viewerId ? { ...p, reason } : p)) } : h;
  });
}

/** What `viewerId` sees; a turn past its close time is closed first (the job may be late). */
export async function duplicateView(db: Db, gameId: string, viewerId: string | null, now = new Date()): Promise<DuplicateView> {
  let g = await loadGame(db, gameId);
  ensureRunner(db);
  let sh = await shared(db, g);
  if (g.status === "playing" && sh.open && now.getTime() >= sh.open.dueAt.getTime()) {
    await closeAndSchedule(db, gameId, sh.open.number, now);
    g = await loadGame(db, gameId);
    sh = await shared(db, g);
  }
  const me = sh.players.find((p) => p.userId === viewerId);
  const isDirector = await isDirectorOf(db, g, viewerId);
  // a club's game is for its members (and its players); a game without a club for anyone signed in
  await requireViewer(db, g, viewerId, { player: !!me, director: isDirector });
  // the open turn: who has submitted (a field of 1,000 reads 1,000 short rows, not their plays) and
  // the reader's own play, in one statement
  const subs = sh.open
    ? await db
        .select({
          userId: duplicateSubmissions.userId,
          placements: sql<Placement[] | null>`case when ${duplicateSubmissions.userId} = ${me?.userId ?? null}::uuid then ${duplicateSubmissions.placements} end`,
          count: duplicateSubmissions.count,
          submittedAt: duplicateSubmissions.submittedAt,
        })
        .from(duplicateSubmissions)
        .where(and(eq(duplicateSubmissions.gameId, gameId), eq(duplicateSubmissions.turn, sh.open.number)))
    : [];
  const mineRow = me ? subs.find((s) => s.userId === me.userId) : undefined;
  return {
    id: g.id,
    name: g.name,
    ruleset: g.ruleset,
    rulesetOptions: g.rulesetOptions,
    turnSeconds: g.turnSeconds,
    maxTurns: g.maxTurns,
    preview: g.preview,
    status: g.status,
    version: g.version,
    clubId: g.clubId,
    eventId: g.eventId,
    serverNow: now,
    isDirector,
    me: me ? { table: me.table, joinedTurn: me.joinedTurn } : null,
    board: g.board,
    turn: sh.open,
    mine: mineRow?.placements ? { placements: mineRow.placements, count: mineRow.count, submittedAt: mineRow.submittedAt } : null,
    submitted: subs.map((s) => s.userId),
    players: sh.players,
    history: historyFor(sh, viewerId),
    table: sh.table,
  };
}
