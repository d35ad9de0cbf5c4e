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
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { duplicateGames, type StoredPlay } from "@/db/schema";
import type { Placement } from "@/engine";
import { tableExcerpt, type TableRow } from "@/server/domain";
import { loadGame, requireViewer } from "./access";
import { sharedAtLeast, type DuplicatePlayer, type DuplicatePlayView, type Shared } from "./shared";
import { closeAndSchedule, ensureRunner } from "./jobs";

export type { DuplicatePlayer, DuplicatePlayView } from "./shared";
export { sharedReadsOf } from "./shared";

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
    const ids = viewerId ? namedIn(sh, excerptOf(sh, me ?? null), me ?? null).map((p) => sql`${p.userId}::uuid`) : [];
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
  const shown = excerptOf(sh, me);
  const table = tableRows(sh, shown);
  const players = isDirector ? sh.players : namedIn(sh, shown, me);
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

/** The players of the rows shown (their positions in the table), and the reader, by table number. */
function namedIn(sh: Shared, positions: readonly number[], me: DuplicatePlayer | null): DuplicatePlayer[] {
  const ids = new Set(positions.map((i) => sh.table.rows[i]!.userId));
  if (me) ids.add(me.userId);
  return [...ids].flatMap((id) => sh.byId.get(id) ?? []).sort((a, b) => a.table - b.table);
}
