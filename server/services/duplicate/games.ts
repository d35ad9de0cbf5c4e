/**
 * Duplicate games: create, join, start, the director's slips, and what a reader sees
 * (docs/duplicate.md). The shared rack is shown to everyone who may see the game (the projector
 * shows it to the room); a player's submission for the open turn is shown to that player alone
 * until the turn closes; the bag never leaves the server.
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { duplicateGames, duplicatePlayers, duplicateSubmissions, duplicateTurns, users, type StoredPlay } from "@/db/schema";
import { getRuleset, parseRulesetOptions, type Placement } from "@/engine";
import { duplicateTable, newDupBag, parseSlip, type DuplicateTable } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { requireClubRole } from "@/server/services/clubs/membership";
import { assertGameFitsEvent, isDirectorOf, loadEvent, loadGame, requireDirector, requireEventDirector, requireViewer } from "./access";
import { closeAndSchedule, ensureRunner, scheduleTurn } from "./jobs";
import { createDuplicateInput, type CreateDuplicateInput } from "./schemas";
import { drawFor } from "./draw-ahead";
import { gameRuleset } from "./access";
import { announce } from "./live";
import { openTurn, submitPlay, type SubmitResult } from "./turns";

/** Players one game may hold (the scale measured in bench/duplicate.bench.ts, docs/duplicate.md "Limits"). */
export const MAX_DUPLICATE_PLAYERS = 1000;

export async function createDuplicate(db: Db, actorId: string, raw: CreateDuplicateInput): Promise<{ id: string }> {
  const input = createDuplicateInput.parse(raw);
  if (input.clubId) await requireClubRole(db, input.clubId, actorId, ["owner", "director"]);
  const rs = getRuleset(input.ruleset);
  const options = parseRulesetOptions(rs, input.rulesetOptions ?? {});
  if (!options.ok) throw new DomainError("INVALID", `Ruleset options: ${options.error}.`, "rulesetOptions");
  if (input.eventId) {
    const e = await loadEvent(db, input.eventId);
    await requireEventDirector(db, e, actorId);
    assertGameFitsEvent({ clubId: input.clubId ?? null, eventId: null }, e);
  }
  return db.transaction(async (tx) => {
    const [g] = await tx
      .insert(duplicateGames)
      .values({
        name: input.name,
        creatorId: actorId,
        clubId: input.clubId ?? null,
        eventId: input.eventId ?? null,
        ruleset: input.ruleset,
        rulesetOptions: { ...options.value },
        seed: input.seed ?? randomBytes(8).toString("hex"),
        turnSeconds: input.turnSeconds,
        maxTurns: input.maxTurns,
        preview: input.preview,
        playableRedraws: input.playableRedraws,
      })
      .returning({ id: duplicateGames.id });
    if (input.play) await tx.insert(duplicatePlayers).values({ gameId: g!.id, userId: actorId, joinedTurn: 1, tableNumber: 1 });
    return { id: g!.id };
  });
}

/**
 * Join a game. Before the start a player plays from turn 1; during play from the open turn on
 * (the turns before it score 0, marked "missed" in the table); a finished game takes no one.
 */
export async function joinDuplicate(db: Db, gameId: string, userId: string): Promise<{ table: number; joinedTurn: number }> {
  return db.transaction(async (tx) => {
    const g = await loadGame(tx, gameId, true);
    const [p] = await tx.select().from(duplicatePlayers).where(and(eq(duplicatePlayers.gameId, gameId), eq(duplicatePlayers.userId, userId)));
    if (p) return { table: p.tableNumber, joinedTurn: p.joinedTurn };
    if (g.status === "finished") throw new DomainError("PRECONDITION", "This game is over: it takes no more players.");
    if (g.clubId) await requireClubRole(tx, g.clubId, userId, ["owner", "director", "member"]);
    const [{ n, top }] = (await tx
      .select({ n: sql<number>`count(*)::int`, top: sql<number>`coalesce(max(${duplicatePlayers.tableNumber}), 0)::int` })
      .from(duplicatePlayers)
      .where(eq(duplicatePlayers.gameId, gameId))) as [{ n: number; top: number }];
    if (n >= MAX_DUPLICATE_PLAYERS) throw new DomainError("PRECONDITION", `This game is full (${MAX_DUPLICATE_PLAYERS} players).`);
    const joinedTurn = Math.max(1, g.turn);
    await tx.insert(duplicatePlayers).values({ gameId, userId, joinedTurn, tableNumber: top + 1 });
    // a visible change: every page's player list and table
    await tx.update(duplicateGames).set({ version: g.version + 1 }).where(eq(duplicateGames.id, gameId));
    await announce(tx, gameId, g.version + 1);
    return { table: top + 1, joinedTurn };
  });
}

/** The director starts the game: the first rack is drawn and turn 1 opens. */
export async function startDuplicate(db: Db, gameId: string, actorId: string, now = new Date()): Promise<void> {
  const t = await db.transaction(async (tx) => {
    const g = await loadGame(tx, gameId, true);
    await requireDirector(tx, g, actorId);
    if (g.status !== "lobby") throw new DomainError("PRECONDITION", "The game has already started.");
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(duplicatePlayers).where(eq(duplicatePlayers.gameId, gameId))) as [{ n: number }];
    if (n === 0) throw new DomainError("PRECONDITION", "No one has joined yet: a game needs at least one player.");
    return openTurn(tx, g, drawFor(g, g.board, newDupBag(gameRuleset(g), g.seed), []), 1, now);
  });
  await scheduleTurn(db, gameId, t);
}

