/**
 * The "Play now" lobby's writes (docs/matches.md "Play now: open seeks"): offer a game, accept one,
 * withdraw. The rules:
 * - One open seek per player, anywhere (a partial unique index): someone waiting in two places
 *   could be paired twice. Accepting another's seek withdraws your own open seek and your seats in
 *   other pods, so you are never in two games from the lobby at once.
 * - A club's seek is for its members: only they may make, see and accept it.
 * - Accepting locks the seek's row: of two players accepting a seek for two at once, exactly one
 *   gets it; the other is told it was just taken. A pod (3–4 players) fills seat by seat under the
 *   same lock.
 * - When the last seat is taken the game is created through the match writer (createMatchRow) with
 *   every seat accepted; it starts, as every casual game does, when each player has come to the
 *   board (a fair start, docs/matches.md): the last accepter has (they go straight to it), the
 *   others' lobby pages notice and take them there.
 * - Clocks come from the game's presets (server/domain/time-presets.ts); the challenge rule is the
 *   game's own; a rated seek makes a rated casual game (rated as `matches.create` games are).
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { matchPlayers } from "@/db/schema/matches";
import { clubs, seekPlayers, seeks, type Seek } from "@/db/schema";
import { RULESET_DATA } from "@/engine";
import { presetTimeControl } from "@/server/domain";
import { DomainError } from "@/server/errors";
import { getMembership } from "@/server/services/clubs/membership";
import { checkSettings, newSeed } from "@/server/services/matches/lifecycle";
import { createMatchRow, topicOf } from "@/server/services/matches/writer";
import { publish } from "@/server/live/bus";
import { notifyGameInvitation } from "@/server/services/notifications/events";
import { SEEK_MINUTES } from "./reads";
import type { CreateSeekInput } from "./schemas";

async function requireMember(db: Db, clubId: string, userId: string, what: string): Promise<void> {
  if (await getMembership(db, clubId, userId)) return;
  const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
  if (!club) throw new DomainError("NOT_FOUND", "That club does not exist.", "clubId");
  throw new DomainError("FORBIDDEN", `Only the club's members ${what}.`);
}

/** Offer a game. */
export async function createSeek(db: Db, userId: string, input: CreateSeekInput, opts: { now?: number } = {}): Promise<{ id: string }> {
  const now = new Date(opts.now ?? Date.now());
  const timeControl = presetTimeControl(input.ruleset, input.preset);
  const challengeRule = RULESET_DATA[input.ruleset].defaultOptions.challenge;
  checkSettings({ ruleset: input.ruleset, rulesetOptions: {}, challengeRule, timeControl, seats: input.players });
  if (input.clubId) await requireMember(db, input.clubId, userId, "can offer a game to the club");
  return db.transaction(async (tx) => {
    // An open seek that ran out no longer blocks a new one.
    await tx
      .update(seeks)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(seeks.creatorId, userId), eq(seeks.status, "open"), lte(seeks.expiresAt, now)));
    const [row] = await tx
      .insert(seeks)
      .values({
        creatorId: userId,
        clubId: input.clubId,
        ruleset: input.ruleset,
        rulesetOptions: {},
        challengeRule,
        preset: input.preset,
        timeControl,
        rated: input.rated,
        players: input.players,
        createdAt: now,
        updatedAt: now,
        expiresAt: new Date(now.getTime() + SEEK_MINUTES * 60_000),
      })
      .onConflictDoNothing()
      .returning({ id: seeks.id });
    if (!row) throw new DomainError("CONFLICT", "You already have an open seek: cancel it before offering another game.");
    // You wait for one game at a time: a seat held in someone's pod is given up.
    await tx.delete(seekPlayers).where(and(eq(seekPlayers.userId, userId), inArray(seekPlayers.seekId, tx.select({ id: seeks.id }).from(seeks).where(eq(seeks.status, "open")))));
    return row;
  });
}

function refuseClosed(s: Seek, now: Date): void {
  if (s.status === "taken") throw new DomainError("CONFLICT", "Another player has just taken this seek.");
  if (s.status === "cancelled") throw new DomainError("CONFLICT", "This seek was withdrawn.");
  if (s.status === "expired" || s.expiresAt <= now) throw new DomainError("CONFLICT", "This seek has expired.");
}

/**
 * Take a seat in someone's seek; the last seat creates the game. Locks, in id order (so two
 * players accepting each other's seeks cannot deadlock): the seek, the caller's own open seek and
 * the open seeks the caller holds a seat in — those are withdrawn and left.
 */
