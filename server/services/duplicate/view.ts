/**
 * What a reader of a duplicate game sees (docs/duplicate.md "Reading a game"). Every visible change
 * moves the game's version and sends one notice, and on a notice every page re-reads: with 1,000
 * players that is 1,000 reads of the same game row, players, turns and closed submissions. That
 * shared part is read once per version per process, in one snapshot, and kept (`sharedAtLeast`;
 * the notice starts the read: `warmShared`); each reader then makes one statement (`current`): the
 * version, the club role, a count of the open turn's submissions and the few of them it names (they
 * change without a version: a submission is not announced). A view carries one screen: the
 * table's first rows and the reader's own, each closed turn's master and the reader's own play; the
 * rest by page (./pages.ts). A reason stays with its player: the shared part keeps the reasons
 * apart and each read puts back the reader's own.
 */
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { duplicateGames, duplicatePlayers, duplicateSubmissions, duplicateTurns, users, type DuplicateGame, type StoredPlay } from "@/db/schema";
import type { Placement } from "@/engine";
import { duplicateTable, tableExcerpt, type DuplicateTable, type TableRow } from "@/server/domain";
import { loadGame, requireViewer } from "./access";
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
function sharedAtLeast(db: Db, gameId: string, version: number): Promise<Shared> {
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

/** What one read learns in its one statement (`current`). */
interface Current {
  version: number;
  /** the reader's club role, when the game is a club's and the reader is not its creator */
  role: string | null;
  /** the open turn (`withOpen`): how many have submitted, which of those the view names, the reader's own */
  open: { n: number; ids: string[] | null; mine: { placements: Placement[]; count: number; submittedAt: string }[] | null } | null;
}

/**
 * The one statement a read makes: the game's version (is the kept shared part current?), the
 * reader's club role and, for the view, the open turn's submissions (they change without a
 * version: a submission is not announced) — a count and a few ids, not 1,000 rows.
 */
async function current(db: Db, sh: Shared, viewerId: string | null, withOpen: boolean): Promise<Current | undefined> {
  const g = sh.game;
  const isCreator = viewerId !== null && viewerId === g.creatorId;
  const member = g.clubId && viewerId && !isCreator ? sql`from "club_memberships" m where m.club_id = ${g.clubId}::uuid and m.user_id = ${viewerId}::uuid` : null;
  const me = viewerId ? sh.byId.get(viewerId) : undefined;
  // the director's slip desk lists every submitter; anyone else sees those the table shows (namedIn)
  const namedBy = () => {
    const ids = viewerId ? namedIn(sh, tableRows(sh, excerptOf(sh, me ?? null)), me ?? null).map((p) => sql`${p.userId}::uuid`) : [];
    const listed = ids.length ? sql`s.user_id in (${sql.join(ids, sql`, `)})` : sql`false`;
    return isCreator ? sql`true` : member ? sql`(${listed} or exists (select 1 ${member} and m.role in ('owner', 'director')))` : listed;
  };
  const open =
    withOpen && sh.open
      ? sql`(select json_build_object('n', count(*), 'ids', array_agg(s.user_id::text) filter (where ${namedBy()}),
          'mine', json_agg(json_build_object('placements', s.placements, 'count', s.count, 'submittedAt', s.submitted_at)) filter (where s.user_id = ${me?.userId ?? null}::uuid))
          from "duplicate_submissions" s where s.game_id = ${g.id}::uuid and s.turn = ${sh.open.number})`
      : sql`null`;
  const [row] = await db
    .select({
      version: duplicateGames.version,
      role: member ? sql<string | null>`(select m.role ${member})` : sql<null>`null`,
      open: sql<Current["open"]>`${open}`,
    })
    .from(duplicateGames)
    .where(eq(duplicateGames.id, g.id));
  return row;
}

/**
 * The game as `viewerId` may read it at its version, with the shared part; the same checks for the
 * view and every page of it. The shared part is kept per version: a read at a version kept (or
 * being read, warmed by the notice: `warmShared`) makes one statement. A turn past its close time
 * is closed first when `now` is given (the job may be late). `withOpen`: the view's open-turn figures.
 */
export async function readableGame(db: Db, gameId: string, viewerId: string | null, now: Date | null, withOpen = false) {
  ensureRunner(db);
  let sh = await sharedAtLeast(db, gameId, 0);
  let closed = false;
  let cur = await current(db, sh, viewerId, withOpen);
  // moved on since it was kept (another process changed it, or no notice was heard here): read it again;
  // a few tries, then the part kept stands (it is one snapshot, at the version it says)
  for (let tries = 0; cur && tries < 4; tries++) {
    const open = sh.open;
    if (cur.version === sh.game.version && !closed && now && sh.game.status === "playing" && open && now.getTime() >= open.dueAt.getTime()) {
      await closeAndSchedule(db, gameId, open.number, now);
      closed = true;
      sh = await sharedAtLeast(db, gameId, sh.game.version + 1);
    } else if (cur.version !== sh.game.version) sh = await sharedAtLeast(db, gameId, cur.version);
    else break;
    cur = await current(db, sh, viewerId, withOpen);
  }
  if (!cur) await loadGame(db, gameId); // gone: NOT_FOUND
  const g = sh.game;
  const me = (viewerId && sh.byId.get(viewerId)) || null;
  const isDirector = viewerId !== null && (viewerId === g.creatorId || cur?.role === "owner" || cur?.role === "director");
  // a club's game is for its members (and its players); a game without a club for anyone signed in
  if (g.clubId && !me && !isDirector && cur?.role !== "member") await requireViewer(db, g, viewerId, { player: false, director: false });
  return { g, sh, me, isDirector, open: cur?.open ?? null };
}

/** The table's rows a view shows: the first ones and the reader's own with its neighbours. */
const excerptOf = (sh: Shared, me: DuplicatePlayer | null) => tableExcerpt(sh.table.rows.length, me ? (sh.rowOf.get(me.userId) ?? -1) : -1);

/** What `viewerId` sees: one screen's worth (the rest by page: ./pages.ts). */
export async function duplicateView(db: Db, gameId: string, viewerId: string | null, now = new Date()): Promise<DuplicateView> {
  const { g, sh, me, isDirector, open } = await readableGame(db, gameId, viewerId, now, true);
  const table = tableRows(sh, excerptOf(sh, me));
  const players = isDirector ? sh.players : namedIn(sh, table, me);
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
