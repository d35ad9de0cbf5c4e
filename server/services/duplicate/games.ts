/**
 * Duplicate games: create, join, start, the director's slips and the list; what a reader sees is
 * view.ts (docs/duplicate.md). The shared rack is shown to everyone who may see the game (the projector
 * shows it to the room); a player's submission for the open turn is shown to that player alone
 * until the turn closes; the bag never leaves the server.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { duplicateGames, duplicatePlayers, users } from "@/db/schema";
import { getRuleset, parseRulesetOptions } from "@/engine";
import { newDupBag, parseSlip } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { requireClubRole } from "@/server/services/clubs/membership";
import { assertGameFitsEvent, loadEvent, loadGame, requireDirector, requireEventDirector } from "./access";
import { closeAndSchedule, scheduleTurn } from "./jobs";
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

/**
 * The director closes the open turn now ("Close turn now", docs/duplicate.md "Closing a turn"):
 * the timed close itself (`closeAndSchedule`, early), so the master play, the table, the next turn,
 * the search still running and a restart are handled as at the deadline. `turn` is the turn the
 * director's page shows: a second click, or a second director, finds it closed and closes nothing
 * more (never the turn just opened). `closed` says whether this call (or the close it joined) closed it.
 */
export async function closeTurnNow(db: Db, actorId: string, input: { gameId: string; turn: number }): Promise<{ turn: number; closed: boolean }> {
  const g = await loadGame(db, input.gameId);
  await requireDirector(db, g, actorId);
  if (g.status === "lobby") throw new DomainError("PRECONDITION", "The game has not started yet.");
  if (g.status === "finished" || input.turn < g.turn) return { turn: input.turn, closed: false };
  if (input.turn > g.turn) throw new DomainError("PRECONDITION", `Turn ${input.turn} is not open.`, "turn");
  return { turn: input.turn, closed: await closeAndSchedule(db, g.id, input.turn, new Date(), undefined, true) };
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
