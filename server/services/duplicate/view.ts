/**
 * What a reader of a duplicate game sees (docs/duplicate.md "Reading a game"). Every visible change
 * moves the game's version and sends one notice, and on a notice every page re-reads: with 1,000
 * players that is 1,000 reads of the same players, turns and closed submissions. That shared part
 * is read once per version per process and kept (`shared`); each reader then pays only the game
 * row, the access checks, a count of the open turn's submissions and the few of them it names
 * (they change without a version: a submission is not announced). A view carries one screen: the
 * table's first rows and the reader's own, each closed turn's master and the reader's own play; the
 * rest by page (./pages.ts). A reason stays with its player: the shared part keeps the reasons
 * apart and each read puts back the reader's own.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { duplicatePlayers, duplicateSubmissions, duplicateTurns, users, type DuplicateGame, type StoredPlay } from "@/db/schema";
import type { Placement } from "@/engine";
import { duplicateTable, tableExcerpt, type DuplicateTable, type TableRow } from "@/server/domain";
import { isDirectorOf, loadGame, requireViewer } from "./access";
import { closeAndSchedule, ensureRunner } from "./jobs";

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

/** A row of the table with its place in the whole (0-based) and whose it is. */
export interface DuplicateRowView extends TableRow {
  position: number;
  name: string;
  table: number;
}

/** The table's head (turns, tops) and some of its rows; `rowCount` rows in all. */
export interface DuplicateTableView {
  turns: number[];
  tops: number[];
  topTotal: number;
  rowCount: number;
  rows: DuplicateRowView[];
}

/** A closed turn as a view carries it: the master play, the number of plays and the reader's own (the rest by page). */
export interface DuplicateTurnView {
  number: number;
  rack: string[];
  master: StoredPlay | null;
  playCount: number;
  own: DuplicatePlayView | null;
}

export interface DuplicatePlayer {
  userId: string;
  name: string;
  table: number;
  joinedTurn: number;
}

/**
 * One screen's worth (docs/duplicate.md "Reading a game"): the game, the open turn, each closed
 * turn's master play and the reader's own play, the table's first rows and the reader's own with
 * its neighbours. The rest by page (`duplicateTablePage`, `duplicateTurnPlays`, `duplicatePlayersPage`).
 */
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
  playerCount: number;
  /** the players the view names: the table's rows shown and the reader; the director (the slip desk) all */
  players: DuplicatePlayer[];
  /** how many have submitted this turn, and which of `players` (no plays) */
  submittedCount: number;
  submitted: string[];
  history: DuplicateTurnView[];
  table: DuplicateTableView;
}

interface ClosedTurn {
  number: number;
  rack: string[];
  master: StoredPlay | null;
  /** by score, then table; no reasons */
  plays: DuplicatePlayView[];
  /** userId → index in `plays` */
  byUser: Map<string, number>;
}

interface Shared {
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

/** A play as `viewerId` may read it: the reason only if it is theirs. */
export function playFor(sh: Shared, turn: number, play: DuplicatePlayView, viewerId: string | null): DuplicatePlayView {
  const reason = play.userId === viewerId ? sh.reasons.get(`${turn}:${viewerId}`) : undefined;
  return reason ? { ...play, reason } : play;
}

/** Rows `positions` of the table, with the head. */
export function tableRows(sh: Shared, positions: readonly number[]): DuplicateTableView {
  const { turns, tops, topTotal, rows } = sh.table;
  return {
    turns,
    tops,
    topTotal,
    rowCount: rows.length,
    rows: positions.map((i) => {
      const p = sh.byId.get(rows[i]!.userId);
      return { ...rows[i]!, position: i, name: p?.name ?? "?", table: p?.table ?? 0 };
    }),
  };
}

/**
 * The game as `viewerId` may read it at its version, with the shared part; the same checks for the
 * view and every page of it. A turn past its close time is closed first when `closeDue` (the job may be late).
 */
export async function readableGame(db: Db, gameId: string, viewerId: string | null, now: Date | null) {
  let g = await loadGame(db, gameId);
  ensureRunner(db);
  let sh = await shared(db, g);
  if (now && g.status === "playing" && sh.open && now.getTime() >= sh.open.dueAt.getTime()) {
    await closeAndSchedule(db, gameId, sh.open.number, now);
    g = await loadGame(db, gameId);
    sh = await shared(db, g);
  }
  const me = (viewerId && sh.byId.get(viewerId)) || null;
  const isDirector = await isDirectorOf(db, g, viewerId);
  // a club's game is for its members (and its players); a game without a club for anyone signed in
  await requireViewer(db, g, viewerId, { player: !!me, director: isDirector });
  return { g, sh, me, isDirector };
}

/** What `viewerId` sees: one screen's worth (the rest by page: ./pages.ts). */
export async function duplicateView(db: Db, gameId: string, viewerId: string | null, now = new Date()): Promise<DuplicateView> {
  const { g, sh, me, isDirector } = await readableGame(db, gameId, viewerId, now);
  const table = tableRows(sh, tableExcerpt(sh.table.rows.length, me ? (sh.rowOf.get(me.userId) ?? -1) : -1));
  // the director's slip desk lists who has not submitted: every player; anyone else those the table shows
  const players = isDirector ? sh.players : namedIn(sh, table, me);
  // the open turn in one statement: how many have submitted, which of those named, and the
  // reader's own play (its placements to them alone) — a field of 1,000 sends a count and a few ids, not 1,000 rows
  const S = duplicateSubmissions;
  const named = isDirector ? sql`true` : inArray(S.userId, players.map((p) => p.userId));
  const [open] = sh.open
    ? await db
        .select({
          n: sql<number>`count(*)::int`,
          ids: sql<string[] | null>`array_agg(${S.userId}::text) filter (where ${named})`,
          mine: sql<{ placements: Placement[]; count: number; submittedAt: string }[] | null>`json_agg(json_build_object('placements', ${S.placements}, 'count', ${S.count}, 'submittedAt', ${S.submittedAt})) filter (where ${S.userId} = ${me?.userId ?? null}::uuid)`,
        })
        .from(S)
        .where(and(eq(S.gameId, gameId), eq(S.turn, sh.open.number)))
    : [];
  const mineRow = open?.mine?.[0];
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
    mine: mineRow ? { placements: mineRow.placements, count: mineRow.count, submittedAt: new Date(mineRow.submittedAt) } : null,
    playerCount: sh.players.length,
    players,
    submittedCount: open?.n ?? 0,
    submitted: open?.ids ?? [],
    history: sh.history.map((h) => {
      const i = me ? h.byUser.get(me.userId) : undefined;
      return { number: h.number, rack: h.rack, master: h.master, playCount: h.plays.length, own: i === undefined ? null : playFor(sh, h.number, h.plays[i]!, viewerId) };
    }),
    table,
  };
}

/** The players of the rows shown, and the reader, by table number. */
function namedIn(sh: Shared, table: DuplicateTableView, me: DuplicatePlayer | null): DuplicatePlayer[] {
  const ids = new Set(table.rows.map((r) => r.userId));
  if (me) ids.add(me.userId);
  return [...ids].flatMap((id) => sh.byId.get(id) ?? []).sort((a, b) => a.table - b.table);
}