/** The director types a player's slip ("3 8H 3+4=7"): submitted for that table's player as if they had. */
export async function enterSlip(db: Db, actorId: string, input: { gameId: string; turn: number; text: string }, now = new Date()): Promise<SubmitResult & { table: number; name: string }> {
  const g = await loadGame(db, input.gameId);
  await requireDirector(db, g, actorId);
  const slip = parseSlip(gameRuleset(g), g.board, input.text);
  if (!slip.ok) throw new DomainError("INVALID", slip.error, "text");
  const [p] = await db
    .select({ userId: duplicatePlayers.userId, name: users.name })
    .from(duplicatePlayers)
    .innerJoin(users, eq(users.id, duplicatePlayers.userId))
    .where(and(eq(duplicatePlayers.gameId, g.id), eq(duplicatePlayers.tableNumber, slip.value.table)));
  if (!p) throw new DomainError("NOT_FOUND", `No player sits at table ${slip.value.table}.`, "text");
  const r = await submitPlay(db, { gameId: g.id, turn: input.turn, placements: slip.value.placements }, p.userId, { now, enteredBy: actorId });
  return { ...r, table: slip.value.table, name: p.name };
}

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

/** What `viewerId` sees; a turn past its close time is closed first (the job may be late). */
export async function duplicateView(db: Db, gameId: string, viewerId: string | null, now = new Date()): Promise<DuplicateView> {
  let g = await loadGame(db, gameId);
  ensureRunner(db);
  if (g.status === "playing") {
    const [open] = await db.select().from(duplicateTurns).where(and(eq(duplicateTurns.gameId, gameId), eq(duplicateTurns.number, g.turn)));
    if (open && !open.closedAt && now.getTime() >= open.dueAt.getTime()) {
      await closeAndSchedule(db, gameId, open.number, now);
      g = await loadGame(db, gameId);
    }
  }
  const players = await db
    .select({ userId: duplicatePlayers.userId, name: users.name, table: duplicatePlayers.tableNumber, joinedTurn: duplicatePlayers.joinedTurn })
    .from(duplicatePlayers)
    .innerJoin(users, eq(users.id, duplicatePlayers.userId))
    .where(eq(duplicatePlayers.gameId, gameId))
    .orderBy(asc(duplicatePlayers.tableNumber));
  const turns = await db.select().from(duplicateTurns).where(eq(duplicateTurns.gameId, gameId)).orderBy(asc(duplicateTurns.number));
  const subs = await db.select().from(duplicateSubmissions).where(eq(duplicateSubmissions.gameId, gameId));
  const closed = turns.filter((t) => t.closedAt);
  const open = turns.find((t) => !t.closedAt) ?? null;
  const history = closed.map((t) => ({
    number: t.number,
    rack: t.rack,
    master: t.master ?? null,
    plays: subs
      .filter((s) => s.turn === t.number)
      .map((s): DuplicatePlayView => ({ userId: s.userId, text: s.text, score: s.score ?? 0, valid: s.valid, reason: s.userId === viewerId ? s.reason : null })),
  }));
  const table = duplicateTable(
    players,
    closed.map((t) => ({
      number: t.number,
      top: t.master?.score ?? 0,
      plays: new Map(subs.filter((s) => s.turn === t.number).map((s) => [s.userId, { valid: s.valid === true, score: s.score ?? 0 }])),
    })),
  );
  const me = players.find((p) => p.userId === viewerId);
  const isDirector = await isDirectorOf(db, g, viewerId);
  // a club's game is for its members (and its players); a game without a club for anyone signed in
  await requireViewer(db, g, viewerId, { player: !!me, director: isDirector });
  const mineRow = open && viewerId ? subs.find((s) => s.turn === open.number && s.userId === viewerId) : undefined;
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
    turn: open ? { number: open.number, rack: open.rack, openedAt: open.openedAt, dueAt: open.dueAt } : null,
    mine: mineRow ? { placements: mineRow.placements, count: mineRow.count, submittedAt: mineRow.submittedAt } : null,
    submitted: open ? subs.filter((s) => s.turn === open.number).map((s) => s.userId) : [],
    players,
    history,
    table,
  };
}

export interface DuplicateListItem {
  id: string;
  name: string;
  ruleset: string;
  status: "lobby" | "playing" | "finished";
  turn: number;
  maxTurns: number;
  players: number;
  joined: boolean;
}

/** Games a user is in or runs, and games not yet over that anyone may join (no club), newest first. */
export async function listDuplicates(db: Db, userId: string): Promise<DuplicateListItem[]> {
  const mine = db.select({ id: duplicatePlayers.gameId }).from(duplicatePlayers).where(eq(duplicatePlayers.userId, userId));
  const rows = await db
    .select({
      id: duplicateGames.id,
      name: duplicateGames.name,
      ruleset: duplicateGames.ruleset,
      status: duplicateGames.status,
      turn: duplicateGames.turn,
      maxTurns: duplicateGames.maxTurns,
      // names written out, with an alias inside: in a one-table select Drizzle renders a column bare,
      // so `game_id = id` would be right only while duplicate_players has no "id" column (commit 1d3808a)
      players: sql<number>`(select count(*)::int from "duplicate_players" dp where dp."game_id" = "duplicate_games"."id")`,
      joined: sql<boolean>`exists (select 1 from "duplicate_players" dp where dp."game_id" = "duplicate_games"."id" and dp."user_id" = ${userId})`,
    })
    .from(duplicateGames)
    .where(or(inArray(duplicateGames.id, mine), eq(duplicateGames.creatorId, userId), and(sql`${duplicateGames.clubId} is null`, inArray(duplicateGames.status, ["lobby", "playing"]))))
    .orderBy(desc(duplicateGames.createdAt))
    .limit(50);
  return rows;
}