export async function acceptSeek(db: Db, userId: string, seekId: string, opts: { now?: number } = {}): Promise<{ seekId: string; matchId: string | null }> {
  const now = new Date(opts.now ?? Date.now());
  const [peek] = await db.select({ clubId: seeks.clubId, creatorId: seeks.creatorId }).from(seeks).where(eq(seeks.id, seekId));
  if (!peek) throw new DomainError("NOT_FOUND", "That seek does not exist (it may have been withdrawn).");
  if (peek.clubId) await requireMember(db, peek.clubId, userId, "can accept the club's seeks");
  if (peek.creatorId === userId) throw new DomainError("CONFLICT", "This is your own seek: wait for another player to accept it, or cancel it.");
  return db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: seeks.id })
      .from(seeks)
      .where(and(eq(seeks.status, "open"), sql`(${seeks.creatorId} = ${userId} or ${seeks.id} in (select ${seekPlayers.seekId} from ${seekPlayers} where ${seekPlayers.userId} = ${userId}))`));
    const lockIds = [...new Set([seekId, ...mine.map((m) => m.id)])];
    const locked = await tx.select().from(seeks).where(inArray(seeks.id, lockIds)).orderBy(asc(seeks.id)).for("update");
    const s = locked.find((r) => r.id === seekId)!;
    refuseClosed(s, now);
    const takers = await tx.select({ userId: seekPlayers.userId }).from(seekPlayers).where(eq(seekPlayers.seekId, seekId)).orderBy(asc(seekPlayers.joinedAt), asc(seekPlayers.userId));
    if (takers.some((t) => t.userId === userId)) return { seekId, matchId: null };
    const others = locked.filter((r) => r.id !== seekId && r.status === "open");
    const ownOpen = others.filter((r) => r.creatorId === userId).map((r) => r.id);
    if (ownOpen.length) await tx.update(seeks).set({ status: "cancelled", updatedAt: now }).where(inArray(seeks.id, ownOpen));
    const podSeats = others.filter((r) => r.creatorId !== userId).map((r) => r.id);
    if (podSeats.length) await tx.delete(seekPlayers).where(and(eq(seekPlayers.userId, userId), inArray(seekPlayers.seekId, podSeats)));
    await tx.insert(seekPlayers).values({ seekId, userId, joinedAt: now });
    if (takers.length + 2 < s.players) {
      await tx.update(seeks).set({ updatedAt: now }).where(eq(seeks.id, seekId));
      return { seekId, matchId: null };
    }
    const m = (await createMatchRow(tx, {
      status: "open",
      ruleset: s.ruleset,
      rulesetOptions: s.rulesetOptions,
      challengeRule: s.challengeRule,
      timeControl: s.timeControl,
      rated: s.rated,
      // A rated game never previews validity, or phonies would be free (as createChallenge).
      preview: s.rated ? "off" : "full",
      seats: s.players,
      firstMover: "random",
      seed: newSeed(),
      joinCode: null,
      createdBy: s.creatorId,
    }))!;
    const seated = [s.creatorId, ...takers.map((t) => t.userId), userId];
    // Everyone accepted; only the caller has come to the board so far (a fair start).
    await tx.insert(matchPlayers).values(seated.map((id, seat) => ({ matchId: m.id, userId: id, seat, acceptedAt: now, joinedAt: id === userId ? now : null })));
    await tx.update(seeks).set({ status: "taken", matchId: m.id, updatedAt: now }).where(eq(seeks.id, seekId));
    // Those who are not at the board yet hear of it wherever they are (the bell, and e-mail if chosen).
    await notifyGameInvitation(tx, { matchId: m.id, creatorId: userId, invitedIds: seated.filter((id) => id !== userId) });
    await publish(tx, topicOf(m.id), m.version);
    return { seekId, matchId: m.id };
  });
}

/** The creator withdraws the seek; a player holding a seat in a pod leaves it. */
export async function cancelSeek(db: Db, userId: string, seekId: string, opts: { now?: number } = {}): Promise<{ status: "cancelled" | "left" }> {
  const now = new Date(opts.now ?? Date.now());
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(seeks).where(eq(seeks.id, seekId)).for("update");
    if (!s) throw new DomainError("NOT_FOUND", "That seek does not exist.");
    const [seat] = await tx.select().from(seekPlayers).where(and(eq(seekPlayers.seekId, seekId), eq(seekPlayers.userId, userId)));
    if (s.creatorId !== userId && !seat) throw new DomainError("FORBIDDEN", "This is not your seek.");
    if (s.status === "taken") throw new DomainError("CONFLICT", "This seek has already become a game: find it under your games.");
    if (s.creatorId === userId) {
      if (s.status === "open") await tx.update(seeks).set({ status: s.expiresAt <= now ? "expired" : "cancelled", updatedAt: now }).where(eq(seeks.id, seekId));
      return { status: "cancelled" as const };
    }
    await tx.delete(seekPlayers).where(and(eq(seekPlayers.seekId, seekId), eq(seekPlayers.userId, userId)));
    return { status: "left" as const };
  });
}
